/**
 * The header's Account link says when the visitor is signed in (pages are cached for everyone, so the
 * page script marks it from the readable `SiteUserInfo` cookie): a dot beside it and "Account, signed in"
 * to a screen reader, in the page's language: the catalogue's `header.accountSignedIn`, marked
 * `data-label-text` so the page's switch to the shopper's language (src/client/shopper-text.ts) sets it too.
 * The account page marks it again, with the texts the page speaks then, when the shopper signs in or out there.
 */
import type { PageText } from '../commerce/storefront-text';
import { EN_HEADER } from '../commerce/storefront-text/en-header';
import { readStoreCookie } from './cookies';
import { pageDocument } from './dom';

interface LinkElement {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

const SIGNED_IN_LABEL = 'header.accountSignedIn';

/** `text`: the texts the page has switched to (null: the English it was rendered in). */
export function markAccountLink(text: Pick<PageText, typeof SIGNED_IN_LABEL> | null = null): void {
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
    link.setAttribute('data-label-text', SIGNED_IN_LABEL);
    link.setAttribute('aria-label', (text ?? EN_HEADER)[SIGNED_IN_LABEL]);
  } else {
    link.removeAttribute('data-signed-in');
    link.removeAttribute('data-label-text');
    link.removeAttribute('aria-label');
  }
}
