/**
 * The checkout and order calls from the browser (docs/contracts.md, Checkout): start the checkout
 * (it checks the stock and holds none), change it, place the order, read an order back with its capability token. Failures
 * become `CheckoutError`s carrying the status, the shopper's message and any per-field messages.
 */
import type { Call } from '../api/route';
import { storefrontRoutes as api } from '../api/storefront';
import type { Checkout, CheckoutChanges, StockShortage } from '../api/storefront-answers';
import { CART_MESSAGES } from '../commerce/cart';
import { apiCall, failureText } from './api';
import { cookiesEnabled } from './dom';

export type {
  AddressSuggestion,
  Checkout,
  CheckoutAddress,
  CheckoutChanges,
  FoundAddress,
  Order,
  OrderEntry,
  ShippingOption,
  StockShortage,
} from '../api/storefront-answers';

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

async function call<T, B>(
  { method, path }: Call<T, B>,
  body: B,
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

export const CHECKOUT_FAILURES = {
  load: 'Unable to load your order. Please reload the page.',
  update: 'Unable to update your order. Please try again.',
  place: 'Unable to place your order. Nothing was charged. Please try again.',
  order: 'Unable to load this order.',
} as const;

const withCartToken = (cartToken: string | null) => (cartToken === null ? {} : { cartToken });

/** Starts the checkout for the visitor's cart (or the subscription cart of `cartToken`); the stock is checked, nothing is held. */
export function startCheckout(cartToken: string | null) {
  return call(api.startCheckout.at(), withCartToken(cartToken), CHECKOUT_FAILURES.load);
}

export function updateCheckout(cartToken: string | null, changes: CheckoutChanges) {
  return call(api.updateCheckout.at(), { ...withCartToken(cartToken), ...changes }, CHECKOUT_FAILURES.update);
}

/** `locale`: the page's language, which the order's emails are written in. */
export function placeOrder(
  cartToken: string | null,
  payment: { provider: 'local' | 'stripe'; token: string },
  idempotencyKey: string,
  locale: string,
) {
  return call(api.placeOrder.at(), { ...withCartToken(cartToken), payment, locale }, CHECKOUT_FAILURES.place, {
    'Idempotency-Key': idempotencyKey,
  });
}

export function loadOrder(id: string, token: string) {
  return call(api.order.at(id, { token }), undefined, CHECKOUT_FAILURES.order);
}

const ADDRESS_FAILURE = 'Address search is unavailable. Enter your address below.';

export function searchAddresses(query: string, sessionToken: string) {
  return call(api.addressSearch.at(), { query, sessionToken }, ADDRESS_FAILURE);
}

export function addressOf(placeId: string, sessionToken: string) {
  return call(api.addressDetails.at(), { placeId, sessionToken }, ADDRESS_FAILURE);
}
