/**
 * The Stripe adapter: a PaymentIntent created and confirmed in one call
 * (`POST https://api.stripe.com/v1/payment_intents`, form-encoded), refunds through `/v1/refunds`, and
 * an abandoned one cancelled through `/v1/payment_intents/{id}/cancel`.
 * Every call carries an `Idempotency-Key`, so a retry (ours or the shopper's) replays Stripe's
 * first answer instead of charging again. Stripe's statuses and decline codes become a
 * ChargeResult here and only here. No answer (10 s timeout, a network error), a 5xx, 429 or a 409
 * (the same key still running at Stripe) is `unknown`: Stripe may have charged the card, so the
 * caller keeps the order and retries with the same key; Stripe then replays the first answer and
 * never charges twice. Any other error that is not the card's is `processing_error`.
 *
 * `fetcher` exists for the tests (a local fake of Stripe's HTTP API); the API address is fixed, so
 * no configuration can send the secret key anywhere else.
 */
import { z } from 'zod';
import { refused } from '../result';
import {
  declined,
  RETURN_URL_KEY,
  type ChargeRequest,
  type CustomerRequest,
  type CancelResult,
  type ChargeResult,
  type DeclineCode,
  type PaymentProvider,
  type RefundResult,
} from './payment-provider';

export const STRIPE_API = 'https://api.stripe.com';
/** The API version the mapping below was written against (Stripe keeps old versions working). */
export const STRIPE_VERSION = '2024-06-20';
const TIMEOUT_MS = 10_000;

export type Fetcher = (request: Request) => Promise<Response>;

const stripeError = z.object({
  type: z.string(),
  code: z.string().optional(),
  decline_code: z.string().optional(),
  message: z.string().optional(),
});

const paymentIntent = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  status: z.string(),
  client_secret: z.string().nullish(),
  next_action: z.object({ type: z.string(), redirect_to_url: z.object({ url: z.string() }).nullish() }).nullish(),
  last_payment_error: stripeError.nullish(),
});

const errorBody = z.object({ error: stripeError });

/** A card error's decline as one of ours (unknown declines are plain `card_declined`). */
export function declineCodeOf(error: { code?: string | undefined; decline_code?: string | undefined }): DeclineCode {
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'expired_card';
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'processing_error' || error.decline_code === 'processing_error') return 'processing_error';
  return 'card_declined';
}

/** Statuses after which Stripe may or may not have acted on the call: retry with the same key. */
function outcomeUnknown(status: number): boolean {
  return status >= 500 || status === 429 || status === 409;
}

/** What Stripe's answer to a create-and-confirm call comes to. */
export function chargeResultOf(status: number, body: unknown): ChargeResult {
  if (outcomeUnknown(status)) {
    console.error(`Stripe answered ${status}: the charge's outcome is unknown until a retry with the same key`);
    return { status: 'unknown', reason: `Stripe answered ${status}` };
  }
  const intent = paymentIntent.safeParse(body);
  if (status === 200 && intent.success) {
    const { id, next_action: next, last_payment_error: lastError, client_secret: clientSecret } = intent.data;
    switch (intent.data.status) {
      case 'succeeded':
        return { status: 'succeeded', paymentId: id };
      case 'processing':
      case 'requires_capture':
        return { status: 'pending', paymentId: id };
      case 'requires_action': {
        const url = next?.redirect_to_url?.url;
        if (url !== undefined)
          return {
            status: 'requires_action',
            paymentId: id,
            nextActionUrl: url,
            ...(clientSecret == null ? {} : { clientSecret }),
          };
        console.error(
          `Stripe asked for a ${next?.type ?? 'unknown'} action on ${id} without a redirect (no ${RETURN_URL_KEY} given?)`,
        );
        return declined('processing_error');
      }
      case 'requires_payment_method':
        return declined(lastError === null || lastError === undefined ? 'card_declined' : declineCodeOf(lastError));
      default:
        console.error(`Stripe PaymentIntent ${id} is ${intent.data.status} after confirming`);
        return declined('processing_error');
    }
  }
  const error = errorBody.safeParse(body);
  if (error.success && error.data.error.type === 'card_error') return declined(declineCodeOf(error.data.error));
  console.error(
    `Stripe answered ${status}: ${error.success ? `${error.data.error.type} ${error.data.error.code ?? ''} ${error.data.error.message ?? ''}` : 'an unexpected body'}`,
  );
  return declined('processing_error');
}

/** The form fields of a create-and-confirm call. */
export function paymentIntentForm(req: ChargeRequest): URLSearchParams {
  const form = new URLSearchParams({
    amount: String(req.amountCents),
    currency: req.currency.toLowerCase(),
    payment_method: req.token,
    'payment_method_types[]': 'card',
    confirm: 'true',
    description: req.description,
  });
  if (req.customerId !== undefined) form.set('customer', req.customerId);
  if (req.offSession === 'save') form.set('setup_future_usage', 'off_session');
  if (req.offSession === 'renewal') form.set('off_session', 'true');
  for (const [key, value] of Object.entries(req.metadata)) {
    // An off-session charge has no shopper to send back: no return address.
    if (key === RETURN_URL_KEY) {
      if (req.offSession !== 'renewal') form.set('return_url', value);
    } else form.set(`metadata[${key}]`, value);
  }
  return form;
}

/**
 * What the checkout page needs beyond its own origin to take a card with Stripe Elements: Stripe.js
 * from js.stripe.com, its card and 3-D Secure frames (js.stripe.com, hooks.stripe.com) and its API
 * calls (api.stripe.com). Added to /checkout's policy only, and only when Stripe is the provider.
 */
export const STRIPE_BROWSER_SOURCES = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
} as const;

/** A page's Content-Security-Policy with Stripe's browser sources added to their directives. */
export function withStripeSources(policy: string): string {
  return policy
    .split(';')
    .map((part) => part.trim())
    .map((directive) => {
      const name = directive.split(' ')[0] as keyof typeof STRIPE_BROWSER_SOURCES;
      const extra = STRIPE_BROWSER_SOURCES[name];
      return extra === undefined
        ? directive
        : [directive, ...extra.filter((host) => !directive.split(' ').includes(host))].join(' ');
    })
    .join('; ');
}

export function stripePayments(secretKey: string, fetcher: Fetcher = (request) => fetch(request)): PaymentProvider {
  async function post(
    path: string,
    form: URLSearchParams,
    idempotencyKey: string,
  ): Promise<{ status: number; body: unknown }> {
    const res = await fetcher(
      new Request(`${STRIPE_API}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
          'stripe-version': STRIPE_VERSION,
        },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    );
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  return {
    name: 'stripe',
    async charge(req) {
      try {
        const { status, body } = await post('/v1/payment_intents', paymentIntentForm(req), req.idempotencyKey);
        return chargeResultOf(status, body);
      } catch (err) {
        console.error('Stripe did not answer a charge:', err);
        return { status: 'unknown', reason: err instanceof Error ? `${err.name}: ${err.message}` : 'no answer' };
      }
    },
    async createCustomer(req: CustomerRequest): Promise<{ customerId: string }> {
      const form = new URLSearchParams({ email: req.email });
      for (const [key, value] of Object.entries(req.metadata)) form.set(`metadata[${key}]`, value);
      const { status, body } = await post('/v1/customers', form, req.idempotencyKey);
      const customer = z.object({ id: z.string(), object: z.literal('customer') }).safeParse(body);
      if (status !== 200 || !customer.success) throw new Error(`Stripe answered ${status} to creating a customer`);
      return { customerId: customer.data.id };
    },
    async refund(paymentId, amountCents, idempotencyKey): Promise<RefundResult> {
      try {
        const form = new URLSearchParams({ payment_intent: paymentId, amount: String(amountCents) });
        const { status, body } = await post('/v1/refunds', form, idempotencyKey);
        const refund = z.object({ status: z.string() }).safeParse(body);
        if (
          status === 200 &&
          refund.success &&
          (refund.data.status === 'succeeded' || refund.data.status === 'pending')
        )
          return { ok: true, value: null };
        const error = errorBody.safeParse(body);
        return refused(
          'provider-refused',
          error.success
            ? (error.data.error.message ?? 'The refund failed.')
            : `The refund failed (${refund.success ? refund.data.status : status}).`,
        );
      } catch (err) {
        console.error('Stripe did not answer a refund:', err);
        return refused('no-answer', 'Stripe did not answer; try the refund again.');
      }
    },
    async cancel(paymentId, idempotencyKey): Promise<CancelResult> {
      try {
        const form = new URLSearchParams({ cancellation_reason: 'abandoned' });
        const path = `/v1/payment_intents/${encodeURIComponent(paymentId)}/cancel`;
        const { status, body } = await post(path, form, idempotencyKey);
        const intent = paymentIntent.safeParse(body);
        if (status === 200 && intent.success && intent.data.status === 'canceled') return { ok: true, value: null };
        const error = errorBody.safeParse(body);
        return refused(
          'provider-refused',
          error.success
            ? (error.data.error.message ?? 'The cancellation failed.')
            : `The cancellation failed (${status}).`,
        );
      } catch (err) {
        console.error('Stripe did not answer a cancellation:', err);
        return refused('no-answer', 'Stripe did not answer the cancellation.');
      }
    },
  };
}
