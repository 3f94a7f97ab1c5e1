import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEADER_WORD_KEYS, headerWords, headerWordsScript } from './header-words';

/** The keys a piece of markup marks for the page's language (`data-text`, `data-label-text`, `data-placeholder-text`), the first quoted key after each (JSX too). */
function markedKeys(markup: string): string[] {
  return [...markup.matchAll(/data-(?:text|label-text|placeholder-text)=[^'"]*['"]([\w.]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
}

describe('the header’s early words', () => {
  it('name every marked word of the skip link, the header and its cart pill', () => {
    const layout = readFileSync('themes/default/layout.html', 'utf8');
    const header = layout.slice(0, layout.indexOf('<main'));
    const pill = readFileSync('src/client/islands/CartPill.tsx', 'utf8');
    const pillLink = pill.slice(pill.indexOf('className="CartPill"'), pill.indexOf('{popover &&'));
    const marked = new Set([...markedKeys(header), ...markedKeys(pillLink)]);
    expect(marked.size).toBeGreaterThan(5);
    expect([...marked].sort()).toEqual([...HEADER_WORD_KEYS].sort());
  });

  it('come from the catalogue in each language but English (the words the page is rendered in)', () => {
    const words = headerWords();
    expect(Object.keys(words).sort()).toEqual(['de', 'es', 'fr']);
    expect(words.de).toMatchObject({ 'header.menu': 'Menü', 'header.account': 'Konto', 'cart.link': 'Warenkorb' });
    expect(words.fr?.['header.account']).toBe('Compte');
  });

  it('is one inline script that no word can close', () => {
    const script = headerWordsScript();
    expect(script.startsWith('<script>')).toBe(true);
    expect(script.endsWith('</script>')).toBe(true);
    expect(script.slice('<script>'.length, -'</script>'.length)).not.toContain('<');
    expect(script).toContain('"storefront:language"');
    expect(script).toContain('"storefront:account-language"');
    expect(script).toContain('"SiteUserInfo"');
  });
});

/**
 * The header's Account word and the page's `<html lang>` as the inline script leaves them on a page with `cookie` and
 * the browser's `stored` keys (the server wrote the site's, en-US).
 */
function earlyPageWith(cookie: string, stored: Record<string, string>): { word: string; lang: string } {
  const account = { dataset: { text: 'header.account' }, textContent: 'Account', setAttribute() {} };
  let loaded = () => {};
  const root = { lang: 'en-US', dataset: { siteLanguage: 'en-US' } };
  const document = {
    cookie,
    documentElement: root,
    querySelectorAll: () => [account],
    getElementById: () => ({}),
    addEventListener: (_event: string, listener: () => void) => {
      loaded = listener;
    },
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  class MutationObserver {
    observe() {}
    disconnect() {}
  }
  const script = headerWordsScript().slice('<script>'.length, -'</script>'.length);
  new Function('document', 'localStorage', 'MutationObserver', script)(document, localStorage, MutationObserver);
  loaded();
  return { word: account.textContent, lang: root.lang };
}

const accountWordWith = (cookie: string, stored: Record<string, string>) => earlyPageWith(cookie, stored).word;

describe('the header’s early words for a signed-in shopper', () => {
  const signedIn = (id: string) =>
    `CART=c; SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: id }))}`;
  const kept = (account: string, language: string | null) => ({
    'storefront:account-language': JSON.stringify({ account, language }),
    'storefront:language': 'fr-FR',
  });

  it('are in the language this browser last learned for that account', () => {
    expect(accountWordWith(signedIn('u1'), kept('u1', 'de-DE'))).toBe('Konto');
  });

  it('are the site’s for another account, for an account without a language, and when nothing is kept', () => {
    expect(accountWordWith(signedIn('u2'), kept('u1', 'de-DE'))).toBe('Account');
    expect(accountWordWith(signedIn('u1'), kept('u1', null))).toBe('Account');
    expect(accountWordWith(signedIn('u1'), {})).toBe('Account');
  });

  it('are the visitor’s own choice when signed out', () => {
    expect(accountWordWith('CART=c', kept('u1', 'de-DE'))).toBe('Compte');
  });

  it('set the page’s <html lang> to that language before the page script runs, and leave the site’s otherwise', () => {
    expect(earlyPageWith(signedIn('u1'), kept('u1', 'de-DE'))).toEqual({ word: 'Konto', lang: 'de-DE' });
    expect(earlyPageWith('CART=c', kept('u1', 'de-DE'))).toEqual({ word: 'Compte', lang: 'fr-FR' });
    expect(earlyPageWith(signedIn('u2'), kept('u1', 'de-DE'))).toEqual({ word: 'Account', lang: 'en-US' });
    expect(earlyPageWith(signedIn('u1'), kept('u1', null))).toEqual({ word: 'Account', lang: 'en-US' });
  });
});
