/**
 * A partial refund of an order paid by gift card and card (issue 33): the money goes back card first,
 * then onto the gift card, never past what each paid; a replay refunds once; a gift card spent since
 * gets its share back all the same; the refunded totals and the shopper's emails name both.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { ROLES } from '../../src/site/roles';
import {
  CANDLE,
  CHECKOUT,
  fillCheckout,
  merchant,
  orders,
  paymentLedger,
  placeOrder,
  setStock,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import type { Visitor } from './visitor';

const BOARD = { itemId: 'p-oak-board', sku: skuOf('oak-board') };
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function refund(owner: Visitor, id: string, body: unknown, key: string = crypto.randomUUID()) {
  return owner
    .fetch(`/api/commerce/orders/${id}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb, 'idempotency-key': key },
      body: JSON.stringify(body),
    })
    .then(async (res) => ({ status: res.status, body: (await res.json()) as { order: Order; error?: string } }));
}

/** A $50 gift card bought for a friend: its code, from the friend's email. */
async function boughtGiftCard(base: string, websiteId: string): Promise<string> {
  const buyer = await shopper(base, [{ itemId: 'p-gift-card', sku: skuOf('gift-card', 1), quantity: 1 }]);
  await startCheckout(buyer);
  await buyer.json('PUT', CHECKOUT, { email: 'buyer@example.com', giftRecipientEmail: 'friend@example.com' });
  expect((await placeOrder(buyer)).status).toBe(201);
  await orders(websiteId).deliverEmail();
  const mail = (await orders(websiteId).mailbox()).find((m: { to: string }) => m.to === 'friend@example.com');
  return /Gift card code: ([A-Z0-9-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
}

/** The card's balance as a shopper's checkout shows it once the code is entered. */
async function balance(base: string, code: string): Promise<number> {
  const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
  await startCheckout(visitor);
  const answer = await visitor.json<{ checkout?: { giftCard: { balanceCents: number } | null } }>('PUT', CHECKOUT, {
    giftCardCode: code,
  });
  return answer.body.checkout?.giftCard?.balanceCents ?? 0;
}

describe('refunds of an order paid by gift card and card', () => {
  it('gives back to the card first, then the gift card, never past either', { timeout: 120_000 }, async () => {
    const { base, websiteId } = await storeOnHost('gift-card-refunds.test', (site) => {
      setStock(site, 'candle', 9);
      setStock(site, 'oak-board', 9);
    });
    await standardRules(websiteId);
    const code = await boughtGiftCard(base, websiteId);
    const buyer = await shopper(base, [
      { ...CANDLE, quantity: 2 },
      { ...BOARD, quantity: 1 },
    ]);
    await startCheckout(buyer);
    await fillCheckout(buyer, { giftCardCode: code });
    const placed = await placeOrder(buyer);
    expect(placed.status).toBe(201);
    const order = placed.body.order as Order;
    expect(order.giftCardCents).toBe(5000);
    const card = order.amountChargedCents;
    expect(card).toBeGreaterThan(5000);
    expect(await balance(base, code)).toBe(0);
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    const ledgerBefore = (await paymentLedger().captured()).refundedCents;
    const cardRefunded = async () => (await paymentLedger().captured()).refundedCents - ledgerBefore;

    // A candle: its worth is less than the card paid, so all of it goes to the card; once per key.
    const candleLine = order.entries.findIndex((e) => e.sku === CANDLE.sku);
    const key = crypto.randomUUID();
    const first = await refund(owner, order.id, { lines: [{ line: candleLine, quantity: 1, restock: true }] }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const worth = first.body.order.refunds?.[0]?.amountCents ?? 0;
    expect(first.body.order.refunds?.[0]).toMatchObject({ giftCardCents: 0 });
    expect(worth).toBeGreaterThan(0);
    expect(
      (await refund(owner, order.id, { lines: [{ line: candleLine, quantity: 1, restock: true }] }, key)).status,
    ).toBe(200);
    expect(await cardRefunded()).toBe(worth);
    expect(await balance(base, code)).toBe(0);

    // An amount past what is left on the card: the card gets the rest of its charge, the gift card the remainder.
    const cardLeft = card - worth;
    const second = await refund(owner, order.id, { amountCents: cardLeft + 1500 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.order.status).toBe('paid');
    expect(second.body.order.refunds?.[1]).toMatchObject({ amountCents: cardLeft, giftCardCents: 1500 });
    expect(await cardRefunded()).toBe(card);
    expect(await balance(base, code)).toBe(1500);

    // More than is left of both: refused, nothing changes.
    expect(await refund(owner, order.id, { amountCents: 3501 })).toMatchObject({
      status: 409,
      body: { error: 'Only $35.00 is left to refund.' },
    });

    // The shopper spends the $15 given back; the last refund still puts the gift card's share back.
    const spender = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(spender);
    await fillCheckout(spender, { giftCardCode: code });
    expect((await placeOrder(spender)).body.order).toMatchObject({ giftCardCents: 1500 });
    expect(await balance(base, code)).toBe(0);
    const last = await refund(owner, order.id, { restock: true });
    expect(last.body.order).toMatchObject({ status: 'refunded' });
    expect(last.body.order.refunds?.[2]).toMatchObject({ amountCents: 0, giftCardCents: 3500 });
    expect(await balance(base, code)).toBe(3500);
    expect(await cardRefunded()).toBe(card);

    // The shopper's emails say where the money went.
    await orders(websiteId).deliverEmail();
    const mail = (await orders(websiteId).mailbox()) as { to: string; subject: string; text: string }[];
    const partial = mail
      .filter((m) => m.subject === `Order #${order.orderNumber} partially refunded`)
      .map((m) => m.text);
    expect(partial).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Refunded to your card: ${money(worth)}\n`),
        expect.stringMatching(
          new RegExp(
            `Refunded to your card: \\${money(cardLeft)}\nPut back on your gift card ••••-••••-••••-\\w{4}: \\$15\\.00\n`,
          ),
        ),
      ]),
    );
    const closed = mail.find((m) => m.subject === `Order #${order.orderNumber} refunded`)?.text;
    expect(closed).toContain(`Refunded to your card: ${money(card)}\nPut back on your gift card ••••-••••-••••-`);
    expect(closed).toContain(': $50.00\n');
  });
});
