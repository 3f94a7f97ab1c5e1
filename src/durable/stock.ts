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
 *
 * The class is the object's list of RPC methods; each delegates to the module of its concern in stock/
 * (counts, history, reservations, sales, the console's levels, telling the restock sign-ups), plain functions
 * over `StockContext`.
 */
import { DurableObject } from 'cloudflare:workers';
import type { StockEvent } from '../site/editor/stock-adjust';
import { migrate } from './migrations';
import type { StockContext } from './stock/context';
import { available } from './stock/counts';
import { history } from './stock/history';
import { adjust, levels, onHandCounts } from './stock/levels';
import {
  HISTORY_PER_SKU,
  type CheckResult,
  type Holder,
  type HoldResult,
  type ReserveResult,
  type RestockNote,
  type StockChange,
  type StockLevel,
  type StockLine,
} from './stock/model';
import { hold, release, reservations, reserve, runAlarm, sell, transfer } from './stock/reservations';
import { STOCK_MIGRATIONS } from './stock/schema';
import { restock, sellNow, sellOrder } from './stock/sales';

export {
  type CheckResult,
  countsStock,
  HISTORY_PER_SKU,
  type Holder,
  type HoldResult,
  type ReserveResult,
  type RestockNote,
  SALE_KEEP_MS,
  type StockChange,
  type StockLevel,
  type StockLine,
  type StockShortage,
} from './stock/model';

export class StockLedger extends DurableObject<Env> {
  /** What the modules of stock/ work on: this object's storage and bindings. */
  private readonly self: StockContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.self = { sql: ctx.storage.sql, ctx, env };
    migrate(ctx.storage, { stock: STOCK_MIGRATIONS });
    // The website this ledger counts for (its name), kept for the alarm, which may run without it.
    if (ctx.id.name !== undefined)
      this.self.sql.exec(
        "INSERT INTO meta (key, value) VALUES ('website', ?) ON CONFLICT (key) DO NOTHING",
        ctx.id.name,
      );
  }

  /** Units available now per sku, given each sku's published stock (stock/counts.ts). */
  available(stockBySku: Record<string, number>, now = Date.now()): Record<string, number> {
    return available(this.self, stockBySku, now);
  }

  /** Reserves exactly `lines` for `owner` until `now + ttlMs`, or says what is short (stock/reservations.ts). */
  reserve(owner: string, lines: StockLine[], ttlMs: number, now = Date.now()): Promise<ReserveResult> {
    return reserve(this.self, owner, lines, ttlMs, now);
  }

  /** `reserve`, counted against `holder.visitor` and refused beyond `holder.most` units held (stock/reservations.ts). */
  hold(owner: string, lines: StockLine[], ttlMs: number, holder: Holder, now = Date.now()): Promise<HoldResult> {
    return hold(this.self, owner, lines, ttlMs, holder, now);
  }

  /** Keeps `owner`'s reservation under a new owner until `expiresOn`. */
  transfer(owner: string, newOwner: string, expiresOn: number): Promise<void> {
    return transfer(this.self, owner, newOwner, expiresOn);
  }

  /** Sells what `owner` reserved. */
  sell(owner: string, now = Date.now()): void {
    sell(this.self, owner, now);
  }

  /** Sells an order's `lines` once, whether or not its reservation is still there (stock/sales.ts). */
  sellOrder(owner: string, lines: StockLine[], now = Date.now()): void {
    sellOrder(this.self, owner, lines, now);
  }

  /** Sells `lines` without a reservation if they are all available (a subscription's next order). */
  sellNow(lines: StockLine[], now = Date.now()): CheckResult {
    return sellNow(this.self, lines, now);
  }

  /** Releases `owner`'s reservation (an abandoned or failed payment, a cancelled pending order). */
  release(owner: string, now = Date.now()): Promise<void> {
    return release(this.self, owner, now);
  }

  /** Puts sold units back (a cancelled or refunded order that is restocked: `note` says which, for the history). */
  restock(
    lines: { sku: string; quantity: number }[],
    now = Date.now(),
    note: RestockNote | null = null,
  ): Promise<void> {
    return restock(this.self, lines, now, note);
  }

  /** A merchant's stock changes, all applied in one step (stock/levels.ts). */
  adjust(changes: StockChange[], now = Date.now()): Promise<Record<string, StockLevel>> {
    return adjust(this.self, changes, now);
  }

  /** What the console shows of each sku, given each sku's published stock. */
  levels(stockBySku: Record<string, number>, now = Date.now()): Record<string, StockLevel> {
    return levels(this.self, stockBySku, now);
  }

  /** The newest changes of `sku`'s on-hand count first (at most HISTORY_PER_SKU). */
  history(sku: string, limit = HISTORY_PER_SKU): StockEvent[] {
    return history(this.self, sku, limit);
  }

  /** The on-hand count of every sku the ledger knows. */
  onHandCounts(): Record<string, number> {
    return onHandCounts(this.self);
  }

  /** Live reservations (tests and the merchant's view). */
  reservations(now = Date.now()): { owner: string; sku: string; quantity: number; expiresOn: number | null }[] {
    return reservations(this.self, now);
  }

  /** Deletes lapsed reservations (an abandoned checkout gives its stock back) and waits for the next. */
  override alarm(): Promise<void> {
    return runAlarm(this.self);
  }
}
