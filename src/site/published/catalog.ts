/**
 * Reading a website's items from its SiteContent object (src/durable/site-content.ts), a page's
 * worth at a time: no isolate ever holds the whole catalogue.
 *
 * `itemsById` is the one lookup by id for routes (cart, restock, inventory, beacons): it finds only
 * what shoppers may see now (a draft or not-yet-scheduled product is not there, a digital product
has no delivered file: `withoutDeliveredFile`, as in every page's items); the console's is
 * `consoleItemsById`. A page renders through a `Catalog` bound to the content version its shell
 * came from, which throws `ContentMoved` when the object has moved past that version, so a page is
 * never a mix of two.
 */
import type { Item } from '../model/schema';
import { withoutDeliveredFile } from '../../commerce/product';
import { type EdgeCache, type ItemPage, itemPageAt } from './item-pages';

/**
 * A website's content object (src/durable/site-content.ts). site/ sits below durable/ and makes no stub:
 * its callers pass the one `durable/stubs.ts` makes.
 */
export type ContentObject = ReturnType<Env['CONTENT']['get']>;
/** Each website's content object by id (`contentObjects(env)`, durable/stubs.ts), for a module that finds the site. */
export type ContentObjects = (websiteId: string) => ContentObject;

const parseItems = (rows: readonly string[]) => rows.map((json) => JSON.parse(json) as Item);
/** Items as shoppers' pages read them (commerce/product.ts, `withoutDeliveredFile`). */
const shopperItem = (json: string) => withoutDeliveredFile(JSON.parse(json) as Item);
const shopperItems = (rows: readonly string[]) => rows.map(shopperItem);

/** The website's items with these ids (ids it does not have are left out). */
export async function itemsById(content: ContentObject, ids: string[]): Promise<Map<string, Item>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { value } = await content.itemsById(unique);
  return new Map(shopperItems(value).map((item) => [item.id, item]));
}

/** The website's items with these ids whatever their status (drafts and scheduled ones included): the console's lookup. */
export async function consoleItemsById(content: ContentObject, ids: string[]): Promise<Map<string, Item>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { value } = await content.consoleItemsById(unique);
  return new Map(parseItems(value).map((item) => [item.id, item]));
}

/** The content moved to a newer version while a page was being read: read it again from the new version. */
export class ContentMoved extends Error {
  constructor(readonly version: number) {
    super(`content moved to version ${version}`);
  }
}

export type ListingSort = 'newest' | 'price-asc' | 'price-desc' | 'title';

export interface ListingQuery {
  collectionId: string;
  sort: ListingSort;
  /** Items with any of these tags (none: every item), and with any of these categories. */
  tags: readonly string[];
  categories: readonly string[];
  /** Listed price bounds in minor units of the store currency, inclusive (left out: no bound). */
  priceMin?: number | null;
  priceMax?: number | null;
  /** Only products a shopper can buy now (the stock ledger's available units; types that never run out always). */
  inStock?: boolean;
  offset: number;
  limit: number;
}

export interface Listing {
  items: Item[];
  total: number;
  tags: { name: string; count: number }[];
  categories: string[];
}

export type { ItemPage } from './item-pages';

/** What a page reads of the items, all at one content version. */
export interface Catalog {
  listing(query: ListingQuery): Promise<Listing>;
  itemPage(collectionId: string, urlId: string, relatedLimit: number): Promise<ItemPage | null>;
  search(query: string, limit: number): Promise<Item[]>;
  itemsById(ids: string[]): Promise<Item[]>;
  itemsWithForms(limit: number): Promise<Item[]>;
  firstProducts(limit: number): Promise<Item[]>;
  itemUrls(collectionIds: string[], offset: number, limit: number): Promise<{ total: number; urls: string[] }>;
}

/**
 * The catalogue of website `websiteId` (its content `object`) at `version`: every read throws ContentMoved once
 * the object is past it. Item pages are kept per isolate and, given `edge`, in the data centre's Cache API
 * (`item-pages.ts`).
 */
export function siteCatalog(
  object: ContentObject,
  websiteId: string,
  version: number,
  edge: EdgeCache | null = null,
): Catalog {
  const at = <T>(read: { version: number; value: T }): T => {
    if (read.version !== version) throw new ContentMoved(read.version);
    return read.value;
  };
  return {
    async listing(query) {
      const rows = at(await object.listing(query));
      return { ...rows, items: shopperItems(rows.items) };
    },
    itemPage: (collectionId, urlId, relatedLimit) =>
      itemPageAt({ websiteId, version, collectionId, urlId, relatedLimit }, edge, async () => {
        const rows = at(await object.itemPage(collectionId, urlId, relatedLimit));
        if (rows === null) return null;
        const one = (json: string | null) => (json === null ? null : shopperItem(json));
        return {
          item: shopperItem(rows.item),
          related: shopperItems(rows.related),
          previous: one(rows.previous),
          next: one(rows.next),
        };
      }),
    search: async (query, limit) => shopperItems(at(await object.search(query, limit))),
    itemsById: async (ids) => shopperItems(at(await object.itemsById(ids))),
    itemsWithForms: async (limit) => shopperItems(at(await object.itemsWithForms(limit))),
    firstProducts: async (limit) => shopperItems(at(await object.firstProducts(limit))),
    itemUrls: async (collectionIds, offset, limit) => at(await object.itemUrls(collectionIds, offset, limit)),
  };
}
