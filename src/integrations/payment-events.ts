/**
 * What a payment provider tells us after the charge call has answered: a payment that was pending
 * or waiting for authentication succeeded or failed. Both providers deliver events in Stripe's
 * shape (`{id, type, created, data: {object: PaymentIntent}}`; the local provider builds the same
 * body), so one parser serves both and the order flow cannot tell them apart.
 *
 * Deliveries may repeat and arrive out of order (Stripe retries for days and promises no order).
 * The rule that makes that harmless: an event carries the provider's timestamp (`occurredAt`), and
 * a receiver changes an order's status once, from pending to paid or failed; any later event for a
 * settled payment, a duplicate included, changes nothing.
 */
import { z } from 'zod';
import type { DeclineCode } from './payment-provider';
import { declineCodeOf } from './payments-stripe';

export type PaymentEvent = {
  provider: 'local' | 'stripe';
  /** The provider's id of this event (the same for every retry of one delivery). */
  eventId: string;
  paymentId: string;
  /** When the provider says it happened (ms since the epoch). */
  occurredAt: number;
  /** The charge's metadata as checkout sent it; `websiteId` says whose orders it concerns. */
  metadata: Record<string, string>;
} & ({ status: 'succeeded' } | { status: 'failed'; code: DeclineCode });

/** What checkout's orders object implements to hear about payments. */
export interface PaymentEventReceiver {
  onPaymentEvent(event: PaymentEvent): Promise<void>;
}

/** The metadata key naming the website a payment is for (every charge checkout makes carries it). */
export const WEBSITE_ID_KEY = 'websiteId';
/** The metadata key naming the order a checkout charge is for: it finds an order whose charge went unanswered. */
export const ORDER_ID_KEY = 'orderId';

/** The event types that settle a payment; every other type is acknowledged and ignored. */
const SETTLING_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

export const webhookEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  data: z.object({
    object: z.looseObject({
      id: z.string().min(1).max(255),
      metadata: z.record(z.string(), z.string()).nullish(),
      last_payment_error: z.looseObject({ code: z.string().optional(), decline_code: z.string().optional() }).nullish(),
    }),
  }),
});

export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The payment event a delivery carries, or null when it is not one that settles a payment. */
export function paymentEventOf(provider: PaymentEvent['provider'], event: WebhookEvent): PaymentEvent | null {
  const type = SETTLING_TYPES.find((t) => t === event.type);
  if (type === undefined) return null;
  const intent = event.data.object;
  const common = {
    provider,
    eventId: event.id,
    paymentId: intent.id,
    occurredAt: event.created * 1000,
    metadata: intent.metadata ?? {},
  };
  if (type === 'payment_intent.succeeded') return { ...common, status: 'succeeded' };
  const lastError = intent.last_payment_error;
  const code =
    type === 'payment_intent.canceled' || lastError === null || lastError === undefined
      ? 'processing_error'
      : declineCodeOf(lastError);
  return { ...common, status: 'failed', code };
}

/** The body of the local provider's webhook for a payment whose authentication step ended. */
export function localWebhookEvent(payment: {
  id: string;
  succeeded: boolean;
  settledAt: number;
  metadata: Record<string, string>;
}): WebhookEvent {
  return {
    id: `evt_local_${payment.id}`,
    type: payment.succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    created: Math.floor(payment.settledAt / 1000),
    data: {
      object: {
        id: payment.id,
        metadata: payment.metadata,
        last_payment_error: payment.succeeded
          ? null
          : { code: 'card_declined', decline_code: 'authentication_required' },
      },
    },
  };
}
