import { describe, expect, it } from 'vitest';
import { CHART_MESSAGES, datasetOf, draftOf, MAX_CHART_COLUMNS, MAX_CHART_ROWS, truncateDataset } from './chart';

describe('chart dataset', () => {
  it('makes numbers of every cell and reads back as the editor’s text', () => {
    const made = datasetOf({
      columns: [' Mugs ', 'Bowls'],
      rows: [
        { label: 'March', values: ['1,200', '3.5'] },
        { label: 'April', values: ['-2', '1e3'] },
      ],
    });
    expect(made).toEqual({
      dataset: {
        columns: ['Mugs', 'Bowls'],
        rows: [
          { label: 'March', values: [1200, 3.5] },
          { label: 'April', values: [-2, 1000] },
        ],
      },
    });
    if ('dataset' in made)
      expect(draftOf(made.dataset)).toEqual({
        columns: ['Mugs', 'Bowls'],
        rows: [
          { label: 'March', values: ['1200', '3.5'] },
          { label: 'April', values: ['-2', '1000'] },
        ],
      });
  });

  it('gives the spec’s messages', () => {
    expect(datasetOf({ columns: [], rows: [] })).toEqual({ error: 'Enter some data!' });
    expect(datasetOf({ columns: [' '], rows: [{ label: '', values: [''] }] })).toEqual({ error: CHART_MESSAGES.empty });
    expect(datasetOf({ columns: [], rows: [{ label: 'March', values: [] }] })).toEqual({
      error: 'Your dataset must have at least one column',
    });
    expect(datasetOf({ columns: ['Mugs'], rows: [] })).toEqual({ error: 'Your dataset must have at least one row' });
    expect(datasetOf({ columns: ['Mugs'], rows: [{ label: 'March', values: [''] }] })).toEqual({
      error: 'One or more rows was missing data',
    });
    expect(datasetOf({ columns: ['Mugs'], rows: [{ label: '', values: ['1'] }] })).toEqual({
      error: CHART_MESSAGES.missingData,
    });
    expect(datasetOf({ columns: ['Mugs'], rows: [{ label: 'March', values: ['<b>1</b>'] }] })).toEqual({
      error: CHART_MESSAGES.missingData,
    });
    expect(datasetOf({ columns: ['Mugs'], rows: [{ label: 'March', values: ['1e999'] }] })).toEqual({
      error: CHART_MESSAGES.missingData,
    });
    expect(datasetOf({ columns: ['Mugs'], rows: [{ label: 'x'.repeat(61), values: ['1'] }] })).toEqual({
      error: CHART_MESSAGES.missingData,
    });
  });

  it('truncates to the maxima with a message, and refuses more when not truncated', () => {
    const wide = {
      columns: Array.from({ length: MAX_CHART_COLUMNS + 2 }, (_, i) => `C${i}`),
      rows: Array.from({ length: MAX_CHART_ROWS + 5 }, (_, i) => ({
        label: `R${i}`,
        values: Array.from({ length: MAX_CHART_COLUMNS + 2 }, () => '1'),
      })),
    };
    expect(datasetOf(wide)).toEqual({ error: CHART_MESSAGES.truncated });
    const cut = truncateDataset(wide);
    expect(cut.truncated).toBe(true);
    expect(cut.draft.columns).toHaveLength(MAX_CHART_COLUMNS);
    expect(cut.draft.rows).toHaveLength(MAX_CHART_ROWS);
    expect(cut.draft.rows[0]?.values).toHaveLength(MAX_CHART_COLUMNS);
    expect('dataset' in datasetOf(cut.draft)).toBe(true);
  });
});
