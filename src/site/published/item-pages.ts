/**
 * Item pages at a content version, nearest first: this isolate's memory, then the data centre's Cache
 * API, and only when both miss the website's content object. An item page at a version never changes
 * (an edit, an import or a scheduled publish makes a new version), so it is kept under a key that names
 * the website, the version and what was asked: a new isolate in the same data centre reads it from the
 * Cache API, not from the one `SiteContent` object every shopper of the store shares (issue 34: a page
 * miss in the steady state makes no round trip to a per-website object; docs/architecture.md, "Round
 * trips per request kind"). The Cache API is given by the caller (routes, through the fault layer).
 */
import type { Item } from '../model/schema';

/** A product's or post's page: its item, related products (a product's) and its neighbours (a post's). */
export interface ItemPage {
  item: Item;
  related: Item[];
  previous: Item | null;
  next: Item | null;
}

/** The data centre's cache, and how to let a put finish after the answer. */
export interface EdgeCache {
  cache: Cache;
  waitUntil(work: Promise<unknown>): void;
}

/** What was asked: the website's item page at `version`. */
export interface ItemPageAsked {
  websiteId: string;
  version: number;
  collectionId: string;
  urlId: string;
  relatedLimit: number;
}

/**
 * Item pages read lately, by website, version and what was asked (a product page rendered again when
 * its stock slot ran out, or with another query string, reads nothing). Shared: callers read these and
 * never change them. Oldest first.
 */
const kept = new Map<string, ItemPage | null>();
const MAX_KEPT = 1_000;
/** A version's item page never changes: the Cache API may keep it as long as it likes; a day bounds what old versions hold. */
const EDGE_CACHE_CONTROL = 'public, max-age=86400';

const keyOf = (asked: ItemPageAsked) =>
  `${asked.websiteId} ${asked.version} ${asked.collectionId} ${asked.urlId} ${asked.relatedLimit}`;

const edgeUrl = (asked: ItemPageAsked) =>
  `https://item-pages.internal/${[asked.websiteId, String(asked.version), asked.collectionId, asked.urlId]
    .map(encodeURIComponent)
    .join('/')}?related=${asked.relatedLimit}`;

/** The page the Cache API keeps for `asked` (null: the website has no such page), or undefined when it has none or fails. */
async function fromEdge(edge: EdgeCache, asked: ItemPageAsked): Promise<ItemPage | null | undefined> {
  try {
    const cached = await edge.cache.match(edgeUrl(asked));
    return cached === undefined ? undefined : ((await cached.json()) as { page: ItemPage | null }).page;
  } catch {
    return undefined;
  }
}

/**
 * The item page `asked` for, from this isolate's memory, else the Cache API (`edge`; none: memory only),
 * else `read` (the content object at the version, which throws when it has moved past it), kept in the
 * layers that missed. What is kept is what shoppers' pages read (no delivered file of a digital product).
 */
export async function itemPageAt(
  asked: ItemPageAsked,
  edge: EdgeCache | null,
  read: () => Promise<ItemPage | null>,
): Promise<ItemPage | null> {
  const key = keyOf(asked);
  const known = kept.get(key);
  if (known !== undefined) return known;
  let page = edge === null ? undefined : await fromEdge(edge, asked);
  if (page === undefined) {
    page = await read();
    if (edge !== null) {
      const copy = new Response(JSON.stringify({ page }), {
        headers: { 'content-type': 'application/json', 'cache-control': EDGE_CACHE_CONTROL },
      });
      // A put that fails only costs other isolates their copy.
      edge.waitUntil(
        edge.cache.put(edgeUrl(asked), copy).catch((error: unknown) => console.error('item page not kept', error)),
      );
    }
  }
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, page);
  return page;
}

/** Forgets this isolate's item pages: what a new isolate starts with (tests of the Cache API layer). */
export function forgetKeptItemPages(): void {
  kept.clear();
}
