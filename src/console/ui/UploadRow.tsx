/**
 * One file being uploaded, as the file manager, the pictures editor and a digital product's file field show it:
 * its name, a progress bar and the percentage ('Uploaded' once done), or the reason it was refused.
 */
export function UploadRow({
  name,
  progress,
  error,
  done = false,
}: {
  name: string;
  /** 0 to 1. */
  progress: number;
  error?: string;
  done?: boolean;
}) {
  return (
    <li className="Upload">
      <span className="Upload-name">{name}</span>
      {error !== undefined ? (
        <p className="FieldError" role="alert">
          {error}
        </p>
      ) : (
        <>
          <progress max={1} value={progress} aria-label={`Uploading ${name}`} />
          <span className="Upload-percent">{done ? 'Uploaded' : `${Math.round(progress * 100)}%`}</span>
        </>
      )}
    </li>
  );
}
