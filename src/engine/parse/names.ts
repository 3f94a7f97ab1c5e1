/**
 * A set of formatter or predicate names that the parser queries with a position in the template
 * source: the word there is scanned and hashed in one pass, no substring is made, and a hit returns
 * the table's own copy of the name, so compiled templates share one string per name.
 */
import { isLetter, isWordChar, matchesAt } from './scan';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashSpan(src: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ src.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

export class NameTable {
  private readonly slots: (string | undefined)[];
  private readonly mask: number;

  constructor(names: Iterable<string>) {
    const unique = [...new Set(names)];
    let size = 16;
    while (size < unique.length * 2) size *= 2;
    this.slots = new Array<string | undefined>(size).fill(undefined);
    this.mask = size - 1;
    for (const name of unique) {
      let slot = hashSpan(name, 0, name.length) & this.mask;
      while (this.slots[slot] !== undefined) slot = (slot + 1) & this.mask;
      this.slots[slot] = name;
    }
  }

  /**
   * Scans a word at `start` (the grammar of scanWord) and looks it up, in one pass over its
   * characters; with `suffix`, only the word followed by that character (and the character) is a
   * name. Returns the name or undefined; `end.at` receives where the word ends, -1 if none.
   */
  findWord(src: string, start: number, end: { at: number }, suffix?: number): string | undefined {
    let c = src.charCodeAt(start);
    if (!isLetter(c)) {
      end.at = -1;
      return undefined;
    }
    let h = FNV_OFFSET;
    let i = start;
    do {
      h = Math.imul(h ^ c, FNV_PRIME);
      c = src.charCodeAt(++i);
    } while (isWordChar(c));
    end.at = i;
    if (suffix === undefined) return this.probe(src, start, i, h >>> 0);
    return c === suffix ? this.probe(src, start, i + 1, Math.imul(h ^ c, FNV_PRIME) >>> 0) : undefined;
  }

  private probe(src: string, start: number, end: number, hash: number): string | undefined {
    const length = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const name = this.slots[slot];
      if (name === undefined) return undefined;
      if (name.length === length && matchesAt(src, start, name)) return name;
      slot = (slot + 1) & this.mask;
    }
  }
}
