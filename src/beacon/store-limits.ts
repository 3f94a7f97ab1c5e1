/**
 * What bounds a website's beacon store, whatever its beacons say: keys (pages, events, products,
 * vitals buckets) are capped per hour and fold into one "other" key past the cap, visitors are
 * counted exactly only up to a cap and by a fixed-size sketch beyond it, a beacon's add quantity
 * counts only up to a cap, and hourly rows older than the retention window are deleted.
 */

/** The key everything past a cap (or unknown: a path that is no page of the site) counts under. */
export const OTHER_KEY = '(other)';

/**
 * Distinct keys one website may add in one hour, per kind. Events are a closed set (about 20 in
 * the schemas), pages and products are the site's own; a vitals key is a page, metric and 5%
 * bucket, so one page's six histograms alone can take a few hundred. Past a cap, a new key counts
 * under OTHER_KEY (vitals keep their metric and bucket, so "other" has at most
 * metrics × buckets rows).
 */
export const KEYS_PER_HOUR = { event: 64, page: 250, product: 250, vital: 2000 } as const;

/** Longer keys (a merchant's very long page URL) count under OTHER_KEY. */
export const MAX_KEY_CHARS = 200;

/** Visitors kept by id per hour, so small counts are exact; past this the sketch estimates them. */
export const EXACT_VISITORS_PER_HOUR = 100;

/**
 * Units one add_to_cart beacon may add to a product's count. The beacon is the browser's word and
 * the dashboard ranks products by adds, so one beacon may weigh as much as a shopper adding ten
 * (the cart itself allows 9999 a line, which would let three beacons outweigh a month of sales).
 */
export const MAX_COUNTED_QUANTITY = 10;

export const DEFAULT_RETENTION_DAYS = 90;
/** The store's alarm deletes expired hours this often while it holds any. */
export const PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Retention in days from the optional `BEACON_RETENTION_DAYS` var (a whole number, 1 to 3650); else the default. */
export function retentionDaysOf(env: object): number {
  const raw = (env as { BEACON_RETENTION_DAYS?: unknown }).BEACON_RETENTION_DAYS;
  const days =
    typeof raw === 'string' && /^\d{1,4}$/.test(raw.trim()) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_RETENTION_DAYS;
}

/** A key as stored: itself, or OTHER_KEY when it is too long. */
export function boundedKey(key: string): string {
  return key.length > MAX_KEY_CHARS ? OTHER_KEY : key;
}
