/**
 * The store's own cookies and their names, shared by the worker and the page script. In production
 * each name carries the `__Host-` prefix: a browser accepts such a cookie only when it is Secure,
 * has Path=/ and no Domain, and comes from this very host, so a sibling subdomain can neither plant
 * nor overwrite a crumb, a cart or a session. Development (http://localhost) keeps the plain names.
 * The analytics cookies (`ss_cvr`, …, src/beacon/cookies.ts) keep the names the spec gives them.
 */
export const STORE_COOKIES = {
  crumb: 'crumb',
  cart: 'CART',
  cartFlag: 'HasCart',
  siteUserInfo: 'SiteUserInfo',
  siteUserSession: 'SiteUserSession',
  merchantSession: 'MerchantSession',
} as const;

export type StoreCookie = keyof typeof STORE_COOKIES;

/** Where a page script without a crumb gets one (pages themselves set no cookie: they are cached for everyone). */
export const CRUMB_PATH = '/api/crumb';

/** The header a state-changing call echoes the crumb in (src/routes/shared/csrf.ts checks it). */
export const CSRF_HEADER = 'X-CSRF-Token';

export const HOST_PREFIX = '__Host-';

/** The cookie's name in production (`__Host-` prefixed) or in development (plain). */
export function cookieName(cookie: StoreCookie, production: boolean): string {
  return production ? HOST_PREFIX + STORE_COOKIES[cookie] : STORE_COOKIES[cookie];
}

/**
 * The names a page script looks under, preferred first: it cannot know the mode, and the prefixed
 * cookie is the one no other host can have set.
 */
export function readableNames(cookie: StoreCookie): readonly [string, string] {
  return [cookieName(cookie, true), cookieName(cookie, false)];
}
