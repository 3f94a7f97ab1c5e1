/**
 * Security headers on every response. An HTML answer keeps the CSP it was made with (a store page's
 * is computed when it is rendered and cached with it, see src/storefront/trusted-markup.ts); any other
 * HTML gets the strict default, which runs nothing inline and allows no captcha. API answers get `API_CSP`.
 */
import type { MiddlewareHandler } from 'hono';
import { API_CSP, htmlCsp, NO_SOURCES } from '../../storefront/content-security';
import type { AppEnv } from './http';

const COMMON: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** What the middleware adds to an HTML answer that has its own CSP (a store page): kept pages carry them ready. */
export const PAGE_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['x-frame-options', 'SAMEORIGIN'],
  ...Object.entries(COMMON),
];

/** Sets the security headers on `headers`; throws a TypeError when they are immutable (a response fetched or matched). */
function secure(headers: Headers, status: number): void {
  if (status === 304) {
    // The browser keeps the headers of the copy it has, whose CSP matches that copy's inline elements.
  } else if ((headers.get('content-type') ?? '').startsWith('text/html')) {
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', htmlCsp(NO_SOURCES));
    headers.set('x-frame-options', 'SAMEORIGIN');
  } else {
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', API_CSP);
    headers.set('x-frame-options', 'DENY');
  }
  for (const [name, value] of Object.entries(COMMON)) headers.set(name, value);
}

/**
 * Sets them on the app's own response where it stands (a page miss's 69 KB answer is not copied, about 4 % of its
 * CPU); a response whose headers cannot change (fetched: static assets, a matched Cache API copy) is copied first.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  try {
    secure(c.res.headers, c.res.status);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const response = new Response(c.res.status === 304 ? null : c.res.body, c.res);
    secure(response.headers, response.status);
    c.res = undefined;
    c.res = response;
  }
};
