/**
 * Moves the outbox's clock on (development only): `POST /dev/orders/outbox` with `{ afterDays }`
 * sends the store's emails due by `afterDays` from now, as the orders object's alarm will on that
 * day, so a person or a browser test sees a gift card with a later send date arrive without waiting
 * for the day. Nothing else runs early. Outside development it is a 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { GIFT_SEND_MAX_DAYS } from '../../commerce/gift-cards';
import { commerceOrders } from '../../durable/stubs';
import { NOT_FOUND } from '../../http/messages';
import { messagePage } from './html-document';
import { requireCrumb } from '../shared/csrf';
import { isDevelopment, readJson, type AppEnv, withSite } from '../shared/http';

export const DEV_OUTBOX_PATH = '/dev/orders/outbox';

const DAY_MS = 86_400_000;

/** As far ahead as a gift card can be sent, and a day more for the time zones east of UTC. */
const BodySchema = z
  .object({
    afterDays: z
      .number()
      .int()
      .min(0)
      .max(GIFT_SEND_MAX_DAYS + 1),
  })
  .strict();

export const devOutbox = new Hono<AppEnv>();

devOutbox.use(DEV_OUTBOX_PATH, async (c, next) => (isDevelopment(c.env) ? next() : messagePage(c, 404, NOT_FOUND)));

devOutbox.post(DEV_OUTBOX_PATH, requireCrumb, withSite, async (c) => {
  const { afterDays } = await readJson(c, BodySchema, 256);
  const delivered = await commerceOrders(c.env, c.var.site.website.id).deliverEmail(Date.now() + afterDays * DAY_MS);
  return c.json({ delivered }, 200, { 'cache-control': 'no-store' });
});
