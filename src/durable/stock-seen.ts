/**
 * What this isolate last heard from a website's stock ledger of each counted sku's available units (issue 34: losers
 * of a flash sale told at once). Every checkout step's stock answer and every placement refused for stock is noted;
 * placing an order of a sku heard short within SEEN_TTL_MS is refused at the edge, without reaching the orders or
 * the stock object. It only ever refuses: a unit is sold only by the ledger's own check-and-reserve, so a stale
 * count never oversells; at worst a unit that came back within the last SEEN_TTL_MS is offered on the next try.
 */
import { CHECKOUT_MESSAGES } from '../commerce/checkout-totals';
import { placeRefused, type PlaceOutcome } from './orders/model';
import type { StockLine } from './stock';

/** How long an answer is trusted; the newest answer of a sku replaces the one before. */
export const SEEN_TTL_MS = 2000;
/** Skus kept per isolate (the oldest heard goes first): bounded whatever the catalogue. */
const MAX_SEEN = 4096;

const seen = new Map<string, { available: number; at: number }>();

const keyOf = (websiteId: string, sku: string) => `${websiteId}\u0000${sku}`;

/** Notes the ledger's answer of `available` units of each sku, given at `now`, unless one given later was noted. */
export function noteAvailable(websiteId: string, available: Readonly<Record<string, number>>, now = Date.now()): void {
  for (const [sku, units] of Object.entries(available)) {
    const key = keyOf(websiteId, sku);
    if ((seen.get(key)?.at ?? 0) > now) continue;
    seen.delete(key);
    seen.set(key, { available: units, at: now });
    if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value as string);
  }
}

/** The counted lines of `lines` this isolate heard, within SEEN_TTL_MS, there are not enough of; with what it heard. */
export function heardShort(
  websiteId: string,
  lines: readonly StockLine[],
  now = Date.now(),
): { sku: string; available: number }[] {
  const short: { sku: string; available: number }[] = [];
  for (const line of lines) {
    if (line.stock === null || line.quantity <= 0) continue;
    const heard = seen.get(keyOf(websiteId, line.sku));
    if (heard !== undefined && now - heard.at < SEEN_TTL_MS && heard.available < line.quantity)
      short.push({ sku: line.sku, available: heard.available });
  }
  return short;
}

/**
 * `place` (the orders object's placement of `lines`) unless a line was heard short: then the answer the ledger would
 * give, at once. A placement refused for stock is noted, so the isolate's next shoppers are told without a call.
 */
export async function placeUnlessHeardShort(
  websiteId: string,
  lines: readonly StockLine[],
  place: () => Promise<PlaceOutcome>,
): Promise<PlaceOutcome> {
  const short = heardShort(websiteId, lines);
  if (short.length > 0) return placeRefused('stock-short', CHECKOUT_MESSAGES.reservationLost, { unavailable: short });
  const outcome = await place();
  if (!outcome.ok && outcome.unavailable !== undefined)
    noteAvailable(websiteId, Object.fromEntries(outcome.unavailable.map((line) => [line.sku, line.available])));
  return outcome;
}

/** Forgets everything heard (tests). */
export function forgetSeenStock(): void {
  seen.clear();
}
