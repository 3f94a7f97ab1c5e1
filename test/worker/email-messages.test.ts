/**
 * The order emails (one file, one workerd, for what used to be two files; issue 30). Issue 33 ("email templates the
 * merchant can read and edit"): the store's own message in the order confirmation, shipping and refund emails
 * (Commerce → Emails, `GET`/`PUT /api/console/settings/emails`): commerce roles only, the crumb, zod's limit by field,
 * the body cap; the shopper's emails carry each message under their first line. Then the emails in the shopper's
 * language.
 */
import { describe, expect, it } from 'vitest';
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

const EMAILS = '/api/console/settings/emails';
const NONE = { confirmed: '', fulfilled: '', refunded: '' };
const MESSAGES = {
  confirmed: 'Thank you for shopping with Fern & Field!\nWe pack every candle by hand within two days.',
  fulfilled: 'Your parcel is on its way: keep the candle upright for the first hour.',
  refunded: 'Sorry it did not work out. Questions? Write to hello@fern-field.example.',
};

describe('the messages in the order emails', () => {
  it('are read and saved by commerce roles only, with the crumb, within their limits', async () => {
    const { base, websiteId } = await storeOnHost('roles.email-messages.test');
    const anonymous = await new Visitor(base).open();
    expect((await anonymous.json('GET', EMAILS)).status).toBe(401);
    const editor = await merchant(base, websiteId, ROLES.editor);
    expect((await editor.json('GET', EMAILS)).status).toBe(403);
    expect((await editor.json('PUT', EMAILS, MESSAGES)).status).toBe(403);
    const viewer = await merchant(base, websiteId, ROLES.viewer);
    expect((await viewer.json('PUT', EMAILS, MESSAGES)).status).toBe(403);

    const store = await merchant(base, websiteId, ROLES.storeManager);
    expect((await store.json('GET', EMAILS)).body).toEqual(NONE);
    const noCrumb = await store.fetch(EMAILS, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MESSAGES),
    });
    expect(noCrumb.status).toBe(403);
    const long = await store.json('PUT', EMAILS, { ...MESSAGES, fulfilled: 'x'.repeat(2_001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'fulfilled: A message can be at most 2,000 characters.' });
    const partial = await store.json('PUT', EMAILS, { confirmed: MESSAGES.confirmed });
    expect(partial.status).toBe(400);
    expect(partial.body).toEqual({ error: "fulfilled: Give this email's message, or an empty text for none." });
    const big = await store.json('PUT', EMAILS, { ...MESSAGES, note: 'x'.repeat(41 * 1024) });
    expect(big.status).toBe(413);
    expect((await store.json('GET', EMAILS)).body).toEqual(NONE);

    const saved = await store.json('PUT', EMAILS, { ...MESSAGES, confirmed: `  ${MESSAGES.confirmed}  ` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(MESSAGES);
    expect((await store.json('GET', EMAILS)).body).toEqual(MESSAGES);
  });

  it("puts each message under the first line of the shopper's confirmation, shipping and refund emails", {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sent.email-messages.test');
    await standardRules(websiteId);
    const owner = await merchant(base, websiteId, ROLES.admin);
    expect((await owner.json('PUT', EMAILS, MESSAGES)).status).toBe(200);

    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await startCheckout(visitor);
    await fillCheckout(visitor);
    const placed = await placeOrder(visitor, CARD.ok);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    const action = async (name: string, body: unknown) => {
      const done = await owner.fetch(`/api/commerce/orders/${order.id}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb, 'idempotency-key': `${name}-1234` },
        body: JSON.stringify(body),
      });
      expect(done.status, await done.text()).toBe(200);
    };
    await action('fulfill', { trackingNumber: '1Z999', carrier: 'UPS' });
    await action('refund', { amountCents: 500 });
    await orders(websiteId).deliverEmail();
    const mail = (await orders(websiteId).mailbox()) as { to: string; subject: string; text: string }[];
    const text = (subject: string) => mail.find((m) => m.subject === subject)?.text ?? `no email '${subject}'`;
    expect(mail.map((m) => m.to)).toEqual(['ada@example.com', 'ada@example.com', 'ada@example.com']);
    expect(text('Order #1001 confirmed')).toMatch(
      /^Order #1001 confirmed\.\n\nThank you for shopping with Fern & Field!\nWe pack every candle by hand within two days\.\n\nPlaced on /,
    );
    expect(text('Order #1001 has shipped')).toMatch(
      /^Order #1001 has shipped\.\n\nYour parcel is on its way: keep the candle upright for the first hour\.\n\n2 × Cedar Candle/,
    );
    expect(text('Order #1001 partially refunded')).toMatch(
      /^Order #1001 partially refunded\.\n\nSorry it did not work out\. Questions\? Write to hello@fern-field\.example\.\n\nRefunded to your card: \$5\.00/,
    );
    // Only each email's own message.
    expect(text('Order #1001 confirmed')).not.toContain(MESSAGES.fulfilled);
    expect(text('Order #1001 has shipped')).not.toContain(MESSAGES.confirmed);
  });
});

/**
 * The order emails in the language the shopper placed the order in (issue 32, journey 8): the checkout sends its page's
 * locale, the order keeps it (and the store's time zone) in the same write, and the confirmation, shipped and refund
 * emails are written from it, dates in the store's zone; an order placed without one is in the site's language.
 */
describe('order-email-language', () => {
  /** A paid order of one candle placed with `extra` in the body (the page's `locale`), and the emails sent about it. */
  async function placed(host: string, extra: Record<string, unknown>) {
    const { base, websiteId } = await storeOnHost(host);
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await startCheckout(visitor);
    await fillCheckout(visitor);
    const answer = await placeOrder(visitor, CARD.ok, crypto.randomUUID(), extra);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = answer.body.order;
    const mail = async () => {
      await orders(websiteId).deliverEmail();
      return orders(websiteId).mailbox();
    };
    return { websiteId, order, mail };
  }

  describe('order emails in the shopper’s language', () => {
    it('writes the confirmation, shipped and refund emails in French, money and dates as French writes them in the store’s zone', {
      timeout: 60_000,
    }, async () => {
      const { websiteId, order, mail } = await placed('french.order-email.test', { locale: 'fr-FR' });
      expect(order.emailLocale).toEqual({ locale: 'fr-FR', timeZone: 'America/New_York' });
      const [confirmed] = await mail();
      expect(confirmed?.subject).toBe('Commande n° 1001 confirmée');
      const when = new Intl.DateTimeFormat('fr-FR', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: 'America/New_York',
      }).format(order.paidOn ?? 0);
      expect(confirmed?.text).toContain(`Passée le ${when}`);
      expect(confirmed?.text).toMatch(/UTC−[45]/);
      expect(confirmed?.text).toContain('2 × Cedar Candle: 64,00\u00a0$US');
      expect(confirmed?.text).toContain('Total : ');
      expect((await orders(websiteId).fulfill(order.id, '1Z999', 'UPS')).ok).toBe(true);
      expect((await orders(websiteId).refund(websiteId, order.id, { restock: false })).ok).toBe(true);
      const subjects = (await mail()).map((m) => [m.subject, m.text]);
      expect(subjects.map(([subject]) => subject)).toEqual([
        'Commande n° 1001 confirmée',
        'Commande n° 1001 expédiée',
        'Commande n° 1001 remboursée',
      ]);
      expect(subjects[1]?.[1]).toContain('Numéro de suivi : 1Z999 (UPS)');
      expect(subjects[2]?.[1]).toMatch(/Remboursé sur votre carte : [\d\u202f]+,\d{2}\u00a0\$US/);
    });

    it('writes them in the site’s language when the checkout named none, the English as before', {
      timeout: 60_000,
    }, async () => {
      const { order, mail } = await placed('english.order-email.test', {});
      expect(order.emailLocale).toEqual({ locale: 'en-US', timeZone: 'America/New_York' });
      const [confirmed] = await mail();
      expect(confirmed?.subject).toBe('Order #1001 confirmed');
      expect(confirmed?.text).toContain('2 × Cedar Candle: $64.00');
      expect(confirmed?.text).toMatch(/Placed on \w+ \d+, \d{4} at \d+:\d{2} [AP]M E[SD]T/);
    });

    it('refuses a locale that is not a language tag', async () => {
      const { base, websiteId } = await storeOnHost('bad-locale.order-email.test');
      await standardRules(websiteId);
      const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
      await startCheckout(visitor);
      await fillCheckout(visitor);
      expect((await placeOrder(visitor, CARD.ok, crypto.randomUUID(), { locale: 'x'.repeat(40) })).status).toBe(400);
    });
  });
});
