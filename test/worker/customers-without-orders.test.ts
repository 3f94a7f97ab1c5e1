/**
 * Customers who never ordered (issue 33): a shopper who signed up and a newsletter subscriber appear in the
 * console's customers list after those who ordered, with no orders, are found by search, open a profile, and are
 * in the CSV export; a shopper who ordered is listed once; a bad cursor is a 400.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CustomerAnswer, CustomersPage } from '../../src/api';
import { hashPassword } from '../../src/durable/passwords';
import { websiteObjects } from '../../src/durable/stubs';
import { customersPage } from '../../src/routes/console/customers-without-orders';
import { ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  CANDLE,
  fillCheckout,
  merchant,
  placeOrder,
  setStock,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';

describe('customers without orders', () => {
  it('are listed after those who ordered, searched, in their profile and the CSV', { timeout: 90_000 }, async () => {
    const { base, websiteId } = await storeOnHost('customers-without-orders.test', (site) =>
      setStock(site, 'candle', 5),
    );
    await standardRules(websiteId);
    const buyer = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(buyer);
    await fillCheckout(buyer, {
      email: 'buyer@example.com',
      shippingAddress: { ...ADDRESS, firstName: 'Bo', lastName: 'Buyer' },
    });
    expect((await placeOrder(buyer)).status).toBe(201);
    const users = env.SITE_USERS.get(env.SITE_USERS.idFromName(websiteId));
    const hash = await hashPassword('shopper-password');
    await users.ensureUser('Signed.Up@example.com', hash);
    await users.ensureUser('buyer@example.com', hash);
    // A newsletter sign-up's copy in the connected mailing list (as a newsletter block's submission writes it).
    await runInDurableObject(env.FORMS.get(env.FORMS.idFromName(websiteId)), async (_, state) => {
      state.storage.sql.exec(
        "INSERT INTO list_members (list_id, email, status, form_id, added_at) VALUES ('list', 'reader@example.com', 'subscribed', 'newsletter', 1)",
      );
    });
    const owner = await merchant(base, websiteId, ROLES.storeManager);

    const list = await owner.json<CustomersPage>('GET', '/api/console/customers');
    expect(list.status).toBe(200);
    expect(list.body.customers.map((c) => [c.email, c.orders, c.lastOrderAt === null])).toEqual([
      ['buyer@example.com', 1, false],
      ['reader@example.com', 0, true],
      ['signed.up@example.com', 0, true],
    ]);
    expect(list.body.customers.find((c) => c.email === 'reader@example.com')).toMatchObject({
      account: null,
      subscribed: true,
    });
    expect(list.body.customers.find((c) => c.email === 'signed.up@example.com')?.account).toEqual({ verified: true });

    // Paged one at a time: from those who ordered on to the others, then the end.
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await customersPage(websiteObjects(env, websiteId), '', cursor, 1);
      pages.push(...(page?.customers ?? []).map((c) => c.email));
      cursor = page?.nextPageCursor ?? undefined;
    } while (cursor !== undefined && pages.length < 10);
    expect(pages).toEqual(['buyer@example.com', 'reader@example.com', 'signed.up@example.com']);

    const found = await owner.json<CustomersPage>('GET', '/api/console/customers?q=signed');
    expect(found.body.customers.map((c) => c.email)).toEqual(['signed.up@example.com']);
    expect((await owner.json('GET', '/api/console/customers?cursor=p%3A' + 'x'.repeat(400))).status).toBe(400);

    const profile = await owner.json<CustomerAnswer>('GET', '/api/console/customers/Signed.Up%40example.com');
    expect(profile).toMatchObject({
      status: 200,
      body: { customer: { email: 'signed.up@example.com', orders: 0, firstOrderAt: null }, orders: [] },
    });
    expect((await owner.json('GET', '/api/console/customers/nobody%40example.com')).status).toBe(404);

    const csv = await (await owner.fetch('/api/console/customers.csv')).text();
    expect(csv).toContain('reader@example.com,,0,$0.00,,,none');
    expect(csv).toContain('signed.up@example.com,,0,$0.00,,,verified');
    expect(csv.match(/buyer@example\.com/g)).toHaveLength(1);
  });
});
