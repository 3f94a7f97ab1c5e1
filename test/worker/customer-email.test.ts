/**
 * Email customer (spec's email-composer fields To, CC, BCC, Subject, Body; docs/merchant.md): the roles that see
 * customers' data only, the crumb, the schema's messages, the body cap, To only ever a customer of the store, a resend
 * of one composer's email sent once, the store's hourly bound, and the copies delivered to each recipient.
 */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_EMAILS_PER_HOUR, CUSTOMER_EMAIL_MESSAGES } from '../../src/site/editor/customer-email';
import { ROLES } from '../../src/site/roles';
import {
  CANDLE,
  CARD,
  fillCheckout,
  merchant,
  orders,
  placeOrder,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

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
    const tooMany = await store.json('POST', path(ADA), { ...EMAIL, bcc: 'a@x.io b@x.io c@x.io d@x.io e@x.io f@x.io' });
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
  });
});
