/**
 * The chart dataset editor (engine spec §2), a chart block's settings: a grid of series (columns)
 * and rows, each row a label and one number per column, checked with the spec's messages
 * (src/site/editor/chart.ts, the server's own rules). A dataset pasted or grown past the maxima is
 * cut to them with a message.
 */
import { useId, useState } from 'react';
import {
  CHART_MESSAGES,
  datasetOf,
  MAX_CHART_COLUMNS,
  MAX_CHART_LABEL,
  MAX_CHART_ROWS,
  truncateDataset,
  type ChartDataset,
  type ChartDraft,
} from '../../../site/editor/chart';
import { describedBy, FieldError, FormDialog } from '../../ui';

/** The chart as the dialog opens with it. */
interface Editing {
  title: string;
  draft: ChartDraft;
}

/** A new chart's dataset: one series, one empty row. */
export const NEW_CHART: ChartDraft = { columns: ['Series 1'], rows: [{ label: '', values: [''] }] };

/** The chart dataset editor: a chart block's title and its grid, checked with the spec's messages before `onDone`. */
export function DatasetDialog({
  editing,
  onDone,
  onCancel,
}: {
  editing: Editing;
  onDone: (title: string, dataset: ChartDataset) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(editing.title);
  const [draft, setDraftState] = useState(editing.draft);
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<{ title?: string; dataset?: string }>({});
  const setDraft = (next: ChartDraft) => {
    const cut = truncateDataset(next);
    setDraftState(cut.draft);
    setErrors((before) => ({ title: before.title }));
    if (cut.truncated) setNotice(CHART_MESSAGES.truncated);
  };
  const cell = (row: number, column: number, value: string) =>
    setDraft({
      ...draft,
      rows: draft.rows.map((r, i) =>
        i === row ? { ...r, values: r.values.map((v, j) => (j === column ? value : v)) } : r,
      ),
    });
  const submit = () => {
    const found: { title?: string; dataset?: string } = {};
    if (title.trim() === '') found.title = CHART_MESSAGES.titleRequired;
    const made = datasetOf(draft);
    if ('error' in made) found.dataset = made.error;
    setErrors(found);
    if (found.title === undefined && 'dataset' in made) void onDone(title.trim(), made.dataset);
  };
  return (
    <FormDialog title="Chart dataset" className="ChartDialog" onSubmit={submit} onCancel={onCancel}>
      <div className="Field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          {...describedBy(`${id}-title-error`, errors.title)}
        />
        <FieldError id={`${id}-title-error`} message={errors.title} />
      </div>
      <div
        className="ChartGrid"
        role="group"
        aria-label="Dataset"
        {...describedBy(`${id}-dataset-error`, errors.dataset)}
      >
        <table>
          <caption className="visually-hidden">Dataset: a column per series, a row per label</caption>
          <thead>
            <tr>
              <td />
              {draft.columns.map((column, j) => (
                <th key={j} scope="col">
                  <input
                    aria-label={`Column ${j + 1} label`}
                    value={column}
                    maxLength={MAX_CHART_LABEL}
                    onChange={(event) =>
                      setDraft({ ...draft, columns: draft.columns.map((c, k) => (k === j ? event.target.value : c)) })
                    }
                  />
                  <button
                    type="button"
                    className="Button Button--small Button--plain"
                    aria-label={`Remove column ${j + 1}`}
                    onClick={() =>
                      setDraft({
                        columns: draft.columns.filter((_, k) => k !== j),
                        rows: draft.rows.map((r) => ({ ...r, values: r.values.filter((_, k) => k !== j) })),
                      })
                    }
                  >
                    ×
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((row, i) => (
              <tr key={i}>
                <th scope="row">
                  <input
                    aria-label={`Row ${i + 1} label`}
                    value={row.label}
                    maxLength={MAX_CHART_LABEL}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        rows: draft.rows.map((r, k) => (k === i ? { ...r, label: event.target.value } : r)),
                      })
                    }
                  />
                </th>
                {row.values.map((value, j) => (
                  <td key={j}>
                    <input
                      aria-label={`Row ${i + 1}, ${draft.columns[j] || `column ${j + 1}`}`}
                      inputMode="decimal"
                      value={value}
                      maxLength={40}
                      onChange={(event) => cell(i, j, event.target.value)}
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="Button Button--small Button--plain"
                    aria-label={`Remove row ${i + 1}`}
                    onClick={() => setDraft({ ...draft, rows: draft.rows.filter((_, k) => k !== i) })}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError id={`${id}-dataset-error`} message={errors.dataset} announce />
      <p className="Field-hint" role="status">
        {notice}
      </p>
      <div className="Dialog-actions">
        <button
          type="button"
          className="Button"
          onClick={() =>
            setDraft({
              columns: [...draft.columns, `Series ${draft.columns.length + 1}`],
              rows: draft.rows.map((r) => ({ ...r, values: [...r.values, ''] })),
            })
          }
        >
          Add column
        </button>
        <button
          type="button"
          className="Button"
          onClick={() =>
            setDraft({ ...draft, rows: [...draft.rows, { label: '', values: draft.columns.map(() => '') }] })
          }
        >
          Add row
        </button>
        <span className="Muted">
          At most {MAX_CHART_COLUMNS} columns and {MAX_CHART_ROWS} rows.
        </span>
      </div>
    </FormDialog>
  );
}
