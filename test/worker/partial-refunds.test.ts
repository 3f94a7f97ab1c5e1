/**
 * Partial and per-line refunds (issue 33, journey 6): a line refunded with restock gives its share
 * back through the provider, puts its units back and leaves the order open and partially refunded;
 * never more than is left (money or units); a replay with the same Idempotency-Key refunds once;
 * the last refund makes the order refunded; cancelling afterwards refunds only what is left;
 * analytics count each refund; an Editor gets 403.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { ROLES } from '../../src/site/roles';
import {
  CANDLE,
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
  stock,
  storeOnHost,
} from './checkout-support';
import type { Visitor } from './visitor';

const BOARD = { itemId: 'p-oak-board', sku: skuOf('oak-board') };

async function twoLineOrder(host: string) {
  const { base, websiteId } = await storeOnHost(host, (site) => {
    setStock(site, 'candle', 5);
    setStock(site, 'oak-board', 5);
  });
  await standardRules(websiteId);
  const buyer = await shopper(base, [
    { ...CANDLE, quantity: 2 },
    { ...BOARD, quantity: 1 },
  ]);
  expect((await startCheckout(buyer)).status).toBe(200);
  await fillCheckout(buyer);
  const placed = await placeOrder(buyer);
  expect(placed.status).toBe(201);
  return { base, websiteId, order: placed.body.order };
}

function refund(owner: Visitor, id: string, body: unknown, key: string | null = crypto.randomUUID()) {
  return owner
    .fetch(`/api/commerce/orders/${id}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': owner.crumb,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    })
    .then(async (res) => ({ status: res.status, body: (await res.json()) as { order: Order; error?: string } }));
}

describe('partial refunds', () => {
  it('refunds one line with restock, once per key, and never more than is left', { timeout: 60_000 }, async () => {
    const { base, websiteId, order } = await twoLineOrder('partial-refunds.test');
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    const ledgerBefore = (await paymentLedger().captured()).refundedCents;
    const candleLine = order.entries.findIndex((e) => e.sku === CANDLE.sku);
    const onHand = async () => (await stock(websiteId).onHandCounts())[CANDLE.sku];
    expect(await onHand()).toBe(3);

    const key = crypto.randomUUID();
    const first = await refund(owner, order.id, { lines: [{ line: candleLine, quantity: 1, restock: true }] }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const made = first.body.order.refunds?.[0];
    expect(first.body.order.status).toBe('paid');
    expect(made).toMatchObject({ id: key, lines: [{ line: candleLine, quantity: 1, restock: true, sku: CANDLE.sku }] });
    expect(made?.amountCents).toBeGreaterThan(0);
    expect(await onHand()).toBe(4);
    const refunded = () =>
      paymentLedger()
        .captured()
        .then((c) => c.refundedCents - ledgerBefore);
    expect(await refunded()).toBe(made?.amountCents);

    // The same key again (a retried click): the same order, nothing more refunded or restocked.
    const replay = await refund(owner, order.id, { lines: [{ line: candleLine, quantity: 1, restock: true }] }, key);
    expect(replay.status).toBe(200);
    expect(replay.body.order.refunds).toHaveLength(1);
    expect(await refunded()).toBe(made?.amountCents);
    expect(await onHand()).toBe(4);

    // Never more than is left: in units and in money; a partial refund needs its key.
    expect(await refund(owner, order.id, { lines: [{ line: candleLine, quantity: 2, restock: false }] })).toMatchObject(
      {
        status: 409,
        body: { error: expect.stringContaining('only 1 left to refund') },
      },
    );
    const left = order.amountChargedCents - (made?.amountCents ?? 0);
    expect(await refund(owner, order.id, { amountCents: left + 1 })).toMatchObject({
      status: 409,
      body: { error: `Only $${(left / 100).toFixed(2)} is left to refund.` },
    });
    expect((await refund(owner, order.id, { amountCents: 100 }, null)).status).toBe(400);
    expect((await refund(owner, order.id, { lines: [{ line: 0, quantity: 0, restock: true }] })).status).toBe(400);

    // The analytics count the refund where it was made, with what it gave back.
    const analytics = await owner.json<{ sales: { refunds: number; refundedCents: number; revenueCents: number }[] }>(
      'GET',
      '/api/console/analytics?days=1',
    );
    const sum = (k: 'refunds' | 'refundedCents' | 'revenueCents') => analytics.body.sales.reduce((t, h) => t + h[k], 0);
    expect([sum('refunds'), sum('refundedCents'), sum('revenueCents')]).toEqual([
      1,
      made?.amountCents,
      order.grandTotalCents,
    ]);

    // The rest as a full refund: refunded, the rest restocked, the provider at the whole charge.
    const rest = await refund(owner, order.id, { restock: true }, null);
    expect(rest.body.order).toMatchObject({ status: 'refunded', refundedOn: expect.any(Number) });
    expect(rest.body.order.refunds?.[1]).toMatchObject({ amountCents: left });
    expect(await refunded()).toBe(order.amountChargedCents);
    expect(await onHand()).toBe(5);
    const mail = (await orders(websiteId).mailbox()).map((m: { subject: string }) => m.subject);
    expect(mail).toEqual(
      expect.arrayContaining([
        `Order #${order.orderNumber} partially refunded`,
        `Order #${order.orderNumber} refunded`,
      ]),
    );
  });

  it('cancelling a partly refunded order refunds only what is left and restocks what was not refunded', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId, order } = await twoLineOrder('partial-refunds-cancel.test');
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    const ledgerBefore = (await paymentLedger().captured()).refundedCents;
    const boardLine = order.entries.findIndex((e) => e.sku === BOARD.sku);
    const first = await refund(owner, order.id, {
      lines: [{ line: boardLine, quantity: 1, restock: false }],
      amountCents: 700,
    });
    expect(first.body.order.refunds?.[0]).toMatchObject({ amountCents: 700 });
    const cancelled = await owner.json<{ order: Order }>('POST', `/api/commerce/orders/${order.id}/cancel`, {});
    expect(cancelled.body.order.status).toBe('cancelled');
    expect((await paymentLedger().captured()).refundedCents - ledgerBefore).toBe(order.amountChargedCents);
    // The board refunded without restock stays written off; both candles come back.
    expect(await stock(websiteId).onHandCounts()).toMatchObject({ [CANDLE.sku]: 5, [BOARD.sku]: 4 });
  });

  it('is refused to an Editor', async () => {
    const { base, websiteId, order } = await twoLineOrder('partial-refunds-editor.test');
    const editor = await merchant(base, websiteId, ROLES.editor);
    expect(await refund(editor, order.id, { lines: [{ line: 0, quantity: 1, restock: true }] })).toMatchObject({
      status: 403,
      body: { error: 'Your role does not allow this.' },
    });
    expect((await orders(websiteId).order(order.id))?.refunds).toBeUndefined();
  });
});
