/**
 * CSRF by double-submit cookie: every page sets a random `crumb` cookie (readable by the page
 * script), and every state-changing call must echo it in `X-CSRF-Token`. Another site can make a
 * browser send the cookie but cannot read it, so it cannot send the header.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomHex } from '../site/ids';
import { isDevelopment, type AppEnv } from './http';

export const CRUMB_COOKIE = 'crumb';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CRUMB_FAIL_MESSAGE = 'Missing or invalid CSRF token';
const CRUMB_PATTERN = /^[0-9a-f]{32}$/;

/** A random 128-bit token (crumbs, cart ids, subscription cart tokens). */
export function randomToken(): string {
  return randomHex(16);
}

function currentCrumb(c: Context<AppEnv>): string | null {
  const crumb = getCookie(c, CRUMB_COOKIE);
  return crumb !== undefined && CRUMB_PATTERN.test(crumb) ? crumb : null;
}

/** Gives the visitor a crumb when they have none (on the response being built). */
export function ensureCrumb(c: Context<AppEnv>): void {
  if (currentCrumb(c) !== null) return;
  setCookie(c, CRUMB_COOKIE, randomToken(), {
    path: '/',
    sameSite: 'Lax',
    secure: !isDevelopment(c.env),
    maxAge: 60 * 60 * 24 * 365,
  });
}

function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
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

/** Store pages hand out the crumb (after the page cache, so no cached page carries a cookie). */
export const crumbOnPages: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method === 'GET' && c.res.headers.get('content-type')?.startsWith('text/html') === true) ensureCrumb(c);
};
