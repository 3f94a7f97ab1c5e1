/**
 * The header's words in the shopper's language from the first paint (issue 32). Pages are rendered in English and are
 * the same bytes for everyone (cached), and the page script switches the theme's marked words to the visitor's language
 * only after the page has painted (src/client/shopper-text.ts): at 375 px "Menü", "Konto" and "Warenkorb" are wider
 * than the English, the shop name wrapped and the header grew under the shopper's eyes (CLS 0.056 to 0.066).
 *
 * `{@|header-words}` (themes/default/head.html) writes a small inline script with the header's words in each catalogue
 * language but English. Before the body is parsed it reads the language the page script will pick without the network:
 * a signed-out visitor's own choice (kept in this browser), else the site's; signed in, the account's language as this
 * browser last learned it for that account (src/client/visitor-language.ts keeps it when a page reads the session or the
 * shopper changes it), else the site's. While the parser writes the header, a mutation observer sets each marked word to that
 * language (its callbacks run before the browser may paint), and stops once `<main>` is there. The words come from
 * the one catalogue (src/commerce/storefront-text); the page script sets the same words again later, so nothing moves.
 */
import {
  ACCOUNT_LANGUAGE_KEY,
  STOREFRONT_LANGUAGES,
  type StorefrontLanguage,
  VISITOR_LANGUAGE_KEY,
} from '../commerce/storefront-languages';
import type { StorefrontText, TextKey } from '../commerce/storefront-text/en';
import { DE } from '../commerce/storefront-text/de';
import { ES } from '../commerce/storefront-text/es';
import { FR } from '../commerce/storefront-text/fr';
import { SIGNED_IN_COOKIE_NAMES } from '../client/cookies';
import type { FormatterTable } from '../engine/index';
import { scriptJson } from './structured-data';

/**
 * The marked words of the skip link and the header (themes/default/layout.html) and of the cart pill in it
 * (src/client/islands/CartPill.tsx); header-words.test keeps this list whole.
 */
export const HEADER_WORD_KEYS = [
  'nav.skip',
  'header.menu',
  'header.searchLabel',
  'header.search',
  'header.account',
  'cart.link',
  'cart.linkEmpty',
] as const satisfies readonly TextKey[];

const CATALOGUES: Readonly<Record<Exclude<StorefrontLanguage, 'en'>, StorefrontText>> = { fr: FR, de: DE, es: ES };

/** Each catalogue language but English (the words the server rendered): the header's words in it. */
export function headerWords(): Record<string, Record<string, string>> {
  const words: Record<string, Record<string, string>> = {};
  for (const language of STOREFRONT_LANGUAGES) {
    if (language === 'en') continue;
    const text = CATALOGUES[language];
    words[language] = Object.fromEntries(HEADER_WORD_KEYS.map((key) => [key, text[key]]));
  }
  return words;
}

/**
 * The inline script's code, given `[words, visitor's key, account's key, signed-in cookie names]`. Signed in, the
 * account's kept language counts only for the account the cookie names (`siteUserId`). The language is a locale's part
 * before `-` or `_`, as `storefrontLanguage` reads it; a language without words is English, as rendered. No `<` in it.
 */
const APPLY = `([words, key, accountKey, cookies]) => {
  try {
    const own = (table, name) => (name && Object.hasOwn(table, name) ? table[name] : null);
    const root = document.documentElement;
    const info = document.cookie.split(';').map((part) => part.trim()).find((part) => cookies.includes(part.split('=')[0]));
    const account = () => JSON.parse(decodeURIComponent(info.slice(info.indexOf('=') + 1))).siteUserId;
    const kept = () => JSON.parse(localStorage.getItem(accountKey) || 'null');
    const chosen = info === undefined ? localStorage.getItem(key) : kept()?.account === account() ? kept().language : null;
    if (chosen) root.lang = chosen;
    const locale = chosen || root.dataset.siteLanguage || '';
    const text = own(words, locale.split(/[-_]/)[0].toLowerCase());
    if (text === null) return;
    const watch = new MutationObserver(() => write());
    const write = () => {
      for (const element of document.querySelectorAll('.skip-link, .site-header [data-text], .site-header [data-label-text], .site-header [data-placeholder-text]')) {
        const { text: word, labelText: label, placeholderText: placeholder } = element.dataset;
        if (own(text, word) !== null && element.textContent !== own(text, word)) element.textContent = own(text, word);
        if (own(text, label) !== null) element.setAttribute('aria-label', own(text, label));
        if (own(text, placeholder) !== null) element.placeholder = own(text, placeholder);
      }
      if (document.getElementById('main') !== null) watch.disconnect();
    };
    watch.observe(root, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', () => { write(); watch.disconnect(); });
  } catch {}
}`.replace(/\n\s*/g, ' ');

/** `{@|header-words}`: the inline script (head.html), the same for every page of a store. */
export function headerWordsScript(): string {
  const data = scriptJson([headerWords(), VISITOR_LANGUAGE_KEY, ACCOUNT_LANGUAGE_KEY, SIGNED_IN_COOKIE_NAMES]);
  return `<script>(${APPLY})(${data});</script>`;
}

/** The same for every page and store: made once per isolate, not on every page miss. */
let made: string | undefined;

export const HEADER_WORDS_FORMATTERS: FormatterTable = {
  'header-words': () => {
    made ??= headerWordsScript();
    return made;
  },
};
