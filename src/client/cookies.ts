/** Reading the cookies the page script may see (the crumb, the cart id, the signed-in flag). */
import { pageDocument } from './dom';

export function readCookie(name: string): string | null {
  const cookie = pageDocument()?.cookie ?? '';
  for (const part of cookie.split(';')) {
    if (!part.includes('=')) continue;
    const at = part.indexOf('=');
    if (part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/** Whether the visitor has a cart or is signed in: otherwise loading the cart is skipped (spec §4). */
export function mayHaveCart(): boolean {
  return readCookie('CART') !== null || readCookie('SiteUserInfo') !== null;
}
