/**
 * The commerce-preferences namespaces (engine spec §4) as a labelled form: each preference with the
 * control its value needs (a checkbox for on/off, a number field, a text field; JSON only for a
 * structured value), named from its key. Read and saved through the editor's cache helper
 * (src/site/editor/commerce-preferences.ts), so a save with nothing changed is skipped, and a save
 * fires the namespace's refetch event for every other view holding it.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  CommercePreferences,
  REFETCH_EVENT_PREFIX,
  type Preferences as Values,
} from '../../../site/editor/commerce-preferences';
import { api } from '../../../api';
import { consoleApi, errorMessage, FetchStatus, Field, SaveStatus, type SaveState } from '../../ui';

export const NAMESPACES = ['checkout', 'merchandising', 'notifications'] as const;
const NAMESPACE_LABELS: Record<(typeof NAMESPACES)[number], string> = {
  checkout: 'Checkout',
  merchandising: 'Merchandising',
  notifications: 'Notifications',
};
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const KINDS = { text: 'Text', number: 'Number', switch: 'On or off' } as const;
type Kind = keyof typeof KINDS;

/** A preference as the form holds it: its value typed, a structured one as JSON text. */
type Row = { key: string } & (
  | { kind: 'switch'; value: boolean }
  | { kind: 'number'; value: string }
  | { kind: 'text'; value: string }
  | { kind: 'json'; value: string }
);

function rowOf(key: string, value: unknown): Row {
  if (typeof value === 'boolean') return { key, kind: 'switch', value };
  if (typeof value === 'number') return { key, kind: 'number', value: String(value) };
  if (typeof value === 'string') return { key, kind: 'text', value };
  return { key, kind: 'json', value: JSON.stringify(value) };
}

/** 'requireBillingAddress' or 'show-tax' → 'Require billing address', 'Show tax'. */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The row's value to store, or the problem shown beside it. */
function valueOf(row: Row): { value: unknown } | { problem: string } {
  switch (row.kind) {
    case 'switch':
    case 'text':
      return { value: row.value };
    case 'number':
      return row.value.trim() !== '' && Number.isFinite(Number(row.value))
        ? { value: Number(row.value) }
        : { problem: 'Enter a number' };
    case 'json':
      try {
        return { value: JSON.parse(row.value) as unknown };
      } catch {
        return { problem: 'Enter valid JSON, such as {"a": 1}' };
      }
  }
}

export function Preferences() {
  const preferences = useMemo(
    () =>
      new CommercePreferences(
        {
          get: (namespace) => consoleApi(api.preferences.at(namespace)),
          put: async (namespace, values) => void (await consoleApi(api.savePreferences.at(namespace), values)),
        },
        (error, context) => console.error(context, error),
        window,
        NAMESPACES,
      ),
    [],
  );
  const [namespace, setNamespace] = useState<(typeof NAMESPACES)[number]>(NAMESPACES[0]);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [newKey, setNewKey] = useState('');
  const [newKind, setNewKind] = useState<Kind>('text');
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setRows(null);
    setNote('');
    setProblems({});
    setLoadFailure(null);
    preferences.get(namespace).then(
      (values: Values) => current && setRows(Object.entries(values).map(([key, value]) => rowOf(key, value))),
      (error: unknown) => current && setLoadFailure(error),
    );
    return () => {
      current = false;
    };
  }, [namespace, preferences, round]);

  const add = () => {
    if (rows === null) return;
    const key = newKey.trim();
    const problem = !KEY.test(key)
      ? 'Start with a letter; letters, digits, - and _ only'
      : rows.some((row) => row.key === key)
        ? 'This preference already exists'
        : null;
    setProblems({ ...problems, new: problem ?? '' });
    if (problem !== null) return;
    const row: Row = newKind === 'switch' ? { key, kind: 'switch', value: false } : { key, kind: newKind, value: '' };
    setRows([...rows, row]);
    setNewKey('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rows === null) return;
    const found: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    for (const row of rows) {
      const checked = valueOf(row);
      if ('problem' in checked) found[row.key] = checked.problem;
      else values[row.key] = checked.value;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setState({ status: 'saving' });
    try {
      const saved = await preferences.save(namespace, values);
      setNote(saved ? '' : 'Nothing changed, so nothing was sent.');
      if (saved) window.dispatchEvent(new Event(`${REFETCH_EVENT_PREFIX}${namespace}`));
      setState({ status: 'saved' });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    }
  };
  const update = (key: string, value: string | boolean) =>
    setRows((before) => before?.map((row) => (row.key === key ? ({ ...row, value } as Row) : row)) ?? null);
  const remove = (key: string) => setRows((before) => before?.filter((row) => row.key !== key) ?? null);
  return (
    <form className="Card" onSubmit={(e) => void submit(e)} noValidate aria-label="Commerce preferences">
      <Field id="preferences-namespace" label="Preferences for">
        {(control) => (
          <select
            {...control}
            value={namespace}
            onChange={(e) => setNamespace(e.target.value as (typeof NAMESPACES)[number])}
          >
            {NAMESPACES.map((name) => (
              <option key={name} value={name}>
                {NAMESPACE_LABELS[name]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {rows === null ? (
        <FetchStatus
          fetched={{
            state: loadFailure === null ? 'pending' : 'failed',
            error: loadFailure,
            reload: () => setRound((n) => n + 1),
          }}
          loading="Loading…"
        />
      ) : (
        <fieldset>
          <legend>{NAMESPACE_LABELS[namespace]} preferences</legend>
          {rows.length === 0 && <p className="Muted">No preferences here yet.</p>}
          {rows.map((row) => {
            const id = `pref-${row.key}`;
            const removeButton = (
              <button
                type="button"
                className="Button Button--small"
                onClick={() => remove(row.key)}
                aria-label={`Remove ${labelOf(row.key)}`}
              >
                Remove
              </button>
            );
            if (row.kind === 'switch')
              return (
                <div className="Preference" key={row.key}>
                  <label className="Field-inline" htmlFor={id}>
                    <input
                      id={id}
                      type="checkbox"
                      checked={row.value}
                      onChange={(e) => update(row.key, e.target.checked)}
                    />{' '}
                    {labelOf(row.key)}
                  </label>
                  {removeButton}
                </div>
              );
            return (
              <div className="Preference" key={row.key}>
                <Field id={id} label={labelOf(row.key)} description={row.key} error={problems[row.key]}>
                  {(control) =>
                    row.kind === 'json' ? (
                      <textarea
                        {...control}
                        rows={3}
                        spellCheck={false}
                        value={row.value}
                        onChange={(e) => update(row.key, e.target.value)}
                      />
                    ) : (
                      <input
                        {...control}
                        type={row.kind === 'number' ? 'number' : 'text'}
                        value={row.value}
                        onChange={(e) => update(row.key, e.target.value)}
                      />
                    )
                  }
                </Field>
                {removeButton}
              </div>
            );
          })}
          <div className="Field-row Preference-add">
            <Field id="pref-new-key" label="New preference" error={problems.new || undefined}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  maxLength={64}
                  placeholder="e.g. requireBillingAddress"
                  value={newKey}
                  onChange={(e) => setNewKey(e.target.value)}
                />
              )}
            </Field>
            <Field id="pref-new-kind" label="Kind">
              {(control) => (
                <select {...control} value={newKind} onChange={(e) => setNewKind(e.target.value as Kind)}>
                  {(Object.keys(KINDS) as Kind[]).map((kind) => (
                    <option key={kind} value={kind}>
                      {KINDS[kind]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="button" className="Button" onClick={add}>
              Add preference
            </button>
          </div>
        </fieldset>
      )}
      <div className="Toolbar">
        <button type="submit" className="Button Button--primary" disabled={state.status === 'saving' || rows === null}>
          Save preferences
        </button>
      </div>
      <SaveStatus state={state} />
      {note !== '' && <p className="Muted">{note}</p>}
    </form>
  );
}
