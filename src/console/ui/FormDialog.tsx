/**
 * A modal form dialog (a native <dialog> over the page): its heading names it, Escape or Cancel
 * calls `onCancel`, and submitting the form (Enter, the submit button) calls `onSubmit` without the
 * browser's own checks, so the fields announce their own messages. The closing row is DialogActions.
 * With changes typed into it, Escape or Cancel first asks whether to close without saving, and leaving
 * the page or the tab asks too (useUnsavedChanges.ts); the dialog closes by its caller once saved.
 */
import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { useConfirm } from './ConfirmModal';
import { DialogActions } from './DialogActions';
import { askToClose, useTypedChanges, useUnsavedChanges } from './useUnsavedChanges';
import { useModalDialog } from './useModalDialog';

export function FormDialog({
  title,
  className,
  onSubmit,
  onCancel,
  submit,
  busy,
  busyLabel,
  dirty,
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
  /** The dialog's own comparison of its values with those it opened with; without it, any change counts. */
  dirty?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const dialog = useModalDialog();
  const changes = useTypedChanges(undefined, dirty);
  const { confirm, modal } = useConfirm();
  // A dialog closes, or moves to what it made, once saved: leaving right after sending asks nothing.
  useUnsavedChanges(changes.dirty, confirm, changes.allSent);
  const cancel = async () => {
    if (!changes.dirty || (await askToClose(confirm))) onCancel();
  };
  return createPortal(
    <>
      <dialog
        ref={dialog}
        className={`LinkEditor ${className}`}
        aria-labelledby={`${id}-heading`}
        onCancel={(event) => {
          event.preventDefault();
          void cancel();
        }}
      >
        <form
          noValidate
          {...changes.events}
          onSubmit={(event) => {
            event.preventDefault();
            // React passes a portal's events to its owner's tree: a dialog opened from a form must not submit that form too.
            event.stopPropagation();
            changes.sent();
            onSubmit();
          }}
        >
          <h2 id={`${id}-heading`}>{title}</h2>
          {children}
          <DialogActions onCancel={() => void cancel()} submit={submit} busy={busy} busyLabel={busyLabel} />
        </form>
      </dialog>
      {modal}
    </>,
    document.body,
  );
}
