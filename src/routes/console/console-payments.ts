/**
 * Commerce → Payments (docs/payments.md, "The store's payment settings"): the owner reads and changes which
 * provider takes the store's payments and its Stripe keys. Owner-only (`payments` in src/site/roles.ts). The
 * settings live in the website's orders object, where its payments are taken (durable/orders/payment-settings.ts),
 * never in the site's content (which exports), sealed; the secret key and webhook secret are write-only, answered as
 * their last 4 characters, and refused (503) where the deployment has no key to seal them with.
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { instalmentsOffered } from '../../commerce/instalments';
import { localPaymentsEnabled, paymentChoice } from '../../integrations/payments';
import { canSealSecrets, PAYMENT_SECRETS_MESSAGES } from '../../integrations/payment-secrets';
import {
  changedPaymentSettings,
  paymentSettingsAnswer,
  paymentSettingsSchema,
  type PaymentSettingsAnswer,
} from '../../site/editor/payment-settings';
import type { StoredPaymentSettings } from '../../commerce/payment-mode';
import type { Site } from '../../site/model/schema';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { requirePermission } from './merchant-session';

const MAX_BODY_BYTES = 4 * 1024;

export const consolePayments = new Hono<AppEnv>();
const owner = requirePermission('payments');

const NONE: StoredPaymentSettings = { provider: 'local', stripePublishableKey: '', stripeSecretKey: '' };

/** The store's payment settings: its own once saved, else the deployment's (docs/payments.md, PAYMENT_PROVIDER). */
export async function storePayments(c: Context<AppEnv>): Promise<StoredPaymentSettings> {
  return paymentChoice(c.env, await storeOf(c).objects.orders.paymentSettings()) ?? NONE;
}

/** What the console is told about `stored`, never the secret. */
export function paymentsAnswer(env: Env, site: Site, stored: StoredPaymentSettings): PaymentSettingsAnswer {
  return paymentSettingsAnswer(stored, localPaymentsEnabled(env), instalmentsOffered(site.website, stored.provider));
}

consolePayments.get(pathIn(areas.console, api.payments), owner, async (c) =>
  answer(c, api.payments, paymentsAnswer(c.env, c.var.site, await storePayments(c))),
);

consolePayments.put(pathIn(areas.console, api.savePayments), owner, async (c) => {
  const input = await readJson(c, paymentSettingsSchema, MAX_BODY_BYTES);
  const changed = changedPaymentSettings(await storePayments(c), input, localPaymentsEnabled(c.env));
  if ('field' in changed) apiError(400, `${changed.field}: ${changed.message}`);
  if (changed.stripeSecretKey !== '' && !canSealSecrets(c.env)) apiError(503, PAYMENT_SECRETS_MESSAGES.noKey);
  await storeOf(c).objects.orders.setPaymentSettings(changed);
  return answer(c, api.savePayments, paymentsAnswer(c.env, c.var.site, changed));
});
