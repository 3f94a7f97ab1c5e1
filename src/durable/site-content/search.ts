/** Shoppers' search over the items' FTS5 index (schema.ts), best matches first, tier by tier. */
import { PRODUCT_RECORD_TYPE } from '../../commerce/product';
import { SHOWN } from './rows';

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
