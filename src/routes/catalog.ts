/**
 * Products by id for the checkout (round 3's contract): `itemsById(env, websiteId, ids)`. This is
 * the local stand-in until the content branch's `src/site/catalog.ts` merges; then the checkout
 * imports that one instead (one line).
 */
import { itemById } from '../site/lookup';
import type { Item } from '../site/schema';
import { loadPublished } from '../site/store';

export async function itemsById(env: Env, websiteId: string, ids: string[]): Promise<Map<string, Item>> {
  const loaded = await loadPublished(env.SITE_CONTENT, websiteId);
  const found = new Map<string, Item>();
  if (loaded === null) return found;
  for (const id of ids) {
    const item = itemById(loaded.site, id);
    if (item !== undefined) found.set(id, item);
  }
  return found;
}
