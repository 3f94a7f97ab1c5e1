/**
 * The demo store ships without any set-up in development: its default shipping rates
 * (src/site/seed/demo.ts) are made in its commerce object before the checkout or the console first reads
 * them, once per isolate. Any other store, and every store in production, starts with none. Its
 * starting settings too (DEMO_STORE_SETTINGS: the welcome code its promo popup promises), before a
 * newsletter sign-up or the console's settings read them.
 */
import type { MiddlewareHandler } from 'hono';
import { commerceOrders } from '../../durable/stubs';
import { DEMO_SHIPPING_RATES, DEMO_SITE_ID, DEMO_STORE_SETTINGS } from '../../site/seed/demo';
import { isDevelopment, type AppEnv } from '../shared/http';

let seeded = false;

/** After `withSite` (or a guard that loads the site). */
export const demoShipping: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!seeded && isDevelopment(c.env) && c.var.site.website.id === DEMO_SITE_ID) {
    const orders = commerceOrders(c.env, DEMO_SITE_ID);
    await orders.seedShippingRates(DEMO_SHIPPING_RATES);
    await orders.seedSettings(DEMO_STORE_SETTINGS);
    seeded = true;
  }
  await next();
};
