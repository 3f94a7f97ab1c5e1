import { describe, expect, it } from 'vitest';
import { NameTable } from './names';

describe('name table', () => {
  const names = Array.from({ length: 300 }, (_, i) => `name-${i.toString(36)}`).concat(['html', 'equal?', 'a']);
  const table = new NameTable(names);

  it('finds every name by a span of a larger text, returning its own copy, and nothing else', () => {
    for (const name of names) {
      const src = `{x|${name}|y}`;
      const found = table.find(src, 3, 3 + name.length);
      expect(found).toBe(name);
    }
    expect(table.find('{htm}', 1, 4)).toBeUndefined();
    expect(table.find('{htmlx}', 1, 6)).toBeUndefined();
    expect(table.has('name-zz')).toBe(false);
  });

  it('scans a word and looks it up in one pass, with or without a required suffix', () => {
    const end = { at: 0 };
    expect(table.findWord('html arg', 0, end)).toBe('html');
    expect(end.at).toBe(4);
    expect(table.findWord('htmlish', 0, end)).toBeUndefined();
    expect(end.at).toBe(7);
    expect(table.findWord('.equal? a', 1, end, 63)).toBe('equal?');
    expect(end.at).toBe(6);
    expect(table.findWord('.equal a', 1, end, 63)).toBeUndefined();
    expect(end.at).toBe(6);
    expect(table.findWord('1abc', 0, end)).toBeUndefined();
    expect(end.at).toBe(-1);
  });
});
