/**
 * Items read by id, kept in the isolate per content version: an item at a version never changes,
 * so a cart add or a product beacon for an item read a moment ago needs no call to the content
 * object. Keyed by the version the object answered at, so nothing of two versions mixes.
 */
import { contentObject } from './catalog';
import type { Item } from './schema';

/** About 2,000 items of the demo's size are under 4 MB. */
const MAX_KEPT = 2_000;

/** `websiteId version itemId` → the item, or null when the website has no such item at that version. Oldest first. */
const kept = new Map<string, Item | null>();

const keyOf = (websiteId: string, version: number, itemId: string) => `${websiteId} ${version} ${itemId}`;

/**
 * The website's item `itemId` as of `version` (the version the request's site was loaded at), or
 * undefined when it has none. The item is shared: callers read it and never change it.
 */
export async function itemAtVersion(
  env: Env,
  websiteId: string,
  version: number,
  itemId: string,
): Promise<Item | undefined> {
  const known = kept.get(keyOf(websiteId, version, itemId));
  if (known !== undefined) return known ?? undefined;
  const read = await contentObject(env, websiteId).itemsById([itemId]);
  const json = read.value[0];
  const item = json === undefined ? null : (JSON.parse(json) as Item);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(keyOf(websiteId, read.version, itemId), item);
  return item ?? undefined;
}
