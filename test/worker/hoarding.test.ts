/**
 * Nobody hoards stock, and anonymous checkouts cannot fill the orders object (issue 29): a checkout
 * only checks the stock (reserve at payment, not before), one visitor has at most
 * MAX_RESERVED_UNITS_PER_VISITOR units reserved at once, a payment waiting for authentication gives
 * everything back when its window ends (and a later authentication is refused or refunded), a
 * checkout without an order lives hours and a website keeps at most MAX_CHECKOUTS of them.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ShoppingCart } from '../../src/commerce/cart';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import { DISCOUNT_MESSAGES } from '../../src/commerce/discounts';
import {
  CHECKOUT_KEEP_MS,
  MAX_CHECKOUTS,
  MAX_RESERVED_UNITS_PER_VISITOR,
  PLACE_MESSAGES,
} from '../../src/durable/orders';
import { AUTHENTICATION_CANCELLED } from '../../src/routes/pages/local-payments';
import {
  available,
  CANDLE,
  CARD,
  CHECKOUT,
  fillCheckout,
  orders,
  paymentLedger,
  placeOrder,
  readyToPay,
  setStock,
  shopper,
  shopperAtPayment,
  standardRules,
  startCheckout,
  stock,
  storeOnHost,
} from './checkout-support';

const GIFT_CARD = 'ABCD-EFGH-JKLM-NPQR';
const WINDOW_MS = 10 * 60_000;

const paymentIdOf = (url: string | null) => decodeURIComponent(url?.split('/').pop() ?? '');

async function checkoutRows(websiteId: string): Promise<string[]> {
  return runInDurableObject(orders(websiteId), (_instance, state) =>
    state.storage.sql
      .exec<{ cart_id: string }>('SELECT cart_id FROM checkouts ORDER BY cart_id')
      .toArray()
      .map((r) => r.cart_id),
  );
}

describe('reserve at payment, not before', () => {
  it('opening and updating a checkout holds nothing, however often it is renewed; the first to pay gets the units', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('hoard-renew.test', (site) => setStock(site, 'candle', 3));
    await standardRules(websiteId);
    const hoarder = await shopper(base, [{ ...CANDLE, quantity: 3 }]);
    for (let i = 0; i < 5; i++) expect((await startCheckout(hoarder)).status).toBe(200);
    await fillCheckout(hoarder);
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(await available(base)).toBe(3);
    const { visitor: buyer } = await shopperAtPayment(base, 3);
    expect((await placeOrder(buyer)).status).toBe(201);
    expect(await placeOrder(hoarder)).toMatchObject({
      status: 409,
      body: { error: CHECKOUT_MESSAGES.reservationLost },
    });
  });

  it(`one visitor has at most ${MAX_RESERVED_UNITS_PER_VISITOR} units reserved at once across their payments`, {
    timeout: 90_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('hoard-cap.test', (site) => setStock(site, 'candle', 100));
    await standardRules(websiteId);
    const { visitor } = await shopperAtPayment(base, MAX_RESERVED_UNITS_PER_VISITOR + 1);
    expect(await placeOrder(visitor, CARD.action)).toEqual({
      status: 409,
      body: { error: PLACE_MESSAGES.tooManyHeld },
    });
    expect(await stock(websiteId).reservations()).toEqual([]);

    const { visitor: first } = await shopperAtPayment(base, MAX_RESERVED_UNITS_PER_VISITOR);
    expect((await placeOrder(first, CARD.action)).status).toBe(201);
    expect(await available(base)).toBe(100 - MAX_RESERVED_UNITS_PER_VISITOR);
    // The same browser with a new cart: its units wait for payment already.
    first.cookies.delete('CART');
    await first.json('POST', '/api/commerce/shopping-cart/entries', { ...CANDLE, quantity: 1 });
    await startCheckout(first);
    await fillCheckout(first);
    expect(await placeOrder(first, CARD.action)).toEqual({ status: 409, body: { error: PLACE_MESSAGES.tooManyHeld } });
    // Another visitor is not held back.
    const { visitor: other } = await shopperAtPayment(base, 1);
    expect((await placeOrder(other, CARD.action)).status).toBe(201);
  });
});

describe('a payment left at its authentication step', () => {
  it('is cancelled when its window ends: units, gift card debit and code use given back, the cart open again; a later authentication is refused', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('hoard-3ds.test', 2);
    const store = orders(websiteId);
    await store.saveDiscount(
      {
        code: 'ONCE',
        kind: 'fixed',
        percent: null,
        amountCents: 500,
        minimumSubtotalCents: 0,
        startsOn: null,
        endsOn: null,
        usageLimit: 1,
      },
      true,
    );
    await runInDurableObject(store, (_instance, state) => {
      state.storage.sql.exec(
        'INSERT INTO gift_cards (code, initial_cents, balance_cents, order_id, created_at) VALUES (?, ?, ?, ?, ?)',
        GIFT_CARD,
        1000,
        1000,
        'ord_test',
        Date.now(),
      );
    });
    await fillCheckout(visitor, { discountCode: 'ONCE', giftCardCode: GIFT_CARD });
    const charged = await paymentLedger().captured();
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.body.order).toMatchObject({
      status: 'pending',
      giftCardCents: 1000,
      coupons: ['ONCE'],
      payment: { status: 'requires_action' },
    });
    const paymentId = paymentIdOf(placed.body.order.payment.nextActionUrl);
    expect(await available(base)).toBe(1);
    const { visitor: second } = await shopperAtPayment(base);
    expect((await second.json('PUT', CHECKOUT, { discountCode: 'ONCE' })).body).toMatchObject({
      errors: { discountCode: DISCOUNT_MESSAGES.usedUp },
    });

    // Before the window ends nothing changes; at its end the order is cancelled.
    expect(await store.endPaymentWindows(websiteId, Date.now())).toBe(0);
    expect(await store.endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    expect(await store.order(placed.body.order.id)).toMatchObject({
      status: 'cancelled',
      cancelledOn: expect.any(Number),
    });
    expect(await available(base)).toBe(2);
    expect(await stock(websiteId).reservations()).toEqual([]);
    const giftCard = await runInDurableObject(
      store,
      (_instance, state) =>
        state.storage.sql
          .exec<{ b: number }>('SELECT balance_cents AS b FROM gift_cards WHERE code = ?', GIFT_CARD)
          .one().b,
    );
    expect(giftCard).toBe(1000);
    expect((await second.json('PUT', CHECKOUT, { discountCode: 'ONCE' })).status).toBe(200);
    expect((await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body).toMatchObject({
      isPurchased: false,
      orderId: null,
    });

    // The shopper comes back to the bank's page after the window: the store cancelled the payment, nothing is taken
    // (the page's clock is before the window's end, so it names the store's cancellation, not the lapse).
    expect(await paymentLedger().authenticate(paymentId, true, Date.now() + WINDOW_MS + 1000)).toMatchObject({
      status: 'canceled',
    });
    const page = await visitor.fetch(placed.body.order.payment.nextActionUrl ?? '');
    expect(await page.text()).toContain(AUTHENTICATION_CANCELLED);
    const answered = await visitor.fetch(placed.body.order.payment.nextActionUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'complete' }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(400);
    expect(await answered.text()).toContain(AUTHENTICATION_CANCELLED);
    expect((await paymentLedger().captured()).count).toBe(charged.count);
    expect(await store.order(placed.body.order.id)).toMatchObject({ status: 'cancelled' });
  });

  it('a success the provider reports after the window ended (Stripe) is refunded, and the order stays cancelled', {
    timeout: 60_000,
  }, async () => {
    const { websiteId, visitor } = await readyToPay('hoard-late.test', 2);
    const store = orders(websiteId);
    const placed = await placeOrder(visitor, CARD.action);
    const paymentId = paymentIdOf(placed.body.order.payment.nextActionUrl);
    // Authenticated just before the window ended, its webhook arriving after: the provider's cancel comes too late.
    expect(await paymentLedger().authenticate(paymentId, true)).toMatchObject({ status: 'succeeded' });
    expect(await store.endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    expect(await store.paymentSettled(websiteId, paymentId, 'succeeded')).toMatchObject({
      status: 'cancelled',
      paidOn: null,
    });
    expect(await paymentLedger().payment(paymentId)).toMatchObject({
      status: 'succeeded',
      refundedCents: placed.body.order.amountChargedCents,
    });
  });
});

describe('anonymous checkouts are bounded', () => {
  it('a checkout without an order is forgotten after hours, and a placement answer after a day', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('checkout-ttl.test');
    await standardRules(websiteId);
    const idle = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(idle)).status).toBe(200);
    const { visitor: buyer } = await shopperAtPayment(base);
    expect((await placeOrder(buyer)).status).toBe(201);
    const store = orders(websiteId);
    await runInDurableObject(store, (_instance, state) => {
      state.storage.sql.exec('UPDATE checkouts SET updated_at = updated_at - ?', CHECKOUT_KEEP_MS + 1000);
      state.storage.sql.exec('UPDATE placements SET created_at = created_at - ?', 24 * 60 * 60 * 1000 + 1000);
      return state.storage.setAlarm(Date.now());
    });
    await runDurableObjectAlarm(store);
    expect(await checkoutRows(websiteId)).toEqual([]);
    expect(
      await runInDurableObject(
        store,
        (_instance, state) => state.storage.sql.exec('SELECT 1 FROM placements').toArray().length,
      ),
    ).toBe(0);
  });

  it(`a website keeps at most ${MAX_CHECKOUTS} checkouts: a new one forgets the oldest without a pending order`, {
    timeout: 90_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('checkout-cap.test');
    const store = orders(websiteId);
    const old = Date.now() - 60 * 60 * 1000;
    await runInDurableObject(store, (_instance, state) => {
      state.storage.transactionSync(() => {
        for (let i = 0; i < MAX_CHECKOUTS; i++) {
          state.storage.sql.exec(
            'INSERT INTO checkouts (cart_id, data, updated_at) VALUES (?, ?, ?)',
            `filler-${String(i).padStart(5, '0')}`,
            '{}',
            old + i,
          );
        }
        // The oldest is being paid for: its details stay for the shopper to pay again if the payment fails.
        state.storage.sql.exec(
          "INSERT INTO orders (id, number, status, cart_id, payment_id, discount_code, token_hash, created_at, data) VALUES ('ord_pending', 1001, 'pending', 'filler-00000', NULL, NULL, '', ?, '{}')",
          old,
        );
      });
    });
    const shopperNow = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(shopperNow)).status).toBe(200);
    const rows = await checkoutRows(websiteId);
    expect(rows).toHaveLength(MAX_CHECKOUTS);
    expect(rows).toContain('filler-00000');
    expect(rows).not.toContain('filler-00001');
    expect(rows).toContain(shopperNow.cookies.get('CART'));
  });
});
