import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentEventOf, webhookEvent } from './payment-events';
import { DECLINE_MESSAGES } from './payment-provider';
import { chargeResultOf, declineCodeOf, paymentIntentForm } from './payments-stripe';

const intent = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'pi_1',
  object: 'payment_intent',
  status,
  ...extra,
});
const cardError = (code: string, decline_code?: string) => ({
  error: { type: 'card_error', code, decline_code, message: 'Stripe text' },
});

describe("Stripe's answers as charge results", () => {
  afterEach(() => vi.restoreAllMocks());

  it('maps PaymentIntent statuses', () => {
    expect(chargeResultOf(200, intent('succeeded'))).toEqual({ status: 'succeeded', paymentId: 'pi_1' });
    expect(chargeResultOf(200, intent('processing'))).toEqual({ status: 'pending', paymentId: 'pi_1' });
    expect(
      chargeResultOf(
        200,
        intent('requires_action', {
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/x' } },
        }),
      ),
    ).toEqual({
      status: 'requires_action',
      paymentId: 'pi_1',
      nextActionUrl: 'https://hooks.stripe.com/x',
    });
    expect(
      chargeResultOf(
        200,
        intent('requires_payment_method', {
          last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
        }),
      ),
    ).toMatchObject({
      status: 'declined',
      code: 'insufficient_funds',
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(chargeResultOf(200, intent('canceled'))).toMatchObject({ status: 'declined', code: 'processing_error' });
    expect(chargeResultOf(200, intent('requires_action', { next_action: { type: 'use_stripe_sdk' } }))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
  });

  it('maps card errors by code and decline code, with our message, not Stripe text', () => {
    expect(chargeResultOf(402, cardError('card_declined', 'generic_decline'))).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: DECLINE_MESSAGES.card_declined,
    });
    expect(chargeResultOf(402, cardError('card_declined', 'insufficient_funds'))).toMatchObject({
      code: 'insufficient_funds',
    });
    expect(chargeResultOf(402, cardError('expired_card'))).toMatchObject({ code: 'expired_card' });
    expect(chargeResultOf(402, cardError('processing_error'))).toMatchObject({ code: 'processing_error' });
    expect(chargeResultOf(402, cardError('incorrect_cvc'))).toMatchObject({ code: 'card_declined' });
    expect(declineCodeOf({ decline_code: 'stolen_card' })).toBe('card_declined');
  });

  it('turns a definite error that is not the card into processing_error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [status, body] of [
      [400, { error: { type: 'idempotency_error' } }],
      [401, { error: { type: 'invalid_request_error' } }],
      [200, 'not json'],
    ] as const) {
      expect(chargeResultOf(status, body), String(status)).toMatchObject({
        status: 'declined',
        code: 'processing_error',
      });
    }
  });

  it('calls a 5xx, 429 or 409 an unknown outcome, never a decline: the card may have been charged', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [status, body] of [
      [500, { error: { type: 'api_error' } }],
      [502, null],
      [503, 'Service Unavailable'],
      [429, { error: { type: 'invalid_request_error', code: 'rate_limit' } }],
      [409, { error: { type: 'idempotency_error' } }],
    ] as const) {
      expect(chargeResultOf(status, body), String(status)).toEqual({
        status: 'unknown',
        reason: `Stripe answered ${status}`,
      });
    }
  });

  it('sends the return address as return_url, never as metadata', () => {
    const form = paymentIntentForm({
      amountCents: 1999,
      currency: 'EUR',
      token: 'pm_1',
      idempotencyKey: 'k',
      description: 'Order 7',
      metadata: { websiteId: 'w', returnUrl: 'https://s.test/r' },
    });
    expect(Object.fromEntries(form)).toEqual({
      amount: '1999',
      currency: 'eur',
      payment_method: 'pm_1',
      'payment_method_types[]': 'card',
      confirm: 'true',
      description: 'Order 7',
      'metadata[websiteId]': 'w',
      return_url: 'https://s.test/r',
    });
  });
});

describe('webhook events', () => {
  const event = (type: string, object: Record<string, unknown>) =>
    webhookEvent.parse({
      id: 'evt_1',
      type,
      created: 1_800_000_000,
      data: { object: { id: 'pi_1', metadata: { websiteId: 'w' }, ...object } },
    });

  it('settle a payment as succeeded or failed, with the provider timestamp', () => {
    expect(paymentEventOf('stripe', event('payment_intent.succeeded', {}))).toEqual({
      provider: 'stripe',
      eventId: 'evt_1',
      paymentId: 'pi_1',
      occurredAt: 1_800_000_000_000,
      metadata: { websiteId: 'w' },
      status: 'succeeded',
    });
    expect(
      paymentEventOf(
        'stripe',
        event('payment_intent.payment_failed', {
          last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
        }),
      ),
    ).toMatchObject({
      status: 'failed',
      code: 'insufficient_funds',
    });
    expect(paymentEventOf('stripe', event('payment_intent.canceled', {}))).toMatchObject({
      status: 'failed',
      code: 'processing_error',
    });
  });

  it('ignore types that settle nothing', () => {
    expect(paymentEventOf('stripe', event('payment_intent.created', {}))).toBeNull();
    expect(paymentEventOf('stripe', event('charge.succeeded', {}))).toBeNull();
  });
});
