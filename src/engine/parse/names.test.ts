import { describe, expect, it } from 'vitest';
import { NameTable } from './names';

describe('name table', () => {
  const names = Array.from({ length: 300 }, (_, i) => `name-${i.toString(36)}`).concat(['html', 'equal?', 'a']);
  const table = new NameTable(names);

  it('finds every name in a larger text, returning its own copy, and nothing else', () => {
    const end = { at: 0 };
    for (const name of names.filter((n) => !n.endsWith('?'))) {
      const src = `{x|${name}|y}`;
      expect(table.findWord(src, 3, end)).toBe(name);
      expect(end.at).toBe(3 + name.length);
    }
    expect(table.findWord('{htm}', 1, end)).toBeUndefined();
    expect(table.findWord('{htmlx}', 1, end)).toBeUndefined();
    expect(table.findWord('{name-zz}', 1, end)).toBeUndefined();
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
