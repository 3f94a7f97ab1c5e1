/**
 * Positional message patterns for the `format` formatter: `{0}`, `{1}`, … are replaced by the
 * argument at that index (written with JavaScript's String(), so an array prints its items joined
 * by ','); `{}` means `{0}`; a placeholder past the last argument prints nothing. A placeholder with
 * anything but digits in it is dropped up to its '}' (a '{' inside starts a new placeholder), and an
 * unclosed one is dropped to the end of the pattern. A stray '}' is kept.
 */

const ZERO = 48;
const NINE = 57;
const OPEN = 123; // {
const CLOSE = 125; // }

export function formatPattern(pattern: string, args: readonly unknown[]): string {
  const n = pattern.length;
  let out = '';
  let i = 0;
  while (i < n) {
    const open = pattern.indexOf('{', i);
    if (open === -1) {
      out += pattern.slice(i);
      break;
    }
    out += pattern.slice(i, open);
    i = open + 1;
    // Inside a placeholder: read digits up to '}'.
    let index = 0;
    let valid = true;
    for (; i < n; i++) {
      const c = pattern.charCodeAt(i);
      if (c === CLOSE) break;
      if (c === OPEN && !valid) {
        // A '{' inside a dropped placeholder starts a new one.
        index = 0;
        valid = true;
      } else if (valid && c >= ZERO && c <= NINE) {
        index = index * 10 + (c - ZERO);
      } else {
        valid = false;
      }
    }
    if (i >= n) break;
    if (valid && index < args.length) out += String(args[index]);
    i++;
  }
  return out;
}
