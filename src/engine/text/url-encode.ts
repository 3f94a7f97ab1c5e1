/**
 * Percent-encoding of text's UTF-8 bytes, leaving ASCII letters, digits and `@ * _ + - . /` as they
 * are (the set the legacy `escape()` keeps). A space becomes %20, not '+'.
 */
import { memoizeText } from '../../values/memo';

const HEX = '0123456789ABCDEF';

/** Char codes below 128 that are written as they are. */
const KEPT: readonly boolean[] = (() => {
  const kept = new Array<boolean>(128).fill(false);
  const mark = (from: string, to: string) => {
    for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) kept[c] = true;
  };
  mark('A', 'Z');
  mark('a', 'z');
  mark('0', '9');
  for (const ch of '@*_+-./') kept[ch.charCodeAt(0)] = true;
  return kept;
})();

function percent(byte: number): string {
  return '%' + HEX.charAt(byte >> 4) + HEX.charAt(byte & 15);
}

/** Thrown for a surrogate code unit that is not half of a pair: it has no UTF-8 form. */
export function loneSurrogateError(unit: number): Error {
  return new Error('Lone surrogate U+' + unit.toString(16).toUpperCase() + ' is not a scalar value');
}

function encodeFresh(text: string): string {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 128 || !KEPT[c]) break;
    i++;
  }
  if (i === n) return text;
  let out = text.slice(0, i);
  for (; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 128) {
      out += KEPT[c] ? text.charAt(i) : percent(c);
    } else if (c < 0x800) {
      out += percent(0xc0 | (c >> 6)) + percent(0x80 | (c & 63));
    } else if (c < 0xd800 || c > 0xdfff) {
      out += percent(0xe0 | (c >> 12)) + percent(0x80 | ((c >> 6) & 63)) + percent(0x80 | (c & 63));
    } else {
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || next < 0xdc00 || next > 0xdfff) throw loneSurrogateError(c);
      c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      i++;
      out +=
        percent(0xf0 | (c >> 18)) +
        percent(0x80 | ((c >> 12) & 63)) +
        percent(0x80 | ((c >> 6) & 63)) +
        percent(0x80 | (c & 63));
    }
  }
  return out;
}

/** The encoding (remembered per text: tags and names recur on every item and every render). */
export const urlEncodeUtf8 = memoizeText(encodeFresh, 2048);
