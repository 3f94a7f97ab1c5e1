/**
 * A payment the store gives up while it waits for 3-D Secure is cancelled at the provider (issue 32,
 * point 2): when its window lapses (the orders object's alarm) and when the shopper comes back to
 * the checkout without answering, Stripe's PaymentIntent is cancelled (against the local fake of its
 * API) and the local ledger's payment too, so the shopper can no longer complete it and nothing is
 * taken after the order was cancelled.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATION_CANCELLED,
  AUTHENTICATION_EXPIRED,
  BACK_TO_CHECKOUT,
} from '../../src/routes/pages/local-payments';
import { stripePayments } from '../../src/integrations/payments-stripe';
import {
  CARD,
  CHECKOUT,
  orders,
  paymentLedger,
  placeOrder,
  placeWithStripe,
  readyToPay,
  useFakeStripe,
} from './checkout-support';
import { FakeStripe } from './fake-stripe';

const WINDOW_MS = 10 * 60_000;
const paymentIdOf = (url: string | null) => decodeURIComponent(url?.split('/').pop() ?? '');

describe('the Stripe adapter cancels a PaymentIntent', () => {
  it('that waits for authentication, once (a second call is refused as Stripe refuses it), and never one that succeeded', async () => {
    const fake = new FakeStripe();
    const stripe = stripePayments(fake.secretKey, fake.fetch);
    const charge = (token: string, key: string) =>
      stripe.charge({
        amountCents: 4200,
        currency: 'USD',
        token,
        idempotencyKey: key,
        description: 'Order',
        metadata: { websiteId: 'w1', returnUrl: 'https://shop.test/checkout' },
      });
    const waiting = await charge('pm_card_authenticationRequired', 'w1:c1:k1');
    if (waiting.status !== 'requires_action') throw new Error(`expected requires_action, got ${waiting.status}`);
    expect(await stripe.cancel(waiting.paymentId, 'w1:cancel:o1')).toEqual({ ok: true });
    expect(fake.intents.get(waiting.paymentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(fake.requests.at(-1)).toEqual({
      path: `/v1/payment_intents/${waiting.paymentId}/cancel`,
      idempotencyKey: 'w1:cancel:o1',
    });
    await expect(fake.completeAuthentication(waiting.paymentId, true)).rejects.toThrow();

    const paid = await charge('pm_card_visa', 'w1:c2:k1');
    if (paid.status !== 'succeeded') throw new Error(`expected succeeded, got ${paid.status}`);
    expect(await stripe.cancel(paid.paymentId, 'w1:cancel:o2')).toEqual({
      ok: false,
      message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
    });
    expect(fake.charges).toBe(1);
  });
});

describe('a payment given up while it waits for authentication is cancelled at the provider', () => {
  it('Stripe: when its window lapses, the PaymentIntent is cancelled and can no longer be completed', {
    timeout: 60_000,
  }, async () => {
    const fake = useFakeStripe();
    const { websiteId, visitor } = await readyToPay('cancel-lapse-stripe.test');
    const placed = await placeWithStripe(visitor, 'pm_card_authenticationRequired', crypto.randomUUID());
    expect(placed.body.order.payment.status).toBe('requires_action');
    const [intent] = fake.intents.values();
    expect(intent?.status).toBe('requires_action');

    const store = orders(websiteId);
    expect(await store.endPaymentWindows(websiteId, Date.now())).toBe(0);
    expect(intent?.status).toBe('requires_action');
    expect(await store.endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    expect(await store.order(placed.body.order.id)).toMatchObject({ status: 'cancelled', paidOn: null });
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(fake.requests.filter((r) => r.path.endsWith('/cancel'))).toEqual([
      {
        path: `/v1/payment_intents/${intent?.id}/cancel`,
        idempotencyKey: `${websiteId}:cancel:${placed.body.order.id}`,
      },
    ]);
    await expect(fake.completeAuthentication(intent?.id ?? '', true)).rejects.toThrow();
    expect(fake.charges).toBe(0);
  });

  it('Stripe: when the shopper comes back to the checkout without answering, the PaymentIntent is cancelled', {
    timeout: 60_000,
  }, async () => {
    const fake = useFakeStripe();
    const { visitor } = await readyToPay('cancel-left-stripe.test');
    const placed = await placeWithStripe(visitor, 'pm_card_authenticationRequired', crypto.randomUUID());
    expect(placed.body.order.payment.status).toBe('requires_action');
    expect((await visitor.json('POST', CHECKOUT, {})).status).toBe(200);
    const [intent] = fake.intents.values();
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });

  it('local: the lapse cancels the ledger payment; the bank page then says so and takes no answer', {
    timeout: 60_000,
  }, async () => {
    const { websiteId, visitor } = await readyToPay('cancel-lapse-local.test');
    const charged = await paymentLedger().captured();
    const placed = await placeOrder(visitor, CARD.action);
    const url = placed.body.order.payment.nextActionUrl ?? '';
    const paymentId = paymentIdOf(url);
    expect(await orders(websiteId).endPaymentWindows(websiteId, Date.now() + WINDOW_MS + 1000)).toBe(1);
    expect(await paymentLedger().payment(paymentId)).toMatchObject({
      status: 'canceled',
      settledAt: expect.any(Number),
    });
    // The window is lapsed only on the test's clock: by the page's clock it was cancelled before its end.
    const page = await (await visitor.fetch(url)).text();
    expect(page).toContain(AUTHENTICATION_CANCELLED);
    expect(page).toContain(BACK_TO_CHECKOUT);
    expect(page).not.toContain('Complete authentication');
    const answered = await visitor.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: visitor.crumb, answer: 'complete' }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(400);
    expect(await answered.text()).toContain(AUTHENTICATION_CANCELLED);
    expect(await paymentLedger().captured()).toEqual(charged);
    expect(AUTHENTICATION_EXPIRED).toMatch(/^The time to confirm this payment has run out\./);
  });
});
