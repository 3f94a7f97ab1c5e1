/**
 * A modal form dialog (a native <dialog> over the page): its heading names it, Escape or Cancel
 * calls `onCancel`, and submitting the form (Enter, the submit button) calls `onSubmit` without the
 * browser's own checks, so the fields announce their own messages. The closing row is DialogActions.
 */
import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { DialogActions } from './DialogActions';
import { useModalDialog } from './useModalDialog';

export function FormDialog({
  title,
  className,
  onSubmit,
  onCancel,
  submit,
  busy,
  busyLabel,
  children,
}: {
  title: ReactNode;
  /** The dialog's own class, beside the dialogs' shared look. */
  className: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** The submit button's text (DialogActions' default when left out). */
  submit?: string;
  busy?: boolean;
  busyLabel?: string;
  children: ReactNode;
}) {
  const id = useId();
  const dialog = useModalDialog();
  return createPortal(
    <dialog
      ref={dialog}
      className={`LinkEditor ${className}`}
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
          // React passes a portal's events to its owner's tree: a dialog opened from a form must not submit that form too.
          event.stopPropagation();
          onSubmit();
        }}
      >
        <h2 id={`${id}-heading`}>{title}</h2>
        {children}
        <DialogActions onCancel={onCancel} submit={submit} busy={busy} busyLabel={busyLabel} />
      </form>
    </dialog>,
    document.body,
  );
}
