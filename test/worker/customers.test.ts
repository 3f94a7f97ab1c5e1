/**
 * Customers and abandoned checkouts in the console's calls (issue 33, journey 6): customers derived
 * from the orders (one per email whatever its case, their name on their latest order, orders, spent
 * less refunds, last order), searched with the order search's rules, paged by cursor, with their
 * shopper account; the profile with their orders; the CSV export formula-safe; checkouts with an
 * email and no order listed newest first; all behind customerData (an Editor gets 403).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AbandonedCheckoutsAnswer, CustomerAnswer, CustomersPage } from '../../src/api';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../../src/commerce/order-search';
import { hashPassword } from '../../src/durable/passwords';
import { ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  CANDLE,
  fillCheckout,
  merchant,
  orders,
  placeOrder,
  setStock,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';

async function buy(base: string, email: string, firstName: string, lastName: string) {
  const buyer = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
  expect((await startCheckout(buyer)).status).toBe(200);
  await fillCheckout(buyer, { email, shippingAddress: { ...ADDRESS, firstName, lastName } });
  const placed = await placeOrder(buyer);
  expect(placed.status).toBe(201);
  return placed.body.order;
}

describe('customers', () => {
  it('lists customers from their orders, searched, paged, with accounts, a profile and a CSV', {
    timeout: 90_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('customers.test', (site) => setStock(site, 'candle', 10));
    await standardRules(websiteId);
    const first = await buy(base, 'Jose.Nunez@Example.com', 'Jose', 'Nunez');
    const second = await buy(base, 'jose.nunez@example.com', 'José', 'Núñez');
    const other = await buy(base, 'ada@example.com', '=HYPERLINK("x")', 'Lovelace');
    await env.SITE_USERS.get(env.SITE_USERS.idFromName(websiteId)).ensureUser(
      'ADA@example.com',
      await hashPassword('shopper-password'),
    );
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    // A partial refund comes off what the customer spent.
    const refund = await owner.fetch(`/api/commerce/orders/${first.id}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': owner.crumb,
        'idempotency-key': 'refund-customers-1',
      },
      body: JSON.stringify({ amountCents: 300 }),
    });
    expect(refund.status).toBe(200);

    const list = await owner.json<CustomersPage>('GET', '/api/console/customers');
    expect(list.status).toBe(200);
    expect(list.body.currency).toBe('USD');
    expect(list.body.customers).toEqual([
      {
        email: 'ada@example.com',
        name: '=HYPERLINK("x") Lovelace',
        orders: 1,
        spentCents: other.grandTotalCents,
        firstOrderAt: other.createdOn,
        lastOrderAt: other.createdOn,
        lastOrderNumber: other.orderNumber,
        account: { verified: true },
      },
      {
        email: 'jose.nunez@example.com',
        name: 'José Núñez',
        orders: 2,
        spentCents: first.grandTotalCents + second.grandTotalCents - 300,
        firstOrderAt: first.createdOn,
        lastOrderAt: second.createdOn,
        lastOrderNumber: second.orderNumber,
        account: null,
      },
    ]);

    // The order search's rules: case and accents ignored, name or email.
    for (const q of ['JOSE NUNEZ', 'núñez', 'jose.nunez@']) {
      const found = await owner.json<CustomersPage>('GET', `/api/console/customers?q=${encodeURIComponent(q)}`);
      expect(
        found.body.customers.map((c) => c.email),
        q,
      ).toEqual(['jose.nunez@example.com']);
    }
    expect((await owner.json<CustomersPage>('GET', '/api/console/customers?q=nobody')).body.customers).toEqual([]);
    expect((await owner.json('GET', `/api/console/customers?q=${'x'.repeat(257)}`)).status).toBe(400);
    expect((await owner.json('GET', '/api/console/customers?cursor=abc')).status).toBe(400);

    // Keyset pages by the last order's number: one a page here.
    const page1 = await orders(websiteId).customers('', null, 1);
    expect(page1.customers.map((c) => c.email)).toEqual(['ada@example.com']);
    const page2 = await orders(websiteId).customers('', Number(page1.nextPageCursor), 1);
    expect(page2).toMatchObject({ customers: [{ email: 'jose.nunez@example.com' }], nextPageCursor: null });

    const profile = await owner.json<CustomerAnswer>('GET', '/api/console/customers/JOSE.NUNEZ%40example.com');
    expect(profile.status).toBe(200);
    expect(profile.body.account).toBeNull();
    expect(profile.body.orders.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(profile.body.customer.orders).toBe(2);
    expect((await owner.json('GET', '/api/console/customers/nobody%40example.com')).body).toEqual({
      error: 'No orders have this email.',
    });

    const csv = await owner.fetch('/api/console/customers.csv?q=lovelace');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('Email,Name,Orders,Total spent,First order (UTC),Last order (UTC),Account');
    expect(lines[1]).toMatch(/^ada@example\.com,"'=HYPERLINK\(""x""\) Lovelace",1,\$[\d.]+,[^,]+,[^,]+,verified$/);
    expect(lines.slice(2).filter((line) => line !== '')).toEqual([]);
  });

  it('lists checkouts with an email that never became an order, newest first', { timeout: 60_000 }, async () => {
    const { base, websiteId } = await storeOnHost('abandoned.test', (site) => setStock(site, 'candle', 10));
    await standardRules(websiteId);
    const leaving = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    expect((await startCheckout(leaving)).status).toBe(200);
    await fillCheckout(leaving, { email: 'leaving@example.com' });
    const noEmail = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(noEmail)).status).toBe(200);
    await buy(base, 'bought@example.com', 'Ada', 'Lovelace');
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    const answer = await owner.json<AbandonedCheckoutsAnswer>('GET', '/api/console/abandoned-checkouts');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ timeZone: expect.any(String), keptHours: 6 });
    expect(answer.body.checkouts).toEqual([
      {
        cartId: leaving.cookies.get('CART'),
        email: 'leaving@example.com',
        items: [{ title: 'Cedar Candle', quantity: 2, options: expect.any(String) }],
        totalCents: expect.any(Number),
        currencyCode: 'USD',
        updatedAt: expect.any(Number),
      },
    ]);
  });

  it('is refused to an Editor', async () => {
    const { base, websiteId } = await storeOnHost('customers-editor.test');
    const editor = await merchant(base, websiteId, ROLES.editor);
    for (const path of [
      '/api/console/customers',
      '/api/console/customers/ada%40example.com',
      '/api/console/customers.csv',
      '/api/console/abandoned-checkouts',
    ]) {
      const res = await editor.json('GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ error: 'Your role does not allow this.' });
    }
  });

  it('refuses a search over the limit and a bad cursor with the same words on every list and export', async () => {
    const { base, websiteId } = await storeOnHost('customers-limits.test');
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    const long = 'x'.repeat(SEARCH_MAX_LENGTH + 1);
    for (const path of [
      '/api/console/customers',
      '/api/console/customers.csv',
      '/api/console/orders',
      '/api/commerce/orders.csv',
    ]) {
      const tooLong = await owner.json('GET', `${path}?q=${long}`);
      expect(tooLong.status, path).toBe(400);
      expect(tooLong.body, path).toEqual({ error: SEARCH_TOO_LONG });
      expect((await owner.fetch(`${path}?q=${'x'.repeat(SEARCH_MAX_LENGTH)}`)).status, path).toBe(200);
    }
    for (const path of ['/api/console/customers', '/api/console/orders']) {
      const bad = await owner.json('GET', `${path}?cursor=soon`);
      expect(bad.status, path).toBe(400);
      expect(bad.body, path).toEqual({ error: 'cursor is not valid' });
    }
  });
});
