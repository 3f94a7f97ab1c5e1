/**
 * Partial and per-line refunds (docs/merchant.md, "Refunds"), written once for the commerce object,
 * which checks every refund, and the console, which proposes one: what each line and the payment
 * still have to give back, what chosen lines are worth, and whether a refund fits what is left.
 * An order paid partly by gift card is refunded as Shopify does, to the original payment methods
 * card first: the card gets back up to what it paid, the gift card the rest, up to what it paid.
 */
import { refused, type Result } from '../result';
import { formatMoney } from './money';
import type { Order, OrderRefund, RefundedLine } from './order';

/** What the merchant asks: chosen lines (each with its restock choice) and/or an amount; neither is a full refund. */
export interface RefundRequest {
  lines?: { line: number; quantity: number; restock: boolean }[];
  amountCents?: number;
  /** A full refund's restock choice, for every line not refunded yet. */
  restock?: boolean;
}

/** A refund that fits the order: the amounts back to the card and the gift card, and its lines (titles and skus taken from the order). */
export interface RefundPlan {
  amountCents: number;
  giftCardCents: number;
  lines: RefundedLine[];
  /** Nothing is left to refund after it: the order becomes refunded. */
  closes: boolean;
}

export const REFUND_MESSAGES = {
  nothingChosen: 'Choose items or an amount to refund.',
  unknownLine: 'That item is not in this order.',
  lineTwice: 'Each item can be chosen once per refund.',
  tooMany: (title: string, left: number) => `${title}: only ${left} left to refund.`,
  tooMuch: (left: number, currency: string) => `Only ${formatMoney(left, currency)} is left to refund.`,
} as const;

export function refundsOf(order: Pick<Order, 'refunds'>): OrderRefund[] {
  return order.refunds ?? [];
}

/** Money the order's refunds gave back to the card. */
export function refundedCents(order: Pick<Order, 'refunds'>): number {
  return refundsOf(order).reduce((sum, refund) => sum + refund.amountCents, 0);
}

/** Money the order's refunds put back on the gift card that paid part of it. */
export function giftCardRefundedCents(order: Pick<Order, 'refunds'>): number {
  return refundsOf(order).reduce((sum, refund) => sum + refund.giftCardCents, 0);
}

/** Money still refundable to the card: what it was charged less what went back. */
export function cardRefundableCents(order: Pick<Order, 'refunds' | 'amountChargedCents'>): number {
  return Math.max(0, order.amountChargedCents - refundedCents(order));
}

/** Money still refundable to the gift card: what it paid less what went back. */
export function giftCardRefundableCents(order: Pick<Order, 'refunds' | 'giftCardCents'>): number {
  return Math.max(0, order.giftCardCents - giftCardRefundedCents(order));
}

/** Money still refundable to the shopper, card and gift card together. */
export function refundableCents(order: Pick<Order, 'refunds' | 'amountChargedCents' | 'giftCardCents'>): number {
  return cardRefundableCents(order) + giftCardRefundableCents(order);
}

/** How `amountCents` (at most what is left) is given back: to the card first, the rest to the gift card. */
export function splitRefund(
  order: Pick<Order, 'refunds' | 'amountChargedCents' | 'giftCardCents'>,
  amountCents: number,
): { cardCents: number; giftCardCents: number } {
  const cardCents = Math.min(amountCents, cardRefundableCents(order));
  return { cardCents, giftCardCents: Math.min(amountCents - cardCents, giftCardRefundableCents(order)) };
}

/** Units of line `line` not refunded yet. */
export function unitsLeft(order: Pick<Order, 'refunds' | 'entries'>, line: number): number {
  const refunded = refundsOf(order)
    .flatMap((refund) => refund.lines)
    .filter((l) => l.line === line)
    .reduce((sum, l) => sum + l.quantity, 0);
  return Math.max(0, (order.entries[line]?.quantity ?? 0) - refunded);
}

/** 'partial' once a refund gave something back and the order is not refunded in full. */
export function refundState(order: Pick<Order, 'refunds' | 'status'>): 'none' | 'partial' | 'full' {
  if (order.status === 'refunded') return 'full';
  return refundsOf(order).length > 0 ? 'partial' : 'none';
}

/**
 * What `quantity` units of line `line` cost the shopper: the line's share of the goods' total after
 * the discount, with the tax added on them (shipping is not included: it is refunded as an amount).
 */
export function lineRefundCents(
  order: Pick<Order, 'entries' | 'subtotalCents' | 'discountCents' | 'taxCents' | 'taxIncluded'>,
  line: number,
  quantity: number,
): number {
  const entry = order.entries[line];
  if (entry === undefined || entry.quantity === 0 || order.subtotalCents === 0) return 0;
  const goods = order.subtotalCents - order.discountCents + (order.taxIncluded ? 0 : order.taxCents);
  return Math.round((goods * entry.subtotalCents * quantity) / (order.subtotalCents * entry.quantity));
}

/**
 * The amount proposed for chosen lines: their worth, never more than is left to refund; every unit
 * left chosen proposes all that is left (shipping included), as a full refund does.
 */
export function suggestedRefundCents(order: Order, lines: { line: number; quantity: number }[]): number {
  const everyUnit = order.entries.every(
    (_, line) =>
      unitsLeft(order, line) === lines.filter((l) => l.line === line).reduce((sum, l) => sum + l.quantity, 0),
  );
  if (everyUnit) return refundableCents(order);
  const worth = lines.reduce((sum, l) => sum + lineRefundCents(order, l.line, l.quantity), 0);
  return Math.min(worth, refundableCents(order));
}

/** Checks a refund against what is left; refused with a message for the merchant when it does not fit. */
export function planRefund(order: Order, request: RefundRequest): Result<RefundPlan, 'refund-exceeds'> {
  const left = refundableCents(order);
  const full = request.lines === undefined && request.amountCents === undefined;
  const asked = full
    ? order.entries.map((_, line) => ({ line, quantity: unitsLeft(order, line), restock: request.restock ?? false }))
    : (request.lines ?? []);
  const lines: RefundedLine[] = [];
  for (const { line, quantity, restock } of asked) {
    const entry = order.entries[line];
    if (entry === undefined) return refused('refund-exceeds', REFUND_MESSAGES.unknownLine);
    if (lines.some((l) => l.line === line)) return refused('refund-exceeds', REFUND_MESSAGES.lineTwice);
    const unitsLeftOfLine = unitsLeft(order, line);
    if (quantity > unitsLeftOfLine)
      return refused('refund-exceeds', REFUND_MESSAGES.tooMany(entry.title, unitsLeftOfLine));
    if (quantity > 0) lines.push({ line, quantity, restock, sku: entry.sku, title: entry.title });
  }
  const amountCents = full ? left : (request.amountCents ?? suggestedRefundCents(order, lines));
  if (amountCents > left) return refused('refund-exceeds', REFUND_MESSAGES.tooMuch(left, order.currencyCode));
  if (!full && amountCents === 0 && lines.length === 0) return refused('refund-exceeds', REFUND_MESSAGES.nothingChosen);
  const everyUnit = order.entries.every(
    (_, line) => unitsLeft(order, line) === (lines.find((l) => l.line === line)?.quantity ?? 0),
  );
  // A paid order is refunded once its money is all back; an order that cost nothing, once every unit is.
  const closes = full || (order.amountChargedCents + order.giftCardCents > 0 ? amountCents === left : everyUnit);
  const { cardCents, giftCardCents } = splitRefund(order, amountCents);
  return { ok: true, value: { amountCents: cardCents, giftCardCents, lines, closes } };
}
