/**
 * What a screen shows while its data loads (engine spec §4, generic fetch state): pending says what
 * is loading in a polite status, failed keeps the error on screen with a way to try again, and
 * success renders the children with the data. A reload keeps the last data on screen.
 */
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from './api';
import type { Fetched, FetchState } from './useFetch';

export const LOADED_MESSAGES = { failed: 'Unable to load. Try again.', retry: 'Try again' } as const;

/** A list's own failure text where the spec has one (§8, E109): a search's results, the store's collections. */
export const LIST_FAILED = { results: 'Unable to load results', collections: 'Unable to load collections' } as const;

/** What a screen says when what it shows is not there (a 404: an item deleted, a mistyped address; §8, E112). */
export const NOT_LOCATED = 'Unable to locate content';

/** What a load that never reached the server adds after its 'Network error' (§8, E112). */
export const CHECK_CONNECTION = 'Please check your internet connection';

export function Loaded<T>({
  fetched,
  loading,
  children,
}: {
  fetched: Fetched<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (fetched.data !== undefined) return <>{children(fetched.data)}</>;
  return <FetchStatus fetched={fetched} loading={loading} />;
}

/** Where a load stands: what FetchStatus needs, from useFetch or from a screen's own paged loads. */
export interface FetchOutcome {
  state: FetchState;
  error?: unknown;
  /** Tries the load that failed again. */
  reload: () => void;
}

/**
 * Only the pending and failed states, for a screen that shows its data in its own way. Without
 * `loading` the pending state shows nothing here (the screen says it, e.g. in its table's empty row).
 */
export function FetchStatus({
  fetched,
  loading,
  failed = LOADED_MESSAGES.failed,
}: {
  fetched: FetchOutcome;
  loading?: string;
  /** What failed, when the list has its own words (LIST_FAILED). */
  failed?: string;
}) {
  if (fetched.state === 'failed') {
    // Trying again cannot bring back what is not there.
    const missing = fetched.error instanceof ApiError && fetched.error.status === 404;
    const offline = fetched.error instanceof ApiError && fetched.error.status === 0;
    return (
      <div className="Card Notice" role="alert">
        <p>{missing ? NOT_LOCATED : failed}</p>
        <p className="Muted">{errorMessage(fetched.error)}</p>
        {offline && <p className="Muted">{CHECK_CONNECTION}</p>}
        {!missing && (
          <button type="button" className="Button" onClick={fetched.reload}>
            {LOADED_MESSAGES.retry}
          </button>
        )}
      </div>
    );
  }
  if (fetched.state === 'pending' && loading !== undefined)
    return (
      <p className="Console-loading" role="status">
        {loading}
      </p>
    );
  return null;
}
