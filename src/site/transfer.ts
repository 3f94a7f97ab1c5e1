/**
 * Whole stores moving in and out in parts (`npm run site`, through src/routes/site-admin.ts): a
 * 50,000-product store does not fit one request, so an import is staged first, then committed.
 *
 *   site-import:{id}              → the import: its target website, host, mode and the site's head
 *                                   (everything but the items: settings, collections, theme)
 *   site-import:{id}:part:{n}     → the n-th part of its items, validated when it arrived
 *
 * Staged keys expire after an hour, so an import that is never committed leaves nothing behind.
 * The commit checks what no single part can (unique ids and addresses, products per collection,
 * items in known collections, every part present) and only then writes the store: a failed
 * import leaves the store as it was.
 */
import { z } from 'zod';
import { itemSchema, siteSchema, type Item } from './schema';
import { loadPublished, mapHost, publishSite } from './store';
import { randomHex } from './ids';

/** The site without its items: what an import starts with and an export answers first. */
export const siteHeadSchema = siteSchema.omit({ items: true });
export type SiteHead = z.infer<typeof siteHeadSchema>;
export const itemPartSchema = z.object({ items: z.array(itemSchema).min(1).max(1000) });

/** The spec's limit on products in one collection (engine-analytics-editor.txt §5 "Limits"). */
export const MAX_PRODUCTS_PER_COLLECTION = 200;
const STAGED_SECONDS = 3600;

export type ImportMode = 'import' | 'publish';

interface StagedImport {
  websiteId: string;
  host: string | null;
  mode: ImportMode;
  head: SiteHead;
}

export class TransferError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const importKey = (id: string) => `site-import:${id}`;
const partKey = (id: string, part: number) => `site-import:${id}:part:${part}`;

/** Stages a new import of `head` into `websiteId` (mapped to `host` when one is given); returns its id. */
export async function beginImport(kv: KVNamespace, target: Omit<StagedImport, 'head'>, head: SiteHead): Promise<string> {
  const id = randomHex(16);
  const staged: StagedImport = { ...target, head: { ...head, website: { ...head.website, id: target.websiteId } } };
  await kv.put(importKey(id), JSON.stringify(staged), { expirationTtl: STAGED_SECONDS });
  return id;
}

async function stagedImport(kv: KVNamespace, id: string): Promise<StagedImport> {
  const staged = await kv.get<StagedImport>(importKey(id), 'json');
  if (staged === null) throw new TransferError(404, 'No such import (imports expire an hour after they start)');
  return staged;
}

/** Stores part `part` of an import's items (already validated); sending a part again replaces it. */
export async function stageItems(kv: KVNamespace, id: string, part: number, items: Item[]): Promise<void> {
  await stagedImport(kv, id);
  await kv.put(partKey(id, part), JSON.stringify(items), { expirationTtl: STAGED_SECONDS });
}

/** What the parts together must be: a problem names the item by id. */
function checkItems(head: SiteHead, items: readonly Item[]): string | null {
  const collections = new Map(head.collections.map((collection) => [collection.id, collection]));
  const ids = new Set<string>();
  const urls = new Set<string>();
  const products = new Map<string, number>();
  for (const item of items) {
    if (!collections.has(item.collectionId)) return `item ${item.id}: collectionId ${item.collectionId} is not a collection of the site`;
    if (ids.has(item.id)) return `item ${item.id}: another item has the same id`;
    if (urls.has(item.fullUrl)) return `item ${item.id}: another item has the address ${item.fullUrl}`;
    ids.add(item.id);
    urls.add(item.fullUrl);
    if (item.structuredContent !== undefined) products.set(item.collectionId, (products.get(item.collectionId) ?? 0) + 1);
  }
  for (const [collectionId, count] of products) {
    if (count > MAX_PRODUCTS_PER_COLLECTION) return `collection ${collectionId} holds ${count} products; a collection holds at most ${MAX_PRODUCTS_PER_COLLECTION}`;
  }
  return null;
}

async function deleteStaged(kv: KVNamespace, id: string, parts: number): Promise<void> {
  await Promise.all([kv.delete(importKey(id)), ...Array.from({ length: parts }, (_, n) => kv.delete(partKey(id, n)))]);
}

/**
 * Publishes a staged import of `parts` parts holding `itemCount` items as the website's next
 * content version, maps its host, and removes what was staged.
 */
export async function commitImport(kv: KVNamespace, id: string, parts: number, itemCount: number): Promise<{ websiteId: string; host: string | null; version: number }> {
  const staged = await stagedImport(kv, id);
  const items: Item[] = [];
  for (let n = 0; n < parts; n++) {
    const part = await kv.get<Item[]>(partKey(id, n), 'json');
    if (part === null) throw new TransferError(400, `Part ${n} of the items was never received`);
    items.push(...part);
  }
  if (items.length !== itemCount) throw new TransferError(400, `Received ${items.length} items, expected ${itemCount}`);
  const problem = checkItems(staged.head, items);
  if (problem !== null) throw new TransferError(400, problem);
  const published = await publishSite(kv, { ...staged.head, items });
  if ('error' in published) throw new TransferError(400, published.error);
  if (staged.host !== null) await mapHost(kv, staged.host, staged.websiteId);
  await deleteStaged(kv, id, parts);
  return { websiteId: staged.websiteId, host: staged.host, version: published.version };
}

/** A published site's head and item count, for an export's first call. */
export async function exportHead(kv: KVNamespace, websiteId: string): Promise<{ site: SiteHead; itemCount: number; version: number } | null> {
  const loaded = await loadPublished(kv, websiteId);
  if (loaded === null) return null;
  const { items, ...head } = loaded.site;
  return { site: head, itemCount: items.length, version: loaded.version };
}

/**
 * Up to `limit` items of version `version` of a published site from `offset` on, in the site's
 * order; an export whose store changed meanwhile is refused rather than mixing two versions.
 */
export async function exportItems(kv: KVNamespace, websiteId: string, version: number, offset: number, limit: number): Promise<{ items: Item[]; next: number | null }> {
  const loaded = await loadPublished(kv, websiteId);
  if (loaded === null) throw new TransferError(404, 'No such store');
  if (loaded.version !== version) throw new TransferError(409, `The store changed during the export (version ${version} is now ${loaded.version}); export again`);
  const items = loaded.site.items.slice(offset, offset + limit);
  const next = offset + items.length < loaded.site.items.length ? offset + items.length : null;
  return { items, next };
}
