/**
 * The payment provider interface and what a charge can come to (the contract between checkout and
 * payments; payments.ts re-exports it with the provider chosen by configuration). A module of its
 * own so that the providers and the selection import it without a loop.
 */
import type { Result } from '../result';

export interface ChargeRequest {
  amountCents: number;
  currency: string;
  token: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** The provider's customer the card is saved to (a subscription's first order) or charged from (its renewals). */
  customerId?: string;
  /**
   * `save`: keep the card for later charges made without the shopper (Stripe `setup_future_usage=off_session`);
   * `renewal`: such a charge (Stripe `off_session=true`): it cannot ask for authentication, so a card that needs it is declined.
   */
  offSession?: 'save' | 'renewal';
}

export interface CustomerRequest {
  email: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'processing_error';

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'pending'; paymentId: string }
  /** `clientSecret` (Stripe): the browser may complete the step itself with Stripe.js instead of following `nextActionUrl`. */
  | { status: 'requires_action'; paymentId: string; nextActionUrl: string; clientSecret?: string }
  | { status: 'declined'; code: DeclineCode; message: string }
  /**
   * The provider did not give an answer (timeout, network error, a 5xx): the card may or may not
   * have been charged. Only a retry with the same idempotency key, or the provider's webhook, can
   * tell; it is never a decline.
   */
  | { status: 'unknown'; reason: string };

/**
 * Why a refund was refused (src/result.ts): the local ledger's `not-found` (no such payment), `not-taken` (it did not
 * succeed), `invalid-amount` (not a positive whole amount), `over-refund` (more than is left); the provider's
 * `provider-refused` (it answered with an error) and `no-answer`; `not-configured`: a deployment without payments.
 */
export type RefundRefusal =
  | 'not-found'
  | 'not-taken'
  | 'invalid-amount'
  | 'over-refund'
  | 'provider-refused'
  | 'no-answer'
  | 'not-configured';

export type RefundResult = Result<null, RefundRefusal>;

/** Why a cancellation was refused: `not-found`, `not-cancellable` (it already settled), or the provider's own. */
export type CancelRefusal = 'not-found' | 'not-cancellable' | 'provider-refused' | 'no-answer' | 'not-configured';

/** `ok`: the payment can no longer be completed (cancelled now or before); else why not (e.g. it already succeeded). */
export type CancelResult = Result<null, CancelRefusal>;

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  charge(req: ChargeRequest): Promise<ChargeResult>;
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /**
   * Cancels a payment that is still waiting (for its authentication step): the shopper can no
   * longer complete it, so nothing is taken after the store gave the attempt up (Stripe: cancel
   * the PaymentIntent).
   */
  cancel(paymentId: string, idempotencyKey: string): Promise<CancelResult>;
  /**
   * A customer to save a card to, for providers whose saved cards belong to one (Stripe); absent
   * where a card token can simply be charged again (local). Throws when the provider did not answer.
   */
  createCustomer?(req: CustomerRequest): Promise<{ customerId: string }>;
}

/** What the shopper reads for each decline (the provider's own text is logged, never shown). */
export const DECLINE_MESSAGES: Readonly<Record<DeclineCode, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

export function declined(code: DeclineCode): ChargeResult {
  return { status: 'declined', code, message: DECLINE_MESSAGES[code] };
}

/** The metadata key that carries the return address of an authentication step (see the header). */
export const RETURN_URL_KEY = 'returnUrl';
