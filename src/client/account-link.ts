/**
 * The header's Account link says when the visitor is signed in (pages are cached for everyone, so the
 * page script marks it from the readable `SiteUserInfo` cookie): a dot beside it and "Account, signed in"
 * to a screen reader. The account page marks it again when the shopper signs in or out there.
 */
import { readStoreCookie } from './cookies';
import { pageDocument } from './dom';

interface LinkElement {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

export function markAccountLink(): void {
  const info = readStoreCookie('siteUserInfo');
  let signedIn = false;
  try {
    signedIn = info !== null && (JSON.parse(info) as { authenticated?: unknown }).authenticated === true;
  } catch {
    signedIn = false;
  }
  const link = pageDocument()?.documentElement.querySelector(
    '.site-header .site-account',
  ) as unknown as LinkElement | null;
  if (link === null || link === undefined) return;
  if (signedIn) {
    link.setAttribute('data-signed-in', '');
    link.setAttribute('aria-label', 'Account, signed in');
  } else {
    link.removeAttribute('data-signed-in');
    link.removeAttribute('aria-label');
  }
}
