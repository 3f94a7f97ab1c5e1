/**
 * What a store page shows of stock, read at the edge: the stock ledger's answer for a page's skus is
 * kept in the data centre's Cache API for SHOWN_STOCK_SECONDS, so the misses of that moment (every
 * isolate's at a product page's freshness slot, the page's `?format=json`, another page showing the same
 * skus) share one ledger read instead of each making a round trip to the website's one `StockLedger`
 * (issue 34; docs/architecture.md, "Round trips per request kind"). What a page shows and what an add to the
 * cart may ask for come from here (a cart reserves nothing: it only keeps a shopper from asking for more than there
 * is); checking out and placing an order still ask the ledger, which alone sells, but a placement of a sku the data
 * centre's kept answer says is short is refused at the edge (`hearKeptStock`: a flash sale's losers told at once).
 */
import type { Context } from 'hono';
import { noteAvailable, SEEN_TTL_MS } from '../../durable/stock-seen';
import { availableStockOf } from '../../durable/stubs';
import { faultable } from '../../faults';
import type { Item } from '../../site/model/schema';
import { countedStock, freshnessSlot, type ReadAvailable } from '../../storefront/available-stock';
import { type AppEnv, storeOf } from '../shared/http';

/**
 * How long a ledger answer is shown again, within its page freshness slot. A page showing stock is
 * already kept a whole slot (STOCK_FRESH_SECONDS, 30 s), so this adds at most 2 s to what a page rendered
 * in the slot may promise and never sells anything. It is how long an isolate trusts a stock answer it heard short
 * (`SEEN_TTL_MS`, `durable/stock-seen.ts`), one rule: a kept answer goes on to refuse placements there
 * (`hearKeptStock`). Long enough to share one read among
 * the burst of misses a slot's start brings (each isolate's, the page's other hosts and `?format=json`),
 * short enough that a sale or a merchant's count shows on the pages rendered 2 s after it.
 */
export const SHOWN_STOCK_SECONDS = SEEN_TTL_MS / 1000;
/** A page asking about more skus than fit this in its key reads the ledger itself. */
const MAX_KEY_LENGTH = 2_000;

/** When the ledger was asked for a kept answer (ms since the epoch), so an isolate that finds it keeps it no longer. */
const READ_AT_HEADER = 'x-read-at';
/** Answers this isolate heard, by key (the oldest first), each until SHOWN_STOCK_SECONDS after the ledger gave it. */
const heard = new Map<string, { available: Readonly<Record<string, number>>; until: number }>();
/** Keys kept per isolate: a few hundred bytes each, bounded whatever the catalogue. */
const MAX_HEARD = 1_000;

/** A ledger answer kept at the edge, with when the ledger gave it (ms since the epoch; 0: not said). */
interface KeptAnswer {
  available: Readonly<Record<string, number>>;
  readAt: number;
}

/**
 * The answer heard under `url` that is still fresh at `now`. A miss of a page whose skus the isolate asked about in the
 * last SHOWN_STOCK_SECONDS reads neither the ledger nor the Cache API: without this, each paid a Cache API match and a
 * JSON parse (and, where the Cache API had no copy, a ledger call: a stock object's RPC and its statement).
 */
function heardAt(url: string, now: number): KeptAnswer | undefined {
  const found = heard.get(url);
  if (found === undefined) return undefined;
  if (found.until > now) return { available: found.available, readAt: found.until - SHOWN_STOCK_SECONDS * 1000 };
  heard.delete(url);
  return undefined;
}

/** Keeps `available`, which the ledger gave at `readAt` (an answer of unknown age is not kept). */
function hear(url: string, available: Readonly<Record<string, number>>, readAt: number): void {
  if (!(readAt > 0)) return;
  heard.delete(url);
  heard.set(url, { available, until: readAt + SHOWN_STOCK_SECONDS * 1000 });
  if (heard.size > MAX_HEARD) heard.delete(heard.keys().next().value as string);
}

/** The Cache API key of the website's answer to `counted` in the page freshness slot of now; null when too long. */
function keptAnswerUrl(websiteId: string, counted: Record<string, number>): string | null {
  const question = Object.entries(counted)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, level]) => `${encodeURIComponent(sku)}=${level}`)
    .join('&');
  const url = `https://shown-stock.internal/${encodeURIComponent(websiteId)}/s${freshnessSlot(Date.now())}?${question}`;
  return url.length > MAX_KEY_LENGTH ? null : url;
}

const keptAnswers = () => faultable('cache', (caches as unknown as { default: Cache }).default, 'shown stock');

/** The answer kept under `url`, if any: this isolate's (`heard`), else the Cache API's (then heard); a Cache API that fails has none. */
async function keptAnswer(url: string): Promise<KeptAnswer | undefined> {
  const inMemory = heardAt(url, Date.now());
  if (inMemory !== undefined) return inMemory;
  const kept = await keptAnswers()
    .match(url)
    .catch(() => undefined);
  const available = await kept?.json<Record<string, number>>().catch(() => undefined);
  if (available === undefined) return undefined;
  const readAt = Number(kept?.headers.get(READ_AT_HEADER)) || 0;
  hear(url, available, readAt);
  return { available, readAt };
}

/**
 * `read` (the ledger's `available`) with its answer kept in the Cache API per website, page freshness slot
 * and question (each sku with its published level, which is part of the question: a new level asks
 * again), and in this isolate's memory under the same key until it is SHOWN_STOCK_SECONDS old (`heard`).
 * Within the slot, so a page rendered in a slot shows stock read in that slot, as before: a
 * sale shows on every page rendered in the next slot. A Cache API that fails counts as a miss; a put
 * runs after the answer (`waitUntil`).
 */
export function shownStock(
  websiteId: string,
  read: ReadAvailable,
  waitUntil: (work: Promise<unknown>) => void,
): ReadAvailable {
  return async (counted) => {
    const url = keptAnswerUrl(websiteId, counted);
    if (url === null) return read(counted);
    const kept = await keptAnswer(url);
    if (kept !== undefined) return kept.available;
    const readAt = Date.now();
    const available = await read(counted);
    hear(url, available, readAt);
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

/** The website's ledger read through `shownStock`, for the request `c`: what a page shows and what an add may ask for. */
export function edgeStock(c: Context<AppEnv>, websiteId: string): ReadAvailable {
  return shownStock(websiteId, availableStockOf(storeOf(c).objects), (work) => c.executionCtx.waitUntil(work));
}

/**
 * Before an order of `items` is placed: what the data centre's pages and adds heard from the ledger of the items'
 * counted skus in the last SHOWN_STOCK_SECONDS (their kept answers, never a ledger read), noted in this isolate as
 * heard when the ledger gave it (`durable/stock-seen.ts`), so a placement of a sku short there is refused at once,
 * without reaching the orders object: a flash sale's losers in every isolate of the data centre, not only in the one
 * that heard a refusal. It only refuses; the ledger alone sells.
 */
export async function hearKeptStock(websiteId: string, items: Iterable<Item>): Promise<void> {
  await Promise.all(
    [...items].map(async (item) => {
      const counted = countedStock(item);
      const url = Object.keys(counted).length === 0 ? null : keptAnswerUrl(websiteId, counted);
      const kept = url === null ? undefined : await keptAnswer(url);
      if (kept !== undefined && kept.readAt > 0) noteAvailable(websiteId, kept.available, kept.readAt);
    }),
  );
}
