/**
 * Per-visitor rate limits through the Workers Rate Limiting bindings: on write calls, on reads that
 * reach a website's Durable Objects, and on page renders no cache can answer.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { CART_MESSAGES } from '../../commerce/cart';
import { ApiError } from '../../http/errors';
import { addressKey } from './client-address';
import { currentCrumb } from './csrf';
import { messagePage } from '../pages/html-document';
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
 * Whether `limiter` lets the connecting address do one more of `area`. Not counted in development,
 * where every client is the loopback address and the benchmarks read and render by the thousand.
 */
async function mayByAddress(c: Context<AppEnv>, limiter: RateLimit, area: string): Promise<boolean> {
  if (isDevelopment(c.env)) return true;
  const { success } = await limiter.limit({ key: `${area}:${connectingAddressKey(c)}` });
  return success;
}

/**
 * Whether one more page may be rendered that no cache will answer next time: a list or search page
 * for a query the visitor chose (a list's filters, sort and page, search's `q`), a page's
 * `?format=json`, a 404, a buyer's page, a design preview, a sitemap file, a mailing-list
 * confirmation. Counted per connecting address.
 */
export function mayRender(c: Context<AppEnv>): Promise<boolean> {
  return mayByAddress(c, c.env.PAGE_RENDER_LIMITER, 'render');
}

/**
 * Whether one more read may reach the website's Durable Objects (content, stock, carts, orders,
 * accounts): an API GET, a store page the page cache did not answer. Counted per connecting address.
 */
export function mayRead(c: Context<AppEnv>): Promise<boolean> {
  return mayByAddress(c, c.env.READ_RATE_LIMITER, 'read');
}

/** The `Retry-After` of a 429 for being over one of these limits: seconds to wait. */
export const LIMITED_RETRY_AFTER = '10';

/** The 429 for a read or a render over its limit, in the spec's wording for a write over its limit: `{ error }` on the API, a page elsewhere. */
export function refusedRead(c: Context<AppEnv>): Response | Promise<Response> {
  c.header('retry-after', LIMITED_RETRY_AFTER);
  c.header('cache-control', 'no-store');
  if (c.req.path.startsWith('/api/')) throw new ApiError(429, CART_MESSAGES.tryAgain);
  return messagePage(c, 429, CART_MESSAGES.tryAgain);
}

function limitedGets(may: (c: Context<AppEnv>) => Promise<boolean>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (!(await may(c))) return refusedRead(c);
    return next();
  };
}

/** GETs over `mayRead` refused (src/worker.ts puts it before the routes that read objects); other methods pass. */
export const readLimit = limitedGets(mayRead);
/** GETs over `mayRender` refused: for routes outside the store pages that render a page no cache keeps. */
export const renderLimit = limitedGets(mayRender);

/** Throws the 429 of a visitor or website over a write limit: `{ error: message }` with Retry-After. */
export function overLimit(message: string = CART_MESSAGES.tryAgain): never {
  throw new ApiError(429, message, { headers: { 'retry-after': LIMITED_RETRY_AFTER } });
}

/** 429 `{ error: message }` once `limiter` says the visitor is over; reads pass (`readLimit` counts those). */
export function rateLimit(
  limiter: (env: Env) => RateLimit,
  area: string,
  message: string = CART_MESSAGES.tryAgain,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const { success } = await limiter(c.env).limit({ key: `${area}:${visitorKey(c)}` });
    if (!success) overLimit(message);
    return next();
  };
}
