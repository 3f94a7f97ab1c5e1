/**
 * The store's payment settings (Commerce → Payments), kept in its orders object where its charges, refunds and
 * cancels run, so choosing the provider reads this object's own storage and adds no call. `storePayments` is the
 * provider every payment of the store goes through (integrations/payments.ts `paymentChoice` decides it).
 */
import { paymentSetup, type PaymentProvider, type PaymentSetup } from '../../integrations/payments';
import type { StoredPaymentSettings } from '../../commerce/payment-mode';
import { paymentsOf } from '../stubs';
import type { OrdersContext } from './context';

const PAYMENT_SETTINGS_KEY = 'payment-settings';

export async function savedPaymentSettings(self: OrdersContext): Promise<StoredPaymentSettings | null> {
  return (await self.ctx.storage.get<StoredPaymentSettings>(PAYMENT_SETTINGS_KEY)) ?? null;
}

export async function savePaymentSettings(self: OrdersContext, settings: StoredPaymentSettings): Promise<void> {
  await self.ctx.storage.put(PAYMENT_SETTINGS_KEY, settings);
}

/** The store's payment provider: its saved settings', else the deployment's. */
export async function storePayments(self: OrdersContext): Promise<PaymentProvider> {
  return paymentsOf(self.env, await savedPaymentSettings(self));
}

/** What the checkout page needs: the provider, its mode and publishable key. */
export async function storePaymentSetup(self: OrdersContext): Promise<PaymentSetup> {
  return paymentSetup(self.env, await savedPaymentSettings(self));
}
