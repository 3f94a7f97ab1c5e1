/**
 * The store's language for this shopper: a signed-in account's chosen language (the session
 * call's `language`), else a signed-out visitor's choice (src/client/visitor-language.ts), else the site's. Pages are the same for every
 * visitor (they are cached), so
 * the account's language is applied in the browser: `<html lang>` (src/client/entry.ts) and the
 * islands' money formatting (`useShopperLocale`) follow it once the session is read (once per
 * page, only when the `SiteUserInfo` cookie says someone is signed in). No React here: the entry
 * uses it on every page.
 */
import type { AnswerOf } from '../api/route';
import { storefrontRoutes as api } from '../api/storefront';
import { announceAccountLanguage } from './census-events';
import { readStoreCookie } from './cookies';
import { pageDocument } from './dom';
import { visitorLanguage } from './visitor-language';

let accountLanguageRead: Promise<string | null> | null = null;

/** The signed-in account's language, or null (none chosen, or the read failed); signed out, the visitor's choice. */
export function accountLanguage(): Promise<string | null> {
  if (readStoreCookie('siteUserInfo') === null) return Promise.resolve(visitorLanguage());
  accountLanguageRead ??= fetch(api.accountSession.path())
    .then((res) => (res.ok ? (res.json() as Promise<AnswerOf<typeof api.accountSession>>) : null))
    .then((session) => (session?.authenticated === true ? session.language : null))
    .catch(() => null);
  announceAccountLanguage(accountLanguageRead);
  return accountLanguageRead;
}

/** Forgets the read, after the account's language changed or the shopper signed in or out. */
export function forgetAccountLanguage(): void {
  accountLanguageRead = null;
}

/**
 * The site's language, as the server wrote it (`<html data-site-language>`; a developer-platform template without it: its
 * `<html lang>`). The header's early words may set `<html lang>` to the shopper's before the page script runs
 * (src/storefront/header-words.ts), so `lang` is not the site's.
 */
export const siteLanguage = ((root) => root?.dataset?.siteLanguage ?? root?.lang ?? '')(
  pageDocument()?.documentElement as unknown as { lang?: string; dataset?: { siteLanguage?: string } } | undefined,
);

/** Sets the page's language to the account's; back to the site's when the account has none. */
export function applyPageLanguage(language: string | null): void {
  const root = pageDocument()?.documentElement as unknown as { lang: string } | undefined;
  if (root !== undefined) root.lang = language ?? siteLanguage;
}
