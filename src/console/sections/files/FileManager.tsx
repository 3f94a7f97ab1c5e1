/**
 * The file manager: drop files (or choose them) to upload with a progress bar each, then rename,
 * replace or delete them; 30 a page with "Load more". In a picker (`onPick`) each file has a
 * Choose button instead, and only images are offered when `imagesOnly`.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { formatFileSize } from '../../../site/editor/file-size';
import { FILE_MESSAGES, isImageType, MAX_FILE_TEXT, type StoredFile } from '../../../site/editor/files';
import { api } from '../../../api';
import { consoleApi, errorMessage } from '../../ui/api';
import { useConfirm } from '../../ui/ConfirmModal';
import { describedBy, FieldError } from '../../ui/FieldError';
import { FileProblem } from '../../ui/FileProblem';
import { type Upload, UploadList } from '../../ui/UploadRow';
import { refusal, sendFile } from './upload';

export interface FileManagerProps {
  /** Upload, rename, replace and delete (the content permission); without it the files are only listed. */
  canChange: boolean;
  onPick?: (file: StoredFile) => void;
  imagesOnly?: boolean;
}

let uploadKeys = 0;

function RenameForm({ file, onDone }: { file: StoredFile; onDone: (renamed: StoredFile | null) => void }) {
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | undefined>();
  /** The rename was sent and failed: the reason. */
  const [failed, setFailed] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputId = `rename-${file.id}`;
  const errorId = `${inputId}-error`;
  const save = async () => {
    setFailed(undefined);
    if (name.trim() === '') {
      setError(FILE_MESSAGES.nameRequired);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onDone(await consoleApi(api.renameFile.at(file.id), { name }));
    } catch (failure) {
      setFailed(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <form
      className="FileCard-rename"
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void save();
      }}
    >
      <label htmlFor={inputId}>File name</label>
      <input
        id={inputId}
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus
        maxLength={200}
        {...describedBy(errorId, error ?? failed)}
      />
      <FieldError id={errorId} message={error} />
      {failed !== undefined && <FileProblem id={errorId} problem={FILE_MESSAGES.renameFailed} reason={failed} />}
      <div className="FileCard-actions">
        <button type="submit" className="Button Button--primary Button--small" disabled={busy}>
          Save
        </button>
        <button type="button" className="Button Button--small" onClick={() => onDone(null)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function FileManager({ canChange, onPick, imagesOnly = false }: FileManagerProps) {
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'pending' | 'success' | 'failed'>('pending');
  const [loadError, setLoadError] = useState<string | undefined>();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState('');
  const { confirm, modal } = useConfirm();
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<StoredFile | null>(null);

  const load = useCallback(async (from: string | null) => {
    setState('pending');
    try {
      const page = await consoleApi(api.files.at({ cursor: from }));
      // A file uploaded while the first page was on its way stays listed (that page may predate it).
      setFiles((before) =>
        from === null
          ? [...before.filter((file) => !page.files.some((listed) => listed.id === file.id)), ...page.files]
          : [...before, ...page.files],
      );
      setCursor(page.cursor);
      setState('success');
    } catch (error) {
      setLoadError(errorMessage(error));
      setState('failed');
    }
  }, []);
  useEffect(() => {
    void load(null);
  }, [load]);

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const upload = async (chosen: File, over?: StoredFile) => {
    const key = ++uploadKeys;
    const refused = refusal(chosen);
    setUploads((all) => [
      ...all,
      { key, name: chosen.name, progress: 0, ...(refused === null ? {} : { error: refused }) },
    ]);
    if (refused !== null) return;
    try {
      const stored = await sendFile(chosen, (progress) => update(key, { progress }), over?.id);
      update(key, { progress: 1, done: true });
      setFiles((all) =>
        over === undefined ? [stored, ...all] : all.map((file) => (file.id === stored.id ? stored : file)),
      );
      setNotice(over === undefined ? `${stored.name} uploaded` : `${over.name} replaced with ${stored.name}`);
    } catch (error) {
      update(key, { failed: errorMessage(error) });
      setNotice(`${FILE_MESSAGES.errorUploading} ${chosen.name}`);
    }
  };

  const uploadAll = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) void upload(file);
  };

  const remove = async (file: StoredFile) => {
    const sure = await confirm({
      title: 'Delete file',
      message: FILE_MESSAGES.deleteWarning(file.name),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    try {
      await consoleApi(api.removeFile.at(file.id));
      setFiles((all) => all.filter((other) => other.id !== file.id));
      setNotice(`${file.name} deleted`);
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    uploadAll(event.dataTransfer.files);
  };

  const shown = imagesOnly ? files.filter((file) => isImageType(file.type)) : files;

  return (
    <div className="FileManager">
      {canChange && (
        <div
          className={`DropZone${dragging ? ' is-dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <p>
            Drop files here or{' '}
            <label className="Button Button--small">
              Add file
              <input
                type="file"
                multiple
                className="visually-hidden"
                accept={imagesOnly ? 'image/*' : undefined}
                onChange={(event) => (uploadAll(event.target.files), (event.target.value = ''))}
              />
            </label>
          </p>
          <p className="Field-hint">Images, PDF, audio, video, text and ZIP files, up to {MAX_FILE_TEXT} each.</p>
        </div>
      )}
      <UploadList uploads={uploads} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {state === 'failed' && (
        <p className="FieldError" role="alert">
          {loadError}
        </p>
      )}
      <input
        ref={replaceInput}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          const over = replacing.current;
          event.target.value = '';
          if (chosen !== undefined && over !== null) void upload(chosen, over);
        }}
      />
      {shown.length === 0 && state === 'success' ? (
        <p className="Muted">{imagesOnly ? 'No images yet.' : 'No files yet.'}</p>
      ) : (
        <ul className="FileGrid" aria-label="Files" aria-busy={state === 'pending'}>
          {shown.map((file) => (
            <li key={file.id} className="FileCard">
              {isImageType(file.type) ? (
                <img
                  className="FileCard-thumb"
                  src={`${file.url}?w=300`}
                  alt=""
                  loading="lazy"
                  width={160}
                  height={120}
                />
              ) : (
                <span className="FileCard-thumb FileCard-type">{file.name.split('.').pop()?.toUpperCase()}</span>
              )}
              {renaming === file.id ? (
                <RenameForm
                  file={file}
                  onDone={(renamed) => {
                    setRenaming(null);
                    if (renamed !== null)
                      setFiles((all) => all.map((other) => (other.id === renamed.id ? renamed : other)));
                  }}
                />
              ) : (
                <>
                  <p className="FileCard-name">{file.name}</p>
                  <p className="FileCard-size Muted">{formatFileSize(file.size)}</p>
                  <div className="FileCard-actions">
                    {onPick !== undefined ? (
                      <button
                        type="button"
                        className="Button Button--primary Button--small"
                        onClick={() => onPick(file)}
                        aria-label={`Choose ${file.name}`}
                      >
                        Choose
                      </button>
                    ) : (
                      <a
                        className="Button Button--small"
                        href={file.url}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`Open ${file.name}`}
                      >
                        Open
                      </a>
                    )}
                    {canChange && onPick === undefined && (
                      <>
                        <button
                          type="button"
                          className="Button Button--small"
                          onClick={() => setRenaming(file.id)}
                          aria-label={`Rename ${file.name}`}
                        >
                          Rename
                        </button>
                        <button
                          type="button"
                          className="Button Button--small"
                          aria-label={`Replace ${file.name}`}
                          onClick={() => {
                            replacing.current = file;
                            replaceInput.current?.click();
                          }}
                        >
                          Replace
                        </button>
                        <button
                          type="button"
                          className="Button Button--small Button--plain"
                          onClick={() => void remove(file)}
                          aria-label={`Delete ${file.name}`}
                        >
                          Delete
                        </button>
                      </>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {cursor !== null && (
        <div className="DataTable-more">
          <button
            type="button"
            className="Button"
            onClick={() => void load(cursor)}
            disabled={state === 'pending'}
            aria-busy={state === 'pending'}
          >
            {state === 'pending' ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
      {modal}
    </div>
  );
}
