/**
 * The store's payment settings (Commerce → Payments, docs/payments.md "The store's payment settings"): which
 * provider takes payments (the local test provider, development only; or Stripe with the store's keys) and
 * whether the mode is test or live, read from Stripe's own key prefixes. One zod schema for the console's form
 * and the route; the secret key is write-only: answers carry its last 4 characters, never the key.
 */
import { z } from 'zod';
import {
  PAYMENT_PROVIDERS,
  paymentModeOf,
  stripeKeyMode,
  type PaymentMode,
  type PaymentProviderName,
  type StoredPaymentSettings,
} from '../../commerce/payment-mode';

export const PAYMENT_SETTINGS_MESSAGES = {
  publishableKey: "Enter the publishable key: it starts with 'pk_test_' or 'pk_live_'",
  secretKey: "Enter the secret key: it starts with 'sk_test_', 'sk_live_', 'rk_test_' or 'rk_live_'",
  modesDiffer: 'The publishable and secret keys must both be test keys or both be live keys',
  localOnlyInDevelopment: 'The local test provider is for development only: connect Stripe',
  webhookSecret: "Enter the webhook signing secret: it starts with 'whsec_'",
} as const;

const PUBLISHABLE = /^pk_(test|live)_[A-Za-z0-9]{8,240}$/;
const SECRET = /^[sr]k_(test|live)_[A-Za-z0-9]{8,240}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_+/=]{8,240}$/;

/** What the owner sends. `stripeSecretKey` empty keeps the stored one (the form never holds it); a new one replaces it. */
export const paymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  stripePublishableKey: z.string().trim().max(255).default(''),
  stripeSecretKey: z.string().trim().max(255).default(''),
  stripeWebhookSecret: z.string().trim().max(255).default(''),
});
export type PaymentSettingsInput = z.output<typeof paymentSettingsSchema>;

/** What the console reads: the secret only by its last 4 characters. */
export interface PaymentSettingsAnswer {
  provider: PaymentProviderName;
  mode: PaymentMode;
  stripePublishableKey: string;
  stripeSecretKeyLast4: string | null;
  stripeWebhookSecretLast4: string | null;
  /** The local test provider can be chosen (a development deployment). */
  localAvailable: boolean;
  /** The store can take a payment with these settings (the Home checklist's "Set up payments"). */
  ready: boolean;
  /** Instalments are offered at checkout (src/commerce/instalments.ts: none of the providers offers them yet). */
  instalmentsOffered: boolean;
}

/** The answer for `stored` settings; `localAvailable` is the deployment's (development). */
export function paymentSettingsAnswer(
  stored: StoredPaymentSettings,
  localAvailable: boolean,
  instalmentsOffered: boolean,
): PaymentSettingsAnswer {
  const secret = stored.stripeSecretKey;
  const webhookSecret = stored.stripeWebhookSecret ?? '';
  const stripeReady = PUBLISHABLE.test(stored.stripePublishableKey) && SECRET.test(secret);
  return {
    provider: stored.provider,
    mode: paymentModeOf(stored),
    stripePublishableKey: stored.stripePublishableKey,
    stripeSecretKeyLast4: secret === '' ? null : secret.slice(-4),
    stripeWebhookSecretLast4: webhookSecret === '' ? null : webhookSecret.slice(-4),
    localAvailable,
    ready: stored.provider === 'local' ? localAvailable : stripeReady,
    instalmentsOffered,
  };
}

/** The settings after the owner's change (the form's check too): a blank secret keeps the stored one; a problem names its field. */
export function changedPaymentSettings(
  stored: StoredPaymentSettings,
  input: PaymentSettingsInput,
  localAvailable: boolean,
): StoredPaymentSettings | { field: string; message: string } {
  if (input.provider === 'local')
    return localAvailable
      ? { ...stored, provider: 'local' }
      : { field: 'provider', message: PAYMENT_SETTINGS_MESSAGES.localOnlyInDevelopment };
  if (!PUBLISHABLE.test(input.stripePublishableKey))
    return { field: 'stripePublishableKey', message: PAYMENT_SETTINGS_MESSAGES.publishableKey };
  const secret = input.stripeSecretKey === '' ? stored.stripeSecretKey : input.stripeSecretKey;
  if (!SECRET.test(secret)) return { field: 'stripeSecretKey', message: PAYMENT_SETTINGS_MESSAGES.secretKey };
  if (stripeKeyMode(secret) !== stripeKeyMode(input.stripePublishableKey))
    return { field: 'stripeSecretKey', message: PAYMENT_SETTINGS_MESSAGES.modesDiffer };
  const webhookSecret =
    input.stripeWebhookSecret === '' ? (stored.stripeWebhookSecret ?? '') : input.stripeWebhookSecret;
  if (webhookSecret !== '' && !WEBHOOK_SECRET.test(webhookSecret))
    return { field: 'stripeWebhookSecret', message: PAYMENT_SETTINGS_MESSAGES.webhookSecret };
  return {
    provider: 'stripe',
    stripePublishableKey: input.stripePublishableKey,
    stripeSecretKey: secret,
    stripeWebhookSecret: webhookSecret,
  };
}
