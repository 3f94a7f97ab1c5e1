/**
 * The commerce-preferences namespaces (engine spec §4): read and saved through the editor's cache
 * helper (src/site/editor/commerce-preferences.ts), so a save with nothing changed is skipped, and
 * a save fires the namespace's refetch event for every other view holding it.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  CommercePreferences,
  REFETCH_EVENT_PREFIX,
  type Preferences as Values,
} from '../../../site/editor/commerce-preferences';
import { api } from '../../../api';
import { consoleApi, errorMessage, FetchStatus, SaveStatus, type SaveState } from '../../ui';

export const NAMESPACES = ['checkout', 'merchandising', 'notifications'] as const;
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

interface Row {
  key: string;
  value: string;
}

function rowsOf(values: Values): Row[] {
  return Object.entries(values).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}

/** A value as typed: JSON when it reads as JSON (true, 12, {"a":1}), text otherwise. */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
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
  const [namespace, setNamespace] = useState<string>(NAMESPACES[0]);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const [note, setNote] = useState('');
  const [keyErrors, setKeyErrors] = useState<Record<number, string>>({});
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setRows(null);
    setNote('');
    setLoadFailure(null);
    preferences.get(namespace).then(
      (values) => current && setRows(rowsOf(values)),
      (error: unknown) => current && setLoadFailure(error),
    );
    return () => {
      current = false;
    };
  }, [namespace, preferences, round]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rows === null) return;
    const problems: Record<number, string> = {};
    rows.forEach((row, i) => {
      if (!KEY.test(row.key)) problems[i] = 'Start with a letter; letters, digits, - and _ only';
      else if (rows.findIndex((other) => other.key === row.key) !== i) problems[i] = 'This key is already used';
    });
    setKeyErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setState({ status: 'saving' });
    try {
      const saved = await preferences.save(
        namespace,
        Object.fromEntries(rows.map((row) => [row.key, valueOf(row.value)])),
      );
      setNote(saved ? '' : 'Nothing changed, so nothing was sent.');
      if (saved) window.dispatchEvent(new Event(`${REFETCH_EVENT_PREFIX}${namespace}`));
      setState({ status: 'saved' });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    }
  };
  const update = (i: number, change: Partial<Row>) =>
    setRows((before) => before?.map((row, j) => (j === i ? { ...row, ...change } : row)) ?? null);
  return (
    <form className="Card" onSubmit={(e) => void submit(e)} noValidate aria-label="Commerce preferences">
      <div className="Field">
        <label htmlFor="preferences-namespace">Namespace</label>
        <select id="preferences-namespace" value={namespace} onChange={(e) => setNamespace(e.target.value)}>
          {NAMESPACES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
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
          <legend>Preferences in {namespace}</legend>
          {rows.length === 0 && <p className="Muted">No preferences in this namespace yet.</p>}
          {rows.map((row, i) => (
            <div className="Field-row" key={i}>
              <div className="Field">
                <label htmlFor={`pref-key-${i}`}>Key</label>
                <input
                  id={`pref-key-${i}`}
                  type="text"
                  value={row.key}
                  maxLength={64}
                  onChange={(e) => update(i, { key: e.target.value })}
                  aria-invalid={keyErrors[i] !== undefined ? true : undefined}
                  aria-describedby={keyErrors[i] !== undefined ? `pref-key-${i}-error` : undefined}
                />
                {keyErrors[i] !== undefined && (
                  <p id={`pref-key-${i}-error`} className="FieldError">
                    {keyErrors[i]}
                  </p>
                )}
              </div>
              <div className="Field Field--grow">
                <label htmlFor={`pref-value-${i}`}>Value</label>
                <input
                  id={`pref-value-${i}`}
                  type="text"
                  value={row.value}
                  onChange={(e) => update(i, { value: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="Button Button--small"
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
                aria-label={`Remove ${row.key || 'this preference'}`}
              >
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="Button" onClick={() => setRows([...rows, { key: '', value: '' }])}>
            Add preference
          </button>
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
