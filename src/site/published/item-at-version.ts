/**
 * Items read by id, kept in the isolate per content version: an item at a version never changes,
 * so a cart add, a checkout step or a product beacon for an item read a moment ago needs no call to
 * the content object. Keyed by the version the object answered at, so nothing of two versions mixes.
 */
import type { ContentObject } from './catalog';
import type { Item } from '../model/schema';

/** About 2,000 items of the demo's size are under 4 MB. */
const MAX_KEPT = 2_000;

/** `websiteId version itemId` → the item, or null when the website has no such item at that version. Oldest first. */
const kept = new Map<string, Item | null>();

const keyOf = (websiteId: string, version: number, itemId: string) => `${websiteId} ${version} ${itemId}`;

/**
 * Website `websiteId`'s item `itemId` (its `content` object's) as of `version` (the version the request's site
 * was loaded at), or undefined when it has none. The item is shared: callers read it and never change it.
 */
export async function itemAtVersion(
  content: ContentObject,
  websiteId: string,
  version: number,
  itemId: string,
): Promise<Item | undefined> {
  return (await itemsAtVersion(content, websiteId, version, [itemId])).get(itemId);
}

/** The website's items `itemIds` as of `version` (those it has), the ones not kept yet read in one call. */
export async function itemsAtVersion(
  content: ContentObject,
  websiteId: string,
  version: number,
  itemIds: readonly string[],
): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  const missing: string[] = [];
  for (const id of new Set(itemIds)) {
    const known = kept.get(keyOf(websiteId, version, id));
    if (known === undefined) missing.push(id);
    else if (known !== null) items.set(id, known);
  }
  if (missing.length === 0) return items;
  const read = await content.itemsById(missing);
  const found = new Map(read.value.map((json) => JSON.parse(json) as Item).map((item) => [item.id, item]));
  for (const id of missing) {
    const item = found.get(id) ?? null;
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(keyOf(websiteId, read.version, id), item);
    if (item !== null) items.set(id, item);
  }
  return items;
}
