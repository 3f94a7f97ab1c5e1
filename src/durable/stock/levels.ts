/**
 * What the console reads and changes: a merchant's stock changes (a delta or a new count, sold and
 * reserved units untouched), each sku's on hand, reserved, available and sold, and every known sku's
 * on-hand count.
 */
import { tellComebacks } from './comebacks';
import type { StockContext } from './context';
import { availableFrom, bounded, counts, know, level, onHandFrom, onHandOf } from './counts';
import { remember } from './history';
import type { StockChange, StockLevel } from './model';

/**
 * A merchant's stock changes, all applied in one step: each sku's on-hand count moves by the delta or
 * becomes the new count (kept within 0 and MAX_STOCK); sold units and reservations are untouched.
 */
export async function adjust(
  self: StockContext,
  changes: StockChange[],
  now: number,
): Promise<Record<string, StockLevel>> {
  const stockBySku = Object.fromEntries(changes.map((change) => [change.sku, change.stock]));
  await tellComebacks(self, Object.entries(stockBySku), now, () =>
    self.ctx.storage.transactionSync(() => {
      for (const change of changes) {
        know(self, change.sku, change.stock);
        const before = onHandOf(self, change.sku, change.stock);
        const onHand = change.mode === 'set' ? change.amount : before + change.amount;
        self.sql.exec('UPDATE levels SET on_hand = ? WHERE sku = ?', bounded(onHand), change.sku);
        if (bounded(onHand) !== before)
          remember(self, change.sku, before, {
            at: now,
            kind: 'edited',
            who: change.who ?? null,
            reason: change.reason ?? null,
            ref: null,
          });
      }
    }),
  );
  return levels(self, stockBySku, now);
}

/** What the console shows of each sku, given each sku's published stock (the starting value of skus not known yet). */
export function levels(
  self: StockContext,
  stockBySku: Record<string, number>,
  now: number,
): Record<string, StockLevel> {
  const rows = counts(self, Object.keys(stockBySku), null, now);
  const result: Record<string, StockLevel> = {};
  for (const [sku, stock] of Object.entries(stockBySku)) {
    const row = rows.get(sku);
    result[sku] = {
      onHand: onHandFrom(row, stock),
      reserved: row?.held ?? 0,
      available: availableFrom(row, stock),
      sold: level(self, sku)?.sold ?? 0,
    };
  }
  return result;
}

/** The on-hand count of every sku the ledger knows (the console's product list filters and sorts by these). */
export function onHandCounts(self: StockContext): Record<string, number> {
  const rows = self.sql.exec<{ sku: string; on_hand: number }>('SELECT sku, on_hand FROM levels').toArray();
  return Object.fromEntries(rows.map((row) => [row.sku, row.on_hand]));
}
