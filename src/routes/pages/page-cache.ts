/**
 * Where rendered store pages are kept, nearest first: this isolate's memory (a byte-bounded LRU),
 * then the data centre's Cache API. Both are keyed by website, build (theme and client entry) and
 * the page's address (origin, path and the query the page reads: src/routes/pages/page-address.ts);
 * each kept page also holds the content version it was rendered at and the page tags of what it
 * shows (src/site/published/page-tags.ts). A caller finds it only while it is still current: an edit since
 * then touched none of its tags (an edit of another product leaves it a hit). Nothing is purged
 * from these layers: a page no longer current is rendered again and replaces it, old entries age
 * out (memory by LRU, the Cache API by max-age). A kept page is the same bytes and headers for
 * every visitor and carries no cookie.
 *
 * A memory hit is answered before the app's router runs (`servedFromMemory`, called first by
 * src/worker.ts): the request's page address names the key its last full answer used, trusted while the
 * site's version is (src/site/published/store.ts, SITE_VERSION_TTL_MS) and for ADDRESS_TRUST_MS; the response
 * is the kept bytes with headers made once, the security headers included. Past half an address's trust the app
 * answers it again in the background of one hit (`refreshAddress`); when a product page's stock slot ends, one
 * request reads the new slot's stock through the app while the others get the last slot's page for at most
 * STALE_MS, marked for no shared cache.
 *
 * Each address also keeps its last good page, whatever its version: in
 * memory as a pointer to the kept page, and as a copy in the Cache API kept for a day (refreshed
 * by an isolate at most every 5 minutes). When the
 * content cannot be read (storage failing) the store answers with it: stale-if-error.
 */
import { faultable, withFaults } from '../../faults';
import { trustedVersionAhead } from '../../site/published/store';
import { asksForPage, pageRequestOf } from './page-address';
import { PAGE_SECURITY_HEADERS } from '../shared/security-headers';
import type { BuiltPage } from '../../storefront/render';

/** What one isolate holds of rendered pages: about 800 product pages of the demo's size. */
export const MEMORY_BYTES = 16 * 1024 * 1024;
/** A page larger than this is left to the Cache API (it would push out many small ones). */
const MAX_MEMORY_PAGE = 512 * 1024;

/** What a kept page was made from: the content version it was rendered at and the page tags of what it shows. */
export interface PageSource {
  version: number;
  tags: ReadonlySet<string>;
}

/** The Cache API's copy carries its source in these headers, never answered to a visitor. */
const VERSION_HEADER = 'x-kept-version';
const TAGS_HEADER = 'x-kept-tags';

interface KeptPage {
  /**
   * The page's bytes as a Blob: a response made from a Blob refers to its bytes, where a Uint8Array is copied into
   * each response (that copy was most of a memory hit's own JavaScript: `node bench/profile-worker.mjs hit`).
   */
  body: Blob;
  /**
   * Its headers, never changed once kept. Each response made from it is given a copy (`new Headers(page.headers)`),
   * which the runtime clones natively; an array of pairs would be read and checked again, pair by pair.
   */
  headers: Headers;
  source: PageSource;
  /**
   * A memory hit's response options, its whole answer's headers included, made on its first hit and kept (a
   * response copies them without checking each again); a page kept and never hit from memory (most misses of a new
   * address) never makes them.
   */
  fromMemory: ResponseInit | null;
  /** The same for the page answered past its stock slot's end while the app refreshes it (`STALE_MS`). */
  stale: ResponseInit | null;
}

/** A page to keep, with a copy of `rendered` its own from now on: without the render's own `x-page-cache: miss`. */
function kept(body: Blob, rendered: Headers, source: PageSource): KeptPage {
  rendered.delete('x-page-cache');
  return { body, headers: rendered, source, fromMemory: null, stale: null };
}

function memoryInit(page: KeptPage): ResponseInit {
  page.fromMemory ??= { status: 200, headers: answerHeaders(page.headers, 'memory') };
  return page.fromMemory;
}

/**
 * A page answered past its slot's end: the same bytes marked `x-page-cache: stale-while-revalidate` and `no-store`,
 * so no shared cache keeps a page that old (a CDN's copy of a page showing stock still shows stock at most 60 s old).
 */
function staleInit(page: KeptPage): ResponseInit {
  if (page.stale === null) {
    const headers = answerHeaders(page.headers, 'memory');
    headers.set('x-page-cache', 'stale-while-revalidate');
    headers.set('cache-control', 'no-store');
    page.stale = { status: 200, headers };
  }
  return page.stale;
}

/**
 * A kept page as the Cache API stores it: its headers and its source, with `cacheControl` when given (the last good
 * copy's).
 */
function forEdge(page: KeptPage, cacheControl: string | null = null): Response {
  const headers = new Headers(page.headers);
  if (cacheControl !== null && headers.has('cache-control')) headers.set('cache-control', cacheControl);
  headers.append(VERSION_HEADER, String(page.source.version));
  headers.append(TAGS_HEADER, JSON.stringify([...page.source.tags]));
  return new Response(page.body, { status: 200, headers });
}

/** A kept page's headers as a hit answers them (made once per kept page for a memory hit: `memoryInit`). */
function answerHeaders(kept: Headers, layer: 'memory' | 'cache'): Headers {
  return new Headers([...kept, ...PAGE_SECURITY_HEADERS, ['x-page-cache', 'hit'], ['x-page-cache-layer', layer]] as [
    string,
    string,
  ][]);
}

/**
 * A map's oldest entry, for a map whose every entry taken this way is then deleted (and one read again is deleted and
 * set again, so it goes last). One iterator is kept from call to call: a Map's iterator keeps its place past entries
 * deleted and set since, so each call steps only over what was deleted since the last, where a new iterator steps
 * over every entry deleted from the map's start since the map last compacted (with 10,000 last good addresses, about
 * 24 µs for each miss's one eviction).
 */
function oldestOf<K, V>(map: Map<K, V>): () => [K, V] | undefined {
  let entries = map.entries();
  return () => {
    let next = entries.next();
    // An iterator that reached the end stays there: a new one starts at the (then) oldest entry.
    if (next.done === true) {
      entries = map.entries();
      next = entries.next();
    }
    return next.done === true ? undefined : next.value;
  };
}

/** Least recently used first (a Map keeps insertion order; a read re-inserts). */
const memory = new Map<string, KeptPage>();
const oldestInMemory = oldestOf(memory);
let memoryBytes = 0;

function remember(key: string, page: KeptPage): void {
  if (page.body.size > MAX_MEMORY_PAGE) return;
  forget(key);
  memory.set(key, page);
  memoryBytes += page.body.size;
  while (memoryBytes > MEMORY_BYTES) {
    const oldest = oldestInMemory();
    if (oldest === undefined) break;
    memory.delete(oldest[0]);
    memoryBytes -= oldest[1].body.size;
  }
}

function forget(key: string): void {
  const kept = memory.get(key);
  if (kept === undefined) return;
  memory.delete(key);
  memoryBytes -= kept.body.size;
}

function fromMemory(key: string): KeptPage | undefined {
  const kept = memory.get(key);
  if (kept === undefined) return undefined;
  memory.delete(key);
  memory.set(key, kept);
  return kept;
}

function answer(page: KeptPage, layer: 'memory' | 'cache'): Response {
  return new Response(
    page.body,
    layer === 'memory' ? memoryInit(page) : { status: 200, headers: answerHeaders(page.headers, layer) },
  );
}

/** Where an address's page was last found: its key, and what that key was made from. */
interface PageAddress {
  key: string;
  websiteId: string;
  version: number;
  development: boolean;
  /** Answered from memory until then: ADDRESS_TRUST_MS after the app's answer, or its stock slot's end if sooner. */
  until: number;
  /** The end of the page's stock freshness slot (Infinity for a page showing no stock). */
  slotEnd: number;
  /**
   * When one request had the app answer the address again: a hit in the background (`refreshAddress`), or the first
   * request past the stock slot's end itself; 0: none yet.
   */
  refreshing: number;
}

/** A page's address (src/routes/pages/page-address.ts) → where its page is kept; bounded like the pages (a page is far larger than its address). */
const addresses = new Map<string, PageAddress>();
const MAX_ADDRESSES = 20_000;

/**
 * How long an address answers from memory after the app last answered it. The version is checked on every such
 * hit; this bounds what the app also reads for a page and a hit does not: the host's website, a checkout page's
 * payment provider, the client build in development.
 */
export const ADDRESS_TRUST_MS = 2_000;
/**
 * How long past its stock slot's end a product page is still answered from memory while the first request past
 * it reads the new slot's stock through the app: the slot's last page, with `no-store` (`staleInit`). So a page from
 * memory shows stock at most a slot and this old (30 + 2 s), and one a shared cache keeps at most 60 s old, as
 * before (docs/storefront.md). When that request has not noted the address again by then, the requests after it
 * go through the app, as every one did before.
 */
export const STALE_MS = 2_000;

/**
 * Notes that `pageAddress` is answered by the page under `key` (made at `version` of `websiteId`) until
 * `until` at the latest (a product page's freshness slot ends), and for at most ADDRESS_TRUST_MS.
 */
export function noteAddress(
  pageAddress: string,
  address: Omit<PageAddress, 'until' | 'slotEnd' | 'refreshing'>,
  until: number,
): void {
  if (addresses.size >= MAX_ADDRESSES) addresses.clear();
  addresses.set(pageAddress, {
    ...address,
    until: Math.min(until, Date.now() + ADDRESS_TRUST_MS),
    slotEnd: until,
    refreshing: 0,
  });
}

/** What answers a request through the app: the worker's Hono app (src/worker.ts). */
export interface PageApp {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response>;
}

/**
 * The app answers `request`'s address again in `ctx.waitUntil`, after this hit has answered: a copy of the request
 * (a plain GET, the same URL and headers), its body dropped (a page rendered is kept all the same). Its answer notes
 * the address anew (`noteAddress`); one that fails notes nothing, so the address ends on time and the next request
 * goes through the app itself. One at a time per address.
 */
function refreshAddress(address: PageAddress, request: Request, env: Env, ctx: ExecutionContext, app: PageApp): void {
  address.refreshing = Date.now();
  ctx.waitUntil(
    // After a timer: the hit's answer goes out before the app's first synchronous steps run.
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => app.fetch(new Request(request), withFaults(env), ctx))
      .then((response) => response.body?.cancel())
      .catch((error: unknown) => console.error('page address not answered again', error)),
  );
}

/** A request URL's page address; a URL with no query is its own (no parse on the way to a memory hit). */
function pageAddressOf(requestUrl: string): string | null {
  if (!requestUrl.includes('?')) return requestUrl;
  const url = new URL(requestUrl);
  return asksForPage(url) ? (pageRequestOf(url)?.address ?? null) : null;
}

/**
 * The kept page for a plain GET whose URL was answered from a kept page a moment ago, while the
 * site's version is still the one it was made at (read again ahead of its end in `ctx.waitUntil`,
 * src/site/published/store.ts); null sends the request through the app. Past half the address's trust one hit
 * has the app answer it again after its own answer (`refreshAddress`), so the hits after it find it trusted anew.
 * Past a product page's stock slot's end the first request goes through the app, which reads the new slot's stock
 * and notes the address again; the requests meanwhile, for at most STALE_MS, are answered the last slot's page
 * (`staleInit`) instead of each reading the stock and keeping the page again through the app.
 */
export function servedFromMemory(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  development: boolean,
  app: PageApp,
): Response | null {
  if (request.method !== 'GET') return null;
  const address = addresses.get(pageAddressOf(request.url) ?? '');
  if (address === undefined) return null;
  const now = Date.now();
  const left = address.until - now;
  // Past the address's trust, only a page whose stock slot has ended, for STALE_MS, is still answered here.
  const slotEnded = left <= 0 && address.until === address.slotEnd;
  if (
    (left <= 0 && (!slotEnded || left <= -STALE_MS)) ||
    address.development !== development ||
    request.headers.has('if-none-match') ||
    trustedVersionAhead(address.websiteId, withFaults(env).SITE_CONTENT, ctx) !== address.version
  )
    return null;
  const kept = fromMemory(address.key);
  if (kept === undefined) return null;
  if (slotEnded) {
    // The first request past the slot's end reads the new slot's stock through the app (its answer notes the
    // address again); the others meanwhile get the last slot's page.
    if (address.refreshing !== 0) return new Response(kept.body, staleInit(kept));
    address.refreshing = now;
    return null;
  }
  if (address.refreshing === 0 && left < ADDRESS_TRUST_MS / 2 && address.until < address.slotEnd)
    refreshAddress(address, request, env, ctx, app);
  return new Response(kept.body, memoryInit(kept));
}

function edgeCache(): Cache {
  return faultable('cache', (caches as unknown as { default: Cache }).default, 'page cache');
}

const cacheUrl = (key: string) => `https://page-cache.internal/${key}`;
const lastGoodUrl = (address: string) => `https://page-cache.internal/last-good/${address}`;
const LAST_GOOD_CACHE_CONTROL = 'public, max-age=86400';

/** Addresses whose last good key this isolate remembers (a few hundred bytes each). */
const MAX_LAST_GOOD = 10_000;
/**
 * How often this isolate refreshes an address's last good copy in the Cache API. A product page is
 * rendered again every stock slot (30 s); its copy for stale-if-error need not be written each time.
 */
const LAST_GOOD_COPY_MS = 5 * 60 * 1000;
const lastGood = new Map<string, { key: string; copiedAt: number }>();
const oldestLastGood = oldestOf(lastGood);

/** Remembers `key` as `address`'s last good page; true when its Cache API copy is due (none yet from this isolate, or an old one). */
function rememberLastGood(address: string, key: string): boolean {
  const now = Date.now();
  const before = lastGood.get(address);
  const copyDue = before === undefined || now - before.copiedAt >= LAST_GOOD_COPY_MS;
  lastGood.delete(address);
  lastGood.set(address, { key, copiedAt: copyDue ? now : (before as { copiedAt: number }).copiedAt });
  if (lastGood.size > MAX_LAST_GOOD) lastGood.delete((oldestLastGood() as [string, unknown])[0]);
  return copyDue;
}

/**
 * The last page kept for `address`, whatever its version, marked stale, or null: what a visitor
 * gets when the current content cannot be read. Never stored by shared caches.
 */
export async function lastGoodPage(address: string): Promise<Response | null> {
  try {
    const key = lastGood.get(address)?.key;
    const inMemory = key === undefined ? undefined : fromMemory(key);
    const page = inMemory ?? (await fromEdge(lastGoodUrl(address)));
    if (page === null) return null;
    const response = answer(page, inMemory === undefined ? 'cache' : 'memory');
    response.headers.set('x-page-cache', 'stale-if-error');
    response.headers.set('cache-control', 'no-store');
    return response;
  } catch {
    return null;
  }
}

async function fromEdge(url: string): Promise<KeptPage | null> {
  const cached = await edgeCache().match(url);
  if (cached === undefined) return null;
  const source = {
    version: Number(cached.headers.get(VERSION_HEADER) ?? 0),
    tags: new Set(JSON.parse(cached.headers.get(TAGS_HEADER) ?? '[]') as string[]),
  };
  const page = kept(await cached.blob(), new Headers(cached.headers), source);
  page.headers.delete(VERSION_HEADER);
  page.headers.delete(TAGS_HEADER);
  return page;
}

/**
 * The kept page for `key` (from memory, else from the Cache API, then kept in memory) while it is
 * `current`, or null. A Cache API that fails counts as a miss: the page is rendered instead.
 */
export async function keptPage(key: string, current: (source: PageSource) => boolean): Promise<Response | null> {
  const inMemory = fromMemory(key);
  if (inMemory !== undefined && current(inMemory.source)) return answer(inMemory, 'memory');
  const page = await fromEdge(cacheUrl(key)).catch(() => null);
  if (page === null || !current(page.source)) return null;
  remember(key, page);
  return answer(page, 'cache');
}

/** Waits for Cache API puts; one that fails only costs the other isolates their copy, so it is logged. */
function keepInEdge(puts: readonly Promise<void>[]): Promise<unknown> {
  return Promise.all(puts).catch((error: unknown) => console.error('page not kept in the Cache API', error));
}

/**
 * The page this isolate keeps under `sameAs` (the same page made for an earlier key), kept again
 * under `key` with `etag`, in memory and the Cache API, and answered; null when memory has none
 * that is still `current`.
 */
export function keepAgain(
  sameAs: string,
  key: string,
  etag: string,
  waitUntil: (work: Promise<unknown>) => void,
  current: (source: PageSource) => boolean,
): Response | null {
  const earlier = fromMemory(sameAs);
  if (earlier === undefined || !current(earlier.source)) return null;
  const page = kept(earlier.body, new Headers(earlier.headers), earlier.source);
  if (page.headers.has('etag')) page.headers.set('etag', etag);
  remember(key, page);
  waitUntil(keepInEdge([edgeCache().put(cacheUrl(key), forEdge(page))]));
  return answer(page, 'memory');
}

/**
 * Sends `built` (a 200 page made from `source`) to the visitor as it streams and keeps its bytes, the same
 * ones the visitor is sent, under `key` once its body is rendered (in `waitUntil`, so the visitor never waits
 * for the store), in memory also under `sameAs` when given (see `keepAgain`), as `address`'s last good page,
 * then calls `onKept`.
 */
export function keepPage(
  key: string,
  address: string,
  built: BuiltPage,
  source: PageSource,
  waitUntil: (work: Promise<unknown>) => void,
  onKept: () => void,
  sameAs: string | null = null,
): Response {
  // The headers as they are now (a copy: the response's own may still change on its way out).
  const headers = new Headers(built.response.headers);
  waitUntil(
    built.bytes.then((body) => {
      const page = kept(body, headers, source);
      remember(key, page);
      if (sameAs !== null) remember(sameAs, page);
      const copyLastGood = rememberLastGood(address, key);
      onKept();
      const cache = edgeCache();
      const puts = [cache.put(cacheUrl(key), forEdge(page))];
      if (copyLastGood) puts.push(cache.put(lastGoodUrl(address), forEdge(page, LAST_GOOD_CACHE_CONTROL)));
      return keepInEdge(puts);
    }),
  );
  return built.response;
}
