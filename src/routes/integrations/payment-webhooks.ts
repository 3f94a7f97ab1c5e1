/**
 * `POST /api/commerce/payments/webhook/{provider}`: the payment provider tells us how a payment
 * that was pending or waiting for authentication ended. The raw body is size-capped, its signature
 * checked (Stripe's scheme, webhook-signature.ts) before anything it says is acted on, then validated; a
 * settling event goes to the orders of the website named in the payment's metadata. No crumb or
 * session: the signature is the authentication, and the host does not matter (one Stripe account
 * posts every website's events to one address). A Stripe event is verified with the signing secret of the website
 * its metadata names when that website saved one (Commerce → Payments), else with the deployment's.
 *
 * Answers: 200 `{received: true}` once handled or deliberately ignored (other event types,
 * payments without a website); 400 for a bad signature or body (the provider gives up on it); 404
 * for a provider this deployment does not use; 500 when the receiver failed or the secret is
 * missing, so the provider retries later. Retries and duplicates are harmless (payment-events.ts).
 */
import { Hono } from 'hono';
import { commerceOrders, localPaymentLedger } from '../../durable/stubs';
import { readText, validate } from '../../http/body';
import { NOT_FOUND } from '../../http/messages';
import {
  ORDER_ID_KEY,
  paymentEventOf,
  WEBSITE_ID_KEY,
  webhookEvent,
  type PaymentEvent,
  type PaymentEventReceiver,
} from '../../integrations/payment-events';
import { localPaymentsAllowed, webhookSecretOf } from '../../integrations/payments';
import { verifySignature } from '../../integrations/webhook-signature';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../shared/http';

export const PAYMENT_WEBHOOK_PATH = '/api/commerce/payments/webhook';
/** Stripe's PaymentIntent events are a few KiB. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
export const SIGNATURE_HEADER = 'Stripe-Signature';
export const BAD_SIGNATURE = 'Invalid webhook signature';
export const NOT_CONFIGURED = 'Payment webhooks are not configured';

/** The orders of one website, as the webhook hands them events. */
export type PaymentEventReceivers = (env: Env, websiteId: string) => PaymentEventReceiver;

/** The website's orders object: it settles a pending order once, so repeats and late events change nothing. */
export const ordersReceiver: PaymentEventReceivers = (env, websiteId) => ({
  async onPaymentEvent(event) {
    await commerceOrders(env, websiteId).paymentSettled(
      websiteId,
      event.paymentId,
      event.status,
      Date.now(),
      event.metadata[ORDER_ID_KEY] ?? null,
    );
  },
});

const WEBSITE_ID = /^[\w-]{1,64}$/;

/** The website an event says it is for, before its signature is checked: only to pick the secret that checks it. */
function claimedWebsite(provider: PaymentEvent['provider'], payload: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = webhookEvent.safeParse(body);
  const websiteId = parsed.success ? paymentEventOf(provider, parsed.data)?.metadata[WEBSITE_ID_KEY] : undefined;
  return websiteId !== undefined && WEBSITE_ID.test(websiteId) ? websiteId : null;
}

/** The secret a delivery is signed with here: null when this deployment (or the named website) takes none. */
async function signingSecret(env: Env, provider: PaymentEvent['provider'], payload: string): Promise<string | null> {
  if (provider === 'local') return localPaymentLedger(env).webhookSecret();
  const websiteId = claimedWebsite(provider, payload);
  const saved = websiteId === null ? null : await commerceOrders(env, websiteId).paymentSettings();
  const secret = webhookSecretOf(env, saved);
  return secret === '' ? null : secret;
}

function isProvider(name: string): name is PaymentEvent['provider'] {
  return name === 'stripe' || name === 'local';
}

export function paymentWebhooks(receivers: PaymentEventReceivers): Hono<AppEnv> {
  const webhooks = new Hono<AppEnv>();

  webhooks.post(`${PAYMENT_WEBHOOK_PATH}/:provider`, async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider) || (provider === 'local' && !localPaymentsAllowed(c.env)))
      throw new ApiError(404, NOT_FOUND);
    const payload = await readText(c, MAX_WEBHOOK_BYTES);
    const secret = await signingSecret(c.env, provider, payload);
    if (secret === null) {
      console.error(
        `Payment webhook refused: no signing secret for ${provider} (wrangler secret put STRIPE_WEBHOOK_SECRET, or the store's Commerce → Payments)`,
      );
      throw new ApiError(500, NOT_CONFIGURED);
    }
    const signature = c.req.header(SIGNATURE_HEADER) ?? '';
    if (!(await verifySignature(secret, payload, signature, Math.floor(Date.now() / 1000))))
      throw new ApiError(400, BAD_SIGNATURE);
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      throw new ApiError(400, 'Request body is not valid JSON');
    }
    const event = paymentEventOf(provider, validate(webhookEvent, body));
    const websiteId = event?.metadata[WEBSITE_ID_KEY];
    if (event !== null && websiteId === undefined)
      console.warn(`Payment webhook: ${event.paymentId} names no website; ignored`);
    if (event !== null && websiteId !== undefined) await receivers(c.env, websiteId).onPaymentEvent(event);
    return c.json({ received: true });
  });

  return webhooks;
}
