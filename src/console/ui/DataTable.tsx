/**
 * A table of rows: sortable columns (the sort is the caller's, usually the server's; the header says
 * it with aria-sort), optional row selection with a select-all box, and "Load more" paging.
 */
import type { ReactNode } from 'react';

export type SortDirection = 'ascending' | 'descending';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** The cell that names the row (a row header for screen readers). */
  primary?: boolean;
  /** Left out on narrow screens (tablets) to keep the rest readable. */
  wideOnly?: boolean;
  /** On a phone, shown under the row's name with its label instead of in its own column (as an order's items). */
  underNameOnPhone?: boolean;
}

function cellClass(column: { align?: 'start' | 'end'; wideOnly?: boolean; underNameOnPhone?: boolean }) {
  const names = [
    column.align === 'end' ? 'is-end' : '',
    column.wideOnly === true ? 'is-wide-only' : '',
    column.underNameOnPhone === true ? 'is-under-name-on-phone' : '',
  ].filter((name) => name !== '');
  return names.length === 0 ? undefined : names.join(' ');
}

/** The row's cells that a phone shows under its name: each a line with its column's label, or the caller's one line for them all. */
function UnderName<Row>({ row, columns, line }: { row: Row; columns: Column<Row>[]; line?: (row: Row) => ReactNode }) {
  if (line !== undefined) return <span className="DataTable-underName">{line(row)}</span>;
  return columns
    .filter((column) => column.underNameOnPhone === true)
    .map((column) => (
      <span key={column.key} className="DataTable-underName">
        {column.label}: {column.render(row)}
      </span>
    ));
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A name for a row, for its selection box's label. */
  rowLabel?: (row: Row) => string;
  sort?: { key: string; direction: SortDirection };
  onSort?: (key: string, direction: SortDirection) => void;
  selected?: ReadonlySet<string>;
  onSelect?: (selected: Set<string>) => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  empty?: ReactNode;
  /** The underNameOnPhone columns said together as one line (an order line's '2 × $68.00'), instead of a line each with its label. */
  underNameLine?: (row: Row) => ReactNode;
}

function SortButton({
  label,
  direction,
  onSort,
}: {
  label: string;
  direction: SortDirection | null;
  onSort: (direction: SortDirection) => void;
}) {
  const next: SortDirection = direction === 'ascending' ? 'descending' : 'ascending';
  return (
    <button type="button" className="DataTable-sort" onClick={() => onSort(next)}>
      {label}
      <span aria-hidden="true" className="DataTable-sortMark">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </span>
    </button>
  );
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  sort,
  onSort,
  selected,
  onSelect,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  empty,
  underNameLine,
}: DataTableProps<Row>) {
  const selectable = selected !== undefined && onSelect !== undefined;
  const keys = rows.map(rowKey);
  const allSelected = selectable && keys.length > 0 && keys.every((key) => selected.has(key));
  const someSelected = selectable && keys.some((key) => selected.has(key));
  const toggle = (key: string) => {
    if (!selectable) return;
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  return (
    <div className="DataTable">
      <div className="DataTable-scroll">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className="DataTable-select">
                  <input
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={allSelected}
                    ref={(box) => {
                      if (box !== null) box.indeterminate = someSelected && !allSelected;
                    }}
                    onChange={() =>
                      onSelect(
                        allSelected
                          ? new Set([...selected].filter((key) => !keys.includes(key)))
                          : new Set([...selected, ...keys]),
                      )
                    }
                  />
                </th>
              )}
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortable === true ? (direction ?? 'none') : undefined}
                    className={cellClass(column)}
                  >
                    {column.sortable === true && onSort !== undefined ? (
                      <SortButton label={column.label} direction={direction} onSort={(d) => onSort(column.key, d)} />
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + (selectable ? 1 : 0)} className="DataTable-empty">
                  {empty ?? 'Nothing here yet.'}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const key = rowKey(row);
              const isSelected = selectable && selected.has(key);
              return (
                <tr key={key} className={isSelected ? 'is-selected' : undefined}>
                  {selectable && (
                    <td className="DataTable-select">
                      <input
                        type="checkbox"
                        aria-label={`Select ${rowLabel?.(row) ?? key}`}
                        checked={isSelected}
                        onChange={() => toggle(key)}
                      />
                    </td>
                  )}
                  {columns.map((column) =>
                    column.primary === true ? (
                      <th key={column.key} scope="row" className={cellClass(column)}>
                        {column.render(row)}
                        <UnderName row={row} columns={columns} line={underNameLine} />
                      </th>
                    ) : (
                      <td key={column.key} className={cellClass(column)}>
                        {column.render(row)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hasMore && onLoadMore !== undefined && (
        <div className="DataTable-more">
          <button type="button" className="Button" onClick={onLoadMore} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
