/**
 * A page's catalogue that notes, as the page reads, the tags of everything it shows (the tag
 * vocabulary is src/site/published/page-tags.ts): the page is cached with them and stays a hit until an edit
 * touches one. Apart from page-tags.ts so the tag rules stay free of the worker's bindings.
 */
import type { Catalog, ItemPage } from './catalog';
import { ALL_ITEMS_TAG, itemTag, listingTag, orderTag, relatedTag, SEARCH_TAG } from './page-tags';
import type { Item } from '../model/schema';

/**
 * An item page shows its item and either related products (a product page, which asks for them)
 * or its neighbours (a post, which asks for none): an edit of the product next to another in the
 * catalogue leaves that one's page alone.
 */
function itemPageTags(page: ItemPage, relatedLimit: number, tags: Set<string>): void {
  const { item, related, previous, next } = page;
  tags.add(itemTag(item.id));
  if (relatedLimit > 0) {
    for (const shown of related) tags.add(itemTag(shown.id));
    for (const tag of item.tags) tags.add(relatedTag(tag));
    return;
  }
  for (const shown of [previous, next]) if (shown !== null) tags.add(itemTag(shown.id));
  tags.add(orderTag(item.collectionId));
}

/** `catalog`, adding to `tags` what each read shows. */
export function recordingCatalog(catalog: Catalog, tags: Set<string>): Catalog {
  const shown = (items: readonly Item[]) => {
    for (const item of items) tags.add(itemTag(item.id));
    return items as Item[];
  };
  return {
    async listing(query) {
      tags.add(listingTag(query.collectionId));
      const listing = await catalog.listing(query);
      shown(listing.items);
      return listing;
    },
    async itemPage(collectionId, urlId, relatedLimit) {
      const page = await catalog.itemPage(collectionId, urlId, relatedLimit);
      if (page !== null) itemPageTags(page, relatedLimit, tags);
      return page;
    },
    async search(query, limit) {
      tags.add(SEARCH_TAG);
      return shown(await catalog.search(query, limit));
    },
    async itemsById(ids) {
      // An id not found yet (a block naming a product not added) shows when it is added.
      for (const id of ids) tags.add(itemTag(id));
      return shown(await catalog.itemsById(ids));
    },
    async itemsWithForms(limit) {
      tags.add(ALL_ITEMS_TAG);
      return catalog.itemsWithForms(limit);
    },
    async firstProducts(limit) {
      tags.add(ALL_ITEMS_TAG);
      return catalog.firstProducts(limit);
    },
    itemUrls: (collectionIds, offset, limit) => catalog.itemUrls(collectionIds, offset, limit),
  };
}
