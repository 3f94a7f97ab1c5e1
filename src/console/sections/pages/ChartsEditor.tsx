/**
 * A page's chart blocks and the chart dataset editor (engine spec §2): a grid of series (columns)
 * and rows, each row a label and one number per column, checked with the spec's messages
 * (src/site/editor/chart.ts, the server's own rules). A dataset pasted or grown past the maxima is
 * cut to them with a message.
 */
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  CHART_MESSAGES,
  datasetOf,
  draftOf,
  MAX_CHART_COLUMNS,
  MAX_CHART_LABEL,
  MAX_CHART_ROWS,
  MAX_CHARTS_PER_PAGE,
  truncateDataset,
  type ChartDataset,
  type ChartDraft,
} from '../../../site/editor/chart';
import { consoleApi, describedBy, DialogActions, FieldError, SaveStatus, useSave } from '../../ui';
import { useModalDialog } from '../../ui/useModalDialog';
import { api, type StoredChart } from '../../../api';

interface Editing {
  index: number | null;
  title: string;
  draft: ChartDraft;
}

const NEW_CHART: ChartDraft = { columns: ['Series 1'], rows: [{ label: '', values: [''] }] };

export function ChartsEditor({
  pageId,
  initial,
  canEdit,
}: {
  pageId: string;
  initial: StoredChart[];
  canEdit: boolean;
}) {
  const [charts, setCharts] = useState(initial);
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useSave();
  const store = async (next: { id: string | null; title: string; dataset: ChartDataset }[]) => {
    const body = { charts: next.map((chart) => ({ id: chart.id, title: chart.title, ...draftOf(chart.dataset) })) };
    const answer = await save.run(() => consoleApi(api.saveCharts.at(pageId), body));
    if (answer !== undefined) setCharts(answer.charts);
    return answer !== undefined;
  };
  const current = charts.map((chart) => ({
    id: chart.id as string | null,
    title: chart.title,
    dataset: { columns: chart.columns, rows: chart.rows },
  }));
  return (
    <section className="Card" aria-labelledby="charts-title">
      <h2 id="charts-title">Charts</h2>
      {charts.length === 0 ? (
        <p className="Muted">No charts on this page.</p>
      ) : (
        <ul className="ChartList">
          {charts.map((chart, index) => (
            <li key={chart.id}>
              <span>
                <strong>{chart.title}</strong> · {chart.columns.length}{' '}
                {chart.columns.length === 1 ? 'column' : 'columns'}, {chart.rows.length}{' '}
                {chart.rows.length === 1 ? 'row' : 'rows'}
              </span>
              <button
                type="button"
                className="Button Button--small"
                disabled={!canEdit}
                onClick={() => setEditing({ index, title: chart.title, draft: draftOf(chart) })}
                aria-label={`Edit chart ${chart.title}`}
              >
                Edit
              </button>
              <button
                type="button"
                className="Button Button--small Button--plain"
                disabled={!canEdit}
                onClick={() => void store(current.filter((_, i) => i !== index))}
                aria-label={`Remove chart ${chart.title}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="PostActions">
        <SaveStatus state={save.state} />
        <button
          type="button"
          className="Button"
          disabled={!canEdit || charts.length >= MAX_CHARTS_PER_PAGE}
          onClick={() => setEditing({ index: null, title: '', draft: NEW_CHART })}
        >
          Add chart
        </button>
      </div>
      {editing !== null && (
        <DatasetDialog
          editing={editing}
          onCancel={() => setEditing(null)}
          onDone={async (title, dataset) => {
            const chart = { id: editing.index === null ? null : (charts[editing.index]?.id ?? null), title, dataset };
            const next =
              editing.index === null ? [...current, chart] : current.map((c, i) => (i === editing.index ? chart : c));
            if (await store(next)) setEditing(null);
          }}
        />
      )}
    </section>
  );
}

function DatasetDialog({
  editing,
  onDone,
  onCancel,
}: {
  editing: Editing;
  onDone: (title: string, dataset: ChartDataset) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const dialog = useModalDialog();
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
  return createPortal(
    <dialog
      ref={dialog}
      className="LinkEditor ChartDialog"
      aria-labelledby={`${id}-heading`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          submit();
        }}
      >
        <h2 id={`${id}-heading`}>Chart dataset</h2>
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
        <DialogActions onCancel={onCancel} />
      </form>
    </dialog>,
    document.body,
  );
}
