/**
 * Security headers on every response. HTML gets a Content-Security-Policy with a fresh nonce per
 * response: pages are cached whole, so the nonce is set on each `<script>` and `<style>` element as
 * the page streams out (HTMLRewriter), never stored in the cache. `'strict-dynamic'` lets the nonced
 * bootstrap load its island chunks (and a captcha provider's script) without allowing inline script.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './http';

const COMMON: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** API answers are data: nothing in them may run, and nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function pageCsp(nonce: string, captchaProvider: string | undefined): string {
  const google = captchaProvider === 'recaptcha-enterprise' ? ' https://www.google.com https://www.gstatic.com' : '';
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${google}`,
    `frame-src 'self'${google}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

function randomNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

class NonceSetter {
  constructor(private readonly nonce: string) {}

  element(element: Element): void {
    element.setAttribute('nonce', this.nonce);
  }
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const type = c.res.headers.get('content-type') ?? '';
  const html = type.startsWith('text/html');
  let response = c.res;
  if (response.status === 304) {
    // The browser keeps the cached page's own headers (its CSP matches the nonces in that page).
    response = new Response(null, response);
  } else if (html && response.body !== null) {
    const nonce = randomNonce();
    response = new HTMLRewriter().on('script', new NonceSetter(nonce)).on('style', new NonceSetter(nonce)).transform(response);
    response = new Response(response.body, response);
    response.headers.set('content-security-policy', pageCsp(nonce, c.env.CAPTCHA_PROVIDER));
    response.headers.set('x-frame-options', 'SAMEORIGIN');
  } else {
    response = new Response(response.body, response);
    if (!response.headers.has('content-security-policy')) response.headers.set('content-security-policy', API_CSP);
    response.headers.set('x-frame-options', 'DENY');
  }
  for (const [name, value] of Object.entries(COMMON)) response.headers.set(name, value);
  c.res = undefined;
  c.res = response;
};
