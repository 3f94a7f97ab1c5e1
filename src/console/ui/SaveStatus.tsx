/**
 * 'Saving…' / 'Saved' / the error, in a polite live region so a screen reader hears how a save went.
 * `useSave` runs a save and keeps its status; the error's per-field messages go next to the fields.
 */
import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from './api';

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'error'; message: string; fields?: Record<string, string> };

export const SAVE_MESSAGES = { saving: 'Saving…', saved: 'Saved' } as const;

export function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.status === 'saving'
      ? SAVE_MESSAGES.saving
      : state.status === 'saved'
        ? SAVE_MESSAGES.saved
        : state.status === 'error'
          ? state.message
          : '';
  return (
    <p className={`SaveStatus SaveStatus--${state.status}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

export function useSave() {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  /** Runs `work`; its value, or undefined when it failed (the status then holds the message). */
  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setState({ status: 'saving' });
    try {
      const value = await work();
      setState({ status: 'saved' });
      return value;
    } catch (error) {
      setState({
        status: 'error',
        message: errorMessage(error),
        ...(error instanceof ApiError && error.fields !== undefined ? { fields: error.fields } : {}),
      });
      return undefined;
    }
  }, []);
  const fieldError = (name: string): string | undefined =>
    state.status === 'error' ? state.fields?.[name] : undefined;
  return { state, run, fieldError, reset: useCallback(() => setState({ status: 'idle' }), []) };
}
