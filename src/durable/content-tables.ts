/**
 * The tables of one website's published content (in its SiteContent object's SQLite):
 *
 *   meta(key, value)            the website id and the content version
 *   shell(part, json)           one row per part of the site but its items (website, navigation,
 *                               header, footer, collections, forms, theme, ...)
 *   items(seq, id, ...)         one row per product, post or page item, with the columns a
 *                               listing sorts and filters by, and the item as JSON; visible_from
 *                               is when shoppers may see it (NULL: never; src/site/editor/content-status.ts)
 *   item_tags, item_categories  an item's tags and categories, keyed for the listing filters
 *   product_tags(tag, seq)      products by tag in catalogue order, so a product page reads its
 *                               related products a few index entries per tag, however popular the tag
 *   items_fts                   FTS5 over title, text and tags, rowid = items.seq; words are indexed and
 *                               searched by their stem (FTS5's porter tokenizer over unicode61 without
 *                               accents), so 'shirts' finds 'Shirt' and 'café' finds 'cafe'
 *   staged_items                items of an import in progress (swapped in at its commit)
 *
 * Every function here runs synchronously inside the object; the object wraps writes in one
 * transaction with the version bump.
 */
import { toMinorUnits } from '../commerce/money';
import {
  inStockSql,
  listedPrice,
  PRODUCT_RECORD_TYPE,
  productNeverRunsOutSql,
  variantNeverRunsOutSql,
  stockLimitSql,
} from '../commerce/product';
import type { ListingQuery, ListingSort } from '../site/published/catalog';
import { visibleFrom } from '../site/editor/content-status';
import { itemChangeTags, itemTag } from '../site/published/page-tags';
import type { Item, Site } from '../site/model/schema';
import { foldText } from '../values/fold';

export const SHELL_PARTS = [
  'website',
  'websiteSettings',
  'navigation',
  'templateNavigations',
  'header',
  'storeDetails',
  'commercePreferences',
  'multilingual',
  'footer',
  'design',
  'mailingList',
  'promoPopup',
  'collections',
  'forms',
  'productMerchandisingContext',
  'localizedStrings',
  'theme',
  'templateAssets',
  'blockFields',
] as const satisfies readonly (keyof Site)[];

const ORDER_BY: Record<ListingSort, string> = {
  newest: 'added_on DESC, seq',
  'price-asc': 'price IS NULL, price, seq',
  'price-desc': 'price IS NULL, price DESC, seq',
  title: 'title_key, seq',
};

/** Stems (Porter's English stemmer, built into FTS5) of words split by unicode61, accents removed. */
const SEARCH_TOKENIZER = 'porter unicode61 remove_diacritics 2';

export function createTables(sql: SqlStorage): void {
  const hadProductTags = sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'product_tags'").toArray().length > 0;
  const hadItems = sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'items'").toArray().length > 0;
  const searchIndex = sql
    .exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'items_fts'")
    .toArray()[0]?.sql;
  // A store indexed before stems: its index is built again from the items below.
  const unstemmed = searchIndex !== undefined && !searchIndex.includes(SEARCH_TOKENIZER);
  if (unstemmed) sql.exec('DROP TABLE items_fts');
  // A store written before statuses: every item it has is published (the column's default).
  if (hadItems && !sql.exec("SELECT 1 FROM pragma_table_info('items') WHERE name = 'visible_from'").toArray().length)
    sql.exec('ALTER TABLE items ADD COLUMN visible_from INTEGER DEFAULT 0');
  sql.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS shell (part TEXT PRIMARY KEY, json TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS items (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      collection_id TEXT NOT NULL,
      url_id TEXT NOT NULL,
      record_type INTEGER NOT NULL,
      added_on INTEGER NOT NULL,
      price INTEGER,
      title_key TEXT NOT NULL,
      has_form INTEGER NOT NULL,
      json TEXT NOT NULL,
      visible_from INTEGER DEFAULT 0
    );
    CREATE UNIQUE INDEX IF NOT EXISTS items_by_url ON items (collection_id, url_id);
    CREATE INDEX IF NOT EXISTS items_newest ON items (collection_id, added_on DESC, seq);
    CREATE INDEX IF NOT EXISTS items_price ON items (collection_id, price, seq);
    CREATE INDEX IF NOT EXISTS items_title ON items (collection_id, title_key, seq);
    CREATE INDEX IF NOT EXISTS items_with_forms ON items (has_form) WHERE has_form = 1;
    CREATE INDEX IF NOT EXISTS items_scheduled ON items (visible_from) WHERE visible_from > 0;
    CREATE TABLE IF NOT EXISTS item_tags (collection_id TEXT NOT NULL, tag TEXT NOT NULL, item_id TEXT NOT NULL, PRIMARY KEY (collection_id, tag, item_id)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS item_tags_by_item ON item_tags (item_id);
    CREATE INDEX IF NOT EXISTS item_tags_by_tag ON item_tags (tag);
    CREATE TABLE IF NOT EXISTS item_categories (collection_id TEXT NOT NULL, category TEXT NOT NULL, item_id TEXT NOT NULL, PRIMARY KEY (collection_id, category, item_id)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS product_tags (tag TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (tag, seq)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS item_categories_by_item ON item_categories (item_id);
    CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5 (title, text, tags, tokenize = "${SEARCH_TOKENIZER}");
    CREATE TABLE IF NOT EXISTS staged_items (import_id TEXT NOT NULL, n INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (import_id, n)) WITHOUT ROWID;
  `);
  // A store written before product_tags existed: fill it once from its item_tags.
  if (!hadProductTags)
    sql.exec(
      'INSERT OR IGNORE INTO product_tags (tag, seq) SELECT t.tag, i.seq FROM item_tags t JOIN items i ON i.id = t.item_id WHERE i.record_type = ?',
      PRODUCT_RECORD_TYPE,
    );
  if (unstemmed) {
    // The same pass gives a store written before listedPrice its sort prices (its digital products had none and sorted last both ways).
    for (const row of sql.exec<{ seq: number; json: string }>('SELECT seq, json FROM items').toArray()) {
      const item = JSON.parse(row.json) as Item;
      indexForSearch(sql, row.seq, item);
      sql.exec('UPDATE items SET price = ? WHERE seq = ?', sortPrice(item), row.seq);
    }
  }
}

export function readMeta(sql: SqlStorage, key: string): string | null {
  const row = sql.exec<{ value: string }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0];
  return row?.value ?? null;
}

export function writeMeta(sql: SqlStorage, key: string, value: string): void {
  sql.exec(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    key,
    value,
  );
}

export function readVersion(sql: SqlStorage): number {
  return Number(readMeta(sql, 'version') ?? 0);
}

/** The shell as one JSON text (parts joined as stored, never parsed here), or null before the first import. */
export function shellJson(sql: SqlStorage): string | null {
  const rows = sql.exec<{ part: string; json: string }>('SELECT part, json FROM shell').toArray();
  if (rows.length === 0) return null;
  return `{${rows.map((row) => `${JSON.stringify(row.part)}:${row.json}`).join(',')}}`;
}

/** Writes the parts of `shell` whose JSON differs from the stored row; the names of those written. */
/**
 * The page tags (src/site/published/page-tags.ts) of the writes made while `recordChanges` runs: undefined
 * when not recording, null once a write changed the whole site.
 */
let changed: Set<string> | null | undefined;

/** Runs `write` and answers the page tags its writes changed; null: the whole site (a shell part, an import, no item written). */
export function recordChanges(write: () => void): string[] | null {
  changed = new Set();
  try {
    write();
    return changed === null || changed.size === 0 ? null : [...changed];
  } finally {
    changed = undefined;
  }
}

function noteChanged(tags: readonly string[] | null): void {
  if (changed === undefined || changed === null) return;
  if (tags === null) changed = null;
  else for (const tag of tags) changed.add(tag);
}

/** The products whose merchandising texts differ between two stored `productMerchandisingContext` parts. */
function merchandisingChanged(before: string | undefined, after: unknown): string[] {
  const old = (before === undefined ? {} : JSON.parse(before)) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(old), ...Object.keys(now)])].filter(
    (id) => JSON.stringify(old[id]) !== JSON.stringify(now[id]),
  );
}

export function writeShell(sql: SqlStorage, shell: Site): string[] {
  const stored = new Map(
    sql
      .exec<{ part: string; json: string }>('SELECT part, json FROM shell')
      .toArray()
      .map((row) => [row.part, row.json]),
  );
  const written: string[] = [];
  for (const part of SHELL_PARTS) {
    const value = shell[part];
    if (value === undefined) {
      if (stored.has(part)) {
        noteChanged(null);
        sql.exec('DELETE FROM shell WHERE part = ?', part);
        written.push(part);
      }
      continue;
    }
    const json = JSON.stringify(value);
    if (stored.get(part) === json) continue;
    // A product's merchandising texts show where the product does; any other part of the shell is on every page.
    if (changed && part === 'productMerchandisingContext')
      noteChanged(merchandisingChanged(stored.get(part), value).map(itemTag));
    else noteChanged(null);
    sql.exec(
      'INSERT INTO shell (part, json) VALUES (?, ?) ON CONFLICT (part) DO UPDATE SET json = excluded.json',
      part,
      json,
    );
    written.push(part);
  }
  return written;
}

/** Plain text of rich text, for the search index. */
function plainText(html: string | undefined): string {
  return (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
}

/** The price a listing sorts by: the product's listed price (src/commerce/product.ts) in minor units. */
function sortPrice(item: Item): number | null {
  const price = item.structuredContent === undefined ? undefined : listedPrice(item.structuredContent);
  return price === undefined ? null : toMinorUnits(price.value, price.currency);
}

/**
 * Inserts or replaces one item's row, its tags, categories and search entry (`seq` kept on
 * replace). `isNew` skips the lookup (an import into emptied tables); a duplicate id or URL then
 * fails on the table's unique indexes.
 */
export function writeItem(sql: SqlStorage, item: Item, isNew = false): void {
  const json = JSON.stringify(item);
  const existing = isNew
    ? undefined
    : sql.exec<{ seq: number; json: string }>('SELECT seq, json FROM items WHERE id = ?', item.id).toArray()[0];
  if (changed)
    noteChanged(
      isNew ? null : itemChangeTags(existing === undefined ? null : (JSON.parse(existing.json) as Item), item),
    );
  const hasForm =
    item.structuredContent?.additionalFieldsForm !== undefined ||
    item.structuredContent?.additionalFieldsFormId !== undefined
      ? 1
      : 0;
  const columns = [
    item.collectionId,
    item.urlId,
    item.recordType,
    item.addedOn ?? 0,
    sortPrice(item),
    foldText(item.title),
    hasForm,
    json,
    visibleFrom(item),
  ] as const;
  let seq: number;
  if (existing === undefined) {
    seq = sql
      .exec<{ seq: number }>(
        'INSERT INTO items (id, collection_id, url_id, record_type, added_on, price, title_key, has_form, json, visible_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq',
        item.id,
        ...columns,
      )
      .one().seq;
  } else {
    seq = existing.seq;
    sql.exec(
      'UPDATE items SET collection_id = ?, url_id = ?, record_type = ?, added_on = ?, price = ?, title_key = ?, has_form = ?, json = ?, visible_from = ? WHERE seq = ?',
      ...columns,
      seq,
    );
    removeIndexEntries(sql, item.id, seq);
  }
  for (const tag of new Set(item.tags)) {
    sql.exec('INSERT INTO item_tags (collection_id, tag, item_id) VALUES (?, ?, ?)', item.collectionId, tag, item.id);
    if (item.recordType === PRODUCT_RECORD_TYPE)
      sql.exec('INSERT INTO product_tags (tag, seq) VALUES (?, ?)', tag, seq);
  }
  for (const category of new Set(item.categories))
    sql.exec(
      'INSERT INTO item_categories (collection_id, category, item_id) VALUES (?, ?, ?)',
      item.collectionId,
      category,
      item.id,
    );
  indexForSearch(sql, seq, item);
}

function indexForSearch(sql: SqlStorage, seq: number, item: Item): void {
  sql.exec(
    'INSERT INTO items_fts (rowid, title, text, tags) VALUES (?, ?, ?, ?)',
    seq,
    item.title,
    `${plainText(item.excerpt)} ${plainText(item.body)}`,
    [...item.tags, ...item.categories].join(' '),
  );
}

function removeIndexEntries(sql: SqlStorage, id: string, seq: number): void {
  sql.exec('DELETE FROM product_tags WHERE seq = ? AND tag IN (SELECT tag FROM item_tags WHERE item_id = ?)', seq, id);
  sql.exec('DELETE FROM item_tags WHERE item_id = ?', id);
  sql.exec('DELETE FROM item_categories WHERE item_id = ?', id);
  sql.exec('DELETE FROM items_fts WHERE rowid = ?', seq);
}

/** Deletes one item and its index entries; false when there was none. */
export function deleteItem(sql: SqlStorage, id: string): boolean {
  const existing = sql.exec<{ seq: number; json: string }>('SELECT seq, json FROM items WHERE id = ?', id).toArray()[0];
  if (existing === undefined) return false;
  if (changed) noteChanged(itemChangeTags(JSON.parse(existing.json) as Item, null));
  removeIndexEntries(sql, id, existing.seq);
  sql.exec('DELETE FROM items WHERE seq = ?', existing.seq);
  return true;
}

export function deleteAllItems(sql: SqlStorage): void {
  noteChanged(null);
  sql.exec(
    'DELETE FROM items; DELETE FROM item_tags; DELETE FROM product_tags; DELETE FROM item_categories; DELETE FROM items_fts;',
  );
}

const jsonOf = (rows: Iterable<{ json: string }>) => [...rows].map((row) => row.json);

export function itemJson(sql: SqlStorage, id: string): string | null {
  return sql.exec<{ json: string }>('SELECT json FROM items WHERE id = ?', id).toArray()[0]?.json ?? null;
}

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

export function itemIdsOf(sql: SqlStorage, collectionId: string): string[] {
  return sql
    .exec<{ id: string }>('SELECT id FROM items WHERE collection_id = ?', collectionId)
    .toArray()
    .map((row) => row.id);
}

export function urlTaken(sql: SqlStorage, collectionId: string, urlId: string, exceptId: string): boolean {
  return (
    sql
      .exec('SELECT 1 FROM items WHERE collection_id = ? AND url_id = ? AND id != ?', collectionId, urlId, exceptId)
      .toArray().length > 0
  );
}

/** A collection moved from the address `from` to `to`: its items' addresses move with it. */
export function moveItemUrls(sql: SqlStorage, collectionId: string, from: string, to: string): void {
  const rows = sql.exec<{ seq: number; json: string }>(
    'SELECT seq, json FROM items WHERE collection_id = ?',
    collectionId,
  );
  for (const row of rows.toArray()) {
    const item = JSON.parse(row.json) as Item;
    if (!item.fullUrl.startsWith(`${from}/`)) continue;
    const moved = { ...item, fullUrl: `${to}${item.fullUrl.slice(from.length)}` };
    sql.exec('UPDATE items SET json = ? WHERE seq = ?', JSON.stringify(moved), row.seq);
  }
}

/** Shoppers' reads pass the time now: an item is theirs when its visible_from has come (src/site/editor/content-status.ts). */
const SHOWN = 'visible_from <= ?';

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

/** One `?` per value, for an `IN (…)` list. */
const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

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

/**
 * The FTS5 query for a visitor's words: each word of two or more letters or digits must occur, in
 * any order, as a word or the start of one, both compared by their stems (a plural finds the
 * singular). Single letters are left out (as a prefix, one letter matches nearly every item); null
 * when no word is left.
 */
export function matchExpression(query: string): string | null {
  const words = (query.toLocaleLowerCase('en').match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => [...word].length > 1);
  if (words.length === 0) return null;
  return words
    .slice(0, 10)
    .map((word) => `"${word}"*`)
    .join(' ');
}

/**
 * Where a search looks for the words, best first: every word in the title, then each in the title
 * or the tags, then anywhere (the text too).
 */
const SEARCH_TIERS = ['{title} : ', '{title tags} : ', ''] as const;

/**
 * Items matching the visitor's words, best first (title matches, then title or tags, then text),
 * in catalogue order within each. Each tier walks the index in rowid order and stops at `limit`, so
 * a word half the catalogue has costs about what a rare one does: nothing ranks every match.
 * Only products when `productsOnly`.
 */
export function search(sql: SqlStorage, query: string, limit: number, now: number, productsOnly = false): string[] {
  const match = matchExpression(query);
  if (match === null) return [];
  const products = productsOnly ? ` AND items.record_type = ${PRODUCT_RECORD_TYPE}` : '';
  const found: { seq: number; json: string }[] = [];
  for (const tier of SEARCH_TIERS) {
    if (found.length >= limit) break;
    const rows = sql
      .exec<{ seq: number; json: string }>(
        `SELECT items.seq, items.json FROM items_fts JOIN items ON items.seq = items_fts.rowid WHERE items_fts MATCH ? AND items.${SHOWN}${products} AND items.seq NOT IN (SELECT value FROM json_each(?)) ORDER BY items_fts.rowid LIMIT ?`,
        `${tier}(${match})`,
        now,
        JSON.stringify(found.map((row) => row.seq)),
        limit - found.length,
      )
      .toArray();
    found.push(...rows);
  }
  return found.map((row) => row.json);
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
