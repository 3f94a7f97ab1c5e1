/**
 * Taking payment behind one interface (the contract checkout codes against, docs/payments.md).
 * `PAYMENT_PROVIDER` chooses `stripe` (PaymentIntents with the `STRIPE_SECRET_KEY` secret,
 * payments-stripe.ts) or `local` (development only: test cards and a
 * ledger in the LocalPaymentLedger Durable Object, payments-local.ts). It fails closed like the
 * captcha: any other value, `local` outside development, or a missing secret decline every charge
 * with `processing_error` (and say why in the log), so a misconfigured store never takes an order
 * it was not paid for.
 *
 * Idempotency keys are global to the provider account (one Stripe account, one local ledger), as
 * Stripe's are: the caller makes them unique across websites (e.g. `${websiteId}:${orderId}`).
 * `metadata.returnUrl`, when given, is where the shopper comes back after an extra authentication
 * step; it is not stored as metadata.
 */
import { faultable } from '../faults';
import { declined, type PaymentProvider } from './payment-provider';
import { localPayments, type LocalLedger } from './payments-local';
import { stripePayments } from './payments-stripe';

export * from './payment-provider';

export interface PaymentEnv {
  ENVIRONMENT?: string;
  PAYMENT_PROVIDER?: string;
  STRIPE_SECRET_KEY?: string;
  /** Stripe's publishable key (`pk_live_…`), a plain variable: the checkout page's Stripe.js needs it. */
  STRIPE_PUBLISHABLE_KEY?: string;
}

/** What the checkout page needs to take a card: the provider, and for Stripe its publishable key. */
export type PaymentSetup = { provider: 'local' } | { provider: 'stripe'; publishableKey: string | null };

export function paymentSetup(env: PaymentEnv): PaymentSetup {
  if (env.PAYMENT_PROVIDER !== 'stripe') return { provider: 'local' };
  const key = env.STRIPE_PUBLISHABLE_KEY;
  return { provider: 'stripe', publishableKey: key?.startsWith('pk_') ? key : null };
}

/** Declines every charge and refund, logging why: what a misconfigured deployment gets. */
function refuseAll(name: PaymentProvider['name'], reason: string): PaymentProvider {
  return {
    name,
    async charge() {
      console.error(`Payment refused: ${reason}`);
      return declined('processing_error');
    },
    async refund() {
      console.error(`Refund refused: ${reason}`);
      return { ok: false, message: 'Payments are not configured.' };
    },
    async cancel() {
      console.error(`Cancellation refused: ${reason}`);
      return { ok: false, message: 'Payments are not configured.' };
    },
  };
}

/** Whether this deployment takes local test payments (development only). */
export function localPaymentsEnabled(env: PaymentEnv): boolean {
  return env.PAYMENT_PROVIDER === 'local' && env.ENVIRONMENT === 'development';
}

/** Whether this deployment can take a payment at all: Stripe with its secret, or local test payments in development. */
export function paymentsConfigured(env: PaymentEnv): boolean {
  return localPaymentsEnabled(env) || (env.PAYMENT_PROVIDER === 'stripe' && (env.STRIPE_SECRET_KEY ?? '') !== '');
}

/** The configured provider; the local one charges the ledger `localLedger` gives (durable/stubs.ts `paymentsOf` hands it in). */
export function paymentProvider(env: PaymentEnv, localLedger?: () => LocalLedger): PaymentProvider {
  return faultable('payments', configuredProvider(env, localLedger));
}

function configuredProvider(env: PaymentEnv, localLedger: (() => LocalLedger) | undefined): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case 'local':
      if (!localPaymentsEnabled(env)) return refuseAll('local', 'PAYMENT_PROVIDER "local" is for development only');
      if (localLedger === undefined)
        return refuseAll('local', 'no local ledger given (take the provider from paymentsOf)');
      return localPayments(localLedger);
    case 'stripe':
      if (env.STRIPE_SECRET_KEY === undefined || env.STRIPE_SECRET_KEY === '') {
        return refuseAll('stripe', 'PAYMENT_PROVIDER is stripe but the STRIPE_SECRET_KEY secret is missing');
      }
      return stripePayments(env.STRIPE_SECRET_KEY);
    default:
      return refuseAll('stripe', `unknown PAYMENT_PROVIDER ${JSON.stringify(env.PAYMENT_PROVIDER ?? null)}`);
  }
}
