/**
 * Per-visitor rate limits on write calls, through the Workers Rate Limiting binding.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_MESSAGES } from '../commerce/cart';
import { CRUMB_COOKIE } from './csrf';
import { isDevelopment, type AppEnv } from './http';

/**
 * The visitor a limit counts: their connecting IP on Cloudflare. In local development every browser
 * comes from the same loopback address, so there the crumb cookie tells visitors apart.
 */
export function visitorKey(c: Context<AppEnv>): string {
  const ip = c.req.header('cf-connecting-ip');
  const crumb = getCookie(c, CRUMB_COOKIE);
  return (isDevelopment(c.env) ? (crumb ?? ip) : (ip ?? crumb)) ?? 'anonymous';
}

/** 429 `{ error: message }` once `limiter` says the visitor is over; reads are not limited. */
export function rateLimit(limiter: (env: Env) => RateLimit, area: string, message: string = CART_MESSAGES.tryAgain): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const { success } = await limiter(c.env).limit({ key: `${area}:${visitorKey(c)}` });
    if (!success) return c.json({ error: message }, 429, { 'retry-after': '10' });
    return next();
  };
}
