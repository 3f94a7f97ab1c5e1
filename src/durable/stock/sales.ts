/**
 * Sales without a reservation and units coming back: an order's lines sold exactly once (remembered
 * SALE_KEEP_MS), a subscription's next order sold if it is all available, and a refunded or cancelled
 * order's units restocked.
 */
import { MAX_STOCK } from '../../site/editor/product-form';
import { refused } from '../../result';
import { tellComebacks } from './comebacks';
import type { StockContext } from './context';
import { availableTo, know, level } from './counts';
import { remember, sold } from './history';
import { type CheckResult, type RestockNote, SALE_KEEP_MS, type StockLine } from './model';

/**
 * Sells an order's `lines` once, whether or not its reservation `owner` is still there (an order
 * paid just as its reservation lapsed still counts its units): a repeated call (a retry, the
 * orders object's alarm finishing a placement cut off by a restart) sells nothing. Each sale is
 * remembered SALE_KEEP_MS, then forgotten by a later sale.
 */
export function sellOrder(self: StockContext, owner: string, lines: StockLine[], now: number): void {
  self.sql.exec('DELETE FROM sales WHERE sold_at <= ?', now - SALE_KEEP_MS);
  if (
    self.sql
      .exec(
        'INSERT INTO sales (owner, sold_at) VALUES (?, ?) ON CONFLICT (owner) DO NOTHING RETURNING owner',
        owner,
        now,
      )
      .toArray().length === 0
  )
    return;
  self.sql.exec('DELETE FROM reservations WHERE owner = ?', owner);
  for (const line of lines) {
    if (line.stock === null) continue;
    know(self, line.sku, line.stock);
    sold(self, line.sku, line.quantity, owner, now);
  }
}

/** Sells `lines` without a reservation if they are all available (a subscription's next order). */
export function sellNow(self: StockContext, lines: StockLine[], now: number): CheckResult {
  for (const line of lines) {
    if (line.stock === null) continue;
    const available = availableTo(self, null, line.sku, line.stock, now);
    if (line.quantity > available)
      return { ...refused('stock-short', `Only ${available} of ${line.sku} left.`), available };
  }
  for (const line of lines) {
    if (line.stock === null) continue;
    know(self, line.sku, line.stock);
    sold(self, line.sku, line.quantity, null, now);
  }
  return { ok: true, value: null };
}

/** Puts sold units back (a cancelled or refunded order that is restocked: `note` says which, for the history). */
export async function restock(
  self: StockContext,
  lines: { sku: string; quantity: number }[],
  now: number,
  note: RestockNote | null,
): Promise<void> {
  await tellComebacks(
    self,
    lines.map((line) => [line.sku, 0] as const),
    now,
    () => {
      for (const line of lines) {
        const before = level(self, line.sku)?.on_hand;
        if (before === undefined) continue;
        self.sql.exec(
          'UPDATE levels SET on_hand = MIN(?, on_hand + ?), sold = MAX(0, sold - ?) WHERE sku = ?',
          MAX_STOCK,
          line.quantity,
          line.quantity,
          line.sku,
        );
        remember(self, line.sku, before, {
          at: now,
          kind: note?.kind ?? 'restocked',
          who: null,
          reason: null,
          ref: note?.ref ?? null,
        });
      }
    },
  );
}
