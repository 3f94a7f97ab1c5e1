import type { ReactNode } from 'react';

/**
 * A form dialog's closing row: any other actions first, then Cancel and the button that submits the
 * form (`submit` null leaves it out). While `busy` the submit button is disabled and says `busyLabel`.
 */
export function DialogActions({
  onCancel,
  submit = 'Done',
  busy,
  busyLabel,
  children,
}: {
  onCancel: () => void;
  submit?: string | null;
  busy?: boolean;
  busyLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="Dialog-actions">
      {children}
      <button type="button" className="Button" onClick={onCancel}>
        Cancel
      </button>
      {submit !== null && (
        <button type="submit" className="Button Button--primary" disabled={busy} aria-busy={busy}>
          {busy === true && busyLabel !== undefined ? busyLabel : submit}
        </button>
      )}
    </div>
  );
}
