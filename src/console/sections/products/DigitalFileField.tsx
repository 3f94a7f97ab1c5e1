/**
 * A digital product's "File to deliver": upload a file (the file manager's upload, src/console/sections/files/upload.ts)
 * or choose one from Files; shown with its name and size, replaceable. Shoppers get it through
 * download links once they have paid (src/commerce/downloads.ts).
 */
import { useId, useRef, useState } from 'react';
import type { DigitalFile } from '../../../commerce/product';
import { DOWNLOAD_DAYS, DOWNLOAD_LIMIT } from '../../../commerce/downloads';
import { formatFileSize } from '../../../site/editor/file-size';
import { PRODUCT_MESSAGES } from '../../../site/editor/product-form';
import { FilePicker } from '../files/FilePicker';
import { refusal, sendFile } from '../files/upload';
import { FILE_MESSAGES } from '../../../site/editor/files';
import { errorMessage } from '../../ui/api';
import { FileProblem } from '../../ui/FileProblem';
import { describedBy, FieldError } from '../../ui/FieldError';
import { UploadRow } from '../../ui/UploadRow';

export function DigitalFileField({
  file,
  canUpload,
  error,
  onChange,
}: {
  file: DigitalFile | null;
  canUpload: boolean;
  error: string | undefined;
  onChange: (file: DigitalFile) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  /** Refused before it was sent (its type, its size). */
  const [failure, setFailure] = useState<string | null>(null);
  /** The upload failed once sent: the reason. */
  const [failed, setFailed] = useState<string | undefined>();
  const [notice, setNotice] = useState('');

  const chosen = (next: DigitalFile) => {
    onChange(next);
    setNotice(`${next.name} will be delivered.`);
  };

  const upload = async (picked: File) => {
    const refused = refusal(picked);
    setFailure(refused);
    setFailed(undefined);
    if (refused !== null) return;
    setUploading({ name: picked.name, progress: 0 });
    try {
      const stored = await sendFile(picked, (progress) => setUploading({ name: picked.name, progress }));
      chosen({ id: stored.id, name: stored.name, size: stored.size });
    } catch (caught) {
      setFailed(errorMessage(caught));
    } finally {
      setUploading(null);
    }
  };

  // The save's 'add the file' message goes once a file is there; other answers (a file that vanished) stay until the next save.
  const shownError = failure ?? (file !== null && error === PRODUCT_MESSAGES.digitalFile ? undefined : error);
  return (
    <div className="Field DigitalFile" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="Field-label">
        File to deliver
      </span>
      {file === null ? (
        <p className="DigitalFile-none">No file yet.</p>
      ) : (
        <p className="DigitalFile-current">
          <span className="DigitalFile-name">{file.name}</span>{' '}
          <span className="DigitalFile-size">{formatFileSize(file.size)}</span>
        </p>
      )}
      {uploading !== null && (
        <ul className="Uploads" aria-label="Uploads">
          <UploadRow name={uploading.name} progress={uploading.progress} />
        </ul>
      )}
      <div className="DigitalFile-actions">
        {canUpload && (
          <>
            <input
              ref={input}
              id={`${id}-input`}
              type="file"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const picked = event.target.files?.[0];
                event.target.value = '';
                if (picked !== undefined) void upload(picked);
              }}
            />
            <button
              type="button"
              className="Button"
              disabled={uploading !== null}
              onClick={() => input.current?.click()}
              {...describedBy(`${id}-error`, shownError)}
            >
              {file === null ? 'Upload a file' : 'Replace with an upload'}
            </button>
          </>
        )}
        <button type="button" className="Button Button--plain" onClick={() => setPicking(true)}>
          Choose from Files
        </button>
      </div>
      <p className="Field-hint">
        Shoppers get a download link after paying: {DOWNLOAD_LIMIT} downloads within {DOWNLOAD_DAYS} days.
      </p>
      <FieldError id={`${id}-error`} message={shownError ?? undefined} announce={failure !== null} />
      {failed !== undefined && <FileProblem problem={FILE_MESSAGES.uploadFailed} reason={failed} />}
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {picking && (
        <FilePicker
          canUpload={canUpload}
          title="Choose the file to deliver"
          onPick={(picked) => {
            setPicking(false);
            setFailure(null);
            setFailed(undefined);
            chosen({ id: picked.id, name: picked.name, size: picked.size });
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
