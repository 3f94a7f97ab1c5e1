/**
 * HTML escaping for text and attribute values, and tag stripping for the `safe` formatter.
 */

/** Entities for the characters escaped in text (`html`); index is the char code. */
const TEXT_ENTITIES = entityTable({ '&': '&amp;', '<': '&lt;', '>': '&gt;' });
/** Entities for the characters escaped in attribute values (`htmlattr`, `htmltag`): text's plus the double quote. */
const ATTRIBUTE_ENTITIES = entityTable({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' });

function entityTable(map: Readonly<Record<string, string>>): readonly (string | undefined)[] {
  const table: (string | undefined)[] = new Array<string | undefined>(128).fill(undefined);
  for (const ch of Object.keys(map)) table[ch.charCodeAt(0)] = map[ch];
  return table;
}

function escapeWith(text: string, entities: readonly (string | undefined)[]): string {
  let out = '';
  let start = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) continue;
    const entity = entities[c];
    if (entity === undefined) continue;
    out += text.slice(start, i) + entity;
    start = i + 1;
  }
  return start === 0 ? text : out + text.slice(start);
}

/** Escapes `&`, `<` and `>`; quotes are left as they are. */
export function escapeHtml(text: string): string {
  return escapeWith(text, TEXT_ENTITIES);
}

/** Escapes `&`, `<`, `>` and `"` (single quotes are left as they are). */
export function escapeHtmlAttribute(text: string): string {
  return escapeWith(text, ATTRIBUTE_ENTITIES);
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
