/** Limits shared by the browser collectors and the server's schemas (spec §9 of both documents). */

/** Error reporter: at most 20 reports per page, 10 queued, stacks cut at 5000 characters, sending debounced 1 s. */
export const ERROR_REPORT_LIMITS = { perPage: 20, queued: 10, stackChars: 5000, debounceMs: 1000 } as const;

/** Performance collector: queue sent after 30 s (or when the page is hidden); metrics wait at most 60 s. */
export const FLUSH_DELAY_MS = 30_000;
export const METRIC_WAIT_MS = 60_000;
export const PAGE_LOAD_ID_LENGTH = 21;
export const SLOWEST_INTERACTIONS = 10;
export const MAX_RECORDS_PER_BATCH = 100;
