/**
 * A local fake of the parts of Stripe's HTTP API the adapter uses, for tests (never the internet):
 * `POST /v1/payment_intents` (create and confirm; saving the card to a customer with
 * `setup_future_usage=off_session`, and `off_session=true` charges of a saved card), `POST
 * /v1/payment_intents/{id}/cancel`, `POST /v1/customers` and `POST /v1/refunds`, form-encoded, with
 * Stripe's test payment methods, error bodies, statuses and idempotency (the same key and
 * parameters replay the first answer with `Idempotent-Replayed: true`; the same key with other
 * parameters is an `idempotency_error`). It refuses any call without a key, so a test shows the
 * adapter sends one every time, and any address that is not api.stripe.com. `failNext` makes calls
 * fail as the network does: a timeout or a 5xx, after Stripe acted on the call (the card is charged,
 * the answer lost) or before it reached Stripe.
 */
import { signatureHeader } from '../../src/integrations/webhook-signature';

type Outcome = 'succeeded' | 'requires_action' | { code: string; decline_code?: string };

/** Stripe's test PaymentMethods (https://docs.stripe.com/testing). */
const TEST_PAYMENT_METHODS: Readonly<Record<string, Outcome>> = {
  pm_card_visa: 'succeeded',
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card' },
  pm_card_chargeDeclinedProcessingError: { code: 'processing_error' },
  pm_card_authenticationRequired: 'requires_action',
};

interface Intent {
  id: string;
  object: 'payment_intent';
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  payment_method: string;
  metadata: Record<string, string>;
  next_action: { type: string; redirect_to_url?: { url: string; return_url: string } } | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  amount_refunded: number;
  cancellation_reason: string | null;
  customer: string | null;
  setup_future_usage: string | null;
  off_session: boolean;
}

interface Customer {
  id: string;
  email: string;
  metadata: Record<string, string>;
  /** Cards saved for charges without the customer present. */
  paymentMethods: Set<string>;
}

interface Answer {
  status: number;
  body: unknown;
}

export class FakeStripe {
  readonly intents = new Map<string, Intent>();
  readonly customers = new Map<string, Customer>();
  /** How many times money was taken (a PaymentIntent reached `succeeded`). */
  charges = 0;
  /** Every request as it arrived: path and Idempotency-Key. */
  readonly requests: { path: string; idempotencyKey: string | null }[] = [];
  private readonly answers = new Map<string, { fingerprint: string; answer: Answer }>();
  private sequence = 0;
  private failures: { failure: Failure; when: 'before' | 'after' }[] = [];

  constructor(
    readonly secretKey = 'sk_test_fake',
    readonly webhookSecret = 'whsec_test_fake',
  ) {}

  /** The next `count` calls fail with `failure`, `after` the fake acted on them or `before`. */
  failNext(count: number, failure: Failure, when: 'before' | 'after' = 'after'): void {
    for (let i = 0; i < count; i++) this.failures.push({ failure, when });
  }

  /** The fetcher to give the adapter. */
  readonly fetch = async (request: Request): Promise<Response> => {
    const failing = this.failures.shift();
    if (failing?.when === 'before') return fail(failing.failure);
    const response = await this.answer(request);
    return failing === undefined ? response : fail(failing.failure);
  };

  private async answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.origin !== 'https://api.stripe.com') throw new Error(`the fake Stripe does not serve ${url.origin}`);
    const key = request.headers.get('idempotency-key');
    this.requests.push({ path: url.pathname, idempotencyKey: key });
    if (request.headers.get('authorization') !== `Bearer ${this.secretKey}`)
      return this.reply({ status: 401, body: stripeError('invalid_request_error', 'Invalid API Key provided.') });
    if (request.method !== 'POST')
      return this.reply({ status: 405, body: stripeError('invalid_request_error', 'Unrecognized request URL.') });
    if (key === null)
      return this.reply({
        status: 400,
        body: stripeError('invalid_request_error', 'This fake takes only calls with an Idempotency-Key.'),
      });
    const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    const fingerprint = `${url.pathname}?${[...form].sort().join('&')}`;
    const first = this.answers.get(key);
    if (first !== undefined) {
      if (first.fingerprint !== fingerprint) {
        return this.reply({
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          },
        });
      }
      return this.reply(first.answer, true);
    }
    const cancelling = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname)?.[1];
    const computed =
      url.pathname === '/v1/payment_intents'
        ? this.createIntent(form)
        : cancelling !== undefined
          ? this.cancel(decodeURIComponent(cancelling), form)
          : url.pathname === '/v1/customers'
            ? this.createCustomer(form)
            : url.pathname === '/v1/refunds'
              ? this.refund(form)
              : { status: 404, body: stripeError('invalid_request_error', 'Unrecognized request URL.') };
    // Kept as it was sent: later changes to the intent do not alter the answer a retry replays.
    const answer = { status: computed.status, body: JSON.parse(JSON.stringify(computed.body)) as unknown };
    this.answers.set(key, { fingerprint, answer });
    return this.reply(answer);
  }

  /** The shopper finishes 3-D Secure; returns the webhook delivery Stripe would then send. */
  async completeAuthentication(
    intentId: string,
    approved: boolean,
    at = Date.now(),
  ): Promise<{ body: string; signature: string }> {
    const intent = this.intents.get(intentId);
    if (intent?.status !== 'requires_action') throw new Error(`${intentId} is not waiting for authentication`);
    intent.next_action = null;
    if (approved) {
      intent.status = 'succeeded';
      this.charges += 1;
      if (intent.customer !== null && intent.setup_future_usage === 'off_session')
        this.customers.get(intent.customer)?.paymentMethods.add(intent.payment_method);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'authentication_required',
        message: 'Your card was declined.',
      };
    }
    return this.event(approved ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent, at);
  }

  /** A signed delivery of `type` for an intent, as Stripe sends it at `at` (ms). */
  async event(type: string, intent: Intent, at = Date.now()): Promise<{ body: string; signature: string }> {
    const created = Math.floor(at / 1000);
    const body = JSON.stringify({
      id: `evt_${this.nextId()}`,
      object: 'event',
      type,
      created,
      livemode: false,
      data: { object: intent },
    });
    return { body, signature: await signatureHeader(this.webhookSecret, body, created) };
  }

  private createCustomer(form: URLSearchParams): Answer {
    const customer: Customer = {
      id: `cus_${this.nextId()}`,
      email: form.get('email') ?? '',
      metadata: metadataOf(form),
      paymentMethods: new Set(),
    };
    this.customers.set(customer.id, customer);
    return {
      status: 200,
      body: { id: customer.id, object: 'customer', email: customer.email, metadata: customer.metadata },
    };
  }

  private createIntent(form: URLSearchParams): Answer {
    const amount = Number(form.get('amount'));
    const currency = form.get('currency') ?? '';
    const method = form.get('payment_method') ?? '';
    if (!Number.isSafeInteger(amount) || amount < 50)
      return {
        status: 400,
        body: stripeError('invalid_request_error', 'Amount must be at least 50 cents', 'amount_too_small'),
      };
    if (!/^[a-z]{3}$/.test(currency))
      return {
        status: 400,
        body: stripeError('invalid_request_error', 'Invalid currency', 'parameter_invalid_string'),
      };
    if (form.get('confirm') !== 'true')
      return { status: 400, body: stripeError('invalid_request_error', 'The fake only creates confirmed intents.') };
    const outcome = TEST_PAYMENT_METHODS[method];
    if (outcome === undefined)
      return {
        status: 400,
        body: stripeError('invalid_request_error', `No such PaymentMethod: '${method}'`, 'resource_missing'),
      };
    const metadata = metadataOf(form);
    const customerId = form.get('customer');
    const customer = customerId === null ? null : this.customers.get(customerId);
    if (customer === undefined)
      return {
        status: 400,
        body: stripeError('invalid_request_error', `No such customer: '${customerId}'`, 'resource_missing'),
      };
    const offSession = form.get('off_session') === 'true';
    if (offSession && (customer === null || !customer.paymentMethods.has(method))) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          'The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        ),
      };
    }
    const id = `pi_${this.nextId()}`;
    const intent: Intent = {
      id,
      object: 'payment_intent',
      client_secret: `${id}_secret_fake`,
      amount,
      currency,
      status: 'succeeded',
      payment_method: method,
      metadata,
      next_action: null,
      last_payment_error: null,
      amount_refunded: 0,
      cancellation_reason: null,
      customer: customerId,
      setup_future_usage: form.get('setup_future_usage'),
      off_session: offSession,
    };
    this.intents.set(intent.id, intent);
    if (outcome === 'succeeded') {
      this.charges += 1;
      if (customer !== null && intent.setup_future_usage === 'off_session') customer.paymentMethods.add(method);
      return { status: 200, body: intent };
    }
    if (outcome === 'requires_action' && offSession) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
      return { status: 402, body: { error: { ...intent.last_payment_error, payment_intent: intent } } };
    }
    if (outcome === 'requires_action') {
      intent.status = 'requires_action';
      const returnUrl = form.get('return_url');
      intent.next_action =
        returnUrl === null
          ? { type: 'use_stripe_sdk' }
          : {
              type: 'redirect_to_url',
              redirect_to_url: {
                url: `https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=${intent.id}`,
                return_url: returnUrl,
              },
            };
      return { status: 200, body: intent };
    }
    const message =
      outcome.code === 'expired_card'
        ? 'Your card has expired.'
        : outcome.code === 'processing_error'
          ? 'An error occurred while processing your card.'
          : 'Your card was declined.';
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', ...outcome, message };
    return { status: 402, body: { error: { type: 'card_error', ...outcome, message, payment_intent: intent } } };
  }

  /** Stripe cancels an intent that has not succeeded or been cancelled yet; the shopper can no longer complete it. */
  private cancel(id: string, form: URLSearchParams): Answer {
    const intent = this.intents.get(id);
    if (intent === undefined)
      return {
        status: 404,
        body: stripeError('invalid_request_error', `No such payment_intent: '${id}'`, 'resource_missing'),
      };
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        ),
      };
    intent.status = 'canceled';
    intent.next_action = null;
    intent.cancellation_reason = form.get('cancellation_reason');
    return { status: 200, body: intent };
  }

  private refund(form: URLSearchParams): Answer {
    const intent = this.intents.get(form.get('payment_intent') ?? '');
    if (intent === undefined)
      return { status: 400, body: stripeError('invalid_request_error', 'No such payment_intent', 'resource_missing') };
    if (intent.status !== 'succeeded')
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          'This PaymentIntent does not have a successful charge to refund.',
          'charge_not_refundable',
        ),
      };
    const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - intent.amount_refunded;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > intent.amount - intent.amount_refunded) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.amount_refunded})`,
          'amount_too_large',
        ),
      };
    }
    intent.amount_refunded += amount;
    return {
      status: 200,
      body: { id: `re_${this.nextId()}`, object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' },
    };
  }

  private reply(answer: Answer, replayed = false): Response {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': `req_${this.nextId()}`,
    };
    if (replayed) headers['idempotent-replayed'] = 'true';
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
  }

  private nextId(): string {
    this.sequence += 1;
    return `fake${String(this.sequence).padStart(8, '0')}`;
  }
}

type Failure = 'timeout' | 500 | 503;

/** A lost answer: the adapter's own timeout (an abort) or Stripe's server error. */
function fail(failure: Failure): Response {
  if (failure === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  return new Response(JSON.stringify(stripeError('api_error', 'An unknown error occurred')), {
    status: failure,
    headers: { 'content-type': 'application/json' },
  });
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (key !== undefined) metadata[key] = value;
  }
  return metadata;
}

function stripeError(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code === undefined ? {} : { code }) } };
}
