/**
 * HTML escaping for attribute values (text escaping is `src/html/escape.ts`, re-exported here), and
 * tag stripping for the `safe` formatter.
 */

import { escapeHtmlQuoted } from '../../html/escape';
import { memoizeText } from '../../values/memo';

export { escapeHtml } from '../../html/escape';

const ATTRIBUTE_SPECIALS = /[&<>"]/;
/** Long values recur across renders (a product's variants as JSON, say): their escaped form is kept. */
const escapeLongAttribute = memoizeText(escapeHtmlQuoted, 512);
const LONG = 128;

/** Escapes `&`, `<`, `>` and `"` (single quotes are left as they are). */
export function escapeHtmlAttribute(text: string): string {
  if (text.length < LONG) return escapeHtmlQuoted(text);
  return ATTRIBUTE_SPECIALS.test(text) ? escapeLongAttribute(text) : text;
}

/**
 * Removes every `<...>` run: from a '<' to the first '>' after it. A '<' with no '>' after it, and
 * everything following it, is kept.
 */
export function stripTags(text: string): string {
  let open = text.indexOf('<');
  if (open === -1) return text;
  let out = '';
  let start = 0;
  while (open !== -1) {
    const close = text.indexOf('>', open + 1);
    if (close === -1) break;
    out += text.slice(start, open);
    start = close + 1;
    open = text.indexOf('<', start);
  }
  return start === 0 ? text : out + text.slice(start);
}

/**
 * Drops everything from each '<' to the next '>' and writes a space for each '>' (the content
 * formatters' flavour of tag removal: `<b>x</b>` reads ' x ' ); an unclosed '<' hides the rest.
 */
export function replaceTagsWithSpaces(text: string): string {
  let out = '';
  let inTag = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '<') inTag = true;
    else if (ch === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
}
