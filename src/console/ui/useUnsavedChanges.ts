/**
 * The unsaved-changes warning of an editor: while `dirty`, leaving asks first. Closing or reloading
 * the tab gets the browser's own question (beforeunload); a move inside the console (the sidebar, a
 * breadcrumb, any console link) and Back or Forward get the console's confirm modal (the router asks
 * it, src/console/router.ts), and the screen stays unless the merchant chooses to leave.
 */
import { useEffect, useRef } from 'react';
import { guardLeaving } from '../router';
import type { ConfirmOptions } from './ConfirmModal';

export const UNSAVED_MESSAGES = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave this page, they will be lost.',
  leave: 'Leave without saving',
  stay: 'Keep editing',
} as const;

export function useUnsavedChanges(dirty: boolean, confirm: (options: ConfirmOptions) => Promise<boolean>): void {
  const ask = useRef(confirm);
  ask.current = confirm;
  useEffect(() => {
    if (!dirty) return;
    const question = () =>
      ask.current({
        title: UNSAVED_MESSAGES.title,
        message: UNSAVED_MESSAGES.message,
        confirmLabel: UNSAVED_MESSAGES.leave,
        cancelLabel: UNSAVED_MESSAGES.stay,
        danger: true,
      });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    guardLeaving(question);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      guardLeaving(null);
    };
  }, [dirty]);
}
