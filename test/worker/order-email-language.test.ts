/**
 * The order emails in the language the shopper placed the order in (issue 32, journey 8): the checkout sends its page's
 * locale, the order keeps it (and the store's time zone) in the same write, and the confirmation, shipped and refund
 * emails are written from it, dates in the store's zone; an order placed without one is in the site's language.
 */
import { describe, expect, it } from 'vitest';
import {
  CANDLE,
  CARD,
  fillCheckout,
  orders,
  placeOrder,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';

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
