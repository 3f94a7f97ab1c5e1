/**
 * Refunds through the worker (one file, one workerd, for what used to be three small files): partial and per-line
 * refunds, a partial refund of an order paid by gift card and card, and analytics counting a refund where it was
 * made while the sale stays where it was placed.
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
  CHECKOUT,
} from './checkout-support';
import type { Visitor } from './visitor';

/**
 * Partial and per-line refunds (issue 33, journey 6): a line refunded with restock gives its share
 * back through the provider, puts its units back and leaves the order open and partially refunded;
 * never more than is left (money or units); a replay with the same Idempotency-Key refunds once;
 * the last refund makes the order refunded; cancelling afterwards refunds only what is left;
 * analytics count each refund; an Editor gets 403.
 */
describe('partial-refunds', () => {
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
    it('refunds one line with restock, once per key, and never more than is left', { timeout: 120_000 }, async () => {
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
      expect(made).toMatchObject({
        id: key,
        lines: [{ line: candleLine, quantity: 1, restock: true, sku: CANDLE.sku }],
      });
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
      expect(
        await refund(owner, order.id, { lines: [{ line: candleLine, quantity: 2, restock: false }] }),
      ).toMatchObject({
        status: 409,
        body: { error: expect.stringContaining('only 1 left to refund') },
      });
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
      const sum = (k: 'refunds' | 'refundedCents' | 'revenueCents') =>
        analytics.body.sales.reduce((t, h) => t + h[k], 0);
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
      timeout: 120_000,
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
});

/**
 * A partial refund of an order paid by gift card and card (issue 33): the money goes back card first,
 * then onto the gift card, never past what each paid; a replay refunds once; a gift card spent since
 * gets its share back all the same; the refunded totals and the shopper's emails name both.
 */
describe('gift-card-refunds', () => {
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
});

/**
 * Analytics are honest about refunds (issue 33, journey 8): a refunded order stays a sale where it
 * was placed, and its refund shows on its own line where it was made, so net revenue is sales less
 * refunds (before, the refunded order silently dropped out of revenue and the order count).
 */
describe('analytics-refunds', () => {
  interface Answer {
    sales: { hour: number; orders: number; revenueCents: number; refunds: number; refundedCents: number }[];
  }

  describe('analytics and refunds', () => {
    it('keeps a refunded order as a sale and shows its refund on its own line', { timeout: 120_000 }, async () => {
      const { base, websiteId } = await storeOnHost('analytics-refunds.test', (site) => setStock(site, 'candle', 5));
      await standardRules(websiteId);
      const owner = await merchant(base, websiteId, ROLES.admin);
      const totals: number[] = [];
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const buyer = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
        expect((await startCheckout(buyer)).status).toBe(200);
        await fillCheckout(buyer);
        const placed = await placeOrder(buyer);
        expect(placed.status).toBe(201);
        totals.push(placed.body.order.grandTotalCents);
        ids.push(placed.body.order.id);
      }
      expect((await owner.json('POST', `/api/commerce/orders/${ids[0]}/refund`, { restock: true })).status).toBe(200);

      const answer = await owner.json<Answer>('GET', '/api/console/analytics?days=1');
      expect(answer.status).toBe(200);
      const sum = (key: keyof Answer['sales'][number]) =>
        answer.body.sales.reduce((total, hour) => total + hour[key], 0);
      expect(sum('orders')).toBe(2);
      expect(sum('revenueCents')).toBe((totals[0] ?? 0) + (totals[1] ?? 0));
      expect(sum('refunds')).toBe(1);
      expect(sum('refundedCents')).toBe(totals[0]);
    });
  });
});
