/**
 * The checkout and order calls from the browser (docs/contracts.md, Checkout): start the checkout
 * (it checks the stock and holds none), change it, place the order, read an order back with its capability token. Failures
 * become `CheckoutError`s carrying the status, the shopper's message and any per-field messages.
 */
import type { ShippingAddress } from '../commerce/address';
import { CART_MESSAGES, type CartEntry, type PriceChange } from '../commerce/cart';
import type { Order as StoredOrder } from '../commerce/order';
import type { SubscriptionPlan } from '../commerce/subscriptions';
import { apiCall, failureText } from './api';
import { cookiesEnabled } from './dom';

export type CheckoutAddress = ShippingAddress;

export interface ShippingOption {
  id: string;
  name: string;
  costCents: number;
  free: boolean;
}

export interface Checkout {
  cartId: string;
  currencyCode: string;
  /** When the checkout is forgotten if no order is placed (epoch ms); it holds no stock. */
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
  /** The store offers address search on the form. */
  addressSearch: boolean;
  subscription: SubscriptionPlan | null;
  /** Entries whose price moved since they were added (the totals have the new prices). */
  priceChanges: PriceChange[];
  /** What placing the order would refuse now, by field ('shippingOptionId': 'We do not ship to this address.'). */
  problems: Record<string, string>;
}

export interface CheckoutChanges {
  cartToken?: string;
  email?: string;
  shippingAddress?: CheckoutAddress;
  shippingOptionId?: string;
  discountCode?: string | null;
  giftCardCode?: string | null;
}

export type { OrderEntry } from '../commerce/order';

/** An order as the calls answer it: with where the buyer reads it (`/commerce/orders/{id}?token=…`). */
export type Order = StoredOrder & { confirmationUrl: string };

/** A line the stock cannot cover (a 409): its sku and how many are available now. */
export interface StockShortage {
  sku: string;
  available: number;
}

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Readonly<Record<string, string>> = {},
    /** The checkout as it is now, when a placement was refused because its totals changed. */
    readonly checkout: Checkout | null = null,
    /** The lines the stock cannot cover, when the checkout or the placement was refused for them (409). */
    readonly unavailable: readonly StockShortage[] = [],
  ) {
    super(message);
  }
}

interface ErrorBody {
  error?: string;
  crumbFail?: boolean;
  errors?: Record<string, string>;
  checkout?: Checkout;
  unavailable?: StockShortage[];
}

async function call<T>(
  method: string,
  path: string,
  body: unknown,
  fallback: string,
  headers: Record<string, string> = {},
): Promise<T> {
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
  throw new CheckoutError(
    failureText(res.status, error, fallback),
    res.status,
    error?.errors ?? {},
    error?.checkout ?? null,
    error?.unavailable ?? [],
  );
}

const CHECKOUT = '/api/commerce/checkout';

export const CHECKOUT_FAILURES = {
  load: 'Unable to load your order. Please reload the page.',
  update: 'Unable to update your order. Please try again.',
  place: 'Unable to place your order. Nothing was charged. Please try again.',
  order: 'Unable to load this order.',
} as const;

const withCartToken = (cartToken: string | null) => (cartToken === null ? {} : { cartToken });

/** How the page takes the card: the local test field, or Stripe Elements with the store's publishable key (null: not configured). */
export type PaymentSetup = { provider: 'local' } | { provider: 'stripe'; publishableKey: string | null };

/** Starts the checkout for the visitor's cart (or the subscription cart of `cartToken`); the stock is checked, nothing is held. */
export function startCheckout(cartToken: string | null) {
  return call<{ checkout: Checkout; payment: PaymentSetup }>(
    'POST',
    CHECKOUT,
    withCartToken(cartToken),
    CHECKOUT_FAILURES.load,
  );
}

export function updateCheckout(cartToken: string | null, changes: CheckoutChanges) {
  return call<{ checkout: Checkout }>(
    'PUT',
    CHECKOUT,
    { ...withCartToken(cartToken), ...changes },
    CHECKOUT_FAILURES.update,
  );
}

export function placeOrder(
  cartToken: string | null,
  payment: { provider: string; token: string },
  idempotencyKey: string,
) {
  return call<{ order: Order }>(
    'POST',
    '/api/commerce/orders',
    { ...withCartToken(cartToken), payment },
    CHECKOUT_FAILURES.place,
    { 'Idempotency-Key': idempotencyKey },
  );
}

export function loadOrder(id: string, token: string) {
  return call<{ order: Order }>(
    'GET',
    `/api/commerce/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
    undefined,
    CHECKOUT_FAILURES.order,
  );
}

export interface AddressSuggestion {
  placeId: string;
  description: string;
}

export type FoundAddress = Pick<CheckoutAddress, 'address1' | 'city' | 'region' | 'postalCode' | 'countryCode'>;

const ADDRESS_FAILURE = 'Address search is unavailable. Enter your address below.';

export function searchAddresses(query: string, sessionToken: string) {
  return call<{ predictions: AddressSuggestion[] }>(
    'POST',
    '/api/commerce/checkout/address/search',
    { query, sessionToken },
    ADDRESS_FAILURE,
  );
}

export function addressOf(placeId: string, sessionToken: string) {
  return call<{ address: FoundAddress }>(
    'POST',
    '/api/commerce/checkout/address/details',
    { placeId, sessionToken },
    ADDRESS_FAILURE,
  );
}
