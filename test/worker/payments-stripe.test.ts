/**
 * The Stripe adapter against the local fake of Stripe's HTTP API (test/worker/fake-stripe.ts):
 * success, each decline, the authentication step, idempotent retries and refunds. Nothing leaves
 * the machine: the adapter's only way out is the fake's fetcher.
 */
import { describe, expect, it, vi } from 'vitest';
import { DECLINE_MESSAGES, type ChargeRequest } from '../../src/integrations/payments';
import { stripePayments } from '../../src/integrations/payments-stripe';
import { FakeStripe } from './fake-stripe';

let orders = 0;
function order(paymentMethod: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  orders += 1;
  return {
    amountCents: 4200,
    currency: 'USD',
    token: paymentMethod,
    idempotencyKey: `w1:order-${orders}`,
    description: `Order ${1000 + orders}`,
    metadata: { websiteId: 'w1', orderId: `o${orders}` },
    ...overrides,
  };
}

function setUp() {
  const fake = new FakeStripe();
  return { fake, stripe: stripePayments(fake.secretKey, fake.fetch) };
}

describe('the Stripe adapter', () => {
  it('creates and confirms a PaymentIntent, form-encoded, with the metadata', async () => {
    const { fake, stripe } = setUp();
    const result = await stripe.charge(order('pm_card_visa'));
    expect(result).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/) });
    if (result.status !== 'succeeded') return;
    expect(fake.intents.get(result.paymentId)).toMatchObject({
      amount: 4200,
      currency: 'usd',
      metadata: { websiteId: 'w1' },
    });
    expect(fake.charges).toBe(1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
  ] as const)('maps the decline of %s to %s', async (method, code) => {
    const { fake, stripe } = setUp();
    expect(await stripe.charge(order(method))).toEqual({ status: 'declined', code, message: DECLINE_MESSAGES[code] });
    expect(fake.charges).toBe(0);
  });

  it('sends the shopper to authenticate, returning to the return address', async () => {
    const { fake, stripe } = setUp();
    const result = await stripe.charge(
      order('pm_card_authenticationRequired', {
        metadata: { websiteId: 'w1', returnUrl: 'https://shop.test/commerce/orders/o1?token=t' },
      }),
    );
    expect(result).toMatchObject({
      status: 'requires_action',
      nextActionUrl: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\//),
    });
    if (result.status !== 'requires_action') return;
    const intent = fake.intents.get(result.paymentId);
    expect(intent?.next_action?.redirect_to_url?.return_url).toBe('https://shop.test/commerce/orders/o1?token=t');
    expect(intent?.metadata).toEqual({ websiteId: 'w1' });
    expect(fake.charges).toBe(0);
  });

  it('declines a card that needs authentication when no return address was given', async () => {
    const { stripe } = setUp();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await stripe.charge(order('pm_card_authenticationRequired'))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
    errors.mockRestore();
  });

  it('retries with the same idempotency key get the same PaymentIntent, and the card is charged once', async () => {
    const { fake, stripe } = setUp();
    const request = order('pm_card_visa');
    const results = await Promise.all([stripe.charge(request), stripe.charge(request), stripe.charge(request)]);
    expect(await stripe.charge(request)).toEqual(results[0]);
    expect(new Set(results.map((r) => (r.status === 'succeeded' ? r.paymentId : r.status))).size).toBe(1);
    expect(fake.intents.size).toBe(1);
    expect(fake.charges).toBe(1);
    expect(fake.requests.every((r) => r.idempotencyKey === request.idempotencyKey)).toBe(true);
  });

  it('refunds through /v1/refunds, once per key, never more than was paid', async () => {
    const { fake, stripe } = setUp();
    const paid = await stripe.charge(order('pm_card_visa'));
    if (paid.status !== 'succeeded') throw new Error('expected a payment');
    expect(await stripe.refund(paid.paymentId, 4000, 'w1:refund-1')).toEqual({ ok: true });
    expect(await stripe.refund(paid.paymentId, 4000, 'w1:refund-1')).toEqual({ ok: true });
    expect(fake.intents.get(paid.paymentId)?.amount_refunded).toBe(4000);
    expect(await stripe.refund(paid.paymentId, 4000, 'w1:refund-2')).toEqual({
      ok: false,
      message: 'Refund amount (4000) is greater than unrefunded amount on charge (200)',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).toEqual([
      'w1:refund-1',
      'w1:refund-1',
      'w1:refund-2',
    ]);
  });

  it('answers unknown, never a throw or a decline, when Stripe is unreachable; processing_error when it refuses the key', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = stripePayments('sk_test_fake', () => Promise.reject(new TypeError('network down')));
    expect(await offline.charge(order('pm_card_visa'))).toEqual({
      status: 'unknown',
      reason: 'TypeError: network down',
    });
    expect(await offline.refund('pi_1', 100, 'k')).toEqual({
      ok: false,
      message: 'Stripe did not answer; try the refund again.',
    });
    const wrongKey = stripePayments('sk_test_other', new FakeStripe().fetch);
    expect(await wrongKey.charge(order('pm_card_visa'))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Stripe answered 401'));
    errors.mockRestore();
  });

  it.each(['timeout', 500, 503] as const)(
    'a charge made but answered with %s is unknown; the retry with the same key returns that charge, never a second',
    async (failure) => {
      const { fake, stripe } = setUp();
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const request = order('pm_card_visa');
      fake.failNext(1, failure);
      expect(await stripe.charge(request)).toMatchObject({ status: 'unknown' });
      expect(fake.charges).toBe(1);
      const retried = await stripe.charge(request);
      expect(retried).toEqual({ status: 'succeeded', paymentId: [...fake.intents.keys()][0] });
      expect(fake.charges).toBe(1);
      expect(fake.intents.size).toBe(1);
      errors.mockRestore();
    },
  );
});
