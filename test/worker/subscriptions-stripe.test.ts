/**
 * Subscription renewals through Stripe (issue 16), against the local fake of its API: the first
 * order saves the card to a Customer (`setup_future_usage=off_session`), each renewal charges it
 * off-session with one idempotency key per cycle, a renewal whose answer is lost is asked again
 * with the same key (never a second charge), and a card that needs authentication off-session is
 * not renewed.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/commerce/order';
import {
  ADDRESS,
  deliverStripeEvent,
  orders,
  skuOf,
  standardRules,
  storeOnHost,
  useFakeStripe,
} from './checkout-support';
import { Visitor } from './visitor';

async function subscribe(host: string, paymentMethod: string) {
  const { base, websiteId } = await storeOnHost(host);
  await standardRules(websiteId);
  const visitor = await new Visitor(base).open('/shop');
  const added = await visitor.json<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', {
    itemId: 'p-tea-club',
    sku: skuOf('tea-club'),
    qty: 1,
  });
  const cartToken = added.body.cartToken;
  expect((await visitor.json('POST', '/api/commerce/checkout', { cartToken })).status).toBe(200);
  const filled = await visitor.json<{ checkout: { shippingOptions: { id: string }[] } }>(
    'PUT',
    '/api/commerce/checkout',
    { cartToken, email: 'tea@example.com', shippingAddress: ADDRESS },
  );
  await visitor.json('PUT', '/api/commerce/checkout', {
    cartToken,
    shippingOptionId: filled.body.checkout.shippingOptions[0]?.id,
  });
  const res = await visitor.fetch('/api/commerce/orders', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': visitor.crumb,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ cartToken, payment: { provider: 'stripe', token: paymentMethod } }),
  });
  expect(res.status).toBe(201);
  return { base, websiteId, first: ((await res.json()) as { order: Order }).order };
}

describe('subscription renewals through Stripe', () => {
  it('save the card to a customer at the first order and charge it off-session once per cycle, even when two runs race', {
    timeout: 120_000,
  }, async () => {
    const fake = useFakeStripe();
    const { websiteId, first } = await subscribe('stripe-subscription.test', 'pm_card_visa');
    expect(first.status).toBe('paid');
    expect(fake.customers.size).toBe(1);
    const [customer] = fake.customers.values();
    expect(customer).toMatchObject({ email: 'tea@example.com', metadata: { websiteId, orderId: first.id } });
    expect([...(customer?.paymentMethods ?? [])]).toEqual(['pm_card_visa']);
    const [firstIntent] = fake.intents.values();
    expect(firstIntent).toMatchObject({
      customer: customer?.id,
      setup_future_usage: 'off_session',
      off_session: false,
    });

    const store = orders(websiteId);
    const due = first.subscription?.nextBillingOn ?? 0;
    const runs = await Promise.all([store.renewDue(websiteId, due), store.renewDue(websiteId, due)]);
    expect(runs.reduce((sum, run) => sum + run.placed, 0)).toBe(1);
    const renewal = [...fake.intents.values()][1];
    expect(renewal).toMatchObject({
      customer: customer?.id,
      payment_method: 'pm_card_visa',
      off_session: true,
      setup_future_usage: null,
      amount: first.grandTotalCents,
      status: 'succeeded',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)?.idempotencyKey).toBe(
      `${websiteId}:sub_${first.id}:2`,
    );
    expect(fake.charges).toBe(2);
    expect((await store.orders(null, null, 1)).orders[0]).toMatchObject({
      status: 'paid',
      subscription: { cycle: 2 },
      payment: { provider: 'stripe', status: 'succeeded' },
    });
  });

  it('a renewal whose answer is lost is asked again later with the same key: one charge, one order', {
    timeout: 120_000,
  }, async () => {
    const fake = useFakeStripe();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { websiteId, first } = await subscribe('stripe-renewal-lost.test', 'pm_card_visa');
    const store = orders(websiteId);
    const due = first.subscription?.nextBillingOn ?? 0;
    fake.failNext(1, 'timeout');
    expect(await store.renewDue(websiteId, due)).toEqual({ placed: 0, failed: 0 });
    expect(fake.charges).toBe(2);
    expect(await store.renewDue(websiteId, due + 60_000)).toEqual({ placed: 0, failed: 0 });
    expect(await store.renewDue(websiteId, due + 5 * 60_000)).toEqual({ placed: 1, failed: 0 });
    expect(fake.charges).toBe(2);
    const keys = fake.requests
      .filter((r) => r.path === '/v1/payment_intents')
      .map((r) => r.idempotencyKey)
      .slice(1);
    expect(keys).toEqual([`${websiteId}:sub_${first.id}:2`, `${websiteId}:sub_${first.id}:2`]);
    expect((await store.orders(null, null, 5)).orders.map((o) => o.subscription?.cycle)).toEqual([2, 1]);
  });

  it('a card that needs authentication is saved after the shopper authenticates, and its off-session renewal is declined: no order, the shopper told', {
    timeout: 120_000,
  }, async () => {
    const fake = useFakeStripe();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base, websiteId, first } = await subscribe('stripe-renewal-3ds.test', 'pm_card_authenticationRequired');
    expect(first).toMatchObject({
      status: 'pending',
      payment: { status: 'requires_action', clientSecret: expect.any(String) },
    });
    const [intent] = fake.intents.values();
    expect(await deliverStripeEvent(base, await fake.completeAuthentication(intent?.id ?? '', true))).toBe(200);
    const store = orders(websiteId);
    const paid = await store.order(first.id);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(await store.renewDue(websiteId, paid?.subscription?.nextBillingOn ?? 0)).toEqual({ placed: 0, failed: 1 });
    expect(fake.charges).toBe(1);
    await store.deliverEmail();
    expect((await store.mailbox()).map((m) => m.subject)).toContain('Your subscription could not be renewed');
  });
});
