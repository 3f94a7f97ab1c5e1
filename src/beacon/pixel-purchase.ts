/**
 * A placed order's `Purchase` for the social-ads pixel: what the order confirmed page reports and
 * what the worker sends in its place, read from the paid order itself (a browser could post any
 * value). A pending or cancelled order was no purchase.
 */
import type { Order } from '../commerce/order';
import type { PixelData } from './pixel-events';

export type PurchasedOrder = Pick<Order, 'id' | 'status' | 'entries' | 'grandTotalCents' | 'currencyCode'>;

/** The pixel allows at most 100 contents per event (src/beacon/pixel-schema.ts). */
const MAX_CONTENTS = 100;

export function wasPurchased(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'pending' && order.status !== 'cancelled';
}

/** The event's data, or null for an order that is no purchase (not paid, or nothing in it). */
export function purchaseData(order: PurchasedOrder): PixelData | null {
  const contents = order.entries
    .slice(0, MAX_CONTENTS)
    .map((entry) => ({ id: entry.itemId, quantity: entry.quantity }));
  if (!wasPurchased(order) || contents.length === 0) return null;
  return {
    content_ids: [...new Set(contents.map((content) => content.id))],
    content_type: 'product',
    contents,
    num_items: contents.reduce((sum, content) => sum + content.quantity, 0),
    value_cents: order.grandTotalCents,
    currency: order.currencyCode,
  };
}
