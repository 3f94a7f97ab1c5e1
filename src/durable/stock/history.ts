/** Each sku's history of on-hand changes (sold, refunded, restocked, edited), the newest HISTORY_PER_SKU kept. */
import type { StockEvent, StockEventKind } from '../../site/editor/stock-adjust';
import type { StockContext } from './context';
import { level } from './counts';
import { HISTORY_PER_SKU } from './model';

/** Takes `quantity` of `sku` off on hand as sold, and keeps it in the history. */
export function sold(self: StockContext, sku: string, quantity: number, ref: string | null, now: number): void {
  const before = level(self, sku)?.on_hand ?? 0;
  self.sql.exec(
    'UPDATE levels SET on_hand = MAX(0, on_hand - ?), sold = sold + ? WHERE sku = ?',
    quantity,
    quantity,
    sku,
  );
  remember(self, sku, before, { at: now, kind: 'sold', who: null, reason: null, ref });
}

/** Keeps a change of `sku` (its on-hand count was `before`) in its history, which keeps its newest HISTORY_PER_SKU. */
export function remember(
  self: StockContext,
  sku: string,
  before: number,
  event: Omit<StockEvent, 'change' | 'onHand'>,
): void {
  const onHand = level(self, sku)?.on_hand ?? 0;
  self.sql.exec(
    'INSERT INTO history (sku, at, kind, change, on_hand, who, reason, ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    sku,
    event.at,
    event.kind,
    onHand - before,
    onHand,
    event.who,
    event.reason,
    event.ref,
  );
  self.sql.exec(
    'DELETE FROM history WHERE sku = ? AND id <= (SELECT id FROM history WHERE sku = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
    sku,
    sku,
    HISTORY_PER_SKU,
  );
}

/** The newest changes of `sku`'s on-hand count first (at most HISTORY_PER_SKU). */
export function history(self: StockContext, sku: string, limit: number): StockEvent[] {
  return self.sql
    .exec<{
      at: number;
      kind: StockEventKind;
      change: number;
      on_hand: number;
      who: string | null;
      reason: string | null;
      ref: string | null;
    }>(
      'SELECT at, kind, change, on_hand, who, reason, ref FROM history WHERE sku = ? ORDER BY id DESC LIMIT ?',
      sku,
      Math.min(limit, HISTORY_PER_SKU),
    )
    .toArray()
    .map((row) => ({
      at: row.at,
      kind: row.kind,
      change: row.change,
      onHand: row.on_hand,
      who: row.who,
      reason: row.reason,
      ref: row.ref,
    }));
}
