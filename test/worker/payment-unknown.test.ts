/**
 * A charge whose answer is lost (issue 16, the money bug): Stripe charged the card, then the call
 * timed out or answered 5xx. The order stays pending with its payment unknown and its stock held,
 * the shopper's retry with the same Idempotency-Key asks Stripe again with the same key (Stripe
 * replays the first charge), the alarm does the same with backoff, and the webhook settles the
 * order to paid exactly once. All against the local fake of Stripe's API.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ShoppingCart } from '../../src/commerce/cart';
import type { Order } from '../../src/commerce/order';
import {
  available,
  CANDLE,
  deliverStripeEvent,
  orders,
  placeWithStripe,
  readyToPay,
  startCheckout,
  stock,
  useFakeStripe,
} from './checkout-support';
import type { FakeStripe } from './fake-stripe';

function onlyIntent(fake: FakeStripe) {
  expect(fake.intents.size).toBe(1);
  const [intent] = fake.intents.values();
  if (intent === undefined) throw new Error('no intent');
  return intent;
}

function quietly() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('a charge whose answer is lost', () => {
  it('charged, then timed out: 202 pending and unknown, stock held, cart kept; the retry with the same key gets the same charge and the order is paid once', async () => {
    const fake = useFakeStripe();
    quietly();
    const { base, websiteId, visitor, cartId } = await readyToPay('lost-answer.test');
    const key = crypto.randomUUID();
    fake.failNext(1, 'timeout');
    const first = await placeWithStripe(visitor, 'pm_card_visa', key);
    expect(first.status).toBe(202);
    expect(first.retryAfter).toBe('5');
    expect(first.body.order).toMatchObject({
      status: 'pending',
      paidOn: null,
      payment: { provider: 'stripe', status: 'unknown', nextActionUrl: null },
      orderNumber: null,
    });
    expect(fake.charges).toBe(1);
    expect(visitor.cookies.get('CART')).toBe(cartId);
    expect(await available(base)).toBe(1);
    expect(await stock(websiteId).reservations()).toEqual([
      { owner: `order:${first.body.order.id}`, sku: CANDLE.sku, quantity: 1, expiresOn: expect.any(Number) },
    ]);

    const retried = await placeWithStripe(visitor, 'pm_card_visa', key);
    expect(retried.status).toBe(201);
    const paid = retried.body.order;
    expect(paid).toMatchObject({
      id: first.body.order.id,
      orderNumber: 1001,
      status: 'paid',
      payment: { status: 'succeeded' },
      confirmationUrl: first.body.order.confirmationUrl,
    });
    expect(fake.charges).toBe(1);
    const intent = onlyIntent(fake);
    expect(intent.metadata).toMatchObject({ websiteId, orderId: paid.id, cartId });
    const keys = fake.requests.filter((r) => r.path === '/v1/payment_intents').map((r) => r.idempotencyKey);
    expect(keys).toEqual([`${websiteId}:${cartId}:${key}`, `${websiteId}:${cartId}:${key}`]);
    expect(visitor.cookies.get('CART')).toBe('');
    expect(await available(base)).toBe(1);
    expect(await stock(websiteId).reservations()).toEqual([]);

    // Stripe's webhook arrives afterwards: nothing changes.
    expect(await deliverStripeEvent(base, await fake.event('payment_intent.succeeded', intent))).toBe(200);
    expect(await placeWithStripe(visitor, 'pm_card_visa', key, { cartToken: cartId })).toEqual(retried);
    expect(await available(base)).toBe(1);
    await orders(websiteId).deliverEmail();
    expect((await orders(websiteId).mailbox()).map((m) => m.subject)).toEqual([`Order #${paid.orderNumber} confirmed`]);
  });

  it('charged, then 500: the webhook reconciles the pending order to paid exactly once, and the retry answers it without charging again', async () => {
    const fake = useFakeStripe();
    quietly();
    const { base, websiteId, visitor } = await readyToPay('webhook-first.test');
    const key = crypto.randomUUID();
    fake.failNext(1, 500);
    const first = await placeWithStripe(visitor, 'pm_card_visa', key);
    expect(first.status).toBe(202);
    const { id } = first.body.order;
    const event = await fake.event('payment_intent.succeeded', onlyIntent(fake));
    expect(await deliverStripeEvent(base, event)).toBe(200);
    expect(await deliverStripeEvent(base, event)).toBe(200);
    const settled = await orders(websiteId).order(id);
    expect(settled).toMatchObject({ status: 'paid', paidOn: expect.any(Number), payment: { status: 'succeeded' } });
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(await available(base)).toBe(1);

    const retried = await placeWithStripe(visitor, 'pm_card_visa', key);
    expect(retried.status).toBe(201);
    expect(retried.body.order).toMatchObject({ id, status: 'paid', confirmationUrl: first.body.order.confirmationUrl });
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
    expect(fake.charges).toBe(1);
    expect(await available(base)).toBe(1);
    await orders(websiteId).deliverEmail();
    expect((await orders(websiteId).mailbox()).map((m) => m.subject)).toEqual([
      `Order #${settled?.orderNumber} confirmed`,
    ]);
    // The buyer's page of the order, reached from the received page, drops the cart cookie once it is paid.
    const token = new URL(first.body.order.confirmationUrl ?? '', base).searchParams.get('token');
    expect(
      (await visitor.json<{ order: Order }>('GET', `/api/commerce/orders/${id}?token=${token}`)).body.order.status,
    ).toBe('paid');
    expect(visitor.cookies.get('CART')).toBe('');
  });

  it('Stripe down before it charged: the alarm asks again with backoff and the same key, and the order is paid when Stripe answers', async () => {
    const fake = useFakeStripe();
    quietly();
    const { base, websiteId, visitor } = await readyToPay('alarm-retry.test');
    const key = crypto.randomUUID();
    fake.failNext(2, 503, 'before');
    const first = await placeWithStripe(visitor, 'pm_card_visa', key);
    expect(first.status).toBe(202);
    expect(fake.charges).toBe(0);
    const start = Date.now();
    expect(await orders(websiteId).retryDueCharges(websiteId, start + 10_000)).toBe(0);
    expect(await orders(websiteId).retryDueCharges(websiteId, start + 31_000)).toBe(1);
    expect(await orders(websiteId).order(first.body.order.id)).toMatchObject({
      status: 'pending',
      payment: { status: 'unknown' },
    });
    // The second attempt failed too: the next waits twice as long.
    expect(await orders(websiteId).retryDueCharges(websiteId, start + 80_000)).toBe(0);
    expect(await orders(websiteId).retryDueCharges(websiteId, start + 100_000)).toBe(1);
    expect(await orders(websiteId).order(first.body.order.id)).toMatchObject({
      status: 'paid',
      payment: { status: 'succeeded' },
    });
    expect(fake.charges).toBe(1);
    expect(new Set(fake.requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect((await placeWithStripe(visitor, 'pm_card_visa', key)).body.order).toMatchObject({ status: 'paid' });
    expect(fake.charges).toBe(1);
    expect(await available(base)).toBe(1);
  });

  it('unknown, then declined on the retry: 402, nothing charged, the order cancelled, its stock released and the cart open to pay again', async () => {
    const fake = useFakeStripe();
    quietly();
    const { base, websiteId, visitor, cartId } = await readyToPay('unknown-declined.test');
    const key = crypto.randomUUID();
    fake.failNext(1, 'timeout', 'before');
    const first = await placeWithStripe(visitor, 'pm_card_chargeDeclined', key);
    expect(first.status).toBe(202);
    const declined = await placeWithStripe(visitor, 'pm_card_chargeDeclined', key);
    expect(declined).toMatchObject({ status: 402, body: { error: 'Your card was declined.', code: 'card_declined' } });
    expect(await orders(websiteId).order(first.body.order.id)).toMatchObject({ status: 'cancelled', paidOn: null });
    expect(fake.charges).toBe(0);
    expect(await stock(websiteId).reservations()).toEqual([]);
    expect(visitor.cookies.get('CART')).toBe(cartId);
    expect((await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body).toMatchObject({
      orderId: null,
      isPurchased: false,
      entries: [{ itemId: CANDLE.itemId }],
    });
    expect((await startCheckout(visitor)).body.checkout).toMatchObject({
      email: 'ada@example.com',
      shippingAddress: { city: 'Springfield' },
    });
    expect((await placeWithStripe(visitor, 'pm_card_visa', crypto.randomUUID())).body.order).toMatchObject({
      status: 'paid',
    });
    expect(fake.charges).toBe(1);
    expect(await available(base)).toBe(1);
  });
});

describe('refunds through Stripe', () => {
  it('carry the website id in their idempotency key, and a repeated refund refunds once', async () => {
    const fake = useFakeStripe();
    const { websiteId, visitor } = await readyToPay('refund-key.test');
    const placed = await placeWithStripe(visitor, 'pm_card_visa', crypto.randomUUID());
    expect(placed.status).toBe(201);
    const { id, grandTotalCents } = placed.body.order;
    expect(await orders(websiteId).refund(websiteId, id, { restock: true })).toMatchObject({
      ok: true,
      value: { status: 'refunded' },
    });
    expect(await orders(websiteId).refund(websiteId, id, { restock: true })).toMatchObject({
      ok: false,
      error: 'not-refundable',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).toEqual([
      `${websiteId}:refund:${id}`,
    ]);
    expect(onlyIntent(fake).amount_refunded).toBe(grandTotalCents);
  });
});
