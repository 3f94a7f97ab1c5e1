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
    expect(script).toContain('"SiteUserInfo"');
  });
});
