/**
 * The content's rows and their writes: meta (the website id, the version), the shell's parts, an item
 * with its tags, categories and search entry, and the page tags those writes changed (recordChanges).
 * Every function runs synchronously inside the object, which wraps writes in one transaction with the version bump.
 */
import { toMinorUnits } from '../../commerce/money';
import { listedPrice, PRODUCT_RECORD_TYPE } from '../../commerce/product';
import { visibleFrom } from '../../site/editor/content-status';
import { itemChangeTags, itemTag } from '../../site/published/page-tags';
import type { Item, Site } from '../../site/model/schema';
import { foldText } from '../../values/fold';

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
export function sortPrice(item: Item): number | null {
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

export function indexForSearch(sql: SqlStorage, seq: number, item: Item): void {
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

export const jsonOf = (rows: Iterable<{ json: string }>) => [...rows].map((row) => row.json);

export function itemJson(sql: SqlStorage, id: string): string | null {
  return sql.exec<{ json: string }>('SELECT json FROM items WHERE id = ?', id).toArray()[0]?.json ?? null;
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
export const SHOWN = 'visible_from <= ?';

/** One `?` per value, for an `IN (…)` list. */
export const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');
