/**
 * Stock holds for one website. A variant's stock level is its published `qtyInStock` (passed in
 * with each call, so a publish takes effect at once); this object owns how much of it carts hold.
 * Each cart holds an absolute quantity per sku, so a retried call never holds twice, and every
 * check-and-hold runs as one synchronous SQLite step inside this single-threaded object: two carts
 * can never both take the last unit.
 */
import { DurableObject } from 'cloudflare:workers';

export type HoldResult = { ok: true } | { ok: false; available: number };

export class StockLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS holds (cart_id TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (cart_id, sku))',
    );
    this.sql.exec('CREATE INDEX IF NOT EXISTS holds_by_sku ON holds (sku)');
  }

  private heldByOthers(sku: string, cartId: string): number {
    const row = this.sql.exec<{ held: number }>('SELECT COALESCE(SUM(quantity), 0) AS held FROM holds WHERE sku = ? AND cart_id != ?', sku, cartId).one();
    return row.held;
  }

  /** Sets `cartId`'s hold on `sku` to `quantity` (0 releases it) if `stock` allows. */
  hold(cartId: string, sku: string, quantity: number, stock: number): HoldResult {
    if (quantity <= 0) {
      this.sql.exec('DELETE FROM holds WHERE cart_id = ? AND sku = ?', cartId, sku);
      return { ok: true };
    }
    const available = stock - this.heldByOthers(sku, cartId);
    if (quantity > available) return { ok: false, available: Math.max(0, available) };
    this.sql.exec('INSERT OR REPLACE INTO holds (cart_id, sku, quantity) VALUES (?, ?, ?)', cartId, sku, quantity);
    return { ok: true };
  }

  /** Lowers `cartId`'s hold on `sku` to `quantity` (a cart shrank); never raises or creates a hold. */
  lower(cartId: string, sku: string, quantity: number): void {
    if (quantity <= 0) this.sql.exec('DELETE FROM holds WHERE cart_id = ? AND sku = ?', cartId, sku);
    else this.sql.exec('UPDATE holds SET quantity = MIN(quantity, ?) WHERE cart_id = ? AND sku = ?', quantity, cartId, sku);
  }

  /** Releases everything a cart holds (it expired or was emptied). */
  releaseCart(cartId: string): void {
    this.sql.exec('DELETE FROM holds WHERE cart_id = ?', cartId);
  }

  /** Units still available per sku, given each sku's published stock. */
  available(stockBySku: Record<string, number>): Record<string, number> {
    const result: Record<string, number> = {};
    for (const [sku, stock] of Object.entries(stockBySku)) {
      const row = this.sql.exec<{ held: number }>('SELECT COALESCE(SUM(quantity), 0) AS held FROM holds WHERE sku = ?', sku).one();
      result[sku] = Math.max(0, stock - row.held);
    }
    return result;
  }
}
