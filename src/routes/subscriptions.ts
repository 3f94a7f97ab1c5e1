/**
 * A buyer's subscription, reached with the capability token of its page (the manage link in its
 * emails, no account needed): GET shows it, POST …/cancel cancels it (CSRF-checked, rate-limited,
 * idempotent: a second cancel answers the cancelled subscription).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { SUBSCRIPTION_MESSAGES } from '../commerce/subscriptions';
import { commerceOrders } from '../durable/stubs';
import { requireCrumb } from './csrf';
import { apiError, readJson, type AppEnv, withSite } from './http';
import { rateLimit } from './rate-limit';

const MAX_BODY_BYTES = 1024;
const TOKEN = /^[0-9a-f]{32}$/;
const cancelSchema = z.object({ token: z.string().regex(TOKEN, 'token is not a subscription token') });

export const subscriptions = new Hono<AppEnv>();

const writeLimit = rateLimit((env) => env.CART_RATE_LIMITER, 'subscription');

subscriptions.get('/api/commerce/subscriptions/:orderId', withSite, async (c) => {
  c.header('cache-control', 'no-store');
  const token = c.req.query('token') ?? '';
  const subscription = TOKEN.test(token) ? await commerceOrders(c.env, c.var.site.website.id).subscriptionForBuyer(c.req.param('orderId'), token) : null;
  return subscription === null ? apiError(c, 404, SUBSCRIPTION_MESSAGES.notFound) : c.json({ subscription });
});

subscriptions.post('/api/commerce/subscriptions/:orderId/cancel', requireCrumb, writeLimit, withSite, async (c) => {
  const { token } = await readJson(c, cancelSchema, MAX_BODY_BYTES);
  c.header('cache-control', 'no-store');
  const subscription = await commerceOrders(c.env, c.var.site.website.id).cancelSubscription(c.req.param('orderId'), token);
  return subscription === null ? apiError(c, 404, SUBSCRIPTION_MESSAGES.notFound) : c.json({ subscription });
});
