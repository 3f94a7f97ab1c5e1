/**
 * CSRF by double-submit cookie: the visitor holds a random crumb cookie (readable by the page
 * script), and every state-changing call must echo it in `X-CSRF-Token`. Another site can make a
 * browser send the cookie but cannot read it, so it cannot send the header. In production the
 * cookie is `__Host-crumb` (src/cookies.ts), so a sibling subdomain cannot plant a crumb it knows.
 * Store pages never set it (a cached page is the same bytes for everyone, with no `Set-Cookie`):
 * the page script asks `GET /api/crumb` before its first state change when it has none.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { CRUMB_PATH, CSRF_HEADER } from '../../cookies';
import { randomHex, sameToken } from '../../ids';
import { ApiError } from '../../http/errors';
import { readStoreCookie, setStoreCookie } from './cookies';
import type { AppEnv } from './http';

export { CSRF_HEADER };
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

/** 403 `{ error, crumbFail: true }` for a state-changing call without the matching header. */
export const requireCrumb: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const crumb = currentCrumb(c);
  const sent = c.req.header(CSRF_HEADER);
  if (crumb === null || sent === undefined || !sameToken(crumb, sent))
    throw new ApiError(403, CRUMB_FAIL_MESSAGE, { extra: { crumbFail: true } });
  return next();
};

/** `GET /api/crumb`: 204, with a new crumb cookie when the visitor has none. */
export const crumbs = new Hono<AppEnv>();

crumbs.get(CRUMB_PATH, (c) => {
  ensureCrumb(c);
  return c.body(null, 204, { 'cache-control': 'no-store' });
});
