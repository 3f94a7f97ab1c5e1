/**
 * The cart calls from the browser, with the CSRF header, and failures turned into the message a
 * shopper should read (spec §8): the session or cookies message for a crumb failure, the 429
 * message, else the server's own message.
 */
import type { Call } from '../api/route';
import { storefrontRoutes as api } from '../api/storefront';
import { CART_MESSAGES, type CartEntry } from '../commerce/cart';
import { apiCall, failureText } from './api';
import { cookiesEnabled } from './dom';

export class CartError extends Error {}

interface ErrorBody {
  error?: string;
  crumbFail?: boolean;
}

function failureMessage(status: number, body: ErrorBody | null, fallback: string): string {
  if (status === 403 && body?.crumbFail === true) {
    return cookiesEnabled() ? CART_MESSAGES.sessionExpired : CART_MESSAGES.enableCookies;
  }
  return failureText(status, body, fallback);
}

async function call<T>(
  { method, path }: Call<T>,
  body: unknown,
  fallback: string,
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await apiCall(method, path, body, headers);
  } catch {
    throw new CartError(fallback);
  }
  const json = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new CartError(failureMessage(res.status, json as ErrorBody | null, fallback));
  return json as T;
}

export interface AddRequest {
  itemId: string;
  sku: string | null;
  quantity: number;
  additionalFields: string | null;
}

/**
 * Each add carries an Idempotency-Key of its own, so the page may send it again when its answer was lost (src/client/api.ts):
 * the store adds it once, to the same new cart when it was the visitor's first.
 */
export function addToCart(request: AddRequest, fallback: string) {
  return call(api.addToCart.at(), request, fallback, { 'Idempotency-Key': crypto.randomUUID() });
}

export function addSubscription({ quantity, ...rest }: AddRequest, fallback: string) {
  return call(api.subscriptionCart.at(), { ...rest, qty: quantity }, fallback);
}

export function loadCart(fallback: string, cartToken?: string) {
  return call(api.cart.at({ cartToken }), undefined, fallback);
}

export function updateQuantity(entryId: string, quantity: number, fallback: string) {
  return call(api.changeCartEntry.at(entryId), { quantity }, fallback);
}

export function removeEntry(entryId: string, fallback: string) {
  return call(api.removeCartEntry.at(entryId), undefined, fallback);
}

export function updateAdditionalFields(entry: CartEntry, additionalFields: string, fallback: string) {
  return call(
    api.cartEntryFields.at(entry.id),
    { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields },
    fallback,
  );
}
