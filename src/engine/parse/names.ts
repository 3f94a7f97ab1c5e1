/**
 * A set of formatter or predicate names that the parser can query with a span of the template
 * source. Looking a name up this way needs no substring and no string hashing by the VM, and a hit
 * returns the table's own copy of the name, so compiled templates share one string per name.
 */
import { matchesAt } from './scan';

function hashSpan(src: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ src.charCodeAt(i), 0x01000193);
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

  /** The name spelled by src[start, end), or undefined when the table does not hold it. */
  find(src: string, start: number, end: number): string | undefined {
    const length = end - start;
    let slot = hashSpan(src, start, end) & this.mask;
    for (;;) {
      const name = this.slots[slot];
      if (name === undefined) return undefined;
      if (name.length === length && matchesAt(src, start, name)) return name;
      slot = (slot + 1) & this.mask;
    }
  }

  has(name: string): boolean {
    return this.find(name, 0, name.length) !== undefined;
  }
}
