/**
 * Ends payment windows early (development only): `POST /dev/orders/payment-windows` with
 * `{ afterMinutes }` runs the orders object's payment-window duty as its alarm would `afterMinutes`
 * from now, and moves the local bank's deadline for those payments as much earlier, so a test sees an
 * attempt left at the bank cancelled, its units back on sale and the bank's 'time has run out' without
 * waiting the window out. The window the merchant set is unchanged. Outside development it is a 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { commerceOrders, localPaymentLedger } from '../../durable/stubs';
import { NOT_FOUND } from '../../http/messages';
import { messagePage } from './html-document';
import { requireCrumb } from '../shared/csrf';
import { isDevelopment, readJson, type AppEnv, withSite } from '../shared/http';

export const DEV_PAYMENT_WINDOWS_PATH = '/dev/orders/payment-windows';

/** A day ahead at most: further than any payment window the settings allow. */
const BodySchema = z
  .object({
    afterMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
  })
  .strict();

export const devPaymentWindows = new Hono<AppEnv>();

devPaymentWindows.use(DEV_PAYMENT_WINDOWS_PATH, async (c, next) =>
  isDevelopment(c.env) ? next() : messagePage(c, 404, NOT_FOUND),
);

devPaymentWindows.post(DEV_PAYMENT_WINDOWS_PATH, requireCrumb, withSite, async (c) => {
  const { afterMinutes } = await readJson(c, BodySchema, 256);
  const websiteId = c.var.site.website.id;
  const ms = afterMinutes * 60_000;
  const now = Date.now();
  // The local bank first, so that it refuses a late answer by the time the order is cancelled.
  await localPaymentLedger(c.env).endWindowsEarly(websiteId, ms, now);
  const cancelled = await commerceOrders(c.env, websiteId).endPaymentWindows(websiteId, now + ms);
  return c.json({ cancelled }, 200, { 'cache-control': 'no-store' });
});
