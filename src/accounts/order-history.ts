/** An order as the shopper's account lists it: what they bought, when, its status and total, and where to follow the parcel. */
import type { OrderDownload } from '../commerce/downloads';
import type { Order, OrderStatus } from '../commerce/order';
import type { ProductTypeCode } from '../commerce/product';
import { trackingUrl } from '../commerce/tracking';

export interface AccountOrder {
  id: string;
  /** Null while its payment is pending (orders are numbered when paid). */
  orderNumber: number | null;
  createdOn: number;
  status: OrderStatus;
  grandTotalCents: number;
  currencyCode: string;
  entries: { title: string; quantity: number; attributes: Record<string, string>; productType: ProductTypeCode }[];
  tracking: { number: string; carrier: string | null; url: string | null } | null;
  /** Its digital lines' download links (src/commerce/downloads.ts). */
  downloads: OrderDownload[];
}

/** How each status reads in the order list. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Payment pending',
  paid: 'Paid',
  fulfilled: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function accountOrder(order: Order): AccountOrder {
  const f = order.fulfillment;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdOn: order.createdOn,
    status: order.status,
    grandTotalCents: order.grandTotalCents,
    currencyCode: order.currencyCode,
    entries: order.entries.map((e) => ({
      title: e.title,
      quantity: e.quantity,
      attributes: e.attributes,
      productType: e.productType,
    })),
    downloads: order.downloads ?? [],
    tracking:
      f === null
        ? null
        : { number: f.trackingNumber, carrier: f.carrier, url: trackingUrl(f.carrier, f.trackingNumber) },
  };
}
