/**
 * The unsaved-changes warning of every console form: while something on screen is `dirty`, leaving
 * asks first. Closing or reloading the tab gets the browser's own question (beforeunload, set by the
 * router while any guard is set); a move inside the console (the sidebar, a breadcrumb, any console
 * link) and Back or Forward get the console's confirm modal (the router asks it, src/console/router.ts),
 * and the screen stays unless the merchant chooses to leave. Editors compare their draft with what was
 * saved; settings cards (SaveForm) and form dialogs (FormDialog) use `useTypedChanges`: anything typed,
 * picked or ticked since the last successful save.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { guardLeaving } from '../router';
import type { ConfirmOptions } from './ConfirmModal';
import type { SaveState } from './SaveStatus';

export const UNSAVED_MESSAGES = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave this page, they will be lost.',
  leave: 'Leave without saving',
  stay: 'Keep editing',
  closeTitle: 'Close without saving?',
  closeMessage: 'You have unsaved changes. If you close this dialog, they will be lost.',
  close: 'Close without saving',
} as const;

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

/** The question before leaving the page with unsaved changes: true to leave. */
export function askToLeave(confirm: Confirm): Promise<boolean> {
  return confirm({
    title: UNSAVED_MESSAGES.title,
    message: UNSAVED_MESSAGES.message,
    confirmLabel: UNSAVED_MESSAGES.leave,
    cancelLabel: UNSAVED_MESSAGES.stay,
    danger: true,
  });
}

/** The question before closing a dialog with unsaved changes: true to close it. */
export function askToClose(confirm: Confirm): Promise<boolean> {
  return confirm({
    title: UNSAVED_MESSAGES.closeTitle,
    message: UNSAVED_MESSAGES.closeMessage,
    confirmLabel: UNSAVED_MESSAGES.close,
    cancelLabel: UNSAVED_MESSAGES.stay,
    danger: true,
  });
}

/** `handedOver`, asked as the merchant leaves, lets them go without the question (what was typed is being saved). */
export function useUnsavedChanges(dirty: boolean, confirm: Confirm, handedOver?: () => boolean): void {
  const ask = useRef({ confirm, handedOver });
  ask.current = { confirm, handedOver };
  useEffect(() => {
    if (!dirty) return;
    return guardLeaving(() =>
      ask.current.handedOver?.() === true ? Promise.resolve(true) : askToLeave(ask.current.confirm),
    );
  }, [dirty]);
}

/**
 * Whether a form was changed since it was last saved, read from the form's own events: any input or
 * change inside it (text, rich text, a choice, a box ticked; also in a dialog it opened) counts, and a
 * successful save of what was sent clears it. `sent()` is called as the form is submitted, `state` is
 * the save's; a change typed while the save runs keeps the form dirty. `dirty` passed in (a form that
 * compares its values itself) takes the place of the events.
 */
export function useTypedChanges(state: SaveState | undefined, dirty?: boolean) {
  const [typed, setTyped] = useState(false);
  const edits = useRef(0);
  const sentAt = useRef<number | null>(null);
  useEffect(() => {
    if (state?.status === 'saved' && sentAt.current === edits.current) setTyped(false);
  }, [state?.status]);
  const changed = useCallback((event: FormEvent) => {
    // A read-only field (a role's view of code it may not change) sends no change.
    const target = event.target as Partial<HTMLInputElement>;
    if (target.readOnly === true || target.disabled === true) return;
    edits.current += 1;
    setTyped(true);
  }, []);
  const sent = useCallback(() => {
    sentAt.current = edits.current;
  }, []);
  /** Whether everything typed was sent (a dialog whose save moves to another screen as it succeeds). */
  const allSent = useCallback(() => sentAt.current === edits.current, []);
  return { dirty: dirty ?? typed, events: { onInput: changed, onChange: changed }, sent, allSent };
}
