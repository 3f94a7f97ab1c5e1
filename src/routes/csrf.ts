/**
 * CSRF by double-submit cookie: every page sets a random crumb cookie (readable by the page
 * script), and every state-changing call must echo it in `X-CSRF-Token`. Another site can make a
 * browser send the cookie but cannot read it, so it cannot send the header. In production the
 * cookie is `__Host-crumb` (src/cookies.ts), so a sibling subdomain cannot plant a crumb it knows.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { randomHex, sameToken } from '../site/ids';
import { readStoreCookie, setStoreCookie } from './cookies';
import type { AppEnv } from './http';

export const CSRF_HEADER = 'X-CSRF-Token';
export const CRUMB_FAIL_MESSAGE = 'Missing or invalid CSRF token';
const CRUMB_PATTERN = /^[0-9a-f]{32}$/;

/** A random 128-bit token (crumbs, cart ids, subscription cart tokens). */
export function randomToken(): string {
  return randomHex(16);
}

/** The visitor's crumb, when well formed. */
export function currentCrumb(c: Context<AppEnv>): string | null {
  const crumb = readStoreCookie(c, 'crumb');
  return crumb !== undefined && CRUMB_PATTERN.test(crumb) ? crumb : null;
}

/** Gives the visitor a crumb when they have none (on the response being built). */
export function ensureCrumb(c: Context<AppEnv>): void {
  if (currentCrumb(c) !== null) return;
  setStoreCookie(c, 'crumb', randomToken(), { sameSite: 'Lax', maxAge: 60 * 60 * 24 * 365 });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 403 `{ crumbFail: true, error }` for a state-changing call without the matching header. */
export const requireCrumb: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const crumb = currentCrumb(c);
  const sent = c.req.header(CSRF_HEADER);
  if (crumb === null || sent === undefined || !sameToken(crumb, sent)) {
    return c.json({ crumbFail: true, error: CRUMB_FAIL_MESSAGE }, 403);
  }
  return next();
};

/** What a page that sets a cookie may be cached as: by the visitor's browser only, revalidated each time. */
export const PRIVATE_PAGE = 'private, no-cache';

/**
 * Store pages hand out the crumb, after the page cache (the cached copy never holds a cookie). A
 * page that sets it is for this visitor alone, so a shared cache must not keep it.
 */
export const crumbOnPages: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || c.res.headers.get('content-type')?.startsWith('text/html') !== true) return;
  ensureCrumb(c);
  if (c.res.headers.has('set-cookie') && c.res.headers.get('cache-control') !== 'no-store') c.header('cache-control', PRIVATE_PAGE);
};
