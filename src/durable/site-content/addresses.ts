/**
 * What a write does to addresses (src/durable/content-redirects.ts): a collection or item that moved
 * leaves a redirect behind, a new one claims its address, and a moved collection's items move with it.
 */
import type { Item, Site } from '../../site/model/schema';
import { claimPath, recordRedirect } from '../content-redirects';
import { moveItemUrls } from './rows';
import type { ContentContext } from './context';

/** A collection whose address changed leaves a redirect behind; a new one claims its address. */
export function redirectCollections(self: ContentContext, before: Site, after: Site): void {
  const now = Date.now();
  for (const collection of after.collections) {
    const old = before.collections.find((c) => c.id === collection.id);
    if (old === undefined) claimPath(self.sql, collection.fullUrl);
    else recordRedirect(self.sql, old.fullUrl, collection.fullUrl, now);
  }
}

/** A merchant's edit that moved a collection (its URL slug) moves its items' addresses too; an import brings its own. */
export function moveCollectionItems(self: ContentContext, before: Site, after: Site): void {
  for (const collection of after.collections) {
    const old = before.collections.find((c) => c.id === collection.id);
    if (old !== undefined && old.fullUrl !== collection.fullUrl)
      moveItemUrls(self.sql, collection.id, old.fullUrl, collection.fullUrl);
  }
}

/** An item whose address changed leaves a redirect behind; a new one claims its address. */
export function redirectItem(self: ContentContext, item: Item, before: Item | null): void {
  if (before === null) claimPath(self.sql, item.fullUrl);
  else recordRedirect(self.sql, before.fullUrl, item.fullUrl, Date.now());
}
