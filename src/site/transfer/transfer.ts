/**
 * Whole stores moving in and out in parts (`npm run site`, through src/routes/integrations/site-admin.ts): a
 * 50,000-product store fits neither one request nor one isolate, so an import goes to the
 * website's SiteContent object part by part (it stages the items and swaps them all in at the
 * commit, src/durable/site-content.ts), and an export reads it a page at a time, at one version.
 * What this module keeps, in KV for an hour (an import never committed leaves nothing behind):
 *
 *   site-import:{id}              → the import: target website and host, the content object's import id
 *   site-import:{id}:part:{n}     → how many items part n held, and how many products per collection
 *
 * so that the commit can check what no single part can: every part arrived, the item count, and
 * at most 200 products in a collection (the object checks ids, addresses and collections).
 */
import { z } from 'zod';
import type { ContentObject, ContentObjects } from '../published/catalog';
import { DEMO_SITE_ID } from '../seed/demo';
import { itemSchema, shellSchema, type Item, type Site } from '../model/schema';
import { mapHost, markDevelopmentStoreImported } from '../published/store';
import { randomHex } from '../../ids';
import { CONTENT_LIMITS, tooManyProducts } from '../model/limits';

/** The site without its items: what an import starts with and an export answers first. */
export const siteHeadSchema = shellSchema;
export const itemPartSchema = z.object({
  first: z.number().int().min(0).max(10_000_000),
  items: z.array(itemSchema).min(1).max(1000),
});

const STAGED_SECONDS = 3600;

interface StagedImport {
  websiteId: string;
  host: string | null;
  contentImportId: string;
}

interface StagedPart {
  items: number;
  products: Record<string, number>;
}

/** Why an import or export step was refused: input that does not check, no such import, or the store changed meanwhile. */
export type TransferRefusal = 'invalid' | 'not-found' | 'conflict';

/** A refused step, its code mapped to an HTTP status by the site admin's route (src/routes/integrations/site-admin.ts). */
export class TransferError extends Error {
  constructor(
    readonly code: TransferRefusal,
    message: string,
  ) {
    super(message);
  }
}

const importKey = (id: string) => `site-import:${id}`;
const partKey = (id: string, part: number) => `site-import:${id}:part:${part}`;

/**
 * Starts an import of `head` into `websiteId` (mapped to `host` when one is given); returns its id. Each import
 * step is given every website's content object (`contentOf`): the later ones find the website in what was staged.
 */
export async function beginImport(
  env: Env,
  contentOf: ContentObjects,
  target: { websiteId: string; host: string | null },
  head: Site,
): Promise<string> {
  const begun = await contentOf(target.websiteId).beginImport({
    ...head,
    website: { ...head.website, id: target.websiteId },
  });
  if (!begun.ok) throw new TransferError('invalid', begun.message);
  const id = randomHex(16);
  const staged: StagedImport = { ...target, contentImportId: begun.value.importId };
  await env.SITE_CONTENT.put(importKey(id), JSON.stringify(staged), { expirationTtl: STAGED_SECONDS });
  return id;
}

async function stagedImport(kv: KVNamespace, id: string): Promise<StagedImport> {
  const staged = await kv.get<StagedImport>(importKey(id), 'json');
  if (staged === null) throw new TransferError('not-found', 'No such import (imports expire an hour after they start)');
  return staged;
}

/** Stages part `part` of an import's items (validated), the items from position `first` on; sending a part again replaces it. */
export async function stageItems(
  env: Env,
  contentOf: ContentObjects,
  id: string,
  part: number,
  first: number,
  items: Item[],
): Promise<void> {
  const staged = await stagedImport(env.SITE_CONTENT, id);
  const result = await contentOf(staged.websiteId).stageItems(staged.contentImportId, first, items);
  if (!result.ok) throw new TransferError('conflict', result.message);
  const products: Record<string, number> = {};
  for (const item of items)
    if (item.structuredContent !== undefined) products[item.collectionId] = (products[item.collectionId] ?? 0) + 1;
  const record: StagedPart = { items: items.length, products };
  await env.SITE_CONTENT.put(partKey(id, part), JSON.stringify(record), { expirationTtl: STAGED_SECONDS });
}

async function checkParts(kv: KVNamespace, id: string, parts: number, itemCount: number): Promise<void> {
  let items = 0;
  const products = new Map<string, number>();
  for (let n = 0; n < parts; n++) {
    const part = await kv.get<StagedPart>(partKey(id, n), 'json');
    if (part === null) throw new TransferError('invalid', `Part ${n} of the items was never received`);
    items += part.items;
    for (const [collectionId, count] of Object.entries(part.products))
      products.set(collectionId, (products.get(collectionId) ?? 0) + count);
  }
  if (items !== itemCount) throw new TransferError('invalid', `Received ${items} items, expected ${itemCount}`);
  for (const [collectionId, count] of products) {
    if (count > CONTENT_LIMITS.productsPerCollection)
      throw new TransferError('invalid', tooManyProducts(collectionId, count));
  }
}

/**
 * Makes a staged import of `parts` parts holding `itemCount` items the website's content, as its
 * next version, maps its host, and removes what was staged here.
 */
export async function commitImport(
  env: Env,
  contentOf: ContentObjects,
  id: string,
  parts: number,
  itemCount: number,
): Promise<{ websiteId: string; host: string | null; version: number }> {
  const kv = env.SITE_CONTENT;
  const staged = await stagedImport(kv, id);
  await checkParts(kv, id, parts, itemCount);
  const committed = await contentOf(staged.websiteId).commitImport(staged.websiteId, staged.contentImportId);
  if (!committed.ok) throw new TransferError('invalid', committed.message);
  if (staged.host !== null) await mapHost(kv, staged.host, staged.websiteId);
  else if (staged.websiteId === DEMO_SITE_ID) await markDevelopmentStoreImported(kv);
  await Promise.all([kv.delete(importKey(id)), ...Array.from({ length: parts }, (_, n) => kv.delete(partKey(id, n)))]);
  return { websiteId: staged.websiteId, host: staged.host, version: committed.value.version };
}

/** Whether the website (its `content` object) has published content. */
export async function storeExists(content: ContentObject): Promise<boolean> {
  return (await content.shell()).value !== null;
}

/** A published site's head (as JSON text), item count and version, for an export's first call; null when it has none. */
export async function exportHead(
  object: ContentObject,
): Promise<{ siteJson: string; itemCount: number; version: number } | null> {
  const shell = await object.shell();
  if (shell.value === null) return null;
  const count = await object.exportItems(0, 1);
  if (count.version !== shell.version)
    throw new TransferError('conflict', 'The store changed during the export; export again');
  return { siteJson: shell.value, itemCount: count.value.total, version: shell.version };
}

/**
 * Up to `limit` items (as JSON text) of version `version` of a site after position `after`, in
 * the site's order, and the position to continue after (null at the end); an export whose store
 * changed meanwhile is refused rather than mixing two versions.
 */
export async function exportItems(
  content: ContentObject,
  version: number,
  after: number,
  limit: number,
): Promise<{ itemsJson: string[]; next: number | null }> {
  const page = await content.exportItems(after, limit);
  if (page.version !== version)
    throw new TransferError(
      'conflict',
      `The store changed during the export (version ${version} is now ${page.version}); export again`,
    );
  const { items, lastSeq } = page.value;
  return { itemsJson: items, next: items.length < limit ? null : lastSeq };
}
