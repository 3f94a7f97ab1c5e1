/**
 * Shortens text to at most `limit` UTF-16 code units plus an ellipsis, preferring to cut after the
 * last whitespace (space, tab, newline, vertical tab, carriage return, form feed) inside the limit;
 * the whitespace is kept. Text within the limit is returned unchanged, without the ellipsis.
 */
export function truncate(text: string, limit: number, ellipsis: string): string {
  if (text.length <= limit) return text;
  let end = limit;
  for (let i = limit - 1; i >= 0; i--) {
    if (isBreak(text.charCodeAt(i))) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
}

function isBreak(c: number): boolean {
  // '\t' '\n' '\v' '\f' '\r' are 9..13
  return c === 32 || (c >= 9 && c <= 13);
}
