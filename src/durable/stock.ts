/**
 * Stock for one website. A variant's stock level is its published `qtyInStock` (passed in with
 * each call, so a publish takes effect at once); this object counts what was sold since and what
 * checkouts reserve. Available = stock − sold − live reservations.
 *
 * Carts reserve nothing: a shopper reserves when they start paying (a checkout reservation that
 * lapses after a few minutes unless renewed; the alarm deletes lapsed ones), and the units are sold
 * exactly once when the order is paid. Every check-and-reserve is one synchronous SQLite step in
 * this single-threaded object, so two checkouts never both take the last unit.
 *
 * Sold units count against the published level they were sold from: when a publish changes a
 * variant's `qtyInStock` (the merchant counted the shelf again), that number is what is on hand and
 * the sold count starts again from 0.
 */
import { DurableObject } from 'cloudflare:workers';

export interface StockLine {
  sku: string;
  quantity: number;
  /** The published stock level; null: unlimited (nothing to count). */
  stock: number | null;
}

export type ReserveResult = { ok: true; expiresOn: number } | { ok: false; unavailable: { sku: string; available: number }[] };

export type CheckResult = { ok: true } | { ok: false; available: number };

export class StockLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Carts held stock for 30 days before issue 16; those holds are gone with the rule.
    this.sql.exec('DROP TABLE IF EXISTS holds');
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS reservations (owner TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL, expires_at INTEGER, PRIMARY KEY (owner, sku))',
    );
    this.sql.exec('CREATE INDEX IF NOT EXISTS reservations_by_sku ON reservations (sku)');
    this.sql.exec('CREATE INDEX IF NOT EXISTS reservations_by_expiry ON reservations (expires_at)');
    this.sql.exec('CREATE TABLE IF NOT EXISTS sold (sku TEXT PRIMARY KEY, stock INTEGER NOT NULL, quantity INTEGER NOT NULL)');
  }

  /** Units sold from the published level `stock` (a new level starts the count again). */
  private soldOf(sku: string, stock: number): number {
    const row = this.sql.exec<{ stock: number; quantity: number }>('SELECT stock, quantity FROM sold WHERE sku = ?', sku).toArray()[0];
    if (row === undefined) return 0;
    if (row.stock !== stock) {
      this.sql.exec('UPDATE sold SET stock = ?, quantity = 0 WHERE sku = ?', stock, sku);
      return 0;
    }
    return row.quantity;
  }

  /** Units of `sku` reserved and not lapsed at `now`, other than `owner`'s. */
  private reservedByOthers(sku: string, owner: string | null, now: number): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT COALESCE(SUM(quantity), 0) AS n FROM reservations WHERE sku = ? AND owner IS NOT ? AND (expires_at IS NULL OR expires_at > ?)',
        sku,
        owner,
        now,
      )
      .one().n;
  }

  private availableTo(owner: string | null, sku: string, stock: number, now: number): number {
    return Math.max(0, stock - this.soldOf(sku, stock) - this.reservedByOthers(sku, owner, now));
  }

  /** Units available now per sku, given each sku's published stock. */
  available(stockBySku: Record<string, number>, now = Date.now()): Record<string, number> {
    const result: Record<string, number> = {};
    for (const [sku, stock] of Object.entries(stockBySku)) result[sku] = this.availableTo(null, sku, stock, now);
    return result;
  }

  /** Whether a cart may ask for `quantity` of `sku` (its own checkout reservation counts as its own). Reserves nothing. */
  check(owner: string, sku: string, quantity: number, stock: number, now = Date.now()): CheckResult {
    const available = this.availableTo(owner, sku, stock, now);
    return quantity <= available ? { ok: true } : { ok: false, available };
  }

  /**
   * Reserves exactly `lines` for `owner` until `now + ttlMs` (replacing what it held), if every sku
   * has enough; otherwise changes nothing and says what is short.
   */
  async reserve(owner: string, lines: StockLine[], ttlMs: number, now = Date.now()): Promise<ReserveResult> {
    const counted = lines.filter((line): line is StockLine & { stock: number } => line.stock !== null && line.quantity > 0);
    const unavailable = counted
      .map((line) => ({ line, available: this.availableTo(owner, line.sku, line.stock, now) }))
      .filter(({ line, available }) => line.quantity > available)
      .map(({ line, available }) => ({ sku: line.sku, available }));
    if (unavailable.length > 0) return { ok: false, unavailable };
    const expiresOn = now + ttlMs;
    this.sql.exec('DELETE FROM reservations WHERE owner = ?', owner);
    for (const line of counted) {
      this.sql.exec('INSERT INTO reservations (owner, sku, quantity, expires_at) VALUES (?, ?, ?, ?)', owner, line.sku, line.quantity, expiresOn);
      this.sql.exec('INSERT INTO sold (sku, stock, quantity) VALUES (?, ?, 0) ON CONFLICT (sku) DO NOTHING', line.sku, line.stock);
    }
    await this.scheduleExpiry();
    return { ok: true, expiresOn };
  }

  /**
   * Keeps `owner`'s reservation under a new owner until `expiresOn` (an order waiting for its payment: the end of its
   * authentication window). Nothing is held without an end; the alarm then releases the units.
   */
  async transfer(owner: string, newOwner: string, expiresOn: number): Promise<void> {
    this.sql.exec('UPDATE reservations SET owner = ?, expires_at = ? WHERE owner = ?', newOwner, expiresOn, owner);
    await this.scheduleExpiry();
  }

  /** Sells what `owner` reserved: each unit counted sold once, the reservation gone. */
  sell(owner: string): void {
    const rows = this.sql.exec<{ sku: string; quantity: number }>('DELETE FROM reservations WHERE owner = ? RETURNING sku, quantity', owner).toArray();
    for (const row of rows) this.sql.exec('UPDATE sold SET quantity = quantity + ? WHERE sku = ?', row.quantity, row.sku);
  }

  /** Sells `lines` without a reservation if they are all available (a subscription's next order). */
  sellNow(lines: StockLine[], now = Date.now()): CheckResult {
    for (const line of lines) {
      if (line.stock === null) continue;
      const available = this.availableTo(null, line.sku, line.stock, now);
      if (line.quantity > available) return { ok: false, available };
    }
    for (const line of lines) {
      if (line.stock === null) continue;
      this.sql.exec('INSERT INTO sold (sku, stock, quantity) VALUES (?, ?, ?) ON CONFLICT (sku) DO UPDATE SET quantity = quantity + excluded.quantity', line.sku, line.stock, line.quantity);
    }
    return { ok: true };
  }

  /** Releases `owner`'s reservation (an abandoned or failed payment, a cancelled pending order). */
  release(owner: string): void {
    this.sql.exec('DELETE FROM reservations WHERE owner = ?', owner);
  }

  /** Puts sold units back (a cancelled or refunded order that is restocked). */
  restock(lines: { sku: string; quantity: number }[]): void {
    for (const line of lines) this.sql.exec('UPDATE sold SET quantity = MAX(0, quantity - ?) WHERE sku = ?', line.quantity, line.sku);
  }

  /** Live reservations (tests and the merchant's view). */
  reservations(now = Date.now()): { owner: string; sku: string; quantity: number; expiresOn: number | null }[] {
    return this.sql
      .exec<{ owner: string; sku: string; quantity: number; expires_at: number | null }>(
        'SELECT owner, sku, quantity, expires_at FROM reservations WHERE expires_at IS NULL OR expires_at > ? ORDER BY owner, sku',
        now,
      )
      .toArray()
      .map((r) => ({ owner: r.owner, sku: r.sku, quantity: r.quantity, expiresOn: r.expires_at }));
  }

  private async scheduleExpiry(): Promise<void> {
    const next = this.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM reservations WHERE expires_at IS NOT NULL').one().at;
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** Deletes lapsed reservations (an abandoned checkout gives its stock back) and waits for the next. */
  override async alarm(): Promise<void> {
    this.sql.exec('DELETE FROM reservations WHERE expires_at IS NOT NULL AND expires_at <= ?', Date.now());
    await this.scheduleExpiry();
  }
}
