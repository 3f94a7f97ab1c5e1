/**
 * Character scanners for the tag grammar. Each takes the source and a start offset and returns the
 * offset just past what it matched, or -1 when nothing matches there. They never allocate, which is
 * what makes compiling fast; the grammar is the reference engine's:
 *
 *   word       [a-zA-Z][a-zA-Z0-9_-]*
 *   segment    \d+ | [@$]?word | @
 *   variable   segment(.segment)*
 *   whitespace [ \f\n\r\t\v]+
 *   file path  [./a-zA-Z0-9_-]+
 */
import type { Path, PathSegment } from '../plugins/types';

enum Ch {
  Tab = 9,
  Newline = 10,
  VerticalTab = 11,
  FormFeed = 12,
  Return = 13,
  Space = 32,
  Dollar = 36,
  Dash = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Nine = 57,
  At = 64,
  A = 65,
  Z = 90,
  Underscore = 95,
  LowerA = 97,
  LowerZ = 122,
}

const LETTER = 1;
const WORD = 2;
/** Character classes of ASCII codes: a table lookup is cheaper than the range tests. */
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= Ch.LowerA && c <= Ch.LowerZ) || (c >= Ch.A && c <= Ch.Z);
  const digit = c >= Ch.Zero && c <= Ch.Nine;
  CLASSES[c] = (letter ? LETTER : 0) | (letter || digit || c === Ch.Underscore || c === Ch.Dash ? WORD : 0);
}

/** `c` may be NaN (past the end of the source): every comparison is then false. */
function hasClass(c: number, cls: number): boolean {
  return c < 128 && ((CLASSES[c] as number) & cls) !== 0;
}

export function isLetter(c: number): boolean {
  return hasClass(c, LETTER);
}

function isDigit(c: number): boolean {
  return c >= Ch.Zero && c <= Ch.Nine;
}

export function isWordChar(c: number): boolean {
  return hasClass(c, WORD);
}

export function scanWord(src: string, at: number): number {
  if (!isLetter(src.charCodeAt(at))) return -1;
  let i = at + 1;
  while (isWordChar(src.charCodeAt(i))) i++;
  return i;
}

function scanSegment(src: string, at: number): number {
  const c = src.charCodeAt(at);
  if (isDigit(c)) {
    let i = at + 1;
    while (isDigit(src.charCodeAt(i))) i++;
    return i;
  }
  if (c === Ch.At || c === Ch.Dollar) {
    const word = scanWord(src, at + 1);
    if (word !== -1) return word;
    return c === Ch.At ? at + 1 : -1;
  }
  return scanWord(src, at);
}

const MAX_INDEX = 0x7fffffff;

/**
 * Scans a variable reference at `at` and returns its path, with the offset past it in `end.at`;
 * null when there is none. All-digit segments that fit in 31 bits become numbers. A caller that
 * has already scanned the first segment passes where it ends.
 */
export function readVariable(
  src: string,
  at: number,
  end: { at: number },
  firstEnd = scanSegment(src, at),
): Path | null {
  if (firstEnd === -1) return null;
  const first = segmentAt(src, at, firstEnd);
  // A '.' that starts no segment is not part of the reference.
  let next = src.charCodeAt(firstEnd) === Ch.Dot ? scanSegment(src, firstEnd + 1) : -1;
  if (next === -1) {
    end.at = firstEnd;
    return [first];
  }
  const path: PathSegment[] = [first];
  let i = firstEnd;
  while (next !== -1) {
    path.push(segmentAt(src, i + 1, next));
    i = next;
    next = src.charCodeAt(i) === Ch.Dot ? scanSegment(src, i + 1) : -1;
  }
  end.at = i;
  return path;
}

function segmentAt(src: string, start: number, end: number): PathSegment {
  return isDigit(src.charCodeAt(start)) ? indexOrKey(src, start, end) : src.slice(start, end);
}

function indexOrKey(src: string, start: number, end: number): PathSegment {
  let n = 0;
  for (let j = start; j < end; j++) {
    n = n * 10 + (src.charCodeAt(j) - Ch.Zero);
    if (n > MAX_INDEX) return src.slice(start, end);
  }
  return n;
}

/** Whether `word` occurs in `src` at `at` (String.prototype.startsWith, without its call overhead). */
export function matchesAt(src: string, at: number, word: string): boolean {
  const n = word.length;
  for (let i = 0; i < n; i++) if (src.charCodeAt(at + i) !== word.charCodeAt(i)) return false;
  return true;
}

export function scanWhitespace(src: string, at: number): number {
  let i = at;
  for (;;) {
    const c = src.charCodeAt(i);
    if (c === Ch.Space || (c >= Ch.Tab && c <= Ch.Return)) i++;
    else break;
  }
  return i === at ? -1 : i;
}

/** ` *, *`: a comma with optional spaces around it. */
export function scanSeparator(src: string, at: number): number {
  let i = at;
  while (src.charCodeAt(i) === Ch.Space) i++;
  if (src.charCodeAt(i) !== 44 /* , */) return -1;
  i++;
  while (src.charCodeAt(i) === Ch.Space) i++;
  return i;
}

export function scanFilePath(src: string, at: number): number {
  let i = at;
  for (;;) {
    const c = src.charCodeAt(i);
    if (isWordChar(c) || c === Ch.Dot || c === Ch.Slash) i++;
    else break;
  }
  return i === at ? -1 : i;
}

/** Up to (not including) the first '|' or '}': a formatter's raw arguments. */
export function scanFormatterArgs(src: string, at: number): number {
  let i = at;
  for (;;) {
    const c = src.charCodeAt(i);
    if (c === 124 /* | */ || c === 125 /* } */ || Number.isNaN(c)) break;
    i++;
  }
  return i === at ? -1 : i;
}
