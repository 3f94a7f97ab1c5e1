/**
 * "Smart" punctuation, as the reference's `smartypants` formatter does it:
 *
 * - a `'` opens (‘) at the start of a line or after one of  - — \ s ( [ "  and closes (’) elsewhere.
 *   The list holds the letter 's' and the backslash but no whitespace: the reference meant `\s` and
 *   wrote a literal backslash and 's' inside its character class, so `cats' toys` gets ‘ and
 *   ` 'word'` gets ’. We keep that for identical output.
 * - a `"` opens (“) at the start of a line or after whitespace or one of  - — / [ ( ‘  (judged after
 *   the single quotes are converted) and closes (”) elsewhere.
 * - `--` becomes an em dash (—), pairs taken left to right.
 */

const OPEN_SINGLE = '\u2018';
const CLOSE_SINGLE = '\u2019';
const OPEN_DOUBLE = '\u201c';
const CLOSE_DOUBLE = '\u201d';
const EM_DASH = '\u2014';

const APOS = 39; // '
const QUOTE = 34; // "
const HYPHEN = 45; // -

/** A line terminator, after which a quote is at the start of a line. */
function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** JavaScript's `\s`. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether a `'` after the char `prev` (original text) opens. */
function opensSingle(prev: number): boolean {
  switch (prev) {
    case HYPHEN:
    case 0x2014: // —
    case 92: // \
    case 115: // s
    case 40: // (
    case 91: // [
    case QUOTE:
      return true;
    default:
      return isLineEnd(prev);
  }
}

/** Whether a `"` after the char `prev` (single quotes already converted) opens. */
function opensDouble(prev: number): boolean {
  switch (prev) {
    case HYPHEN:
    case 0x2014: // —
    case 47: // /
    case 91: // [
    case 40: // (
    case 0x2018: // ‘
      return true;
    default:
      return isSpace(prev);
  }
}

export function smartypants(text: string): string {
  const n = text.length;
  let out = '';
  let start = 0;
  /** The previous char as the double-quote rule sees it; -1 at the start of the text. */
  let prev = -1;
  /** The previous char of the original text; -1 at the start. */
  let prevOriginal = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let replacement: string;
    let seen = c;
    if (c === APOS) {
      replacement = prevOriginal === -1 || opensSingle(prevOriginal) ? OPEN_SINGLE : CLOSE_SINGLE;
      seen = replacement.charCodeAt(0);
    } else if (c === QUOTE) {
      replacement = prev === -1 || opensDouble(prev) ? OPEN_DOUBLE : CLOSE_DOUBLE;
    } else if (c === HYPHEN && i + 1 < n && text.charCodeAt(i + 1) === HYPHEN) {
      out += text.slice(start, i) + EM_DASH;
      i++;
      start = i + 1;
      // Both halves were '-' for the quote rules, and '-' opens the same way an em dash does.
      prev = prevOriginal = HYPHEN;
      continue;
    } else {
      prev = prevOriginal = c;
      continue;
    }
    out += text.slice(start, i) + replacement;
    start = i + 1;
    prev = seen;
    prevOriginal = c;
  }
  return start === 0 ? text : out + text.slice(start);
}
