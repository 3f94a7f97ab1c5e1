import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';
import { answerText, submissionCells, submissionColumns } from './submission-table';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
  });

  it('keeps a cell that starts like a formula as text', () => {
    for (const cell of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(cell).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('submission table', () => {
  const fields = [
    { id: 'name', type: 'name' as const, title: 'Name' },
    { id: 'secret', type: 'password' as const, title: 'Password' },
    { id: 'heading', type: 'section' as const, title: 'About you' },
    { id: 'topics', type: 'checkbox' as const, title: 'Topics' },
  ];

  it('never has a password column and reads every answer as text', () => {
    const columns = submissionColumns(fields);
    expect(columns.map((c) => c.id)).toEqual(['name', 'topics']);
    expect(
      submissionCells(columns, { name: ['Ada', 'Lovelace'], secret: 'hunter2', topics: ['Oak', 'Linen'] }),
    ).toEqual(['Ada Lovelace', 'Oak, Linen']);
    expect(answerText({ Delivery: '4' }, 'likert')).toBe('Delivery: 4');
    expect(answerText(undefined)).toBe('');
  });
});
