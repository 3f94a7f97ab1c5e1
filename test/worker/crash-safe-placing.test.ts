/**
 * Placing an order survives a kill at any instant (issue 29): the orders object is aborted between
 * each pair of steps (the `kill` fault at src/durable/orders.ts's fault points, which calls
 * `ctx.abort()`), or from outside while its charge is on the way, and the shopper's retry with the
 * same Idempotency-Key gets the answer an uninterrupted run gives: one paid order, one charge, each
 * unit sold once, the gift card debited once, the cart purchased. Also: the same key after a paid
 * order answers the same 201, even once the paid answer deleted the cart cookie.
 */
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import { CLAIM_SETTLES_MS } from '../../src/durable/cart';
import { MAX_RESERVED_UNITS_PER_VISITOR, PLACE_MESSAGES, UNITS_HELD_MS } from '../../src/durable/orders/model';
import { cartStub } from '../../src/durable/stubs';
import { env } from 'cloudflare:workers';
import { clearFaults, injectedFaults, injectFaults } from '../../src/faults';
import {
  available,
  CANDLE,
  CARD,
  ENTRIES,
  fillCheckout,
  orders,
  paymentLedger,
  placeOrder,
  readyToPay,
  shopperAtPayment,
  startCheckout,
  stock,
} from './checkout-support';
import type { Visitor } from './visitor';

afterEach(() => clearFaults());

const GIFT_CARD = 'ABCD-EFGH-JKLM-NPQR';

/** A gift card worth `cents` in the website's orders object. */
async function giftCard(websiteId: string, cents: number): Promise<void> {
  await runInDurableObject(orders(websiteId), (_instance, state) => {
    state.storage.sql.exec(
      'INSERT INTO gift_cards (code, initial_cents, balance_cents, order_id, created_at) VALUES (?, ?, ?, ?, ?)',
      GIFT_CARD,
      cents,
      cents,
      'ord_test',
      Date.now(),
    );
  });
}

async function giftCardBalance(websiteId: string): Promise<number> {
  return runInDurableObject(
    orders(websiteId),
    (_instance, state) =>
      state.storage.sql.exec<{ b: number }>('SELECT balance_cents AS b FROM gift_cards WHERE code = ?', GIFT_CARD).one()
        .b,
  );
}

async function orderCount(websiteId: string): Promise<number> {
  return (await orders(websiteId).orders(null, null)).orders.length;
}

/** What must hold after one order of one candle (of `stockLevel`) paid with a $10 gift card and the card, whatever happened on the way. */
async function expectPlacedOnce(
  host: { base: string; websiteId: string; cartId: string },
  order: Order,
  chargedBefore: { count: number; amountCents: number },
  stockLevel: number,
) {
  expect(order).toMatchObject({ status: 'paid', orderNumber: 1001, giftCardCents: 1000, amountChargedCents: 2900 });
  expect(await orderCount(host.websiteId)).toBe(1);
  const charged = await paymentLedger().captured();
  expect(charged.count - chargedBefore.count).toBe(1);
  expect(charged.amountCents - chargedBefore.amountCents).toBe(2900);
  expect(await giftCardBalance(host.websiteId)).toBe(0);
  expect(await available(host.base)).toBe(stockLevel - 1);
  expect(await stock(host.websiteId).reservations()).toEqual([]);
  expect(await cartStub(env, host.websiteId, host.cartId).read()).toMatchObject({ orderId: order.id });
}

async function readyWithGiftCard(
  host: string,
  stockLevel: number,
): Promise<{ base: string; websiteId: string; visitor: Visitor; cartId: string }> {
  const ready = await readyToPay(host, stockLevel);
  await giftCard(ready.websiteId, 1000);
  await fillCheckout(ready.visitor, { giftCardCode: GIFT_CARD });
  return ready;
}

describe('a kill between two steps of placing an order, then the retry with the same key', () => {
  const steps = ['journaled', 'reserved', 'charging', 'charged', 'recorded', 'stock'] as const;
  for (const step of steps) {
    it(`killed at "${step}": the retry answers the paid order; one charge, one sale, one gift card debit`, {
      timeout: 120_000,
    }, async () => {
      const ready = await readyWithGiftCard(`kill-${step}.test`, 3);
      const before = await paymentLedger().captured();
      const key = crypto.randomUUID();
      injectFaults([{ target: 'durable-object', mode: 'kill', name: `CommerceOrders.place:${step}`, times: 1 }]);
      const killed = await placeOrder(ready.visitor, CARD.ok, key);
      // A paid order is answered before its follow-up (the stock sale, the cart) ends: a kill there comes after the answer.
      if (step === 'stock') expect(killed.status).toBe(201);
      else expect(killed.status).toBeGreaterThanOrEqual(500);
      clearFaults();
      const retried = await placeOrder(ready.visitor, CARD.ok, key, { cartToken: ready.cartId });
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      await expectPlacedOnce(ready, retried.body.order, before, 3);
      expect(await placeOrder(ready.visitor, CARD.ok, key, { cartToken: ready.cartId })).toEqual(retried);
    });
  }

  it('a kill with no retry: the alarm finishes the placement, and the key then answers it', {
    timeout: 120_000,
  }, async () => {
    const ready = await readyWithGiftCard('kill-no-retry.test', 3);
    const before = await paymentLedger().captured();
    const key = crypto.randomUUID();
    injectFaults([{ target: 'durable-object', mode: 'kill', name: 'CommerceOrders.place:charged', times: 1 }]);
    expect((await placeOrder(ready.visitor, CARD.ok, key)).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    expect(await orders(ready.websiteId).finishInterrupted(ready.websiteId, Date.now() + 60_000)).toBe(1);
    const answered = await placeOrder(ready.visitor, CARD.ok, key, { cartToken: ready.cartId });
    expect(answered.status).toBe(201);
    await expectPlacedOnce(ready, answered.body.order, before, 3);
  });

  it('a kill after the order was recorded, with no retry: the alarm sells its units and marks its cart', {
    timeout: 120_000,
  }, async () => {
    const ready = await readyWithGiftCard('kill-follow-up.test', 3);
    const before = await paymentLedger().captured();
    const key = crypto.randomUUID();
    injectFaults([{ target: 'durable-object', mode: 'kill', name: 'CommerceOrders.place:recorded', times: 1 }]);
    expect((await placeOrder(ready.visitor, CARD.ok, key)).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    expect(await orders(ready.websiteId).finishInterrupted(ready.websiteId, Date.now() + 60_000)).toBe(1);
    const order = (await orders(ready.websiteId).orders(null, null)).orders[0];
    await expectPlacedOnce(ready, { ...order!, confirmationUrl: undefined } as Order, before, 3);
  });

  for (const step of ['charged', 'declined'] as const) {
    it(`a declined card killed at "${step}": the retry answers the same 402, nothing held, nothing taken`, {
      timeout: 120_000,
    }, async () => {
      const ready = await readyWithGiftCard(`kill-declined-${step}.test`, 3);
      const before = await paymentLedger().captured();
      const key = crypto.randomUUID();
      injectFaults([{ target: 'durable-object', mode: 'kill', name: `CommerceOrders.place:${step}`, times: 1 }]);
      expect((await placeOrder(ready.visitor, CARD.declined, key)).status).toBeGreaterThanOrEqual(500);
      clearFaults();
      const declined = { status: 402, body: { error: 'Your card was declined.', code: 'card_declined' } };
      expect(await placeOrder(ready.visitor, CARD.declined, key)).toEqual(declined);
      expect(await placeOrder(ready.visitor, CARD.declined, key)).toEqual(declined);
      expect(await stock(ready.websiteId).reservations()).toEqual([]);
      expect(await available(ready.base)).toBe(3);
      expect(await giftCardBalance(ready.websiteId)).toBe(1000);
      expect(await orderCount(ready.websiteId)).toBe(0);
      expect((await paymentLedger().captured()).count).toBe(before.count);
    });
  }

  it('a payment waiting for authentication, killed after it was recorded: the retry answers it pending, its units held for the window only', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor, cartId } = await readyToPay('kill-pending.test', 3);
    const key = crypto.randomUUID();
    injectFaults([{ target: 'durable-object', mode: 'kill', name: 'CommerceOrders.place:recorded', times: 1 }]);
    expect((await placeOrder(visitor, CARD.action, key)).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    const retried = await placeOrder(visitor, CARD.action, key);
    expect(retried.status).toBe(201);
    expect(retried.body.order).toMatchObject({ status: 'pending', payment: { status: 'requires_action' } });
    expect(await available(base)).toBe(2);
    const [held] = await stock(websiteId).reservations();
    expect(held).toMatchObject({ owner: `order:${retried.body.order.id}`, quantity: 1 });
    expect(held?.expiresOn).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(await cartStub(env, websiteId, cartId).read()).toMatchObject({ orderId: retried.body.order.id });
  });

  // A `fail` rather than a `kill`: the payment's record must be on disk when the step after it dies, as the output gate makes it before any call leaves the object.
  it('a payment authenticated later, cut off after the payment was recorded: the alarm sells its units, which never lapse back on sale', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('kill-settle.test', 3);
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.body.order).toMatchObject({ status: 'pending' });
    const paymentId = decodeURIComponent(placed.body.order.payment.nextActionUrl?.split('/').pop() ?? '');
    await paymentLedger().authenticate(paymentId, true);
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'CommerceOrders.settle:recorded', times: 1 }]);
    const cutOff = await orders(websiteId)
      .paymentSettled(websiteId, paymentId, 'succeeded')
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(cutOff)).toContain('CommerceOrders.settle:recorded');
    clearFaults();
    expect(await orders(websiteId).order(placed.body.order.id)).toMatchObject({ status: 'paid' });
    expect(await orders(websiteId).finishInterrupted(websiteId, Date.now() + 60_000)).toBe(1);
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(await available(base)).toBe(2);
    // Past the payment window the sold unit stays sold (before, its hold lapsed and it went on sale again).
    await runInDurableObject(stock(websiteId), (instance) => instance.alarm());
    expect(await available(base)).toBe(2);
  });

  it('the object aborted from outside while its charge is on the way: the retry answers the order and debits the gift card once', {
    timeout: 120_000,
  }, async () => {
    const ready = await readyWithGiftCard('abort-charging.test', 3);
    const before = await paymentLedger().captured();
    const key = crypto.randomUUID();
    injectFaults([{ target: 'payments', mode: 'slow', delayMs: 1500, times: 1 }]);
    const first = placeOrder(ready.visitor, CARD.ok, key);
    // Aborted once the charge is on its way (held 1.5 s by the fault), not after a fixed time that a loaded machine outlasts.
    await expect.poll(() => injectedFaults()['payments:slow'] ?? 0, { timeout: 30_000, interval: 20 }).toBe(1);
    await expect(
      runInDurableObject(orders(ready.websiteId), (_instance, state) => state.abort('deploy')),
    ).rejects.toThrow('deploy');
    expect((await first).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    const retried = await placeOrder(ready.visitor, CARD.ok, key, { cartToken: ready.cartId });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    await expectPlacedOnce(ready, retried.body.order, before, 3);
  });
});

describe('the same Idempotency-Key after a paid order', () => {
  it('answers the same 201, with the cart cookie the paid answer deleted and without it', {
    timeout: 120_000,
  }, async () => {
    const { base, visitor, cartId } = await readyToPay('replay-paid.test', 3);
    const key = crypto.randomUUID();
    const placed = await placeOrder(visitor, CARD.ok, key);
    expect(placed.status).toBe(201);
    expect(visitor.cookies.get('CART')).toBe('');
    // The answer was lost after its cookie deletion reached the browser: the retry names no cart.
    expect(await placeOrder(visitor, CARD.ok, key)).toEqual(placed);
    // ...or it kept the cookie.
    visitor.cookies.set('CART', cartId);
    expect(await placeOrder(visitor, CARD.ok, key)).toEqual(placed);
    // Another browser (another crumb) with the same key learns nothing.
    const { visitor: other } = await shopperAtPayment(base);
    other.cookies.delete('CART');
    expect((await placeOrder(other, CARD.ok, key)).status).toBe(404);
    expect(await available(base, CANDLE.itemId)).toBe(2);
  });
});

/** The cart's stored claim made `ms` older, as if its placement began that long ago (the object's kept copy dropped). */
async function ageClaim(websiteId: string, cartId: string, ms: number): Promise<void> {
  await runInDurableObject(cartStub(env, websiteId, cartId), (instance, state) => {
    const meta = JSON.parse(state.storage.sql.exec<{ data: string }>('SELECT data FROM meta').one().data);
    meta.claim.at -= ms;
    state.storage.sql.exec('UPDATE meta SET data = ?', JSON.stringify(meta));
    (instance as unknown as { self: { cached: unknown } }).self.cached = null;
  });
}

async function storedMeta(websiteId: string, cartId: string): Promise<{ orderId?: string | null; claim?: unknown }> {
  return runInDurableObject(cartStub(env, websiteId, cartId), (_instance, state) =>
    JSON.parse(state.storage.sql.exec<{ data: string }>('SELECT data FROM meta').one().data),
  );
}

describe("the place step's claim on the cart (issue 34: a purchase in 8 object calls)", () => {
  it('a claim whose placement never reached the orders object holds the cart, then gives it back once it is old', {
    timeout: 120_000,
  }, async () => {
    const { websiteId, visitor, cartId } = await readyToPay('claim-lost.test', 3);
    // The route claimed the cart and was cut off before it asked the orders object.
    expect(await cartStub(env, websiteId, cartId).claim('lost-placement-key')).toMatchObject({ claimed: 'new' });
    const add = await visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 });
    expect(add).toMatchObject({ status: 400, body: { error: CART_MESSAGES.cartOrdered } });
    expect(await placeOrder(visitor, CARD.ok)).toMatchObject({
      status: 409,
      body: { error: CHECKOUT_MESSAGES.inProgress },
    });
    await ageClaim(websiteId, cartId, CLAIM_SETTLES_MS);
    const placed = await placeOrder(visitor, CARD.ok);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await cartStub(env, websiteId, cartId).read()).toMatchObject({ orderId: placed.body.order.id });
  });

  it('a paid order leaves its cart claimed, and an old claim read again asks the orders object and becomes the order', {
    timeout: 120_000,
  }, async () => {
    const { websiteId, visitor, cartId } = await readyToPay('claim-paid.test', 3);
    const placed = await placeOrder(visitor, CARD.ok);
    expect(placed.status).toBe(201);
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ claim: { orderId: placed.body.order.id } });
    await ageClaim(websiteId, cartId, CLAIM_SETTLES_MS);
    expect(await cartStub(env, websiteId, cartId).read()).toMatchObject({
      isPurchased: true,
      orderId: placed.body.order.id,
    });
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ orderId: placed.body.order.id, claim: null });
    visitor.cookies.set('CART', cartId);
    expect(await visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).toMatchObject({
      status: 400,
      body: { error: CART_MESSAGES.cartOrdered },
    });
  });

  it("the paid order's key sent again once its answer is forgotten: the old claim is asked about, and the cart stays the order's", {
    timeout: 120_000,
  }, async () => {
    const { websiteId, visitor, cartId } = await readyToPay('claim-forgotten.test', 3);
    const key = crypto.randomUUID();
    const placed = await placeOrder(visitor, CARD.ok, key);
    expect(placed.status).toBe(201);
    // A day later: the key's answer is gone (PLACEMENT_KEEP_MS), the claim never read since.
    await ageClaim(websiteId, cartId, CLAIM_SETTLES_MS);
    await runInDurableObject(orders(websiteId), (_instance, state) => {
      state.storage.sql.exec('DELETE FROM placements');
    });
    visitor.cookies.set('CART', cartId);
    expect(await placeOrder(visitor, CARD.ok, key)).toMatchObject({
      status: 409,
      body: { error: CHECKOUT_MESSAGES.purchased },
    });
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ orderId: placed.body.order.id, claim: null });
    expect(await orderCount(websiteId)).toBe(1);
  });

  it("a paid order's key sent again after the isolate heard its last unit sold: the same 201, the cart still the order's", {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor, cartId } = await readyToPay('claim-heard-short.test', 1);
    const { visitor: loser } = await shopperAtPayment(base);
    const key = crypto.randomUUID();
    const placed = await placeOrder(visitor, CARD.ok, key);
    expect(placed.status).toBe(201);
    // The loser reaches the ledger, which refuses: the isolate has heard the candle is gone.
    expect((await placeOrder(loser, CARD.ok)).status).toBe(409);
    // The winner's answer was lost before its cookie deletion reached the browser.
    visitor.cookies.set('CART', cartId);
    expect(await placeOrder(visitor, CARD.ok, key)).toEqual(placed);
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ claim: { orderId: placed.body.order.id } });
  });

  it('a declined card gives the claim back at once: the cart takes changes and is bought with the next key', {
    timeout: 120_000,
  }, async () => {
    const { websiteId, visitor, cartId } = await readyToPay('claim-declined.test', 3);
    expect((await placeOrder(visitor, CARD.declined)).status).toBe(402);
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ claim: null });
    expect((await visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    expect((await startCheckout(visitor)).status).toBe(200);
    const placed = await placeOrder(visitor, CARD.ok);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.entries).toMatchObject([{ quantity: 2 }]);
  });
});

describe("the route holds a new placement's units at the stock ledger before the orders object (issue 34: losers told at once)", () => {
  /** The route's call to ORDERS.place fails: the route is cut off after it held the units, before the orders object. */
  const cutOffBeforePlace = () =>
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'ORDERS.place', times: 1 }]);

  it('a loser never reaches the orders object: the ledger refuses it with its message and what is left', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('losers-never-place.test', 1);
    const { visitor: loser, cartId } = await shopperAtPayment(base);
    expect((await placeOrder(visitor, CARD.ok)).status).toBe(201);
    // Any call of the orders object's from the route would fail: the loser's answer is the ledger's refusal.
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'ORDERS.' }]);
    const lost = await placeOrder(loser, CARD.ok);
    expect(injectedFaults()['durable-object:fail'] ?? 0).toBe(0);
    clearFaults();
    expect(lost).toEqual({
      status: 409,
      body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: [{ sku: CANDLE.sku, available: 0 }] },
    });
    // Its claim given back: the cart takes changes again.
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ claim: null });
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(await orderCount(websiteId)).toBe(1);
  });

  it('cut off after the hold, before ORDERS.place: the units are held for the claim only, and the retry places them once', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor, cartId } = await readyToPay('held-then-cut-off.test', 3);
    const key = crypto.randomUUID();
    cutOffBeforePlace();
    expect((await placeOrder(visitor, CARD.ok, key)).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    const [held] = await stock(websiteId).reservations();
    expect(held).toMatchObject({ sku: CANDLE.sku, quantity: 1 });
    expect(held?.expiresOn).toBeLessThanOrEqual(Date.now() + UNITS_HELD_MS);
    expect(await available(base)).toBe(2);
    // The same key: the claim is this key's, so the route holds nothing again; the orders object reserves for itself
    // under the same order's name (replacing the hold, never adding to it) and sells the one unit.
    const retried = await placeOrder(visitor, CARD.ok, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(held?.owner).toBe(`order:${retried.body.order.id}`);
    await expect.poll(() => stock(websiteId).reservations(), { timeout: 20_000 }).toEqual([]);
    expect(await available(base)).toBe(2);
    expect(await orderCount(websiteId)).toBe(1);
    expect(await cartStub(env, websiteId, cartId).read()).toMatchObject({ orderId: retried.body.order.id });
  });

  it('cut off after the hold, with no retry: the claim settling as unknown gives the units back with the cart', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor, cartId } = await readyToPay('held-never-placed.test', 3);
    cutOffBeforePlace();
    expect((await placeOrder(visitor, CARD.ok)).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    expect(await stock(websiteId).reservations()).toHaveLength(1);
    await ageClaim(websiteId, cartId, CLAIM_SETTLES_MS);
    expect(await cartStub(env, websiteId, cartId).read()).toMatchObject({ isPurchased: false });
    expect(await storedMeta(websiteId, cartId)).toMatchObject({ claim: null });
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(await available(base)).toBe(3);
  });

  it("cut off after the hold: the units held count against the visitor's cap, so their next placement is refused at the ledger", {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('held-counted.test', 30, MAX_RESERVED_UNITS_PER_VISITOR);
    cutOffBeforePlace();
    expect((await placeOrder(visitor, CARD.ok)).status).toBeGreaterThanOrEqual(500);
    clearFaults();
    // The same visitor (their crumb) with another cart: one unit more than they may hold, the orders object never asked.
    visitor.cookies.delete('CART');
    expect((await visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    expect((await startCheckout(visitor)).status).toBe(200);
    await fillCheckout(visitor);
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'ORDERS.place' }]);
    const refused = await placeOrder(visitor, CARD.ok);
    expect(injectedFaults()['durable-object:fail'] ?? 0).toBe(0);
    clearFaults();
    expect(refused).toEqual({ status: 409, body: { error: PLACE_MESSAGES.tooManyHeld } });
    expect(await stock(websiteId).reservations()).toMatchObject([{ quantity: MAX_RESERVED_UNITS_PER_VISITOR }]);
    expect(await available(base)).toBe(30 - MAX_RESERVED_UNITS_PER_VISITOR);
  });

  it('a placement the orders object refuses after the hold gives the units back (the totals changed)', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId, visitor } = await readyToPay('held-then-refused.test', 3);
    // The shopper last saw other totals (the tax rate changed since): the orders object refuses before it journals
    // anything. Changed through the object: it keeps its checkouts in memory (orders/checkout.ts).
    const [illinois] = await orders(websiteId).taxRates();
    if (illinois === undefined) throw new Error('the usual rules have a tax rate');
    const { id, ...rate } = illinois;
    await orders(websiteId).saveRate('tax', id, { ...rate, ratePercent: '7.25' });
    const refused = await placeOrder(visitor, CARD.ok);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toBe(CHECKOUT_MESSAGES.totalsChanged);
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(await available(base)).toBe(3);
  });
});
