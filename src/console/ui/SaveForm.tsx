/**
 * A settings card that saves as one form: its heading names it, submitting (Enter, the button) calls
 * `onSubmit` without the browser's own checks (the fields announce their messages), the button is
 * disabled while saving, and the save's status is announced below it. A role that may not change
 * the settings sees `readOnly` (a sentence saying who can) in place of the button.
 */
import type { ReactNode } from 'react';
import { type SaveState, SaveStatus } from './SaveStatus';

export function SaveForm({
  id,
  title,
  state,
  onSubmit,
  submit = 'Save',
  readOnly,
  children,
}: {
  /** Names the heading (`${id}-title`), which labels the form. */
  id: string;
  title: ReactNode;
  state: SaveState;
  onSubmit: () => void;
  submit?: string;
  readOnly?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className="Card"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
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
    </form>
  );
}
