/**
 * What the stock ledger's callers send and get back (re-exported by src/durable/stock.ts): the lines an
 * order or a renewal counts, a merchant's change, a sku's level, the answers that may refuse, and how long
 * the ledger keeps a sku's history and a sale.
 */
import type { Done, Refused } from '../../result';

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

/** Who a hold is counted against, and the most units they may have held at once (the orders object's cap). */
export interface Holder {
  visitor: string;
  most: number;
}

/** A reserve's answer, or refused `too-many-held`: the holder's units held, with these, would be more than their most. */
export type HoldResult = ReserveResult | Refused<'too-many-held'>;

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
