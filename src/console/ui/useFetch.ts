/**
 * Generic fetch state (engine spec §4): pending, then success with the data or failed with the
 * error kept. A reload keeps the last data on screen while it is pending.
 */
import { useCallback, useEffect, useState } from 'react';
import { consoleApi, type ApiError } from './api';

export type FetchState = 'pending' | 'success' | 'failed';

export interface Fetched<T> {
  state: FetchState;
  data?: T;
  error?: ApiError | Error;
  reload: () => void;
}

/** GETs `path` (from src/api; nothing while it is null) and again whenever it changes or `reload` is called. */
export function useFetch<T>(path: string | null): Fetched<T> {
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
