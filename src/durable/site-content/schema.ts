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
 * Made and changed here (createTables, the object's `content` migration); read and written by rows.ts,
 * item-reads.ts, search.ts and console-reads.ts, every function synchronous inside the object, which wraps
 * writes in one transaction with the version bump.
 */
import { PRODUCT_RECORD_TYPE } from '../../commerce/product';
import type { Item } from '../../site/model/schema';
import { sortPrice, indexForSearch } from './rows';

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
