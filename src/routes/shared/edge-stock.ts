/**
 * Stock at the edge (issue 34; docs/architecture.md, "Round trips per request kind"): one in-isolate memory of the
 * stock ledger's answers by website and sku, and their copy kept in the data centre's Cache API per question. A page
 * and an add read this isolate's answer, else the data centre's, else the ledger, so the misses and adds of a moment
 * (every isolate's at a freshness slot's start, the page's other hosts, `?format=json`) share one ledger read. A
 * checkout step asks the ledger and is heard; a new placement holds its units at the ledger before it reaches the
 * orders object, so a flash sale's losers are told at once: one of a sku heard short without asking, one the ledger
 * refuses heard. It only refuses: the ledger alone sells. It is a route module: only routes may import the storefront's questions, the objects and the fault layer.
 */
import type { Context } from 'hono';
import {
  type CheckoutRequest,
  MAX_RESERVED_UNITS_PER_VISITOR,
  PLACE_MESSAGES,
  type PlaceOutcome,
  placeRefused,
  refusedStockShort,
  unitsOf,
  UNITS_HELD_MS,
} from '../../durable/orders/model';
import { countsStock, type StockLedger, type StockLine, type StockShortage } from '../../durable/stock';
import { availableStockOf } from '../../durable/stubs';
import { faultable } from '../../faults';
import type { Item } from '../../site/model/schema';
import { countedStock, freshnessSlot, type ReadAvailable } from '../../storefront/available-stock';
import { type AppEnv, storeOf } from './http';

/**
 * How long a ledger answer is trusted, from when the ledger was asked: it adds at most 2 s to what a page kept a slot
 * (STOCK_FRESH_SECONDS, 30 s) may promise and sells nothing. Long enough to share one read among a slot's first misses,
 * short enough that a sale or a merchant's count shows on the pages, adds and placements made 2 s after it.
 */
export const SHOWN_STOCK_SECONDS = 2;
const TRUSTED_MS = SHOWN_STOCK_SECONDS * 1000;
/** A page asking about more skus than fit this in its key reads the ledger itself. */
const MAX_KEY_LENGTH = 2_000;
/** When the ledger was asked for a kept answer (ms since the epoch), so an isolate that finds it trusts it no longer. */
const READ_AT_HEADER = 'x-read-at';

/** What this isolate heard, by `website\0sku` (the oldest heard first): units available, the level asked, when. */
const heard = new Map<string, { available: number; level: number; at: number }>();
/** Skus kept per isolate: bounded whatever the catalogue. */
const MAX_HEARD = 4096;
const keyOf = (websiteId: string, sku: string) => `${websiteId}\u0000${sku}`;

/** Hears `available`, the ledger's answer to `asked` (sku → published level) given at `at`, per sku unless one given later was. */
export function hear(
  websiteId: string,
  asked: Readonly<Record<string, number>>,
  available: Readonly<Record<string, number>>,
  at = Date.now(),
): void {
  if (!(at > 0)) return; // an answer of unknown age
  for (const [sku, units] of Object.entries(available)) {
    const key = keyOf(websiteId, sku);
    const level = asked[sku];
    if (level === undefined || (heard.get(key)?.at ?? 0) > at) continue;
    heard.delete(key);
    heard.set(key, { available: units, level, at });
    if (heard.size > MAX_HEARD) heard.delete(heard.keys().next().value as string);
  }
}

/** The sku's answer heard within the last SHOWN_STOCK_SECONDS. */
function trusted(websiteId: string, sku: string, now: number) {
  const found = heard.get(keyOf(websiteId, sku));
  return found !== undefined && now - found.at < TRUSTED_MS ? found : undefined;
}

/** The answer to `asked` from memory: every sku trusted, at the level asked, heard in the freshness slot of `now`. */
export function heardAnswer(websiteId: string, asked: Readonly<Record<string, number>>, now = Date.now()) {
  const answer: Record<string, number> = {};
  for (const [sku, level] of Object.entries(asked)) {
    const found = trusted(websiteId, sku, now);
    if (found?.level !== level || freshnessSlot(found.at) !== freshnessSlot(now)) return undefined;
    answer[sku] = found.available;
  }
  return answer;
}

/** The counted lines of `lines` heard short within SHOWN_STOCK_SECONDS, with what was heard. */
export function heardShort(websiteId: string, lines: readonly StockLine[], now = Date.now()) {
  return lines.flatMap((line) => {
    const found = line.stock === null || line.quantity <= 0 ? undefined : trusted(websiteId, line.sku, now);
    return found !== undefined && found.available < line.quantity
      ? [{ sku: line.sku, available: found.available }]
      : [];
  });
}

/** The Cache API key of the website's answer to `asked` in the page freshness slot of now; null when too long. */
function keptAnswerUrl(websiteId: string, asked: Readonly<Record<string, number>>): string | null {
  const question = Object.entries(asked)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, level]) => `${encodeURIComponent(sku)}=${level}`)
    .join('&');
  const url = `https://shown-stock.internal/${encodeURIComponent(websiteId)}/s${freshnessSlot(Date.now())}?${question}`;
  return url.length > MAX_KEY_LENGTH ? null : url;
}

const keptAnswers = () => faultable('cache', (caches as unknown as { default: Cache }).default, 'shown stock');

/** The answer to `asked` kept under `url`: this isolate's, else the Cache API's (then heard). Never a ledger read. */
async function keptAnswer(websiteId: string, asked: Readonly<Record<string, number>>, url: string) {
  const inMemory = heardAnswer(websiteId, asked);
  if (inMemory !== undefined) return inMemory;
  const kept = await keptAnswers()
    .match(url)
    .catch(() => undefined);
  const available = await kept?.json<Record<string, number>>().catch(() => undefined);
  if (available !== undefined) hear(websiteId, asked, available, Number(kept?.headers.get(READ_AT_HEADER)) || 0);
  return available;
}

/**
 * `read` (the ledger's `available`, heard) with its answer kept in the Cache API per website, freshness slot and
 * question (each sku with its published level: a new level asks again) for SHOWN_STOCK_SECONDS, asked after this
 * isolate's memory: a sale shows on every page rendered in the next slot. A Cache API that fails counts as a miss; a
 * put runs after the answer (`waitUntil`).
 */
export function shownStock(
  websiteId: string,
  read: ReadAvailable,
  waitUntil: (work: Promise<unknown>) => void,
): ReadAvailable {
  return async (asked) => {
    const url = keptAnswerUrl(websiteId, asked);
    if (url === null) return read(asked);
    const kept = await keptAnswer(websiteId, asked, url);
    if (kept !== undefined) return kept;
    const readAt = Date.now();
    const available = await read(asked);
    const copy = new Response(JSON.stringify(available), {
      headers: {
        'content-type': 'application/json',
        'cache-control': `public, max-age=${SHOWN_STOCK_SECONDS}`,
        [READ_AT_HEADER]: String(readAt),
      },
    });
    waitUntil(
      keptAnswers()
        .put(url, copy)
        .catch((error: unknown) => console.error('stock answer not kept', error)),
    );
    return available;
  };
}

/** The website's ledger asked now, its answer heard. */
function askedStock(c: Context<AppEnv>, websiteId: string): ReadAvailable {
  const read = availableStockOf(storeOf(c).objects);
  return async (asked) => {
    const at = Date.now();
    const available = await read(asked);
    hear(websiteId, asked, available, at);
    return available;
  };
}

/** The website's ledger read through `shownStock`, for the request `c`: what a page shows and what an add may ask for. */
export function edgeStock(c: Context<AppEnv>, websiteId: string): ReadAvailable {
  return shownStock(websiteId, askedStock(c, websiteId), (work) => c.executionCtx.waitUntil(work));
}

/** The published level of each of `lines` counted: the question for the ledger. */
const levelsOf = (lines: readonly StockLine[]) =>
  Object.fromEntries(
    lines.flatMap((line) => (line.stock === null || line.quantity <= 0 ? [] : [[line.sku, line.stock]])),
  );

/**
 * What the cart asks for beyond what the ledger, asked now, says is available (a checkout reserves nothing: stock is
 * reserved at payment). The route asks it beside ORDERS.start: one round trip to a shared object in series, not two.
 */
export async function unavailableLines(c: Context<AppEnv>, request: Pick<CheckoutRequest, 'websiteId' | 'lines'>) {
  const asked = levelsOf(request.lines);
  if (Object.keys(asked).length === 0) return [];
  const available = await askedStock(c, request.websiteId)(asked);
  return request.lines
    .filter((line) => asked[line.sku] !== undefined && line.quantity > (available[line.sku] ?? 0))
    .map((line) => ({ sku: line.sku, available: available[line.sku] ?? 0 }));
}

/** Hears the ledger's refusal of `lines`: what it said is available of those short. */
function hearShort(websiteId: string, lines: readonly StockLine[], unavailable: readonly StockShortage[]): void {
  hear(websiteId, levelsOf(lines), Object.fromEntries(unavailable.map((l) => [l.sku, l.available])));
}

/**
 * A new placement of order `orderId`, its counted units held first, so a flash sale's loser is told at once and never
 * reaches the orders object, with the ledger's message and `unavailable`: refused when a line was heard short, by this
 * isolate or by the data centre's pages and adds (the answer each counted item's add asks, kept in the Cache API: a
 * lookup, never a ledger read); else refused by the stock ledger, where the route holds the units under the order's
 * name for UNITS_HELD_MS (a route cut off before `place` holds them no longer than its claim of the cart), counted
 * against `visitor` within the orders object's cap (MAX_RESERVED_UNITS_PER_VISITOR, so the units such a route holds are
 * the visitor's too), and `place` is given when that hold ends, taking the units instead of reserving them. What the
 * ledger says is short is heard.
 */
export async function placeHoldingUnits(
  ledger: Pick<StockLedger, 'hold'>,
  { websiteId, lines, visitor }: Pick<CheckoutRequest, 'websiteId' | 'lines'> & { visitor: string },
  orderId: string,
  items: Iterable<Item>,
  place: (unitsHeldUntil?: number) => Promise<PlaceOutcome>,
): Promise<PlaceOutcome> {
  await Promise.all(
    [...items].map((item) => {
      const asked = countedStock(item);
      const url = Object.keys(asked).length === 0 ? null : keptAnswerUrl(websiteId, asked);
      return url === null ? undefined : keptAnswer(websiteId, asked, url);
    }),
  );
  const short = heardShort(websiteId, lines);
  if (short.length > 0) return refusedStockShort(short);
  if (!countsStock(lines)) return place();
  const held = await ledger.hold(unitsOf(orderId), [...lines], UNITS_HELD_MS, {
    visitor,
    most: MAX_RESERVED_UNITS_PER_VISITOR,
  });
  if (!held.ok && held.error === 'too-many-held') return placeRefused('too-many-held', PLACE_MESSAGES.tooManyHeld);
  if (!held.ok) {
    hearShort(websiteId, lines, held.unavailable);
    return refusedStockShort(held.unavailable);
  }
  const outcome = await place(held.value.expiresOn);
  // The orders object reserves again when the hold it was given was nearly over, and may be refused.
  if (!outcome.ok && outcome.unavailable !== undefined) hearShort(websiteId, lines, outcome.unavailable);
  return outcome;
}

/** Forgets everything heard (tests: an isolate that heard nothing). */
export function forgetHeardStock(): void {
  heard.clear();
}
