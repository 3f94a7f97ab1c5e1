/**
 * Stock for one website: the one truth of how many units of each counted sku are on hand, sold and
 * reserved. Available = on hand − live reservations. The storefront (product pages, the stock API,
 * carts, checkouts) and the console (product list, product form, bulk edits) all read and change
 * stock here.
 *
 * On hand is the ledger's once it knows a sku (its first reservation, sale or merchant change): a
 * published `qtyInStock` (passed in with each call) is only the starting value of a sku the ledger
 * has not seen yet. Publishing, importing or saving an item never changes a known sku's count; a
 * merchant changes it with `adjust`, by a delta ("add 10") or an explicit new count (the shelf was
 * counted again), and what was sold stays sold and what is reserved stays reserved. A sale takes its
 * units off on hand (and counts them sold); a restock puts them back.
 *
 * Carts reserve nothing: an order reserves its units when it is placed, for its payment window
 * (src/durable/orders.ts decides when and for how long), and they are sold exactly once when it is
 * paid. Every reservation has an end, after which it stops counting and the alarm deletes it.
 * Every check-and-reserve is one synchronous SQLite step in this single-threaded object, so two
 * orders never both take the last unit.
 *
 * Every change to a sku's on-hand count is kept in its history (sold, refunded, restocked, edited: by
 * whom, why, and the count after it), the newest HISTORY_PER_SKU per sku, for the console.
 *
 * When a sku's available count goes from 0 to more (a merchant's change, a restocked order, a
 * released or lapsed reservation), the ledger tells the website's restock sign-ups
 * (src/durable/restock.ts), which email the shoppers waiting for it.
 */
import { DurableObject } from 'cloudflare:workers';
import { MAX_STOCK } from '../site/editor/product-form';
import type { StockEvent, StockEventKind } from '../site/editor/stock-adjust';
import { type Done, type Refused, refused } from '../result';
import { migrate, type Migration } from './migrations';
import { restockSignups } from './stubs';

export interface StockLine {
  sku: string;
  quantity: number;
  /** The published stock level (the starting value of a sku the ledger has not seen); null: unlimited (nothing to count). */
  stock: number | null;
}

/** Whether any of `lines` is counted by the ledger (a line of an unlimited product is not): else there is nothing to reserve or sell. */
export function countsStock(lines: readonly StockLine[]): boolean {
  return lines.some((line) => line.stock !== null && line.quantity > 0);
}

/** A sku with fewer units than a line asks: how many it has. */
export interface StockShortage {
  sku: string;
  available: number;
}

/** Done: held until `expiresOn`. Refused `stock-short`: some sku is short (`unavailable` names each, with its units). */
export type ReserveResult = Done<{ expiresOn: number }> | (Refused<'stock-short'> & { unavailable: StockShortage[] });

/** Refused `stock-short`: a sku has fewer units than the line asks; `available` is how many it has. */
export type CheckResult = Done<null> | (Refused<'stock-short'> & { available: number });

/** A merchant's change to one sku's on-hand count: add `amount` (negative takes away), or set it to `amount`. */
export interface StockChange {
  sku: string;
  /** The published stock level, the starting value when the ledger does not know the sku yet. */
  stock: number;
  mode: 'add' | 'set';
  amount: number;
  /** Who made the change (the merchant's email) and why, for the sku's history. */
  who?: string;
  reason?: string;
}

/** Why sold units came back: a refunded order or a cancelled one. */
export interface RestockNote {
  kind: 'refunded' | 'restocked';
  ref: string;
}

/** How many changes each sku's history keeps (older ones are forgotten). */
export const HISTORY_PER_SKU = 100;

/** What the console shows of a sku: on hand, held by live reservations, available to shoppers, sold. */
export interface StockLevel {
  onHand: number;
  reserved: number;
  available: number;
  sold: number;
}

/**
 * How long a sale is remembered (sellOrder sells an order once): longer than anything can ask to sell
 * the same order again, a retry of its placement key (answered for 24 h from its placement, which is
 * before its sale) or the orders object's alarm finishing its follow-up (seconds).
 */
export const SALE_KEEP_MS = 48 * 60 * 60 * 1000;

const bounded = (n: number) => Math.min(MAX_STOCK, Math.max(0, Math.trunc(n)));

/**
 * The one statement every "available" reads: per sku of the JSON list bound third, its ledger on-hand count (null:
 * the ledger does not know it yet) and the units held by reservations live at the second binding, other than the
 * first binding's owner's (null: every owner's). `availableFrom` turns a row into units available.
 */
const COUNTS_SQL = `SELECT wanted.value AS sku, levels.on_hand AS on_hand,
    (SELECT COALESCE(SUM(quantity), 0) FROM reservations
      WHERE reservations.sku = wanted.value AND owner IS NOT ? AND (expires_at IS NULL OR expires_at > ?)) AS held
  FROM json_each(?) AS wanted LEFT JOIN levels ON levels.sku = wanted.value`;

interface Counts {
  sku: string;
  on_hand: number | null;
  held: number;
}

/** Units on hand of a sku: the ledger's count, or its published `stock` while the ledger does not know it. */
const onHandFrom = (counts: Counts | undefined, stock: number) => counts?.on_hand ?? bounded(stock);

/** Available = on hand − live reservations, never below 0. */
const availableFrom = (counts: Counts | undefined, stock: number) =>
  Math.max(0, onHandFrom(counts, stock) - (counts?.held ?? 0));

const STOCK_MIGRATIONS: readonly Migration[] = [
  // Carts held stock for 30 days before issue 16; those holds are gone with the rule.
  `DROP TABLE IF EXISTS holds;
  CREATE TABLE IF NOT EXISTS reservations (owner TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL, expires_at INTEGER, PRIMARY KEY (owner, sku));
  CREATE INDEX IF NOT EXISTS reservations_by_sku ON reservations (sku);
  CREATE INDEX IF NOT EXISTS reservations_by_expiry ON reservations (expires_at);
  CREATE TABLE IF NOT EXISTS levels (sku TEXT PRIMARY KEY, on_hand INTEGER NOT NULL, sold INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS sales (owner TEXT PRIMARY KEY, sold_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS history (id INTEGER PRIMARY KEY AUTOINCREMENT, sku TEXT NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL,
    change INTEGER NOT NULL, on_hand INTEGER NOT NULL, who TEXT, reason TEXT, ref TEXT);
  CREATE INDEX IF NOT EXISTS history_by_sku ON history (sku, id);
  CREATE INDEX IF NOT EXISTS sales_by_time ON sales (sold_at);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // Before issue 29 sold units counted against the published level they were sold from (`sold`), restarting when it changed.
  (sql) => {
    if (sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sold'").toArray().length === 0) return;
    sql.exec(
      'INSERT INTO levels (sku, on_hand, sold) SELECT sku, MAX(0, stock - quantity), quantity FROM sold WHERE true ON CONFLICT (sku) DO NOTHING',
    );
    sql.exec('DROP TABLE sold');
  },
];

export class StockLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { stock: STOCK_MIGRATIONS });
    // The website this ledger counts for (its name), kept for the alarm, which may run without it.
    if (ctx.id.name !== undefined)
      this.sql.exec("INSERT INTO meta (key, value) VALUES ('website', ?) ON CONFLICT (key) DO NOTHING", ctx.id.name);
  }

  private level(sku: string): { on_hand: number; sold: number } | undefined {
    return this.sql
      .exec<{ on_hand: number; sold: number }>('SELECT on_hand, sold FROM levels WHERE sku = ?', sku)
      .toArray()[0];
  }

  /** Units of `sku` on hand: the ledger's count, or the published `stock` while the ledger does not know the sku. */
  private onHandOf(sku: string, stock: number): number {
    return this.level(sku)?.on_hand ?? bounded(stock);
  }

  /** From now on the ledger counts `sku` itself, starting from its published `stock`. */
  private know(sku: string, stock: number): void {
    this.sql.exec(
      'INSERT INTO levels (sku, on_hand, sold) VALUES (?, ?, 0) ON CONFLICT (sku) DO NOTHING',
      sku,
      bounded(stock),
    );
  }

  /** Takes `quantity` of `sku` off on hand as sold, and keeps it in the history. */
  private sold(sku: string, quantity: number, ref: string | null, now: number): void {
    const before = this.level(sku)?.on_hand ?? 0;
    this.sql.exec(
      'UPDATE levels SET on_hand = MAX(0, on_hand - ?), sold = sold + ? WHERE sku = ?',
      quantity,
      quantity,
      sku,
    );
    this.remember(sku, before, { at: now, kind: 'sold', who: null, reason: null, ref });
  }

  /** Keeps a change of `sku` (its on-hand count was `before`) in its history, which keeps its newest HISTORY_PER_SKU. */
  private remember(sku: string, before: number, event: Omit<StockEvent, 'change' | 'onHand'>): void {
    const onHand = this.level(sku)?.on_hand ?? 0;
    this.sql.exec(
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
    this.sql.exec(
      'DELETE FROM history WHERE sku = ? AND id <= (SELECT id FROM history WHERE sku = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
      sku,
      sku,
      HISTORY_PER_SKU,
    );
  }

  /** COUNTS_SQL's rows for `skus`, by sku. */
  private counts(skus: readonly string[], owner: string | null, now: number): Map<string, Counts> {
    const rows = this.sql.exec<{ sku: string; on_hand: number | null; held: number }>(
      COUNTS_SQL,
      owner,
      now,
      JSON.stringify(skus),
    );
    return new Map(rows.toArray().map((row) => [row.sku, row]));
  }

  private availableTo(owner: string | null, sku: string, stock: number, now: number): number {
    return availableFrom(this.counts([sku], owner, now).get(sku), stock);
  }

  /**
   * Units available now per sku, given each sku's published stock (the starting value of skus not known yet): what
   * `availableTo(null, …)` gives each, in one statement for all of them (a product page asks for every variant's).
   */
  available(stockBySku: Record<string, number>, now = Date.now()): Record<string, number> {
    const skus = Object.keys(stockBySku);
    if (skus.length === 0) return {};
    const counts = this.counts(skus, null, now);
    return Object.fromEntries(skus.map((sku) => [sku, availableFrom(counts.get(sku), stockBySku[sku] as number)]));
  }

  /**
   * Reserves exactly `lines` for `owner` until `now + ttlMs` (replacing what it held), if every sku
   * has enough; otherwise changes nothing and says what is short. (The cap on one visitor's reserved
   * units is the orders object's: src/durable/orders.ts.)
   */
  async reserve(owner: string, lines: StockLine[], ttlMs: number, now = Date.now()): Promise<ReserveResult> {
    const counted = lines.filter(
      (line): line is StockLine & { stock: number } => line.stock !== null && line.quantity > 0,
    );
    const unavailable = counted
      .map((line) => ({ line, available: this.availableTo(owner, line.sku, line.stock, now) }))
      .filter(({ line, available }) => line.quantity > available)
      .map(({ line, available }) => ({ sku: line.sku, available }));
    if (unavailable.length > 0)
      return {
        ...refused(
          'stock-short',
          unavailable.map(({ sku, available }) => `Only ${available} of ${sku} left.`).join(' '),
        ),
        unavailable,
      };
    const expiresOn = now + ttlMs;
    this.sql.exec('DELETE FROM reservations WHERE owner = ?', owner);
    for (const line of counted) {
      this.sql.exec(
        'INSERT INTO reservations (owner, sku, quantity, expires_at) VALUES (?, ?, ?, ?)',
        owner,
        line.sku,
        line.quantity,
        expiresOn,
      );
      this.know(line.sku, line.stock);
    }
    await this.scheduleExpiry();
    return { ok: true, value: { expiresOn } };
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
  sell(owner: string, now = Date.now()): void {
    const rows = this.sql
      .exec<{ sku: string; quantity: number }>(
        'DELETE FROM reservations WHERE owner = ? RETURNING sku, quantity',
        owner,
      )
      .toArray();
    for (const row of rows) this.sold(row.sku, row.quantity, owner, now);
  }

  /**
   * Sells an order's `lines` once, whether or not its reservation `owner` is still there (an order
   * paid just as its reservation lapsed still counts its units): a repeated call (a retry, the
   * orders object's alarm finishing a placement cut off by a restart) sells nothing. Each sale is
   * remembered SALE_KEEP_MS, then forgotten by a later sale.
   */
  sellOrder(owner: string, lines: StockLine[], now = Date.now()): void {
    this.sql.exec('DELETE FROM sales WHERE sold_at <= ?', now - SALE_KEEP_MS);
    if (
      this.sql
        .exec(
          'INSERT INTO sales (owner, sold_at) VALUES (?, ?) ON CONFLICT (owner) DO NOTHING RETURNING owner',
          owner,
          now,
        )
        .toArray().length === 0
    )
      return;
    this.sql.exec('DELETE FROM reservations WHERE owner = ?', owner);
    for (const line of lines) {
      if (line.stock === null) continue;
      this.know(line.sku, line.stock);
      this.sold(line.sku, line.quantity, owner, now);
    }
  }

  /** Sells `lines` without a reservation if they are all available (a subscription's next order). */
  sellNow(lines: StockLine[], now = Date.now()): CheckResult {
    for (const line of lines) {
      if (line.stock === null) continue;
      const available = this.availableTo(null, line.sku, line.stock, now);
      if (line.quantity > available)
        return { ...refused('stock-short', `Only ${available} of ${line.sku} left.`), available };
    }
    for (const line of lines) {
      if (line.stock === null) continue;
      this.know(line.sku, line.stock);
      this.sold(line.sku, line.quantity, null, now);
    }
    return { ok: true, value: null };
  }

  /** Releases `owner`'s reservation (an abandoned or failed payment, a cancelled pending order). */
  async release(owner: string, now = Date.now()): Promise<void> {
    const skus = this.sql
      .exec<{ sku: string }>('SELECT sku FROM reservations WHERE owner = ?', owner)
      .toArray()
      .map((row) => [row.sku, 0] as const);
    await this.tellComebacks(skus, now, () => this.sql.exec('DELETE FROM reservations WHERE owner = ?', owner));
  }

  /** Puts sold units back (a cancelled or refunded order that is restocked: `note` says which, for the history). */
  async restock(
    lines: { sku: string; quantity: number }[],
    now = Date.now(),
    note: RestockNote | null = null,
  ): Promise<void> {
    await this.tellComebacks(
      lines.map((line) => [line.sku, 0] as const),
      now,
      () => {
        for (const line of lines) {
          const before = this.level(line.sku)?.on_hand;
          if (before === undefined) continue;
          this.sql.exec(
            'UPDATE levels SET on_hand = MIN(?, on_hand + ?), sold = MAX(0, sold - ?) WHERE sku = ?',
            MAX_STOCK,
            line.quantity,
            line.quantity,
            line.sku,
          );
          this.remember(line.sku, before, {
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

  /**
   * A merchant's stock changes, all applied in one step: each sku's on-hand count moves by the delta or
   * becomes the new count (kept within 0 and MAX_STOCK); sold units and reservations are untouched.
   */
  async adjust(changes: StockChange[], now = Date.now()): Promise<Record<string, StockLevel>> {
    const stockBySku = Object.fromEntries(changes.map((change) => [change.sku, change.stock]));
    await this.tellComebacks(Object.entries(stockBySku), now, () =>
      this.ctx.storage.transactionSync(() => {
        for (const change of changes) {
          this.know(change.sku, change.stock);
          const before = this.onHandOf(change.sku, change.stock);
          const onHand = change.mode === 'set' ? change.amount : before + change.amount;
          this.sql.exec('UPDATE levels SET on_hand = ? WHERE sku = ?', bounded(onHand), change.sku);
          if (bounded(onHand) !== before)
            this.remember(change.sku, before, {
              at: now,
              kind: 'edited',
              who: change.who ?? null,
              reason: change.reason ?? null,
              ref: null,
            });
        }
      }),
    );
    return this.levels(stockBySku, now);
  }

  /**
   * Makes `change` (synchronous), then tells the restock sign-ups which of `skus` (each with its
   * published stock) came back: none available before, some after. A failure to tell them is logged,
   * never the change's (the merchant can still send the emails from the console).
   */
  private async tellComebacks(
    skus: Iterable<readonly [string, number]>,
    now: number,
    change: () => void,
  ): Promise<void> {
    const before = new Map(
      [...skus].map(([sku, stock]) => [sku, { stock, available: this.availableTo(null, sku, stock, now) }]),
    );
    change();
    await this.tell(
      [...before]
        .filter(([sku, { stock, available }]) => available === 0 && this.availableTo(null, sku, stock, now) > 0)
        .map(([sku]) => sku),
    );
  }

  private async tell(backInStock: string[]): Promise<void> {
    const websiteId = this.sql
      .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'website'")
      .toArray()[0]?.value;
    if (backInStock.length === 0 || websiteId === undefined) return;
    try {
      await restockSignups(this.env, websiteId).backInStock(backInStock);
    } catch (error) {
      console.error('the back-in-stock emails were not queued', backInStock, error);
    }
  }

  /** What the console shows of each sku, given each sku's published stock (the starting value of skus not known yet). */
  levels(stockBySku: Record<string, number>, now = Date.now()): Record<string, StockLevel> {
    const counts = this.counts(Object.keys(stockBySku), null, now);
    const result: Record<string, StockLevel> = {};
    for (const [sku, stock] of Object.entries(stockBySku)) {
      const row = counts.get(sku);
      result[sku] = {
        onHand: onHandFrom(row, stock),
        reserved: row?.held ?? 0,
        available: availableFrom(row, stock),
        sold: this.level(sku)?.sold ?? 0,
      };
    }
    return result;
  }

  /** The newest changes of `sku`'s on-hand count first (at most HISTORY_PER_SKU). */
  history(sku: string, limit = HISTORY_PER_SKU): StockEvent[] {
    return this.sql
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

  /** The on-hand count of every sku the ledger knows (the console's product list filters and sorts by these). */
  onHandCounts(): Record<string, number> {
    const rows = this.sql.exec<{ sku: string; on_hand: number }>('SELECT sku, on_hand FROM levels').toArray();
    return Object.fromEntries(rows.map((row) => [row.sku, row.on_hand]));
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
    const next = this.sql
      .exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM reservations WHERE expires_at IS NOT NULL')
      .one().at;
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** Deletes lapsed reservations (an abandoned checkout gives its stock back) and waits for the next. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const freed = new Map<string, number>();
    const lapsed = this.sql.exec<{ sku: string; quantity: number }>(
      'DELETE FROM reservations WHERE expires_at IS NOT NULL AND expires_at <= ? RETURNING sku, quantity',
      now,
    );
    for (const row of lapsed) freed.set(row.sku, (freed.get(row.sku) ?? 0) + row.quantity);
    await this.scheduleExpiry();
    // A lapsed reservation stopped counting when it lapsed: the sku came back then if nothing was available with its units held.
    const known = [...freed].filter(([sku]) => this.level(sku) !== undefined);
    await this.tell(
      known
        .filter(
          ([sku, units]) => this.availableTo(null, sku, 0, now) - units <= 0 && this.availableTo(null, sku, 0, now) > 0,
        )
        .map(([sku]) => sku),
    );
  }
}
