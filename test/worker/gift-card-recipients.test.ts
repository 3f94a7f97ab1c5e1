/**
 * Gift cards bought for someone (issue 32, journey 3) in workerd: the product page's recipient,
 * message and send date travel with the cart entry, are checked by the API, and after payment the
 * recipient's email carries the code and the message (on the send date when one is given), the
 * buyer's order says whom it was sent to (the code only when they sent it to themselves), and a
 * card paying part of a later order leaves its balance on that order.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { GIFT_CARD_MESSAGES, giftDetailsProblems, sendOnText, utcDay } from '../../src/commerce/gift-cards';
import {
  CHECKOUT,
  ENTRIES,
  fillCheckout,
  orders,
  placeOrder,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
  CANDLE,
} from './checkout-support';
import { Visitor } from './visitor';

const GIFT = { itemId: 'p-gift-card', sku: skuOf('gift-card', 1) };
const DAY = 86_400_000;

function details(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    recipientEmail: 'bea@example.com',
    recipientName: 'Bea',
    message: 'Happy birthday, Bea!',
    sendOn: null,
    ...extra,
  });
}

async function codeIn(websiteId: string, to: string, now = Date.now()): Promise<{ code: string; text: string }> {
  await orders(websiteId).deliverEmail(now);
  const mail = (await orders(websiteId).mailbox()).find((m) => m.to === to && /gift card/i.test(m.subject));
  return { code: /Gift card code: ([A-Z0-9-]+)/.exec(mail?.text ?? '')?.[1] ?? '', text: mail?.text ?? '' };
}

describe('a gift card bought for someone', () => {
  it('refuses a bad recipient, message or send date with the field and its message; nothing is added', async () => {
    const { base } = await storeOnHost('gift-rules.test');
    const visitor = await new Visitor(base).open('/gifts');
    const add = (fields: string) => visitor.json('POST', ENTRIES, { ...GIFT, quantity: 1, additionalFields: fields });
    expect(await add(details({ recipientEmail: 'not-an-email' }))).toMatchObject({
      status: 400,
      body: { error: GIFT_CARD_MESSAGES.recipientEmail },
    });
    expect(await add(details({ recipientName: ' ' }))).toMatchObject({
      status: 400,
      body: { error: GIFT_CARD_MESSAGES.recipientName },
    });
    expect((await add(details({ message: 'x'.repeat(201) }))).status).toBe(400);
    expect(await add(details({ sendOn: utcDay(Date.now() - 3 * DAY) }))).toMatchObject({
      status: 400,
      body: { error: GIFT_CARD_MESSAGES.sendOnPast },
    });
    expect(await add(details({ sendOn: utcDay(Date.now() + 400 * DAY) }))).toMatchObject({
      status: 400,
      body: { error: GIFT_CARD_MESSAGES.sendOnTooLate },
    });
    // The date as YYYY-MM-DD, and a real calendar day.
    for (const sendOn of ['2026-02-31', '12/04/2026', '2026-12-4', 20261204])
      expect(await add(details({ sendOn }))).toMatchObject({
        status: 400,
        body: { error: GIFT_CARD_MESSAGES.sendOnInvalid, errors: { sendOn: GIFT_CARD_MESSAGES.sendOnInvalid } },
      });
    expect((await add('{not json')).status).toBe(400);
    expect((await visitor.json<{ entries: unknown[] }>('GET', '/api/commerce/shopping-cart')).body.entries).toEqual([]);
  });

  it('is emailed to the recipient with the message; the buyer is told whom it went to, not its code; the code pays part of a later order and its balance shows', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('gift-recipient.test');
    await standardRules(websiteId);
    const buyer = await new Visitor(base).open('/gifts');
    expect((await buyer.json('POST', ENTRIES, { ...GIFT, quantity: 1, additionalFields: details() })).status).toBe(200);
    await startCheckout(buyer);
    await fillCheckout(buyer, { email: 'ada@example.com' });
    const placed = await placeOrder(buyer);
    expect(placed.status).toBe(201);
    expect(placed.body.order.giftCardsSent).toEqual([
      { amountCents: 5000, recipientEmail: 'bea@example.com', recipientName: 'Bea', sendOn: null, code: null },
    ]);

    const { code, text } = await codeIn(websiteId, 'bea@example.com');
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(text).toContain('Happy birthday, Bea!');
    expect(text).toContain('Hello Bea');
    const confirmation = (await orders(websiteId).mailbox()).find(
      (m) => m.to === 'ada@example.com' && m.subject.endsWith('confirmed'),
    );
    expect(confirmation?.text).toContain('Gift card of $50.00 sent to Bea <bea@example.com>.');
    expect(confirmation?.text).not.toContain(code);

    // A second shopper pays part of a $32 candle order with it: the rest is charged, the balance shown.
    const second = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(second);
    const checkout = await fillCheckout(second, { email: 'cy@example.com' });
    const total = checkout.grandTotalCents;
    const withCard = await second.json<{ checkout: { giftCard: { balanceCents: number; appliedCents: number } } }>(
      'PUT',
      CHECKOUT,
      { giftCardCode: code },
    );
    expect(withCard.body.checkout.giftCard).toMatchObject({ balanceCents: 5000, appliedCents: Math.min(5000, total) });
    const paid = await placeOrder(second);
    expect(paid.body.order).toMatchObject({
      status: 'paid',
      giftCardCents: Math.min(5000, total),
      giftCard: { remainingCents: 5000 - Math.min(5000, total) },
    });
  });

  it('refuses, in the browser, a day before the shopper’s own today, and a day past a year from it', () => {
    const now = Date.parse('2026-11-29T23:30:00Z');
    const card = { recipientEmail: 'bea@example.com', recipientName: 'Bea', message: '' };
    // A shopper in Tokyo: already the 30th there.
    expect(giftDetailsProblems({ ...card, sendOn: '2026-11-29' }, now, '2026-11-30')).toEqual({
      sendOn: GIFT_CARD_MESSAGES.sendOnPast,
    });
    expect(giftDetailsProblems({ ...card, sendOn: '2026-11-30' }, now, '2026-11-30')).toEqual({});
    expect(giftDetailsProblems({ ...card, sendOn: '2027-11-30' }, now, '2026-11-30')).toEqual({});
    expect(giftDetailsProblems({ ...card, sendOn: '2027-12-01' }, now, '2026-11-30')).toEqual({
      sendOn: GIFT_CARD_MESSAGES.sendOnTooLate,
    });
    // The API, not knowing the zone, takes UTC's yesterday (today in Honolulu) and refuses the day before.
    expect(giftDetailsProblems({ ...card, sendOn: '2026-11-28' }, now)).toEqual({});
    expect(giftDetailsProblems({ ...card, sendOn: '2026-11-27' }, now)).toEqual({
      sendOn: GIFT_CARD_MESSAGES.sendOnPast,
    });
  });

  it('a card the buyer sends to themselves shows its code to them; a later send date waits in the outbox until that day', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('gift-later.test');
    const buyer = await new Visitor(base).open('/gifts');
    const tomorrow = utcDay(Date.now() + 2 * DAY);
    expect(
      (
        await buyer.json('POST', ENTRIES, {
          ...GIFT,
          quantity: 1,
          additionalFields: details({ recipientEmail: 'ADA@example.com', recipientName: 'Ada' }),
        })
      ).status,
    ).toBe(200);
    expect(
      (await buyer.json('POST', ENTRIES, { ...GIFT, quantity: 1, additionalFields: details({ sendOn: tomorrow }) }))
        .status,
    ).toBe(200);
    await startCheckout(buyer);
    await fillCheckout(buyer, { email: 'ada@example.com' });
    const placed = await placeOrder(buyer);
    const [own, later] = placed.body.order.giftCardsSent ?? [];
    expect(own?.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(later).toMatchObject({ recipientEmail: 'bea@example.com', sendOn: tomorrow, code: null });
    expect((await codeIn(websiteId, 'ADA@example.com')).code).toBe(own?.code);
    // Not sent yet: it is due on its day, and the buyer's confirmation says when it will be.
    expect((await codeIn(websiteId, 'bea@example.com')).code).toBe('');
    const confirmation = (await orders(websiteId).mailbox()).find(
      (m) => m.to === 'ada@example.com' && m.subject.endsWith('confirmed'),
    );
    expect(confirmation?.text).toContain(
      `Gift card of $50.00 will be sent to Bea <bea@example.com> on ${sendOnText(tomorrow)}.`,
    );
    // The outbox holds it until the start of that day (UTC), and the object's alarm is set to run by then.
    const dueAt = Date.parse(`${tomorrow}T00:00:00Z`);
    const { queuedFor, alarm } = await runInDurableObject(orders(websiteId), async (_instance, state) => ({
      queuedFor: state.storage.sql
        .exec<{ at: number }>(
          "SELECT next_attempt_at AS at FROM email_outbox WHERE recipient = 'bea@example.com' AND sent_at IS NULL",
        )
        .toArray()
        .map((row) => row.at),
      alarm: await state.storage.getAlarm(),
    }));
    expect(queuedFor).toEqual([dueAt]);
    expect(alarm).not.toBeNull();
    expect(alarm ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(dueAt);
    // The alarm's delivery a minute before the day: still nothing; once the day has begun: the code.
    expect((await codeIn(websiteId, 'bea@example.com', dueAt - 60_000)).code).toBe('');
    const { code, text } = await codeIn(websiteId, 'bea@example.com', dueAt);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(text).toContain('Happy birthday, Bea!');
  });
});
