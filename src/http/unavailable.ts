/**
 * A dependency the request needs (KV, a Durable Object, content storage, a timed-out service) is
 * failing for now: API calls answer 503 with Retry-After, store pages fall back to the last good
 * copy they have (src/routes/pages/pages.ts), and nothing is half-written, since every write is one
 * object's transaction.
 */
import { EN_SYSTEM_PAGES } from '../commerce/storefront-text/en-system-pages';

/** The API's answer, the English of the store's 503 page (src/routes/pages/error-page.ts), which shoppers read in their language. */
export const UNAVAILABLE = EN_SYSTEM_PAGES['error.unavailable'];
export const RETRY_AFTER_SECONDS = 5;

/** Reading what a request needs from storage failed (the cause says how). */
export class StorageUnavailable extends Error {
  readonly retryable = true;
}

/**
 * Whether `error` is a dependency's transient failure rather than a fault of ours: the runtime marks
 * Durable Object resets and overloads `retryable`/`overloaded`, timeouts are TimeoutErrors, and
 * storage reads are wrapped in StorageUnavailable.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const marked = error as { retryable?: unknown; overloaded?: unknown; name?: unknown };
  return marked.retryable === true || marked.overloaded === true || marked.name === 'TimeoutError';
}
