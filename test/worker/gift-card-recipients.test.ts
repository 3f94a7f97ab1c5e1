/**
 * Gift cards bought for someone (issue 32, journey 3) in workerd: the product page's recipient,
 * message and send date travel with the cart entry, are checked by the API, and after payment the
 * recipient's email carries the code and the message (on the send date when one is given), the
 * buyer's order says whom it was sent to (the code only when they sent it to themselves), and a
 * card paying part of a later order leaves its balance on that order.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  dayIn,
  GIFT_CARD_MESSAGES,
  giftDetailsProblems,
  sendOnText,
  utcDay,
} from '../../src/commerce/gift-cards';
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

/** The instant `day` begins in `timeZone`, found by asking Intl which offset makes it read 00:00 there (not by the code under test). */
function localMidnight(day: string, timeZone: string): number {
  const clock = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (let quarters = -12 * 4; quarters <= 14 * 4; quarters++) {
    const at = utcMidnight - quarters * 900_000;
    if (clock.format(at) === `${day}, 00:00`) return at;
  }
  throw new Error(`no midnight for ${day} in ${timeZone}`);
}

/** When the outbox will send the gift card email to `to`, for each one it still holds. */
async function queuedFor(websiteId: string, to: string): Promise<number[]> {
  return runInDurableObject(orders(websiteId), async (_instance, state) =>
    state.storage.sql
      .exec<{ at: number }>(
        'SELECT next_attempt_at AS at FROM email_outbox WHERE recipient = ? AND sent_at IS NULL',
        to,
      )
      .toArray()
      .map((row) => row.at),
  );
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
    const tokyo = { ...card, timeZone: 'Asia/Tokyo' };
    expect(giftDetailsProblems({ ...tokyo, sendOn: '2026-11-29' }, now)).toEqual({
      sendOn: GIFT_CARD_MESSAGES.sendOnPast,
    });
    expect(giftDetailsProblems({ ...tokyo, sendOn: '2026-11-30' }, now)).toEqual({});
    expect(giftDetailsProblems({ ...tokyo, sendOn: '2027-11-30' }, now)).toEqual({});
    expect(giftDetailsProblems({ ...tokyo, sendOn: '2027-12-01' }, now)).toEqual({
      sendOn: GIFT_CARD_MESSAGES.sendOnTooLate,
    });
    // In Los Angeles it is still the 29th.
    expect(giftDetailsProblems({ ...card, timeZone: 'America/Los_Angeles', sendOn: '2026-11-29' }, now)).toEqual({});
    // An entry kept without a zone: UTC's yesterday (today in Honolulu) taken, the day before refused.
    expect(giftDetailsProblems({ ...card, timeZone: null, sendOn: '2026-11-28' }, now)).toEqual({});
    expect(giftDetailsProblems({ ...card, timeZone: null, sendOn: '2026-11-27' }, now)).toEqual({
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
    // No zone given: the store's (the demo's New York).
    expect(later).toMatchObject({
      recipientEmail: 'bea@example.com',
      sendOn: tomorrow,
      timeZone: 'America/New_York',
      code: null,
    });
    expect((await codeIn(websiteId, 'ADA@example.com')).code).toBe(own?.code);
    // Not sent yet: it is due on its day, and the buyer's confirmation says when it will be.
    expect((await codeIn(websiteId, 'bea@example.com')).code).toBe('');
    const confirmation = (await orders(websiteId).mailbox()).find(
      (m) => m.to === 'ada@example.com' && m.subject.endsWith('confirmed'),
    );
    expect(confirmation?.text).toContain(
      `Gift card of $50.00 will be sent to Bea <bea@example.com> on ${sendOnText(tomorrow)}.`,
    );
    // The outbox holds it until the start of that day in the store's zone, and the object's alarm is set to run by then.
    const dueAt = localMidnight(tomorrow, 'America/New_York');
    expect(await queuedFor(websiteId, 'bea@example.com')).toEqual([dueAt]);
    const alarm = await runInDurableObject(orders(websiteId), (_instance, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(dueAt);
    // The alarm's delivery a minute before the day: still nothing; once the day has begun: the code.
    expect((await codeIn(websiteId, 'bea@example.com', dueAt - 60_000)).code).toBe('');
    const { code, text } = await codeIn(websiteId, 'bea@example.com', dueAt);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(text).toContain('Happy birthday, Bea!');
  });

  it('is sent at midnight of its day where the shopper is: a Tokyo and a Los Angeles shopper choosing the same day', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('gift-zones.test');
    const day = dayAfter(utcDay(Date.now()), 10);
    const buy = async (recipientEmail: string, timeZone: string) => {
      const buyer = await new Visitor(base).open('/gifts');
      const added = await buyer.json('POST', ENTRIES, {
        ...GIFT,
        quantity: 1,
        additionalFields: details({ recipientEmail, sendOn: day, timeZone }),
      });
      expect(added.status).toBe(200);
      await startCheckout(buyer);
      await fillCheckout(buyer, { email: 'ada@example.com' });
      return (await placeOrder(buyer)).body.order.giftCardsSent?.[0];
    };
    expect(await buy('tokyo@example.com', 'Asia/Tokyo')).toMatchObject({ sendOn: day, timeZone: 'Asia/Tokyo' });
    expect(await buy('la@example.com', 'America/Los_Angeles')).toMatchObject({
      sendOn: day,
      timeZone: 'America/Los_Angeles',
    });
    const [tokyoAt] = await queuedFor(websiteId, 'tokyo@example.com');
    const [laAt] = await queuedFor(websiteId, 'la@example.com');
    // Tokyo keeps no daylight saving: its midnight is UTC+9's; Los Angeles's is 16 or 17 hours later.
    expect(tokyoAt).toBe(Date.parse(`${day}T00:00:00+09:00`));
    expect(laAt).toBe(localMidnight(day, 'America/Los_Angeles'));
    expect([16, 17]).toContain(((laAt ?? 0) - (tokyoAt ?? 0)) / 3_600_000);
    expect(dayIn((tokyoAt ?? 0) - 1, 'Asia/Tokyo')).toBe(dayAfter(day, -1));
    expect(dayIn(laAt ?? 0, 'America/Los_Angeles')).toBe(day);
    // At Tokyo's midnight its card goes and the Los Angeles one waits; at Los Angeles's, that one goes.
    expect((await codeIn(websiteId, 'tokyo@example.com', (tokyoAt ?? 0) - 60_000)).code).toBe('');
    expect((await codeIn(websiteId, 'tokyo@example.com', tokyoAt)).code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect((await codeIn(websiteId, 'la@example.com', (laAt ?? 0) - 60_000)).code).toBe('');
    expect((await codeIn(websiteId, 'la@example.com', laAt)).code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  });

  it('refuses a time zone that is not an IANA zone this runtime knows; nothing is added', async () => {
    const { base } = await storeOnHost('gift-zone-refused.test');
    const visitor = await new Visitor(base).open('/gifts');
    for (const timeZone of ['Mars/Olympus_Mons', '../etc/passwd', `Europe/${'x'.repeat(70)}`, '', 9])
      expect(
        await visitor.json('POST', ENTRIES, { ...GIFT, quantity: 1, additionalFields: details({ timeZone }) }),
      ).toMatchObject({ status: 400, body: { error: expect.stringContaining('timeZone') } });
    expect((await visitor.json<{ entries: unknown[] }>('GET', '/api/commerce/shopping-cart')).body.entries).toEqual([]);
  });
});
