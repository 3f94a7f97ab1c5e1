/**
 * How many units of a sku the ledger counts: its level row (on hand and sold), the one statement every
 * "available" reads (on hand − live reservations), the units a visitor holds, and starting to count a sku from its
 * published level.
 */
import { MAX_STOCK } from '../../site/editor/product-form';
import type { StockContext } from './context';

export const bounded = (n: number) => Math.min(MAX_STOCK, Math.max(0, Math.trunc(n)));

/**
 * The one statement every "available" reads: per sku of the JSON list bound third, its ledger on-hand count (null:
 * the ledger does not know it yet) and the units held by reservations live at the second binding, other than the
 * first binding's owner's (null: every owner's). `availableFrom` turns a row into units available.
 */
const COUNTS_SQL = `SELECT wanted.value AS sku, levels.on_hand AS on_hand,
    (SELECT COALESCE(SUM(quantity), 0) FROM reservations
      WHERE reservations.sku = wanted.value AND owner IS NOT ? AND (expires_at IS NULL OR expires_at > ?)) AS held
  FROM json_each(?) AS wanted LEFT JOIN levels ON levels.sku = wanted.value`;

export interface Counts {
  sku: string;
  on_hand: number | null;
  held: number;
}

/** Units on hand of a sku: the ledger's count, or its published `stock` while the ledger does not know it. */
export const onHandFrom = (counts: Counts | undefined, stock: number) => counts?.on_hand ?? bounded(stock);

/** Available = on hand − live reservations, never below 0. */
export const availableFrom = (counts: Counts | undefined, stock: number) =>
  Math.max(0, onHandFrom(counts, stock) - (counts?.held ?? 0));

export function level(self: StockContext, sku: string): { on_hand: number; sold: number } | undefined {
  return self.sql
    .exec<{ on_hand: number; sold: number }>('SELECT on_hand, sold FROM levels WHERE sku = ?', sku)
    .toArray()[0];
}

/** Units of `sku` on hand: the ledger's count, or the published `stock` while the ledger does not know the sku. */
export function onHandOf(self: StockContext, sku: string, stock: number): number {
  return level(self, sku)?.on_hand ?? bounded(stock);
}

/** From now on the ledger counts `sku` itself, starting from its published `stock`. */
export function know(self: StockContext, sku: string, stock: number): void {
  self.sql.exec(
    'INSERT INTO levels (sku, on_hand, sold) VALUES (?, ?, 0) ON CONFLICT (sku) DO NOTHING',
    sku,
    bounded(stock),
  );
}

/** COUNTS_SQL's rows for `skus`, by sku. */
export function counts(
  self: StockContext,
  skus: readonly string[],
  owner: string | null,
  now: number,
): Map<string, Counts> {
  const rows = self.sql.exec<{ sku: string; on_hand: number | null; held: number }>(
    COUNTS_SQL,
    owner,
    now,
    JSON.stringify(skus),
  );
  return new Map(rows.toArray().map((row) => [row.sku, row]));
}

export function availableTo(self: StockContext, owner: string | null, sku: string, stock: number, now: number): number {
  return availableFrom(counts(self, [sku], owner, now).get(sku), stock);
}

/**
 * Units available now per sku, given each sku's published stock (the starting value of skus not known yet): what
 * `availableTo(null, …)` gives each, in one statement for all of them (a product page asks for every variant's).
 */
export function available(self: StockContext, stockBySku: Record<string, number>, now: number): Record<string, number> {
  const skus = Object.keys(stockBySku);
  if (skus.length === 0) return {};
  const rows = counts(self, skus, null, now);
  return Object.fromEntries(skus.map((sku) => [sku, availableFrom(rows.get(sku), stockBySku[sku] as number)]));
}

/** Units held by `visitor`'s live reservations of owners other than `owner` (a route's hold counts against them). */
export function heldBy(self: StockContext, visitor: string, owner: string, now: number): number {
  return self.sql
    .exec<{ n: number }>(
      'SELECT COALESCE(SUM(quantity), 0) AS n FROM reservations WHERE holder = ? AND owner <> ? AND (expires_at IS NULL OR expires_at > ?)',
      visitor,
      owner,
      now,
    )
    .one().n;
}
