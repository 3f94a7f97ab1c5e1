/**
 * A store's payments as every side reads them: which provider takes them, test or live (read from Stripe's own
 * key prefixes), what the checkout page is told, and the words that say a store is in test mode (the console's
 * Payments screen and the checkout page). The owner's form and its checks are src/site/editor/payment-settings.ts.
 */
export type PaymentMode = 'test' | 'live';

export const TEST_MODE_BANNER = 'Test mode: no real charges.';

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What the store keeps (in its orders object, never in the site's content or an export). */
export interface StoredPaymentSettings {
  provider: PaymentProviderName;
  stripePublishableKey: string;
  stripeSecretKey: string;
  /** Stripe's signing secret for this store's webhook endpoint (`whsec_…`); absent or empty: the deployment's. */
  stripeWebhookSecret?: string;
}

/**
 * How the page takes the card: the local test field, or Stripe Elements with the store's publishable key (null: not
 * configured); `mode` test shows the test-mode banner.
 */
export type PaymentSetup =
  | { provider: 'local'; mode: PaymentMode }
  | { provider: 'stripe'; mode: PaymentMode; publishableKey: string | null };

/** A Stripe key's mode by its prefix ('sk_test_…' → test), as Stripe names them; null for anything else. */
export function stripeKeyMode(key: string): PaymentMode | null {
  return /^[psr]k_test_/.test(key) ? 'test' : /^[psr]k_live_/.test(key) ? 'live' : null;
}

/** Test or live: the local provider is always test; Stripe by its keys' prefix. */
export function paymentModeOf(stored: StoredPaymentSettings): PaymentMode {
  if (stored.provider === 'local') return 'test';
  return stripeKeyMode(stored.stripeSecretKey || stored.stripePublishableKey) ?? 'test';
}
