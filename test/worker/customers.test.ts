/**
 * Customers in the console's calls (one file, one workerd, for what used to be three files; issue 30): customers and
 * abandoned checkouts (issue 33, journey 6): customers derived from the orders (one per email whatever its case, their
 * name on their latest order, orders, spent less refunds, last order), searched with the order search's rules, paged by
 * cursor, with their shopper account; the profile with their orders; the CSV export formula-safe; checkouts with an
 * email and no order listed newest first; all behind customerData (an Editor gets 403). Then the merchant's email to a
 * customer, and the customers who never ordered.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AbandonedCheckoutsAnswer, CustomerAnswer, CustomersPage } from '../../src/api';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../../src/commerce/order-search';
import { hashPassword } from '../../src/durable/passwords';
import { websiteObjects } from '../../src/durable/stubs';
import { customersPage } from '../../src/routes/console/customers-without-orders';
import { CUSTOMER_EMAILS_PER_HOUR, CUSTOMER_EMAIL_MESSAGES } from '../../src/site/editor/customer-email';
import { ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  CANDLE,
  CARD,
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
import { Visitor } from './visitor';

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

  it('lists checkouts with an email that never became an order, newest first', { timeout: 120_000 }, async () => {
    const { base, websiteId } = await storeOnHost('abandoned.customers.test', (site) => setStock(site, 'candle', 10));
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

/**
 * Email customer (spec's email-composer fields To, CC, BCC, Subject, Body; docs/merchant.md): the roles that see
 * customers' data only, the crumb, the schema's messages, the body cap, To only ever a customer of the store, a resend
 * of one composer's email sent once, the store's hourly bound, and the copies delivered to each recipient.
 */
describe('customer-email', () => {
  const TIMEOUT = 60_000;
  const ADA = 'ada@example.com';
  const path = (email: string) => `/api/console/customers/${encodeURIComponent(email)}/emails`;
  const EMAIL = {
    cc: 'Grace@Example.com, ops@example.com',
    bcc: 'owner@example.com',
    subject: 'Your candle',
    body: 'Hello Ada,\nyour candle ships on Monday.',
    sendId: 'compose-0001',
  };

  async function storeWithAda(host: string) {
    const { base, websiteId } = await storeOnHost(host);
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(visitor);
    await fillCheckout(visitor);
    expect((await placeOrder(visitor, CARD.ok)).status).toBe(201);
    return { base, websiteId };
  }

  describe('the merchant emails a customer', () => {
    it('is for the roles that see customers, with the crumb, to a customer of the store, within the limits', {
      timeout: TIMEOUT,
    }, async () => {
      const { base, websiteId } = await storeWithAda('roles.customer-email.test');
      const anonymous = await new Visitor(base).open();
      expect((await anonymous.json('POST', path(ADA), EMAIL)).status).toBe(401);
      for (const role of [ROLES.editor, ROLES.viewer]) {
        const other = await merchant(base, websiteId, role);
        expect((await other.json('POST', path(ADA), EMAIL)).status).toBe(403);
      }
      const store = await merchant(base, websiteId, ROLES.storeManager);
      const noCrumb = await store.fetch(path(ADA), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(EMAIL),
      });
      expect(noCrumb.status).toBe(403);
      expect((await store.json('POST', path('stranger@example.com'), EMAIL)).body).toEqual({
        error: 'No orders have this email.',
      });
      const badCopy = await store.json('POST', path(ADA), { ...EMAIL, cc: 'grace@example.com, not-an-address' });
      expect(badCopy.status).toBe(400);
      expect(badCopy.body).toEqual({ error: "cc: 'not-an-address' is not an email address." });
      const tooMany = await store.json('POST', path(ADA), {
        ...EMAIL,
        bcc: 'a@x.io b@x.io c@x.io d@x.io e@x.io f@x.io',
      });
      expect(tooMany.body).toEqual({ error: 'bcc: BCC takes at most 5 addresses.' });
      const noSubject = await store.json('POST', path(ADA), { ...EMAIL, subject: '  ' });
      expect(noSubject.body).toEqual({ error: `subject: ${CUSTOMER_EMAIL_MESSAGES.subject}` });
      const big = await store.json('POST', path(ADA), { ...EMAIL, body: 'x'.repeat(70 * 1024) });
      expect(big.status).toBe(413);
      expect((await orders(websiteId).customerEmails(ADA)).length).toBe(0);

      const sent = await store.json('POST', path(ADA.toUpperCase()), EMAIL);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const again = await store.json('POST', path(ADA), EMAIL);
      expect(again.status).toBe(200);
      expect((again.body as { emails: { subject: string }[] }).emails.map((e) => e.subject)).toEqual(['Your candle']);
      const profile = await store.json('GET', `/api/console/customers/${ADA}`);
      expect((profile.body as { emails: { subject: string }[] }).emails.map((e) => e.subject)).toEqual(['Your candle']);
    });

    it('delivers one email with its copies to each recipient, and refuses past the hourly bound', {
      timeout: TIMEOUT,
    }, async () => {
      const { base, websiteId } = await storeWithAda('sent.customer-email.test');
      const owner = await merchant(base, websiteId, ROLES.admin);
      expect((await owner.json('POST', path(ADA), EMAIL)).status).toBe(200);
      await orders(websiteId).deliverEmail();
      const mail = (await orders(websiteId).mailbox()).filter((m) => m.subject === 'Your candle');
      expect(mail.map((m) => m.to).sort()).toEqual([ADA, 'grace@example.com', 'ops@example.com', 'owner@example.com']);
      expect(new Set(mail.map((m) => m.text))).toEqual(new Set([EMAIL.body]));
      const local = (await orders(websiteId).localMail()).filter((m) => m.subject === 'Your candle');
      expect(local.every((m) => JSON.stringify(m.cc) === '["grace@example.com","ops@example.com"]')).toBe(true);

      for (let i = 1; i < CUSTOMER_EMAILS_PER_HOUR; i++)
        await orders(websiteId).emailCustomer(ADA, { ...EMAIL, cc: [], bcc: [], sendId: `bound-${i}-padding` });
      const refused = await owner.json('POST', path(ADA), { ...EMAIL, sendId: 'compose-0051' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: CUSTOMER_EMAIL_MESSAGES.rateLimited });
      // The object's answer is the ground's result shape (src/result.ts); the route chose the 429.
      expect(await orders(websiteId).emailCustomer(ADA, { ...EMAIL, cc: [], bcc: [], sendId: 'compose-0052' })).toEqual(
        {
          ok: false,
          error: 'rate-limited',
          message: CUSTOMER_EMAIL_MESSAGES.rateLimited,
        },
      );
    });
  });
});

/**
 * Customers who never ordered (issue 33): a shopper who signed up and a newsletter subscriber appear in the console's
 * customers list after those who ordered, with no orders, are found by search, open a profile, and are in the CSV
 * export; a shopper who ordered is listed once; a bad cursor is a 400.
 */
describe('customers-without-orders', () => {
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
});
