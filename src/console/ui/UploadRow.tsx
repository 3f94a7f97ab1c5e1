/**
 * One file being uploaded, as the file manager, the pictures editor and a digital product's file field show it:
 * its name, a progress bar and the percentage ('Uploaded' once done), the reason it was refused before it was sent,
 * or, when the upload itself failed, the bar where it stopped with the spec's 'Error uploading', then its 'Unable to
 * Upload File' with the reason (FileProblem); and the list of a screen's uploads.
 */
import { FILE_MESSAGES } from '../../site/editor/files';
import { FileProblem } from './FileProblem';

export function UploadRow({
  name,
  progress,
  error,
  failed,
  done = false,
}: {
  name: string;
  /** 0 to 1. */
  progress: number;
  /** Why the file was refused before it was sent (its type, its size). */
  error?: string;
  /** Why the upload failed once sent (`errorMessage` of the failure). */
  failed?: string;
  done?: boolean;
}) {
  return (
    <li className="Upload">
      <span className="Upload-name">{name}</span>
      {error !== undefined && failed === undefined ? (
        <p className="FieldError" role="alert">
          {error}
        </p>
      ) : (
        <>
          <progress max={1} value={progress} aria-label={`Uploading ${name}`} />
          <span className="Upload-percent">
            {failed !== undefined ? FILE_MESSAGES.errorUploading : done ? 'Uploaded' : `${Math.round(progress * 100)}%`}
          </span>
          {failed !== undefined && <FileProblem problem={FILE_MESSAGES.uploadFailed} reason={failed} />}
        </>
      )}
    </li>
  );
}

/** A file a screen is uploading, or has tried to. */
export interface Upload {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  /** Refused before it was sent. */
  error?: string;
  /** Failed once sent: the reason. */
  failed?: string;
  done?: boolean;
}

/** The uploads of a screen, nothing while there are none. */
export function UploadList({ uploads }: { uploads: readonly Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="Uploads" aria-label="Uploads">
      {uploads.map((item) => (
        <UploadRow
          key={item.key}
          name={item.name}
          progress={item.progress}
          error={item.error}
          failed={item.failed}
          done={item.done}
        />
      ))}
    </ul>
  );
}
