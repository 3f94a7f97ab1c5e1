/** The console's reads of items, whatever their status: a collection's items, the product list, the tags and categories in use. */
import { PRODUCT_RECORD_TYPE, productNeverRunsOutSql, stockLimitSql } from '../../commerce/product';
import { foldText } from '../../values/fold';
import { jsonOf } from './rows';

/** A collection's items whatever their status, newest first (the console's lists). */
export function collectionItems(
  sql: SqlStorage,
  collectionId: string,
  offset: number,
  limit: number,
): { items: string[]; total: number } {
  const items = jsonOf(
    sql.exec<{ json: string }>(
      'SELECT json FROM items WHERE collection_id = ? ORDER BY added_on DESC, seq LIMIT ? OFFSET ?',
      collectionId,
      limit,
      offset,
    ),
  );
  const total = sql
    .exec<{ n: number }>('SELECT count(*) AS n FROM items WHERE collection_id = ?', collectionId)
    .one().n;
  return { items, total };
}

/** What the console's product list asks for (src/routes/console/console-catalog.ts). */
export interface ProductListQuery {
  /** Words of the title (matched anywhere, without accents or case). */
  search: string;
  collectionId: string | null;
  tag: string | null;
  category: string | null;
  stock: 'in' | 'out' | 'low' | null;
  sort: 'title' | 'price' | 'stock' | 'newest';
  descending: boolean;
  offset: number;
  limit: number;
  /** The stock ledger's on-hand count of every sku it knows: a variant's stock is that, else its published `qtyInStock` (its starting value). */
  onHand: Record<string, number>;
}

/** A product row of the console's list: its JSON and its stock (null: never runs out). */
export interface ProductListRow {
  json: string;
  stock: number | null;
}

/** At or under this many units (and above none) a product counts as low in stock. */
export const LOW_STOCK = 5;

const PRODUCT_SORT: Record<ProductListQuery['sort'], string> = {
  title: 'title_key',
  price: 'price IS NULL, price',
  stock: 'stock IS NULL, stock',
  newest: 'added_on',
};

/**
 * One page of products for the console, filtered and sorted, with the filtered total. Stock is
 * summed over the variants in SQL, each variant's the stock ledger's on-hand count (`query.onHand`);
 * digital products, gift cards, paywalls and unlimited variants never run out.
 */
export function productList(sql: SqlStorage, query: ProductListQuery): { rows: ProductListRow[]; total: number } {
  const clauses = ['record_type = ?'];
  const args: (string | number)[] = [PRODUCT_RECORD_TYPE];
  if (query.collectionId !== null) {
    clauses.push('collection_id = ?');
    args.push(query.collectionId);
  }
  if (query.search.trim() !== '') {
    clauses.push("title_key LIKE ? ESCAPE '\\'");
    args.push(`%${foldText(query.search.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (query.tag !== null) {
    clauses.push('id IN (SELECT item_id FROM item_tags WHERE tag = ?)');
    args.push(query.tag);
  }
  if (query.category !== null) {
    clauses.push('id IN (SELECT item_id FROM item_categories WHERE category = ?)');
    args.push(query.category);
  }
  const stocked = `
    SELECT i.seq, i.json, i.title_key, i.price, i.added_on,
      CASE WHEN ${productNeverRunsOutSql('i.json')}
           THEN NULL
           ELSE (SELECT coalesce(sum(${stockLimitSql("coalesce((SELECT o.value FROM json_each(?) o WHERE o.key = json_extract(v.value, '$.sku')), json_extract(v.value, '$.qtyInStock'))")}), 0)
                 FROM json_each(i.json, '$.structuredContent.variants') v)
      END AS stock
    FROM items i WHERE ${clauses.join(' AND ')}`;
  const stockFilter =
    query.stock === null
      ? ''
      : {
          in: 'WHERE stock IS NULL OR stock > 0',
          out: 'WHERE stock = 0',
          low: `WHERE stock > 0 AND stock <= ${LOW_STOCK}`,
        }[query.stock];
  const filtered = `WITH products AS (${stocked}) SELECT * FROM products ${stockFilter}`;
  const direction = query.descending ? 'DESC' : 'ASC';
  const order = PRODUCT_SORT[query.sort]
    .split(', ')
    .map((term) => (term.endsWith('IS NULL') ? term : `${term} ${direction}`))
    .join(', ');
  const bound = [JSON.stringify(query.onHand), ...args];
  const rows = sql
    .exec<{ json: string; stock: number | null }>(
      `${filtered} ORDER BY ${order}, seq LIMIT ? OFFSET ?`,
      ...bound,
      query.limit,
      query.offset,
    )
    .toArray();
  const total = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM (${filtered})`, ...bound).one().n;
  return { rows: rows.map((row) => ({ json: row.json, stock: row.stock })), total };
}

/** The tags (or categories) a collection's items use, with how many items use each. */
export function namesUsed(
  sql: SqlStorage,
  collectionId: string,
  tagType: 'tag' | 'category',
): { name: string; count: number }[] {
  const [table, column] = tagType === 'tag' ? ['item_tags', 'tag'] : ['item_categories', 'category'];
  return sql
    .exec<{ name: string; count: number }>(
      `SELECT ${column} AS name, count(*) AS count FROM ${table} WHERE collection_id = ? GROUP BY ${column} ORDER BY ${column}`,
      collectionId,
    )
    .toArray();
}

/** Ids of a collection's items that use any of `names` as tags (or categories). */
export function itemIdsNamed(
  sql: SqlStorage,
  collectionId: string,
  tagType: 'tag' | 'category',
  names: readonly string[],
): string[] {
  if (names.length === 0) return [];
  const [table, column] = tagType === 'tag' ? ['item_tags', 'tag'] : ['item_categories', 'category'];
  return sql
    .exec<{ item_id: string }>(
      `SELECT DISTINCT item_id FROM ${table} WHERE collection_id = ? AND ${column} IN (SELECT value FROM json_each(?))`,
      collectionId,
      JSON.stringify(names),
    )
    .toArray()
    .map((row) => row.item_id);
}
