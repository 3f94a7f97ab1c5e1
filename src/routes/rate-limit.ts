/**
 * Per-visitor rate limits on write calls, through the Workers Rate Limiting binding.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { CART_MESSAGES } from '../commerce/cart';
import { addressKey } from './client-address';
import { currentCrumb } from './csrf';
import { isDevelopment, type AppEnv } from './http';

/**
 * The connecting address as a rate-limit key (`cf-connecting-ip`, set by Cloudflare: IPv4 whole,
 * IPv6 by its /64; `unknown` when absent). For any limit that must hold against a client that
 * throws its cookies away.
 */
export function connectingAddressKey(c: Context<AppEnv>): string {
  return addressKey(c.req.header('cf-connecting-ip'));
}

/**
 * The visitor a limit counts. In production their connecting address and nothing the client
 * chooses. In local development every browser comes from the same loopback address, so there the
 * crumb tells visitors apart.
 */
export function visitorKey(c: Context<AppEnv>): string {
  if (isDevelopment(c.env)) return currentCrumb(c) ?? connectingAddressKey(c);
  return connectingAddressKey(c);
}

/**
 * Whether one more page may be rendered for a query the visitor chose (a list's filters, sort and
 * page, search's `q`), counted per connecting address. Not counted in development, where every
 * client is the loopback address and the benchmarks render searches by the thousand.
 */
export async function mayRenderForQuery(c: Context<AppEnv>): Promise<boolean> {
  if (isDevelopment(c.env)) return true;
  const { success } = await c.env.PAGE_RENDER_LIMITER.limit({ key: `render:${connectingAddressKey(c)}` });
  return success;
}

/** The `Retry-After` of a 429 for being over one of these limits: seconds to wait. */
export const LIMITED_RETRY_AFTER = '10';

/** 429 `{ error: message }` once `limiter` says the visitor is over; reads are not limited. */
export function rateLimit(limiter: (env: Env) => RateLimit, area: string, message: string = CART_MESSAGES.tryAgain): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const { success } = await limiter(c.env).limit({ key: `${area}:${visitorKey(c)}` });
    if (!success) return c.json({ error: message }, 429, { 'retry-after': LIMITED_RETRY_AFTER });
    return next();
  };
}
