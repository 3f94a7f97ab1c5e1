/**
 * The version history of a product or a page (`/api/console/versions/{subject}/{id}`): its last saves
 * (when, by whom), one of them as it was (drawn by the caller's `view`), and restoring it, which saves
 * it again as the newest version. One dialog for both editors.
 */
import { useState, type ReactNode } from 'react';
import { api, type SavedVersion } from '../../api';
import { consoleApi } from './api';
import { FetchStatus } from './Loaded';
import { SaveStatus, useSave } from './SaveStatus';
import { useFetch } from './useFetch';
import { useModalDialog } from './useModalDialog';

const when = (at: number) =>
  at === 0
    ? 'Before history was kept'
    : new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function VersionHistoryDialog({
  subject,
  id,
  note,
  unsaved,
  view,
  onClose,
}: {
  subject: 'product' | 'page';
  id: string;
  /** What restoring leaves as it is, after 'Restoring one saves it again.' */
  note: string;
  unsaved: boolean;
  view: (version: SavedVersion) => ReactNode;
  onClose: (restored: boolean) => void;
}) {
  const dialog = useModalDialog();
  const list = useFetch(api.versions.at(subject, id));
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = useFetch(chosen === null ? null : api.version.at(subject, id, chosen));
  const { state, run } = useSave();
  const versions = list.data?.versions ?? [];

  const restore = async () => {
    if (chosen === null) return;
    const done = await run(() => consoleApi(api.restoreVersion.at(subject, id, chosen), {}));
    if (done !== undefined) onClose(true);
  };

  return (
    <dialog
      ref={dialog}
      className="ConfirmModal ConfirmModal--wide"
      aria-labelledby="history-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <div className="ConfirmModal-body">
        <h2 id="history-title">Version history</h2>
        <p className="Muted">
          The last {versions.length || ''} saves of this {subject}. Restoring one saves it again{note}.
        </p>
        {list.data === undefined ? (
          <FetchStatus fetched={list} loading="Loading the history…" />
        ) : versions.length === 0 ? (
          <p>No saved versions yet: each save from now on is kept here.</p>
        ) : (
          <fieldset className="Field VersionList">
            <legend>Versions, newest first</legend>
            {versions.map((version, i) => (
              <label key={version.id} className="Field-inline">
                <input
                  type="radio"
                  name="version"
                  value={version.id}
                  checked={chosen === version.id}
                  onChange={() => setChosen(version.id)}
                />
                <span>
                  {when(version.at)}
                  {i === 0 ? ' (current)' : ''}
                  <span className="Muted"> · {version.who ?? 'imported or seeded'}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div aria-live="polite">
          {chosen !== null && shown.data === undefined && (
            <FetchStatus fetched={shown} loading="Loading the version…" />
          )}
          {shown.data !== undefined && view(shown.data)}
        </div>
        {unsaved && chosen !== null && (
          <p className="Notice" role="note">
            Your unsaved changes are replaced by the restored version.
          </p>
        )}
        <SaveStatus state={state} />
        <div className="ConfirmModal-actions">
          <button type="button" className="Button" onClick={() => onClose(false)}>
            Close
          </button>
          <button
            type="button"
            className="Button Button--primary"
            disabled={chosen === null || chosen === versions[0]?.id || state.status === 'saving'}
            onClick={() => void restore()}
          >
            Restore this version
          </button>
        </div>
      </div>
    </dialog>
  );
}
