/** An order as the buyer, the merchant and the order pages see it (docs/contracts.md, `order`). */
import type { ShippingAddress } from './address';
import type { OrderDownload } from './downloads';
import type { EmailLocale } from './email-text';
import type { GiftCardSent } from './gift-cards';
import type { ProductTypeCode } from './product';
import type { SubscriptionPlan } from './subscriptions';
import type { AppliedTax } from './tax';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderEntry {
  itemId: string;
  sku: string;
  attributes: Record<string, string>;
  title: string;
  productType: ProductTypeCode;
  quantity: number;
  unitPriceCents: number;
  subtotalCents: number;
  additionalFields: string | null;
  /** The titles of the product form's fields by field id as the shopper was asked them (absent: no form, or placed before they were kept). */
  additionalFieldTitles?: Record<string, string>;
}

/** One line of a refund: the order line's index, how many of it, and whether those units went back on sale. */
export interface RefundedLine {
  line: number;
  quantity: number;
  restock: boolean;
  sku: string;
  title: string;
}

/** A refund of (part of) an order (src/commerce/refunds.ts): the money back to the card and the gift card, and the lines it covers. */
export interface OrderRefund {
  /** The Idempotency-Key it was made with: a replay with the same key refunds nothing more. */
  id: string;
  at: number;
  amountCents: number;
  /** Back onto the gift card that paid part of the order: what the refund gives past what is left of the card's charge. */
  giftCardCents: number;
  lines: RefundedLine[];
}

export interface Order {
  id: string;
  /**
   * Given when the order is paid, as Shopify does: an attempt whose payment never went through (a
   * failed or abandoned 3-D Secure step) uses up no number; until then it is named by its payment reference.
   */
  orderNumber: number | null;
  status: OrderStatus;
  createdOn: number;
  paidOn: number | null;
  fulfilledOn: number | null;
  cancelledOn: number | null;
  refundedOn: number | null;
  email: string;
  shippingAddress: ShippingAddress | null;
  shippingOption: { id: string; name: string; costCents: number } | null;
  entries: OrderEntry[];
  currencyCode: string;
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  taxIncluded: boolean;
  applicableTaxRules: AppliedTax[];
  grandTotalCents: number;
  giftCardCents: number;
  /** The gift card that paid `giftCardCents` (masked) and what was left on it after this order; absent or null when none paid. */
  giftCard?: { code: string; remainingCents: number } | null;
  /** The gift cards this order bought, once paid: who each was sent to (absent in orders stored before recipients were kept). */
  giftCardsSent?: GiftCardSent[];
  amountChargedCents: number;
  coupons: string[];
  /** `unknown`: the provider did not answer the charge; the order stays pending until a retry or its webhook settles it. */
  /** `clientSecret`: with Stripe, the browser completes an authentication step with Stripe.js. */
  payment: {
    provider: string;
    status: 'succeeded' | 'pending' | 'requires_action' | 'unknown' | 'none';
    nextActionUrl: string | null;
    clientSecret?: string;
  };
  fulfillment: { trackingNumber: string; carrier: string | null } | null;
  /** Its refunds, oldest first (absent in orders stored before partial refunds, and in orders never refunded). */
  refunds?: OrderRefund[];
  subscription: (SubscriptionPlan & { cycle: number; nextBillingOn: number | null }) | null;
  confirmationUrl?: string;
  /**
   * Whom its emails are written for: the language the shopper placed it in (the checkout page's, else their account's,
   * else the site's) and the store's time zone then (src/commerce/email-text.ts). Absent in orders placed before.
   */
  emailLocale?: EmailLocale;
  /** Its digital lines' download links: only in the buyer's views (order status page, account), once paid. */
  downloads?: OrderDownload[];
}

/** What names an attempt not paid (yet): the first characters of its id, which the buyer and the merchant both see. */
export function paymentReference(id: string): string {
  return id.replace(/^ord_/, '').slice(0, 8).toUpperCase();
}

/** An order as lists name it: `#1001` once paid, else its payment reference. */
export function orderLabel(order: Pick<Order, 'id' | 'orderNumber'>): string {
  return order.orderNumber === null ? `Checkout ${paymentReference(order.id)}` : `#${order.orderNumber}`;
}

/** An order as headings and email subjects name it: `Order #1001` once paid, else its payment reference. */
export function orderTitle(order: Pick<Order, 'id' | 'orderNumber'>): string {
  return order.orderNumber === null ? orderLabel(order) : `Order ${orderLabel(order)}`;
}

/** An order as its buyer is given it: with where they read it (`/commerce/orders/{id}?token=…`). */
export type BuyerOrder = Order & { confirmationUrl: string };

/** Where the buyer sees their order: the capability token is the only key. */
export function confirmationUrl(order: Pick<Order, 'id' | 'subscription'>, token: string): string {
  const kind = order.subscription === null ? 'orders' : 'subscriptions';
  return `/commerce/${kind}/${encodeURIComponent(order.id)}?token=${encodeURIComponent(token)}`;
}

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  notPaid: 'Only a paid order can be marked fulfilled.',
  notCancellable: 'Only a pending or paid order can be cancelled.',
  notRefundable: 'Only a paid or fulfilled order can be refunded.',
  refundFailed: 'The payment provider did not refund the order.',
  paymentUnavailable: 'The payment service is unavailable. Please try again.',
} as const;
