/**
 * A merchant's change to one variant's stock, as the console offers it and the worker checks it:
 * "add or remove N" or "set on hand to N", with a reason (Shopify's adjustment reasons), and the
 * words a variant's stock history uses for each kind of change (src/durable/stock.ts keeps them).
 */
import { MAX_STOCK } from './product-form';

/** What moved a variant's on-hand count. */
export type StockEventKind = 'sold' | 'refunded' | 'restocked' | 'edited';

/** One change of a variant's on-hand count, as its history shows it. */
export interface StockEvent {
  at: number;
  kind: StockEventKind;
  /** Units added (positive) or taken off (negative). */
  change: number;
  onHand: number;
  who: string | null;
  reason: string | null;
  /** The order it belongs to ('order:{id}'), if any. */
  ref: string | null;
}

export const STOCK_REASONS = [
  'Received',
  'Correction',
  'Count',
  'Return restock',
  'Damaged',
  'Theft or loss',
  'Promotion or donation',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export interface StockAdjustment {
  sku: string;
  mode: 'add' | 'set';
  /** add: units to add (negative removes); set: the new on-hand count. */
  amount: number;
  reason: StockReason;
}

export const STOCK_EVENT_LABELS: Readonly<Record<StockEventKind, string>> = {
  sold: 'Sold',
  refunded: 'Refunded',
  restocked: 'Restocked',
  edited: 'Edited',
};

export const STOCK_MESSAGES = {
  amount: `Enter a whole number from -${MAX_STOCK.toLocaleString('en-US')} to ${MAX_STOCK.toLocaleString('en-US')}.`,
  onHand: 'Enter a whole number of items on hand.',
  unknownVariant: 'That variant does not count its stock.',
} as const;

/** The problem with an adjustment's amount, or null. */
export function adjustmentProblem(mode: 'add' | 'set', amount: number): string | null {
  if (!Number.isSafeInteger(amount)) return mode === 'set' ? STOCK_MESSAGES.onHand : STOCK_MESSAGES.amount;
  if (mode === 'set') return amount < 0 || amount > MAX_STOCK ? STOCK_MESSAGES.onHand : null;
  return Math.abs(amount) > MAX_STOCK ? STOCK_MESSAGES.amount : null;
}
