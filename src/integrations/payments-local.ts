/**
 * The local payment provider (development and tests, never production: payments.ts). The checkout
 * page's test card field sends `local_card_<number>`; the number alone decides the outcome, the
 * way Stripe's test cards do, so every run is deterministic. Charges are kept in one
 * LocalPaymentLedger Durable Object (src/durable/local-payments.ts), the local stand-in for a
 * provider account: it outlives any one isolate, so a retried charge with the same idempotency key
 * finds the first one whichever worker instance handles the retry. The object is reached through
 * src/durable/stubs.ts (`paymentsOf`), which hands the ledger in.
 */
import type { DeclineCode, PaymentProvider } from './payment-provider';

export const LOCAL_TOKEN_PREFIX = 'local_card_';

export type LocalCardOutcome = 'succeeded' | 'requires_action' | DeclineCode;

/** The test card numbers (Stripe's own, so the same cards work against either provider's test mode). */
export const LOCAL_TEST_CARDS: Readonly<Record<string, LocalCardOutcome>> = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'requires_action',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'processing_error',
};

/** What a token comes to: any token that is not one of the test cards is declined. */
export function localCardOutcome(token: string): LocalCardOutcome {
  if (!token.startsWith(LOCAL_TOKEN_PREFIX)) return 'card_declined';
  return LOCAL_TEST_CARDS[token.slice(LOCAL_TOKEN_PREFIX.length)] ?? 'card_declined';
}

/** Where the shopper completes the extra authentication step of a local payment (src/routes/integrations/integrations.ts). */
export function localAuthenticationPath(paymentId: string): string {
  return `/integrations/payments/local/authenticate/${encodeURIComponent(paymentId)}`;
}

/** The name of the one ledger object: the local provider is one account for every website, like a Stripe account. */
export const LOCAL_LEDGER_NAME = 'local-account';

/** The ledger object's calls the provider makes. */
export type LocalLedger = Pick<PaymentProvider, 'charge' | 'refund' | 'cancel'>;

export function localPayments(ledger: () => LocalLedger): PaymentProvider {
  return {
    name: 'local',
    async charge(req) {
      return ledger().charge(req);
    },
    async refund(paymentId, amountCents, idempotencyKey) {
      return ledger().refund(paymentId, amountCents, idempotencyKey);
    },
    async cancel(paymentId, idempotencyKey) {
      return ledger().cancel(paymentId, idempotencyKey);
    },
  };
}
