/**
 * The payment provider interface and what a charge can come to (the contract between checkout and
 * payments; payments.ts re-exports it with the provider chosen by configuration). A module of its
 * own so that the providers and the selection import it without a loop.
 */
export interface ChargeRequest {
  amountCents: number;
  currency: string;
  token: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'processing_error';

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'pending'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; nextActionUrl: string }
  | { status: 'declined'; code: DeclineCode; message: string };

export type RefundResult = { ok: true } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  charge(req: ChargeRequest): Promise<ChargeResult>;
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
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
