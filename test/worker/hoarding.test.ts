/**
 * Nobody hoards stock, and anonymous checkouts cannot fill the orders object (issue 29): a checkout
 * only checks the stock (reserve at payment, not before), one visitor has at most
 * MAX_RESERVED_UNITS_PER_VISITOR units reserved at once, a payment waiting for authentication gives
 * everything back when its window ends (and a later authentication is refused or refunded), a
 * checkout without an order lives hours and a website keeps at most MAX_CHECKOUTS of them. Then the money suite, the
 * same issue's attacks on the store's money (what was money-attacks.test.ts; one file, one workerd, issue 30).
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
  type Checkout,
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
  ADDRESS,
  merchant,
  skuOf,
} from './checkout-support';
import type { Order } from '../../src/commerce/order';
import { GIFT_CARD_MESSAGES } from '../../src/commerce/gift-cards';
import type { Visitor } from './visitor';

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
    timeout: 120_000,
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
    timeout: 120_000,
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
    timeout: 120_000,
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
    timeout: 120_000,
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

/**
 * The money suite (issue 29): attacks on the store's money played as an attacker would, against the
 * worker's HTTP API, each ending with nothing taken for free.
 */
describe('money-attacks', () => {
  const ATTACKER = 'mallory@example.com';
  const GIFT_CARD_100 = { itemId: 'p-gift-card', sku: skuOf('gift-card', 2), quantity: 1 };
  const TOTE = { itemId: 'p-canvas-tote', sku: skuOf('canvas-tote'), quantity: 1 };
  const EBOOK = { itemId: 'p-recipe-ebook', quantity: 1 };

  /** The gift card codes mailed to the attacker so far, oldest first. */
  async function cardsMailed(websiteId: string): Promise<string[]> {
    await orders(websiteId).deliverEmail();
    const mails = (await orders(websiteId).mailbox()).filter(
      (m) => m.to === ATTACKER && ['You received a gift card', 'Your gift card'].includes(m.subject),
    );
    return mails.map((m) => /Gift card code: ([A-Z0-9-]+)/.exec(m.text)?.[1] ?? '');
  }

  /** Contact and address in, and the cheapest shipping option chosen when the order ships. */
  async function fillIn(visitor: Visitor): Promise<void> {
    const filled = await visitor.json<{ checkout: { requiresShipping: boolean; shippingOptions: { id: string }[] } }>(
      'PUT',
      CHECKOUT,
      { email: ATTACKER, shippingAddress: ADDRESS },
    );
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    if (filled.body.checkout.requiresShipping)
      expect(
        (await visitor.json('PUT', CHECKOUT, { shippingOptionId: filled.body.checkout.shippingOptions[0]?.id })).status,
      ).toBe(200);
  }

  describe('the money suite', () => {
    it('gift-card loop: a "$20 off $100+" code and a $100 card never buy a new card plus free goods', {
      timeout: 120_000,
    }, async () => {
      const { base, websiteId } = await storeOnHost('money-gift-loop.test');
      await standardRules(websiteId);
      const owner = await merchant(base, websiteId);
      expect(
        (
          await owner.json('POST', '/api/commerce/discounts', {
            code: 'LOOP20',
            kind: 'fixed',
            amountCents: 2000,
            minimumSubtotalCents: 10_000,
          })
        ).status,
      ).toBe(201);
      const placed: Order[] = [];

      // A $100 card, bought honestly.
      const first = await shopper(base, [GIFT_CARD_100]);
      expect((await startCheckout(first)).status).toBe(200);
      await fillIn(first);
      const bought = await placeOrder(first);
      expect(bought.status).toBe(201);
      placed.push(bought.body.order);
      const [cardA] = await cardsMailed(websiteId);

      // Round 1: a new $100 card plus a tote, the code on the card-inflated subtotal, paid with card A.
      const round1 = await shopper(base, [GIFT_CARD_100, TOTE]);
      expect((await startCheckout(round1)).status).toBe(200);
      await fillIn(round1);
      expect((await round1.json('PUT', CHECKOUT, { discountCode: 'LOOP20' })).body).toMatchObject({
        errors: { discountCode: 'Add $82.00 more to use this code.' },
      });
      const withCard = await round1.json<{
        checkout: { discountCents: number; giftCardCents: number; amountDueCents: number };
      }>('PUT', CHECKOUT, { giftCardCode: cardA });
      expect(withCard.status).toBe(200);
      // Card A pays the tote, its shipping and tax; the new card is paid by card.
      expect(withCard.body.checkout).toMatchObject({
        discountCents: 0,
        giftCardCents: 1800 + 500 + 113,
        amountDueCents: 10_000,
      });
      const r1 = await placeOrder(round1);
      expect(r1.status, JSON.stringify(r1.body)).toBe(201);
      placed.push(r1.body.order);
      const cardB = (await cardsMailed(websiteId))[1];

      // Round 2: a new $100 card plus the e-book, paid with card B.
      const round2 = await shopper(base, [GIFT_CARD_100, EBOOK]);
      expect((await startCheckout(round2)).status).toBe(200);
      await fillIn(round2);
      expect((await round2.json('PUT', CHECKOUT, { discountCode: 'LOOP20' })).body).toMatchObject({
        errors: { discountCode: 'Add $91.00 more to use this code.' },
      });
      expect((await round2.json('PUT', CHECKOUT, { giftCardCode: cardB })).status).toBe(200);
      const r2 = await placeOrder(round2);
      expect(r2.status, JSON.stringify(r2.body)).toBe(201);
      placed.push(r2.body.order);
      const cardC = (await cardsMailed(websiteId))[2];

      // Round 3: a gift card alone cannot be paid with a gift card.
      const round3 = await shopper(base, [GIFT_CARD_100]);
      expect((await startCheckout(round3)).status).toBe(200);
      await fillIn(round3);
      expect((await round3.json('PUT', CHECKOUT, { giftCardCode: cardC })).body).toMatchObject({
        errors: { giftCardCode: GIFT_CARD_MESSAGES.notForGiftCards },
      });

      // The books: what the attacker paid by card equals the goods at their price, shipping, tax and the balances left.
      const balances: number[] = [];
      for (const code of [cardA, cardB, cardC]) {
        const probe = await shopper(base, [TOTE]);
        await startCheckout(probe);
        const view = await probe.json<{ checkout: { giftCard: { balanceCents: number } } }>('PUT', CHECKOUT, {
          giftCardCode: code,
        });
        balances.push(view.body.checkout.giftCard.balanceCents);
      }
      expect(balances).toEqual([10_000 - 2413, 10_000 - 900 - 56, 10_000]);
      const charged = placed.reduce((sum, o) => sum + o.amountChargedCents, 0);
      const goods = placed
        .flatMap((o) => o.entries)
        .filter((e) => e.productType !== 4)
        .reduce((sum, e) => sum + e.subtotalCents, 0);
      const extras = placed.reduce((sum, o) => sum + o.shippingCostCents + o.taxCents, 0);
      expect(placed.map((o) => o.discountCents)).toEqual([0, 0, 0]);
      expect(charged).toBe(30_000);
      expect(charged).toBe(goods + extras + balances.reduce((a, b) => a + b, 0));
    });

    it('stale price: a candle added during a 50¢ pricing mistake is bought at the corrected $32, and the shopper is told first', {
      timeout: 120_000,
    }, async () => {
      const { base, websiteId } = await storeOnHost('money-stale-price.test');
      await standardRules(websiteId);
      const owner = await merchant(base, websiteId);
      const setPrice = async (cents: number) =>
        expect(
          (
            await owner.json('POST', '/api/console/products/bulk', {
              ids: [CANDLE.itemId],
              change: { kind: 'price', mode: 'set', amount: cents },
            })
          ).status,
        ).toBe(200);
      await setPrice(50);
      const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
      await setPrice(3200);

      const started = await startCheckout(visitor);
      expect(started.status).toBe(200);
      expect(started.body.checkout).toMatchObject({
        subtotalCents: 6400,
        priceChanges: [{ title: 'Cedar Candle', fromCents: 50, toCents: 3200 }],
      });
      // The cart itself now has the catalogue's price.
      const cart = await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart');
      expect(cart.body.entries[0]?.purchasePriceCents).toBe(3200);
      // The notice stays for the rest of the checkout.
      const filled = await fillCheckout(visitor);
      expect(filled.priceChanges).toEqual(started.body.checkout.priceChanges);
      const placed = await placeOrder(visitor);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.order).toMatchObject({
        subtotalCents: 6400,
        entries: [{ unitPriceCents: 3200, quantity: 2 }],
      });
    });

    it('stale price: a price that moves after the shopper last looked is refused with 409 and the new totals, then placed at what they saw', {
      timeout: 120_000,
    }, async () => {
      const { base, websiteId } = await storeOnHost('money-moved-price.test');
      await standardRules(websiteId);
      const owner = await merchant(base, websiteId);
      const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
      expect((await startCheckout(visitor)).status).toBe(200);
      expect(await fillCheckout(visitor)).toMatchObject({
        subtotalCents: 3200,
        grandTotalCents: 3200 + 500 + 200,
        priceChanges: [],
      });
      expect(
        (
          await owner.json('POST', '/api/console/products/bulk', {
            ids: [CANDLE.itemId],
            change: { kind: 'price', mode: 'set', amount: 4000 },
          })
        ).status,
      ).toBe(200);

      const refused = await placeOrder(visitor);
      expect(refused.status).toBe(409);
      const body = refused.body as unknown as { error: string; checkout: Checkout };
      expect(body.error).toBe(CHECKOUT_MESSAGES.totalsChanged);
      expect(body.checkout).toMatchObject({
        subtotalCents: 4000,
        grandTotalCents: 4000 + 500 + 250,
        priceChanges: [{ fromCents: 3200, toCents: 4000 }],
      });
      // Nothing was charged; the shopper reviews the order (the page reloads the checkout) and places it at the new price.
      expect((await startCheckout(visitor)).body.checkout).toMatchObject({
        grandTotalCents: 4750,
        priceChanges: [{ fromCents: 3200, toCents: 4000 }],
      });
      const placed = await placeOrder(visitor);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.order).toMatchObject({ grandTotalCents: 4750, amountChargedCents: 4750 });
    });
  });
});
