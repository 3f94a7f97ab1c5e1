/**
 * What a cached store page depends on and what an edit changes, in one vocabulary of tags. A page
 * collects the tags of what it reads through its catalogue (`recordingCatalog`, src/site/published/recording-catalog.ts); the content object
 * records the tags of each edit beside the version it made (`itemChangeTags`; null: the whole site,
 * a navigation, design or any other shell edit, an import). A page kept at an older version is
 * still current while no edit since touched one of its tags (`stillCurrent`), so a product edit
 * makes a miss of its page, the listings of its collection, searches and the pages showing it, and
 * leaves every other page a hit. The CDN in front gets the same tags in its `Cache-Tag` header,
 * prefixed with the website's (`cdnTags`), and is purged by them.
 */
import { visibleFrom } from '../editor/content-status';
import type { Item } from '../model/schema';

/** The tag every cacheable page of a website carries on the CDN: purging it drops them all. */
export const pageCacheTag = (websiteId: string) => `site-${websiteId}`;

/** The pages showing this item (its own, listings, blocks, related products, neighbours, search results). */
export const itemTag = (id: string) => `i:${id}`;
/** A collection's listing pages (their order, filters and counts move with any of its items). */
export const listingTag = (collectionId: string) => `c:${collectionId}`;
/** Pages whose neighbours in a collection (a post's previous and next) move when an item comes, goes or is re-dated. */
export const orderTag = (collectionId: string) => `o:${collectionId}`;
/** Product pages whose related products (those sharing a tag) move when a product with this tag comes or goes. */
export const relatedTag = (tag: string) => `t:${tag}`;
/** Search results: any item's text may make it match a search it did not before. */
export const SEARCH_TAG = 'search';
/** Reads over every item (the cart page's forms, the editor's mock cart). */
export const ALL_ITEMS_TAG = 'items';

/** One edit's version and the tags it changed (null: the whole site). */
export interface ContentChange {
  version: number;
  tags: readonly string[] | null;
}

/** Edits whose tags the content object keeps: a page kept before the oldest of them is rendered again. */
export const CHANGES_KEPT = 64;
/**
 * An edit touching more tags than this counts as a whole-site edit (a bulk change of many
 * products): it bounds the changes every isolate reads with the shell.
 */
export const MAX_CHANGE_TAGS = 100;

/** What decides where an item is listed beside others: its collection, its tags, its date and whether it shows. */
const placeOf = (item: Item) => JSON.stringify([item.collectionId, item.tags, item.addedOn ?? null, visibleFrom(item)]);

/** The tags an item's change touches (`before` null: added; `after` null: removed). */
export function itemChangeTags(before: Item | null, after: Item | null): string[] {
  const tags = new Set<string>([SEARCH_TAG, ALL_ITEMS_TAG]);
  const moved = before === null || after === null || placeOf(before) !== placeOf(after);
  for (const item of [before, after]) {
    if (item === null) continue;
    tags.add(itemTag(item.id));
    tags.add(listingTag(item.collectionId));
    if (!moved) continue;
    tags.add(orderTag(item.collectionId));
    for (const tag of item.tags) tags.add(relatedTag(tag));
  }
  return [...tags];
}

/**
 * Whether a page kept at `keptAt` with `tags` still shows the site at `version`, given the edits
 * since (`changes`, oldest first): a page at that version or newer is; an older one while the
 * changes reach back to it and none touched its tags.
 */
export function stillCurrent(
  keptAt: number,
  tags: ReadonlySet<string>,
  version: number,
  changes: readonly ContentChange[],
): boolean {
  if (keptAt >= version) return true;
  const first = changes[0];
  if (first === undefined || first.version > keptAt + 1) return false;
  for (const change of changes) {
    if (change.version <= keptAt || change.version > version) continue;
    if (change.tags === null || change.tags.some((tag) => tags.has(tag))) return false;
  }
  return true;
}

/** The CDN's tags for a page with `tags`: the website's own and each tag under it (URI-encoded: a tag name may hold commas). */
export function cdnTags(websiteId: string, tags: Iterable<string>): string[] {
  const site = pageCacheTag(websiteId);
  return [site, ...[...tags].map((tag) => `${site}:${encodeURIComponent(tag)}`)];
}
