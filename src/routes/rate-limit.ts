/**
 * Per-visitor rate limits on write calls, through the Workers Rate Limiting binding: the visitor is
 * their connecting IP on Cloudflare and, where there is none (local dev), their cart or crumb.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_MESSAGES } from '../commerce/cart';
import { CRUMB_COOKIE } from './csrf';
import type { AppEnv } from './http';

export function visitorKey(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? getCookie(c, CRUMB_COOKIE) ?? 'anonymous';
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
