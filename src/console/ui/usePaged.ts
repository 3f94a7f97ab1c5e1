/**
 * A keyset-paged list: the first page of `call` (a read of src/api, typed by its route's answer) whenever its path changes (a new filter or search),
 * then more pages appended by `load(cursor)` ("Load more"). Only the answer to the latest request
 * counts: a slow answer to an earlier one (the list before the merchant searched) never replaces it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Call, KeysetPage } from '../../api';
import type { FetchOutcome } from './Loaded';
import { consoleApi } from './api';
import type { FetchState } from './useFetch';

export type { KeysetPage };

export interface Paged<P extends KeysetPage, T> {
  items: T[];
  /** The latest page received, for what it carries besides the items (a form's columns). */
  last: P | null;
  cursor: string | null;
  loading: boolean;
  fetched: FetchOutcome;
  load: (after: string | null) => Promise<void>;
}

export function usePaged<P extends KeysetPage, T>(call: Call<P>, itemsOf: (page: P) => T[]): Paged<P, T> {
  const { path } = call;
  const [items, setItems] = useState<T[]>([]);
  const [last, setLast] = useState<P | null>(null);
  const [state, setState] = useState<FetchState>('pending');
  const [failure, setFailure] = useState<{ error: unknown; after: string | null } | null>(null);
  const latest = useRef(0);
  const pick = useRef(itemsOf);
  pick.current = itemsOf;

  const load = useCallback(
    async (after: string | null) => {
      const request = ++latest.current;
      setState('pending');
      try {
        const page = await consoleApi<P>({
          ...call,
          path: after === null ? path : `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(after)}`,
        });
        if (request !== latest.current) return;
        const found = pick.current(page);
        setItems((before) => (after === null ? found : [...before, ...found]));
        setLast(page);
        setFailure(null);
        setState('success');
      } catch (error) {
        if (request !== latest.current) return;
        setFailure({ error, after });
        setState('failed');
      }
    },
    [path],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  const fetched: FetchOutcome = { state, error: failure?.error, reload: () => void load(failure?.after ?? null) };
  const cursor = last?.hasNextPage === true ? last.nextPageCursor : null;
  return { items, last, cursor, loading: state === 'pending', fetched, load };
}
