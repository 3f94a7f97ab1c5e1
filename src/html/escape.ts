/**
 * Escaping text for HTML, shared by the template engine (every `{variable}` it prints goes through
 * it), by code that writes HTML into the site model and by the dashboard's charts. A ground module:
 * it imports nothing of ours.
 */

/**
 * Replaces `&`, `<`, `>` and, when `quotes` is set, `"` by their entities in one pass; text with
 * none of them comes back as it is. For the short values most tags print, this beats chained
 * replaceAll calls, which scan and copy once per character.
 */
function escape(text: string, quotes: boolean): string {
  let out = '';
  let from = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let entity: string;
    if (c === 38) entity = '&amp;';
    else if (c === 60) entity = '&lt;';
    else if (c === 62) entity = '&gt;';
    else if (c === 34 && quotes) entity = '&quot;';
    else continue;
    out += text.slice(from, i) + entity;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Escapes `&`, `<` and `>`; quotes are left as they are (text between tags). */
export function escapeHtml(text: string): string {
  return escape(text, false);
}

/** Escapes `&`, `<`, `>` and `"` (a double-quoted attribute value; single quotes are left as they are). */
export function escapeHtmlQuoted(text: string): string {
  return escape(text, true);
}

/** Escapes `& < > " '` as numeric references: text for any place in hand-built markup, attributes in either quotes included. */
export function escapeHtmlAll(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
