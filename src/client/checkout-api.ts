/**
 * The checkout and order calls from the browser (docs/contracts.md, Checkout): start or renew the
 * checkout, change it, place the order, read an order back with its capability token. Failures
 * become `CheckoutError`s carrying the status, the shopper's message and any per-field messages.
 */
import type { ShippingAddress } from '../commerce/address';
import { CART_MESSAGES, type CartEntry } from '../commerce/cart';
import { apiCall, failureText } from './api';
import { cookiesEnabled } from './dom';

export type CheckoutAddress = ShippingAddress;

export interface ShippingOption {
  id: string;
  name: string;
  costCents: number;
  free: boolean;
}

export interface SubscriptionTerms {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

export interface Checkout {
  cartId: string;
  currencyCode: string;
  /** Until when the stock is held for this checkout (epoch ms); every POST and PUT renews it. */
  reservationExpiresOn: number;
  email: string | null;
  shippingAddress: CheckoutAddress | null;
  requiresShipping: boolean;
  shippingOptions: ShippingOption[];
  selectedShippingOption: string | null;
  discountCode: string | null;
  invalidCoupons: { code: string; reason: string }[];
  giftCard: { code: string; balanceCents: number; appliedCents: number } | null;
  entries: CartEntry[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxIncluded: boolean;
  taxCents: number;
  grandTotalCents: number;
  giftCardCents: number;
  /** What is left for the card after the gift card. */
  amountDueCents: number;
  /** The store's minimum order subtotal; 0 when there is none. */
  minimumSubtotalCents: number;
  subscription: SubscriptionTerms | null;
}

export interface CheckoutChanges {
  cartToken?: string;
  email?: string;
  shippingAddress?: CheckoutAddress;
  shippingOptionId?: string;
  discountCode?: string | null;
  giftCardCode?: string | null;
}

export interface OrderEntry {
  itemId: string;
  sku: string;
  attributes: Record<string, string>;
  title: string;
  quantity: number;
  unitPriceCents: number;
  subtotalCents: number;
  additionalFields: string | null;
}

export interface Order {
  id: string;
  orderNumber: number;
  status: 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded';
  createdOn: number;
  paidOn: number | null;
  email: string;
  shippingAddress: CheckoutAddress | null;
  shippingOption: { id: string; name: string; costCents: number } | null;
  entries: OrderEntry[];
  currencyCode: string;
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  taxIncluded: boolean;
  grandTotalCents: number;
  giftCardCents: number;
  amountChargedCents: number;
  payment: { provider: string; status: 'succeeded' | 'pending' | 'requires_action'; nextActionUrl: string | null };
  subscription: (SubscriptionTerms & { cycle: number; nextBillingOn: number | null }) | null;
  /** Where the buyer reads this order: `/commerce/orders/{id}?token=…`. */
  confirmationUrl: string;
}

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

interface ErrorBody {
  error?: string;
  crumbFail?: boolean;
  errors?: Record<string, string>;
}

async function call<T>(method: string, path: string, body: unknown, fallback: string, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await apiCall(method, path, body, headers);
  } catch {
    throw new CheckoutError(fallback, 0);
  }
  const json = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return json as T;
  const error = json as ErrorBody | null;
  if (res.status === 403 && error?.crumbFail === true) {
    throw new CheckoutError(cookiesEnabled() ? CART_MESSAGES.sessionExpired : CART_MESSAGES.enableCookies, 403);
  }
  throw new CheckoutError(failureText(res.status, error, fallback), res.status, error?.errors ?? {});
}

const CHECKOUT = '/api/commerce/checkout';

export const CHECKOUT_FAILURES = {
  load: 'Unable to load your order. Please reload the page.',
  update: 'Unable to update your order. Please try again.',
  place: 'Unable to place your order. Nothing was charged. Please try again.',
  order: 'Unable to load this order.',
} as const;

/** Starts the checkout for the visitor's cart (or the subscription cart of `cartToken`), or renews its reservation. */
const withCartToken = (cartToken: string | null) => (cartToken === null ? {} : { cartToken });

export function startCheckout(cartToken: string | null) {
  return call<{ checkout: Checkout }>('POST', CHECKOUT, withCartToken(cartToken), CHECKOUT_FAILURES.load);
}

export function updateCheckout(cartToken: string | null, changes: CheckoutChanges) {
  return call<{ checkout: Checkout }>('PUT', CHECKOUT, { ...withCartToken(cartToken), ...changes }, CHECKOUT_FAILURES.update);
}

export function placeOrder(cartToken: string | null, payment: { provider: string; token: string }, idempotencyKey: string) {
  return call<{ order: Order }>('POST', '/api/commerce/orders', { ...withCartToken(cartToken), payment }, CHECKOUT_FAILURES.place, { 'Idempotency-Key': idempotencyKey });
}

export function loadOrder(id: string, token: string) {
  return call<{ order: Order }>('GET', `/api/commerce/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, undefined, CHECKOUT_FAILURES.order);
}
