/**
 * The cart object's vocabulary: its expiry and claim times, the head a new cart is made with, why a change is refused,
 * a change's answer, and the stored meta row with a placement's claim (re-exported by durable/cart.ts).
 */
import type { JsonText } from '../../api/route';
import type { CartChanged } from '../../api/storefront-answers';
import type { ShoppingCart } from '../../commerce/cart';
import type { Refused, Result } from '../../result';

/** Carts nobody touches for 30 days are removed. */
export const CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an add's idempotency key is remembered: far longer than any client retries. */
export const ADD_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim the orders object knows nothing of is trusted this long: its placement may not have reached the object yet
 * (the route prices the cart in between). After it, the claim is a placement that never arrived, and the cart opens.
 */
export const CLAIM_SETTLES_MS = 60_000;

export interface CartHead {
  cartId: string;
  websiteId: string;
  currencyCode: string;
}

/** Why a cart change was refused. */
export type CartError =
  | 'not-enough-stock'
  | 'quantity-out-of-range'
  | 'per-order-limit'
  | 'cart-ordered'
  | 'too-many-entries'
  | 'entry-not-found';
export type CartFailure = Refused<CartError>;

/**
 * A change's answer as the cart API sends it (storefront spec §7, the contract's `CartEntryAdded`,
 * `CartEntryUpdated` and `CartChanged`), as JSON text: text crosses the RPC as one string, where the
 * cart as an object would be cloned out of the object, into the worker and then stringified there.
 */
export type CartAnswer<T extends CartChanged = CartChanged> = Result<JsonText<T>, CartError>;

export interface Meta {
  cartId: string;
  websiteId: string;
  currencyCode: string;
  created: number;
  /** The shopper started checking out: the cart's totals include shipping, tax and discounts. */
  checkoutStarted?: boolean;
  /** The order the cart became, once known here (a claim that became an order, or a cart bought before claims). */
  orderId?: string | null;
  /** A placement's hold on the cart: its Idempotency-Key and the order id it places under. */
  claim?: Claim | null;
  /** When the expiry alarm was last pushed back. */
  touchedAt?: number;
}

export interface Claim {
  key: string;
  orderId: string;
  at: number;
}

/**
 * The place step's read: the cart, and whose placement holds it: `new`ly this key's (by this call), already `this`
 * key's (a retry), `another` key's, or none (open, bought or empty).
 */
export interface ClaimedCart {
  cart: ShoppingCart | null;
  claimed: 'new' | 'this' | 'another' | null;
}
