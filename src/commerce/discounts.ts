/**
 * Discount codes: a percentage or a fixed amount off the goods, or free shipping; with a minimum
 * subtotal, a start and an end, and a usage limit counted once per paid order. Codes compare
 * without case or surrounding blanks.
 */
import { formatMoney } from './money';

export interface Discount {
  code: string;
  kind: 'percentage' | 'fixed' | 'freeShipping';
  /** Whole percent off (percentage codes). */
  percent: number | null;
  /** Amount off (fixed codes). */
  amountCents: number | null;
  minimumSubtotalCents: number;
  startsOn: number | null;
  endsOn: number | null;
  /** Paid orders that may use it; null: unlimited. */
  usageLimit: number | null;
  /** Paid orders that used it. */
  uses: number;
  /** Issued for one newsletter sign-up (the welcome code). */
  singleUseFor: string | null;
}

export const DISCOUNT_MESSAGES = {
  unknown: 'That code is not valid.',
  expired: 'That code has expired.',
  notStarted: 'That code is not active yet.',
  usedUp: 'That code has been used up.',
  ranOut: 'A discount code in your order has just been used up. Please review your order.',
} as const;

export const DISCOUNT_CODE = /^[A-Z0-9_-]{3,32}$/;

export function normalCode(code: string): string {
  return code.trim().toUpperCase();
}

export function minimumNotMet(missingCents: number, currency: string): string {
  return `Add ${formatMoney(missingCents, currency)} more to use this code.`;
}

/**
 * Why `discount` cannot apply to an order whose discountable goods cost `subtotalCents` now (null: it
 * applies); gift cards are not goods (`discountableCents` in checkout-totals.ts). `taken` is how many
 * orders being paid right now already claimed it.
 */
export function discountProblem(
  discount: Discount | null,
  subtotalCents: number,
  now: number,
  taken: number,
  currency: string,
): string | null {
  if (discount === null) return DISCOUNT_MESSAGES.unknown;
  if (discount.startsOn !== null && now < discount.startsOn) return DISCOUNT_MESSAGES.notStarted;
  if (discount.endsOn !== null && now >= discount.endsOn) return DISCOUNT_MESSAGES.expired;
  if (discount.usageLimit !== null && discount.uses + taken >= discount.usageLimit) return DISCOUNT_MESSAGES.usedUp;
  if (subtotalCents < discount.minimumSubtotalCents)
    return minimumNotMet(discount.minimumSubtotalCents - subtotalCents, currency);
  return null;
}

/** The amount a valid discount takes off goods worth `subtotalCents` (never more than they cost). */
export function discountAmount(discount: Discount, subtotalCents: number): number {
  if (discount.kind === 'percentage')
    return Math.min(subtotalCents, Math.floor((subtotalCents * (discount.percent ?? 0) + 50) / 100));
  if (discount.kind === 'fixed') return Math.min(subtotalCents, discount.amountCents ?? 0);
  return 0;
}
