/**
 * The store's payment settings (Commerce → Payments), kept in its orders object where its charges, refunds and
 * cancels run, so choosing the provider reads this object's own storage and adds no call. `storePayments` is the
 * provider every payment of the store goes through (integrations/payments.ts `paymentChoice` decides it). The
 * secret key and webhook secret are kept sealed (integrations/payment-secrets.ts), never in plain text.
 */
import { paymentSetup, type PaymentProvider, type PaymentSetup } from '../../integrations/payments';
import type { StoredPaymentSettings } from '../../commerce/payment-mode';
import {
  canSealSecrets,
  openSecret,
  sealedWithCurrentKey,
  sealSecret,
  type Sealed,
} from '../../integrations/payment-secrets';
import { paymentsOf } from '../stubs';
import { kept, type OrdersContext } from './context';

const PAYMENT_SETTINGS_KEY = 'payment-settings';

/** What the object keeps: the settings with both secrets sealed together (null: none saved). */
type KeptPaymentSettings = Pick<StoredPaymentSettings, 'provider' | 'stripePublishableKey'> & {
  secrets: Sealed | null;
};
type Secrets = Pick<StoredPaymentSettings, 'stripeSecretKey' | 'stripeWebhookSecret'>;

/**
 * The saved settings with their secrets opened, kept in memory once read (every charge asks): only this object writes
 * them, and savePaymentSettings forgets the copy.
 */
export async function savedPaymentSettings(self: OrdersContext): Promise<StoredPaymentSettings | null> {
  const rows = kept(self);
  // The read itself is kept, so a save while it runs forgets it rather than have it keep what the save replaced.
  const reading = rows.paymentSettings ?? readPaymentSettings(self);
  rows.paymentSettings = reading;
  reading.catch(() => {
    if (rows.paymentSettings === reading) rows.paymentSettings = undefined;
  });
  const settings = await reading;
  return settings === null ? null : { ...settings };
}

async function readPaymentSettings(self: OrdersContext): Promise<StoredPaymentSettings | null> {
  const kept = await self.ctx.storage.get<KeptPaymentSettings | StoredPaymentSettings>(PAYMENT_SETTINGS_KEY);
  if (kept === undefined) return null;
  if (!('secrets' in kept)) {
    // Kept before secrets were sealed: sealed now, where this deployment can.
    if (canSealSecrets(self.env)) await savePaymentSettings(self, kept);
    return kept;
  }
  const { secrets, ...settings } = kept;
  const none: Secrets = { stripeSecretKey: '', stripeWebhookSecret: '' };
  if (secrets === null) return { ...settings, ...none };
  const plain = await openSecret(self.env, secrets);
  if (plain === null) {
    console.error(
      'Payment settings: sealed with a key this deployment no longer has; the owner must enter the secrets again',
    );
    return { ...settings, ...none };
  }
  const opened: StoredPaymentSettings = { ...settings, ...(JSON.parse(plain) as Secrets) };
  // After a key rotation, sealed again with the current key on first read.
  if (!(await sealedWithCurrentKey(self.env, secrets))) await savePaymentSettings(self, opened);
  return opened;
}

/** Keeps `settings` with their secrets sealed; throws when this deployment cannot seal (the route asks first). */
export async function savePaymentSettings(self: OrdersContext, settings: StoredPaymentSettings): Promise<void> {
  const { stripeSecretKey, stripeWebhookSecret = '', ...rest } = settings;
  const secrets =
    stripeSecretKey === '' && stripeWebhookSecret === ''
      ? null
      : await sealSecret(self.env, JSON.stringify({ stripeSecretKey, stripeWebhookSecret }));
  await self.ctx.storage.put<KeptPaymentSettings>(PAYMENT_SETTINGS_KEY, { ...rest, secrets });
  kept(self).paymentSettings = undefined;
}

/** The store's payment provider: its saved settings', else the deployment's. */
export async function storePayments(self: OrdersContext): Promise<PaymentProvider> {
  return paymentsOf(self.env, await savedPaymentSettings(self));
}

/** What the checkout page needs: the provider, its mode and publishable key. */
export async function storePaymentSetup(self: OrdersContext): Promise<PaymentSetup> {
  return paymentSetup(self.env, await savedPaymentSettings(self));
}
