/**
 * Taking payment behind one interface (the contract checkout codes against, docs/payments.md).
 * A website's saved payment settings (Commerce → Payments) choose its provider; a website without them has the
 * deployment's, where `PAYMENT_PROVIDER` chooses `stripe` (PaymentIntents with the `STRIPE_SECRET_KEY` secret,
 * payments-stripe.ts) or `local` (development only: test cards and a
 * ledger in the LocalPaymentLedger Durable Object, payments-local.ts). `paymentChoice` is the one place that
 * decides which; charges, refunds, cancels, the checkout page's key and webhooks all ask it. It fails closed like the
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
import { refused } from '../result';
import { declined, type PaymentProvider } from './payment-provider';
import { localPayments, type LocalLedger } from './payments-local';
import { stripePayments } from './payments-stripe';
import { paymentModeOf, type PaymentSetup, type StoredPaymentSettings } from '../commerce/payment-mode';

export type { PaymentSetup };

export * from './payment-provider';

export interface PaymentEnv {
  ENVIRONMENT?: string;
  PAYMENT_PROVIDER?: string;
  STRIPE_SECRET_KEY?: string;
  /** Stripe's publishable key (`pk_live_…`), a plain variable: the checkout page's Stripe.js needs it. */
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}

/**
 * The settings a website's payments run with: its saved ones, else the deployment's; null when the deployment names
 * no provider it knows. The local provider is refused outside development either way (`configuredProvider`).
 */
export function paymentChoice(env: PaymentEnv, saved: StoredPaymentSettings | null): StoredPaymentSettings | null {
  if (saved !== null) return saved;
  if (env.PAYMENT_PROVIDER === 'local') return { provider: 'local', stripePublishableKey: '', stripeSecretKey: '' };
  if (env.PAYMENT_PROVIDER !== 'stripe') return null;
  return {
    provider: 'stripe',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
  };
}

export function paymentSetup(env: PaymentEnv, saved: StoredPaymentSettings | null = null): PaymentSetup {
  const choice = paymentChoice(env, saved);
  if (choice === null || choice.provider === 'local') return { provider: 'local', mode: 'test' };
  const key = choice.stripePublishableKey;
  return { provider: 'stripe', mode: paymentModeOf(choice), publishableKey: key.startsWith('pk_') ? key : null };
}

/** The Stripe webhook signing secret a website's events are verified with (its own when saved, else the deployment's). */
export function webhookSecretOf(env: PaymentEnv, saved: StoredPaymentSettings | null): string {
  const own = saved?.provider === 'stripe' ? (saved.stripeWebhookSecret ?? '') : '';
  return own !== '' ? own : (env.STRIPE_WEBHOOK_SECRET ?? '');
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
      return refused('not-configured', 'Payments are not configured.');
    },
    async cancel() {
      console.error(`Cancellation refused: ${reason}`);
      return refused('not-configured', 'Payments are not configured.');
    },
  };
}

/** Whether this deployment takes local test payments (development only). */
export function localPaymentsEnabled(env: PaymentEnv): boolean {
  return env.PAYMENT_PROVIDER === 'local' && env.ENVIRONMENT === 'development';
}

/** Whether a website may use the local test provider (and its webhooks answer): only a development deployment. */
export function localPaymentsAllowed(env: PaymentEnv): boolean {
  return env.ENVIRONMENT === 'development';
}

/** Whether this deployment can take a payment at all: Stripe with its secret, or local test payments in development. */
export function paymentsConfigured(env: PaymentEnv): boolean {
  return localPaymentsEnabled(env) || (env.PAYMENT_PROVIDER === 'stripe' && (env.STRIPE_SECRET_KEY ?? '') !== '');
}

/**
 * The provider of a website with `saved` settings (null: the deployment's); the local one charges the ledger
 * `localLedger` gives (durable/stubs.ts `paymentsOf` hands it in).
 */
export function paymentProvider(
  env: PaymentEnv,
  saved: StoredPaymentSettings | null = null,
  localLedger?: () => LocalLedger,
): PaymentProvider {
  return faultable('payments', configuredProvider(env, saved, localLedger));
}

function configuredProvider(
  env: PaymentEnv,
  saved: StoredPaymentSettings | null,
  localLedger: (() => LocalLedger) | undefined,
): PaymentProvider {
  const choice = paymentChoice(env, saved);
  const whose = saved === null ? 'PAYMENT_PROVIDER' : "the store's payment settings";
  if (choice === null)
    return refuseAll('stripe', `unknown PAYMENT_PROVIDER ${JSON.stringify(env.PAYMENT_PROVIDER ?? null)}`);
  if (choice.provider === 'local') {
    if (!localPaymentsAllowed(env)) return refuseAll('local', `${whose} "local" is for development only`);
    if (localLedger === undefined)
      return refuseAll('local', 'no local ledger given (take the provider from paymentsOf)');
    return localPayments(localLedger);
  }
  if (choice.stripeSecretKey === '')
    return refuseAll('stripe', `${whose} is stripe but the STRIPE_SECRET_KEY secret is missing`);
  return stripePayments(choice.stripeSecretKey);
}
