/**
 * The local payment provider as checkout calls it (paymentProvider with the test pool's
 * development variables): every test card, idempotent retries (also racing ones), refunds, and
 * refusal outside development.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { localPaymentLedger, paymentsOf } from '../../src/durable/stubs';
import { DECLINE_MESSAGES, type ChargeRequest } from '../../src/integrations/payments';

let keys = 0;
function charge(card: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  keys += 1;
  return {
    amountCents: 2500,
    currency: 'USD',
    token: `local_card_${card}`,
    idempotencyKey: `local-test-${keys}-${crypto.randomUUID()}`,
    description: 'Order 1001',
    metadata: { websiteId: 'w1', orderId: `o${keys}` },
    ...overrides,
  };
}

const payments = () => paymentsOf(env);

describe('the local payment provider', () => {
  it('is what development chooses', () => {
    expect(payments().name).toBe('local');
  });

  it('takes 4242 4242 4242 4242', async () => {
    const result = await payments().charge(charge('4242424242424242'));
    expect(result).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_local_[0-9a-f]{24}$/) });
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000119', 'processing_error'],
    ['4111111111111111', 'card_declined'],
  ] as const)('declines %s with %s', async (card, code) => {
    expect(await payments().charge(charge(card))).toEqual({
      status: 'declined',
      code,
      message: DECLINE_MESSAGES[code],
    });
  });

  it('declines tokens that are not local test cards', async () => {
    expect(await payments().charge({ ...charge('4242424242424242'), token: 'pm_card_visa' })).toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
  });

  it('asks 4000 0025 0000 3155 for authentication on a local page', async () => {
    const result = await payments().charge(charge('4000002500003155'));
    expect(result.status).toBe('requires_action');
    if (result.status !== 'requires_action') return;
    expect(result.nextActionUrl).toBe(`/integrations/payments/local/authenticate/${result.paymentId}`);
    const stored = await localPaymentLedger(env).payment(result.paymentId);
    expect(stored).toMatchObject({
      status: 'requires_action',
      authenticated: true,
      amountCents: 2500,
      currency: 'USD',
      settledAt: null,
    });
  });

  it('answers the same idempotency key with the first result and charges once, however the retries race', async () => {
    const before = await localPaymentLedger(env).captured();
    const request = charge('4242424242424242', { amountCents: 1234 });
    const results = await Promise.all(Array.from({ length: 20 }, () => payments().charge(request)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await payments().charge(request)).toEqual(results[0]);
    const after = await localPaymentLedger(env).captured();
    expect(after.count - before.count).toBe(1);
    expect(after.amountCents - before.amountCents).toBe(1234);
  });

  it('replays a decline for its key too, and refuses the key for a different charge', async () => {
    const request = charge('4000000000009995');
    const first = await payments().charge(request);
    expect(await payments().charge(request)).toEqual(first);
    await expect(payments().charge({ ...request, token: 'local_card_4242424242424242' })).rejects.toThrow(
      'already used for a different charge',
    );
  });

  it('refunds at most what was taken, once per idempotency key', async () => {
    const paid = await payments().charge(charge('4242424242424242', { amountCents: 1000 }));
    if (paid.status !== 'succeeded') throw new Error('expected a payment');
    expect(await payments().refund(paid.paymentId, 600, 'refund-a')).toEqual({ ok: true });
    expect(await payments().refund(paid.paymentId, 600, 'refund-a')).toEqual({ ok: true });
    expect(await payments().refund(paid.paymentId, 600, 'refund-b')).toEqual({
      ok: false,
      message: 'The refund is more than is left of the payment.',
    });
    expect(await payments().refund(paid.paymentId, 400, 'refund-c')).toEqual({ ok: true });
    expect((await localPaymentLedger(env).payment(paid.paymentId))?.refundedCents).toBe(1000);
    const declinedCharge = await payments().charge(charge('4000000000000002'));
    expect(declinedCharge.status).toBe('declined');
    expect(await payments().refund('pi_local_unknown', 100, 'refund-d')).toEqual({
      ok: false,
      message: 'No such payment.',
    });
  });

  it('refuses every charge outside development, and without a key for Stripe, and never charges', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = await localPaymentLedger(env).captured();
    for (const vars of [
      { ENVIRONMENT: 'production' },
      { ENVIRONMENT: 'production', PAYMENT_PROVIDER: 'stripe' },
      { PAYMENT_PROVIDER: 'Local' },
    ]) {
      const provider = paymentsOf({ ...env, ...vars });
      expect(await provider.charge(charge('4242424242424242')), JSON.stringify(vars)).toEqual({
        status: 'declined',
        code: 'processing_error',
        message: DECLINE_MESSAGES.processing_error,
      });
      expect((await provider.refund('pi_x', 1, 'k')).ok).toBe(false);
    }
    expect(await localPaymentLedger(env).captured()).toEqual(before);
    expect(errors).toHaveBeenCalledWith('Payment refused: PAYMENT_PROVIDER "local" is for development only');
    expect(errors).toHaveBeenCalledWith(
      'Payment refused: PAYMENT_PROVIDER is stripe but the STRIPE_SECRET_KEY secret is missing',
    );
    errors.mockRestore();
  });
});
