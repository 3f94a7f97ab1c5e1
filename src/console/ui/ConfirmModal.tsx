/**
 * The confirm modal (engine spec §4): true on confirm, false on cancel; it closes by itself unless
 * `autoClose` is off (the caller then closes it when its work is done, showing `busy` meanwhile);
 * cancel (the button, Escape, the backdrop) works only when it is `cancellable`. A native modal
 * <dialog>: the browser keeps focus inside it and gives it back to what opened it.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  cancellable?: boolean;
}

export interface ConfirmModalProps extends ConfirmOptions {
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmModal({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  cancellable = true,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const dialog = useModalDialog();
  const cancel = () => {
    if (cancellable && !busy) onCancel();
  };
  return (
    <dialog
      ref={dialog}
      className="ConfirmModal"
      aria-labelledby="confirm-modal-title"
      aria-describedby="confirm-modal-message"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) cancel();
      }}
    >
      <div className="ConfirmModal-body">
        <h2 id="confirm-modal-title">{title}</h2>
        <div id="confirm-modal-message" className="ConfirmModal-message">
          {message}
        </div>
        <div className="ConfirmModal-actions">
          {cancellable && (
            <button type="button" className="Button" onClick={cancel} disabled={busy}>
              {cancelLabel}
            </button>
          )}
          <button
            type="button"
            className={danger ? 'Button Button--critical' : 'Button Button--primary'}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * `confirm(options)` opens the modal and resolves true or false; render `modal` where it belongs.
 * With `autoClose: false` a confirmed modal stays open, busy, until `close()`.
 */
export function useConfirm(autoClose = true) {
  const [open, setOpen] = useState<(ConfirmOptions & { resolve: (value: boolean) => void; busy: boolean }) | null>(
    null,
  );
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setOpen({ ...options, resolve, busy: false });
      }),
    [],
  );
  const close = useCallback(() => setOpen(null), []);
  const modal =
    open === null ? null : (
      <ConfirmModal
        {...open}
        onConfirm={() => {
          open.resolve(true);
          if (autoClose) setOpen(null);
          else setOpen({ ...open, busy: true });
        }}
        onCancel={() => {
          open.resolve(false);
          setOpen(null);
        }}
      />
    );
  return { confirm, close, modal };
}
