/**
 * A signed-out visitor's language, chosen on the account page and kept in this browser (src/client/account-language.ts
 * applies it on every page), and the language a form sends so the email it causes is written in it (the account forms,
 * and the site forms for the newsletter's welcome code).
 */
import { ACCOUNT_LANGUAGE_KEY, VISITOR_LANGUAGE_KEY as VISITOR_LANGUAGE } from '../commerce/storefront-languages';
import { memberAccountId } from './collectors/member';
import { pageDocument } from './dom';

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's local storage; undefined on the server, which renders islands too. */
const storage = () => (globalThis as unknown as { localStorage?: Storage }).localStorage;

export function visitorLanguage(): string | null {
  try {
    return storage()?.getItem(VISITOR_LANGUAGE) ?? null;
  } catch {
    return null;
  }
}

export function setVisitorLanguage(language: string | null): void {
  try {
    if (language === null) storage()?.removeItem(VISITOR_LANGUAGE);
    else storage()?.setItem(VISITOR_LANGUAGE, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * Keeps the signed-in account's language (null: the site's) in this browser with the account's id, when a page learns
 * it or the shopper changes it, so the next page's header is in it from the first paint (src/storefront/header-words.ts).
 */
export function rememberAccountLanguage(language: string | null): void {
  const account = memberAccountId();
  if (account === null) return;
  try {
    storage()?.setItem(ACCOUNT_LANGUAGE_KEY, JSON.stringify({ account, language }));
  } catch {
    // Storage refused: the next page's header switches once it has read the account's language, as before.
  }
}

/** The language the page is in now (`<html lang>`): what a form sends so its email is written in it. */
export function pageLanguage(): string {
  return (pageDocument()?.documentElement as unknown as { lang?: string } | undefined)?.lang ?? '';
}
