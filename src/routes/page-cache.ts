/**
 * Where rendered store pages are kept, nearest first: this isolate's memory (a byte-bounded LRU),
 * then the data centre's Cache API. Both are keyed by website, content version, build (theme and
 * client entry), host, path and query, so a publish (a new version) makes every old entry
 * unreachable: nothing is purged, old entries age out (memory by LRU, the Cache API by max-age).
 * A kept page is the same bytes and headers for every visitor and carries no cookie.
 */

/** What one isolate holds of rendered pages: about 800 product pages of the demo's size. */
export const MEMORY_BYTES = 16 * 1024 * 1024;
/** A page larger than this is left to the Cache API (it would push out many small ones). */
const MAX_MEMORY_PAGE = 512 * 1024;

interface KeptPage {
  body: Uint8Array;
  headers: readonly (readonly [string, string])[];
}

/** Least recently used first (a Map keeps insertion order; a read re-inserts). */
const memory = new Map<string, KeptPage>();
let memoryBytes = 0;

function remember(key: string, page: KeptPage): void {
  if (page.body.byteLength > MAX_MEMORY_PAGE) return;
  forget(key);
  memory.set(key, page);
  memoryBytes += page.body.byteLength;
  for (const [oldest, kept] of memory) {
    if (memoryBytes <= MEMORY_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= kept.body.byteLength;
  }
}

function forget(key: string): void {
  const kept = memory.get(key);
  if (kept === undefined) return;
  memory.delete(key);
  memoryBytes -= kept.body.byteLength;
}

function fromMemory(key: string): KeptPage | undefined {
  const kept = memory.get(key);
  if (kept === undefined) return undefined;
  memory.delete(key);
  memory.set(key, kept);
  return kept;
}

function answer(page: KeptPage, layer: 'memory' | 'cache'): Response {
  const response = new Response(page.body, { status: 200, headers: page.headers as [string, string][] });
  response.headers.set('x-page-cache', 'hit');
  response.headers.set('x-page-cache-layer', layer);
  return response;
}

function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

const cacheUrl = (key: string) => `https://page-cache.internal/${key}`;

/** The kept page for `key` (from memory, else from the Cache API, then kept in memory), or null. */
export async function keptPage(key: string): Promise<Response | null> {
  const inMemory = fromMemory(key);
  if (inMemory !== undefined) return answer(inMemory, 'memory');
  const cached = await edgeCache().match(cacheUrl(key));
  if (cached === undefined) return null;
  const page = { body: new Uint8Array(await cached.arrayBuffer()), headers: [...cached.headers] };
  remember(key, page);
  return answer(page, 'cache');
}

/**
 * Sends `rendered` (a 200 page) to the visitor as it streams and keeps a copy under `key` once it
 * is complete (in `waitUntil`, so the visitor never waits for the store).
 */
export function keepPage(key: string, rendered: Response, waitUntil: (work: Promise<unknown>) => void): Response {
  const [forVisitor, forKeeping] = (rendered.body as ReadableStream<Uint8Array>).tee();
  const headers = [...rendered.headers];
  waitUntil(
    new Response(forKeeping).arrayBuffer().then((bytes) => {
      const body = new Uint8Array(bytes);
      remember(key, { body, headers });
      return edgeCache().put(cacheUrl(key), new Response(body, { status: 200, headers }));
    }),
  );
  return new Response(forVisitor, { status: 200, headers: rendered.headers });
}
