/**
 * The chart block's dataset (engine spec §3 "chart dataset with columns, rows, series labels and
 * values"; §5 its messages). Columns are the series (their labels head the table), rows are the
 * categories, each with a label and one number per column. The editor truncates a dataset past
 * MAX_CHART_ROWS rows or MAX_CHART_COLUMNS columns and says so (the spec does not show its maxima:
 * ours keep a chart readable and a page's shell small); the server refuses more.
 */
export const MAX_CHART_ROWS = 50;
export const MAX_CHART_COLUMNS = 8;
export const MAX_CHART_LABEL = 60;
export const MAX_CHARTS_PER_PAGE = 10;

export const CHART_MESSAGES = {
  noColumns: 'Your dataset must have at least one column',
  noRows: 'Your dataset must have at least one row',
  missingData: 'One or more rows was missing data',
  empty: 'Enter some data!',
  titleRequired: 'Please enter a title',
  truncated: `Datasets are limited to ${MAX_CHART_ROWS} rows and ${MAX_CHART_COLUMNS} columns: the rest was left out.`,
} as const;

export interface ChartDataset {
  columns: string[];
  rows: { label: string; values: number[] }[];
}

/** What the editor holds: every cell as typed. */
export interface ChartDraft {
  columns: string[];
  rows: { label: string; values: string[] }[];
}

/** The draft cut to the maxima, and whether anything was cut. */
export function truncateDataset(draft: ChartDraft): { draft: ChartDraft; truncated: boolean } {
  const truncated = draft.columns.length > MAX_CHART_COLUMNS || draft.rows.length > MAX_CHART_ROWS;
  if (!truncated) return { draft, truncated };
  const columns = draft.columns.slice(0, MAX_CHART_COLUMNS);
  return {
    draft: {
      columns,
      rows: draft.rows
        .slice(0, MAX_CHART_ROWS)
        .map((row) => ({ label: row.label, values: row.values.slice(0, columns.length) })),
    },
    truncated,
  };
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

/** The dataset a draft makes, or the spec's message for what is wrong with it. */
export function datasetOf(draft: ChartDraft): { dataset: ChartDataset } | { error: string } {
  const columns = draft.columns.map((column) => column.trim());
  const rows = draft.rows.map((row) => ({
    label: row.label.trim(),
    values: row.values.map((value) => value.trim().replace(/,/g, '')),
  }));
  const blank =
    columns.every((column) => column === '') &&
    rows.every((row) => row.label === '' && row.values.every((value) => value === ''));
  if (blank) return { error: CHART_MESSAGES.empty };
  if (columns.length === 0) return { error: CHART_MESSAGES.noColumns };
  if (rows.length === 0) return { error: CHART_MESSAGES.noRows };
  if (columns.length > MAX_CHART_COLUMNS || rows.length > MAX_CHART_ROWS) return { error: CHART_MESSAGES.truncated };
  const missing =
    columns.some((column) => column === '' || column.length > MAX_CHART_LABEL) ||
    rows.some(
      (row) =>
        row.label === '' ||
        row.label.length > MAX_CHART_LABEL ||
        row.values.length !== columns.length ||
        row.values.some((value) => !NUMBER.test(value) || !Number.isFinite(Number(value))),
    );
  if (missing) return { error: CHART_MESSAGES.missingData };
  return { dataset: { columns, rows: rows.map((row) => ({ label: row.label, values: row.values.map(Number) })) } };
}

/** A stored dataset back as editor text. */
export function draftOf(dataset: ChartDataset): ChartDraft {
  return {
    columns: [...dataset.columns],
    rows: dataset.rows.map((row) => ({ label: row.label, values: row.values.map(String) })),
  };
}
