/**
 * Reading the cookies the page script may see (the crumb, the cart flag, the signed-in flag). A value
 * that does not decode is logged and read as absent (spec §8: cookie parse failures are logged and
 * treated as empty).
 */
import { readableNames, type StoreCookie } from '../cookies';
import { pageDocument } from './dom';

export function readCookie(name: string): string | null {
  const cookie = pageDocument()?.cookie ?? '';
  for (const part of cookie.split(';')) {
    if (!part.includes('=')) continue;
    const at = part.indexOf('=');
    if (part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      console.warn(`The ${name} cookie does not parse; treated as empty`);
      return null;
    }
  }
  return null;
}

/** One of the store's cookies under its production (`__Host-`) name, else its development name. */
export function readStoreCookie(cookie: StoreCookie): string | null {
  for (const name of readableNames(cookie)) {
    const value = readCookie(name);
    if (value !== null) return value;
  }
  return null;
}

/** The signed-in flag's cookie names (production, development): the header's early words (src/storefront/header-words.ts) read them before this script runs. */
export const SIGNED_IN_COOKIE_NAMES: readonly string[] = readableNames('siteUserInfo');

/**
 * Whether the visitor has a cart or is signed in: otherwise loading the cart is skipped (spec §4). The
 * cart id itself is HttpOnly; a `CART` the script can see was set before the flag existed, and loading
 * the cart sets it again HttpOnly with its flag (src/routes/shop/visitor-cart.ts). That reading can go
 * once such cookies have expired (30 days after 2026-11-29).
 */
export function mayHaveCart(): boolean {
  return (
    readStoreCookie('cartFlag') !== null || readStoreCookie('cart') !== null || readStoreCookie('siteUserInfo') !== null
  );
}
