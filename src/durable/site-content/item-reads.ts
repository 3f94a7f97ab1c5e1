/**
 * Shoppers' reads of items (only items visible at the `now` they pass): listings with their filters and
 * sorts, an item page with its neighbours and related products, items by id, the sitemap's and export's pages.
 */
import { inStockSql, PRODUCT_RECORD_TYPE, variantNeverRunsOutSql } from '../../commerce/product';
import type { ListingQuery, ListingSort } from '../../site/published/catalog';
import { jsonOf, SHOWN, marks } from './rows';

const ORDER_BY: Record<ListingSort, string> = {
  newest: 'added_on DESC, seq',
  'price-asc': 'price IS NULL, price, seq',
  'price-desc': 'price IS NULL, price DESC, seq',
  title: 'title_key, seq',
};

/** The items with these ids: those shoppers see at `now`, or every one when `now` is null (the console). */
export function itemsJsonById(sql: SqlStorage, ids: readonly string[], now: number | null): string[] {
  if (ids.length === 0) return [];
  const shown = now === null ? '' : ` AND ${SHOWN}`;
  return jsonOf(
    sql.exec<{ json: string }>(
      `SELECT json FROM items WHERE id IN (SELECT value FROM json_each(?))${shown}`,
      JSON.stringify(ids),
      ...(now === null ? [] : [now]),
    ),
  );
}

/** The earliest time after `now` at which a scheduled item becomes visible, or null when none waits. */
export function nextScheduled(sql: SqlStorage, now: number): number | null {
  return (
    sql
      .exec<{ at: number | null }>(
        'SELECT min(visible_from) AS at FROM items WHERE visible_from > 0 AND visible_from > ?',
        now,
      )
      .one().at ?? null
  );
}

/**
 * A product has something a shopper can buy now (isSoldOut's rule, inStockSql): a variant's units are the stock
 * ledger's available ones, bound as a JSON object by sku; a sku not in it: its published level.
 */
const IN_STOCK = inStockSql(
  'items.json',
  (variant) =>
    `coalesce((SELECT a.value FROM json_each(?) a WHERE a.key = json_extract(${variant}, '$.sku')), json_extract(${variant}, '$.qtyInStock'))`,
);

/** The published levels (by sku) of a collection's counted variants: what a listing filtered to stock asks the stock ledger about. */
export function countedStock(sql: SqlStorage, collectionId: string, now: number): Record<string, number> {
  const rows = sql
    .exec<{ sku: string; qty: number }>(
      `SELECT json_extract(v.value, '$.sku') AS sku, json_extract(v.value, '$.qtyInStock') AS qty FROM items i, json_each(i.json, '$.structuredContent.variants') v
       WHERE i.collection_id = ? AND i.${SHOWN} AND NOT ${variantNeverRunsOutSql('i.json', 'v.value')}`,
      collectionId,
      now,
    )
    .toArray();
  return Object.fromEntries(rows.map((row) => [row.sku, Math.max(0, Math.trunc(Number(row.qty)) || 0)]));
}

function listingFilter(
  query: ListingQuery,
  now: number,
  available: Readonly<Record<string, number>>,
): { where: string; args: (string | number)[] } {
  const clauses = ['collection_id = ?', SHOWN];
  const args: (string | number)[] = [query.collectionId, now];
  if (query.tags.length > 0) {
    clauses.push(`id IN (SELECT item_id FROM item_tags WHERE collection_id = ? AND tag IN (${marks(query.tags)}))`);
    args.push(query.collectionId, ...query.tags);
  }
  if (query.categories.length > 0) {
    clauses.push(
      `id IN (SELECT item_id FROM item_categories WHERE collection_id = ? AND category IN (${marks(query.categories)}))`,
    );
    args.push(query.collectionId, ...query.categories);
  }
  const { priceMin = null, priceMax = null } = query;
  if (priceMin !== null) {
    clauses.push('price >= ?');
    args.push(priceMin);
  }
  if (priceMax !== null) {
    clauses.push('price <= ?');
    args.push(priceMax);
  }
  if (query.inStock === true) {
    clauses.push(IN_STOCK);
    args.push(JSON.stringify(available));
  }
  return { where: clauses.join(' AND '), args };
}

export interface ListingRows {
  items: string[];
  total: number;
  tags: { name: string; count: number }[];
  categories: string[];
}

/**
 * One page of a collection's items, the filtered total, and the collection's tags (with counts) and
 * categories. `available` is the stock ledger's units by sku, read when the query asks for stock.
 */
export function listing(
  sql: SqlStorage,
  query: ListingQuery,
  now: number,
  available: Readonly<Record<string, number>> = {},
): ListingRows {
  const { where, args } = listingFilter(query, now, available);
  const items = jsonOf(
    sql.exec<{ json: string }>(
      `SELECT json FROM items WHERE ${where} ORDER BY ${ORDER_BY[query.sort]} LIMIT ? OFFSET ?`,
      ...args,
      query.limit,
      query.offset,
    ),
  );
  const total = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM items WHERE ${where}`, ...args).one().n;
  const tags = sql
    .exec<{ name: string; count: number }>(
      `SELECT t.tag AS name, count(*) AS count FROM item_tags t JOIN items i ON i.id = t.item_id WHERE t.collection_id = ? AND i.${SHOWN} GROUP BY t.tag ORDER BY count DESC, t.tag LIMIT 100`,
      query.collectionId,
      now,
    )
    .toArray();
  const categories = sql
    .exec<{ category: string }>(
      `SELECT DISTINCT c.category FROM item_categories c JOIN items i ON i.id = c.item_id WHERE c.collection_id = ? AND i.${SHOWN} ORDER BY c.category LIMIT 100`,
      query.collectionId,
      now,
    )
    .toArray()
    .map((row) => row.category);
  return { items, total, tags, categories };
}

export interface ItemPageRows {
  item: string;
  related: string[];
  previous: string | null;
  next: string | null;
}

/**
 * The first `limit` products in catalogue order sharing a tag with the item: the first few of each
 * of its tags through product_tags, so a tag thousands of products share costs `limit` entries.
 */
function relatedProducts(sql: SqlStorage, id: string, seq: number, limit: number, now: number): string[] {
  const seqs = new Set<number>();
  for (const { tag } of sql.exec<{ tag: string }>('SELECT tag FROM item_tags WHERE item_id = ?', id).toArray()) {
    for (const row of sql.exec<{ seq: number }>(
      'SELECT seq FROM product_tags WHERE tag = ? AND seq != ? ORDER BY seq LIMIT ?',
      tag,
      seq,
      limit,
    ))
      seqs.add(row.seq);
  }
  const first = [...seqs].sort((a, b) => a - b).slice(0, limit);
  if (first.length === 0) return [];
  return jsonOf(
    sql.exec<{ json: string }>(
      `SELECT json FROM items WHERE seq IN (SELECT value FROM json_each(?)) AND ${SHOWN} ORDER BY seq`,
      JSON.stringify(first),
      now,
    ),
  );
}

/**
 * An item by its collection and urlId, with what its page shows beside it: products sharing a tag
 * (in catalogue order) and its neighbours in the collection's newest-first order.
 */
export function itemPage(
  sql: SqlStorage,
  collectionId: string,
  urlId: string,
  relatedLimit: number,
  now: number,
): ItemPageRows | null {
  const row = sql
    .exec<{ seq: number; id: string; added_on: number; json: string }>(
      `SELECT seq, id, added_on, json FROM items WHERE collection_id = ? AND url_id = ? AND ${SHOWN}`,
      collectionId,
      urlId,
      now,
    )
    .toArray()[0];
  if (row === undefined) return null;
  const related = relatedLimit === 0 ? [] : relatedProducts(sql, row.id, row.seq, relatedLimit, now);
  const previous = sql
    .exec<{ json: string }>(
      `SELECT json FROM items WHERE collection_id = ? AND ${SHOWN} AND (added_on > ? OR (added_on = ? AND seq < ?)) ORDER BY added_on, seq DESC LIMIT 1`,
      collectionId,
      now,
      row.added_on,
      row.added_on,
      row.seq,
    )
    .toArray()[0];
  const next = sql
    .exec<{ json: string }>(
      `SELECT json FROM items WHERE collection_id = ? AND ${SHOWN} AND (added_on < ? OR (added_on = ? AND seq > ?)) ORDER BY added_on DESC, seq LIMIT 1`,
      collectionId,
      now,
      row.added_on,
      row.added_on,
      row.seq,
    )
    .toArray()[0];
  return { item: row.json, related, previous: previous?.json ?? null, next: next?.json ?? null };
}

/** Items with an additional-fields form (the cart page edits entries' answers with them). */
export function itemsWithForms(sql: SqlStorage, limit: number, now: number): string[] {
  return jsonOf(
    sql.exec<{ json: string }>(
      `SELECT json FROM items WHERE has_form = 1 AND ${SHOWN} ORDER BY seq LIMIT ?`,
      now,
      limit,
    ),
  );
}

/** The first products in catalogue order (the editor's mock cart picks from them). */
export function firstProducts(sql: SqlStorage, limit: number, now: number): string[] {
  return jsonOf(
    sql.exec<{ json: string }>(
      `SELECT json FROM items WHERE record_type = ? AND ${SHOWN} ORDER BY seq LIMIT ?`,
      PRODUCT_RECORD_TYPE,
      now,
      limit,
    ),
  );
}

/** Items in catalogue order after `afterSeq` (export and the sitemap page through them). */
export function itemsAfter(sql: SqlStorage, afterSeq: number, limit: number): { seq: number; json: string }[] {
  return sql
    .exec<{ seq: number; json: string }>(
      'SELECT seq, json FROM items WHERE seq > ? ORDER BY seq LIMIT ?',
      afterSeq,
      limit,
    )
    .toArray();
}

export function itemCount(sql: SqlStorage): number {
  return sql.exec<{ n: number }>('SELECT count(*) AS n FROM items').one().n;
}

/** Item URLs in catalogue order, from `offset` (the sitemap's pages). */
export function itemUrls(
  sql: SqlStorage,
  collectionIds: readonly string[],
  offset: number,
  limit: number,
  now: number,
): string[] {
  if (collectionIds.length === 0) return [];
  return sql
    .exec<{ url: string }>(
      `SELECT json_extract(json, '$.fullUrl') AS url FROM items WHERE collection_id IN (SELECT value FROM json_each(?)) AND ${SHOWN} ORDER BY seq LIMIT ? OFFSET ?`,
      JSON.stringify(collectionIds),
      now,
      limit,
      offset,
    )
    .toArray()
    .map((row) => row.url);
}

export function countItemsIn(sql: SqlStorage, collectionIds: readonly string[], now: number): number {
  if (collectionIds.length === 0) return 0;
  return sql
    .exec<{ n: number }>(
      `SELECT count(*) AS n FROM items WHERE collection_id IN (SELECT value FROM json_each(?)) AND ${SHOWN}`,
      JSON.stringify(collectionIds),
      now,
    )
    .one().n;
}

/** Which of `paths` are item pages of the site. */
export function existingItemUrls(
  sql: SqlStorage,
  paths: readonly { collectionId: string; urlId: string; path: string }[],
  now: number,
): string[] {
  return paths
    .filter(
      (p) =>
        sql
          .exec(`SELECT 1 FROM items WHERE collection_id = ? AND url_id = ? AND ${SHOWN}`, p.collectionId, p.urlId, now)
          .toArray().length > 0,
    )
    .map((p) => p.path);
}
