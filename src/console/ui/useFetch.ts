/**
 * Generic fetch state (engine spec §4): pending, then success with the data or failed with the
 * error kept. A reload keeps the last data on screen while it is pending.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Call } from '../../api';
import { consoleApi, type ApiError } from './api';

export type FetchState = 'pending' | 'success' | 'failed';

export interface Fetched<T> {
  state: FetchState;
  data?: T;
  error?: ApiError | Error;
  reload: () => void;
}

/** GETs `call` (a read of src/api; nothing while it is null) and again whenever its path changes or `reload` is called. */
export function useFetch<T>(call: Call<T> | null): Fetched<T> {
  const path = call?.path ?? null;
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<Omit<Fetched<T>, 'reload'>>({ state: 'pending' });
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setResult((before) => ({ state: 'pending', data: before.data }));
    consoleApi<T>({ method: 'GET', path }).then(
      (data) => current && setResult({ state: 'success', data }),
      (error: ApiError | Error) => current && setResult((before) => ({ state: 'failed', data: before.data, error })),
    );
    return () => {
      current = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...result, reload };
}
