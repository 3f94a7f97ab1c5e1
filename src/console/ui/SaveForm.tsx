/**
 * A settings card that saves as one form: its heading names it, submitting (Enter, the button) calls
 * `onSubmit` without the browser's own checks (the fields announce their messages), the button is
 * disabled while saving, and the save's status is announced below it. A role that may not change
 * the settings sees `readOnly` (a sentence saying who can) in place of the button. Leaving the page or
 * the tab with changes not yet saved asks first (useUnsavedChanges.ts).
 */
import type { ReactNode } from 'react';
import { useConfirm } from './ConfirmModal';
import { type SaveState, SaveStatus } from './SaveStatus';
import { useTypedChanges, useUnsavedChanges } from './useUnsavedChanges';

export function SaveForm({
  id,
  title,
  state,
  onSubmit,
  submit = 'Save',
  readOnly,
  dirty,
  children,
}: {
  /** Names the heading (`${id}-title`), which labels the form. */
  id: string;
  title: ReactNode;
  state: SaveState;
  onSubmit: () => void;
  submit?: string;
  readOnly?: ReactNode;
  /** The card's own comparison of its values with the saved ones; without it, any change since the last save counts. */
  dirty?: boolean;
  children: ReactNode;
}) {
  const changes = useTypedChanges(state, dirty);
  const { confirm, modal } = useConfirm();
  useUnsavedChanges(changes.dirty, confirm);
  return (
    <form
      className="Card"
      noValidate
      aria-labelledby={`${id}-title`}
      {...changes.events}
      onSubmit={(event) => {
        event.preventDefault();
        changes.sent();
        onSubmit();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {readOnly ?? (
        <div className="Toolbar">
          <button type="submit" className="Button Button--primary" disabled={state.status === 'saving'}>
            {submit}
          </button>
        </div>
      )}
      <SaveStatus state={state} />
      {modal}
    </form>
  );
}
