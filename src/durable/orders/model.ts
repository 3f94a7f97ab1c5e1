/**
 * The commerce object's vocabulary: what its RPC methods take and answer, its limits and its messages.
 */
import type { ShippingAddress } from '../../commerce/address';
import type { PriceChange, ShoppingCart } from '../../commerce/cart';
import {
  CHECKOUT_MESSAGES,
  type CheckoutInputs,
  type CheckoutTotals,
  type ShownTotals,
} from '../../commerce/checkout-totals';
import type { EmailLocale } from '../../commerce/email-text';
import type { BuyerOrder } from '../../commerce/order';
import type { SubscriptionPlan } from '../../commerce/subscriptions';
import type { ChargeRequest, ChargeResult, PaymentSetup } from '../../integrations/payments';
import { randomHex } from '../../ids';
import { refused, type Refused } from '../../result';
import type { StockLine, StockShortage } from '../stock';
import { CLAIM_SETTLES_MS } from '../cart/model';

export const PAGE_SIZE = 50;
/** The most orders one search call reads (searchOrders): a bounded read per request whatever the store's size. */
export const SEARCH_SCAN = 5_000;
/** Placement answers are kept this long: past any client's retries and the provider's own key lifetime (Stripe: 24 h). */
export const PLACEMENT_KEEP_MS = 24 * 60 * 60 * 1000;
/** A checkout without an order is forgotten after this long untouched (it holds no stock: only the shopper's details). */
export const CHECKOUT_KEEP_MS = 6 * 60 * 60 * 1000;
/** At most this many checkouts per website (about 1.4 KB each): a new one makes room by forgetting the oldest without an order. */
export const MAX_CHECKOUTS = 5000;
/**
 * Units one visitor (their connecting address; in development their crumb) may have reserved at once across
 * the orders they are paying for: stock is reserved only at payment, for the payment window, and no more than this.
 */
export const MAX_RESERVED_UNITS_PER_VISITOR = 20;
/** A placement cut off by a restart whose shopper did not retry is finished by the alarm after this long. */
export const RESUME_AFTER_MS = 30_000;
/** What a recorded order still needs from other objects (stock, cart) is done by the alarm after this long if a restart cut it off. */
export const FOLLOW_UP_AFTER_MS = 5_000;
/** A charge with an unknown outcome is asked again after 30 s, doubling up to an hour... */
export const UNKNOWN_FIRST_RETRY_MS = 30_000;
export const UNKNOWN_MAX_RETRY_MS = 60 * 60 * 1000;
/** ...until Stripe forgets the idempotency key (24 h): after that only its webhook or the merchant settles the order. */
export const UNKNOWN_GIVE_UP_MS = 23 * 60 * 60 * 1000;
/** What the client is told to wait before retrying a placement whose payment outcome is unknown. */
export const UNKNOWN_RETRY_AFTER_S = 5;
/** A subscription renewal whose charge had an unknown outcome is asked again this much later. */
export const RENEWAL_UNKNOWN_RETRY_MS = 5 * 60 * 1000;

export interface Checkout extends CheckoutTotals {
  cartId: string;
  currencyCode: string;
  /** Until then the checkout (the shopper's details; it holds no stock) is kept (CHECKOUT_KEEP_MS after its last call); the name is the contract's. */
  reservationExpiresOn: number;
  email: string | null;
  shippingAddress: ShippingAddress | null;
  discountCode: string | null;
  giftCard: { code: string; balanceCents: number; appliedCents: number } | null;
  giftRecipientEmail: string | null;
  entries: ShoppingCart['entries'];
  minimumSubtotalCents: number;
  /** The store offers address search on its checkout form. */
  addressSearch: boolean;
  subscription: SubscriptionPlan | null;
  /** Entries whose price moved since they were added: the cart now has the new price. */
  priceChanges: PriceChange[];
  problems: Record<string, string>;
}

/** What the route knows of the cart being bought. */
export interface CheckoutRequest {
  websiteId: string;
  cart: ShoppingCart;
  /** Per sku: the cart's quantity and the published stock level (null: unlimited). */
  lines: StockLine[];
  subscription: SubscriptionPlan | null;
  /** The entries the route just priced anew from the catalogue (the cart already has their new price). */
  priceChanges: PriceChange[];
}

export type CheckoutPatch = Partial<CheckoutInputs>;

/**
 * Why placing an order (or a checkout step: `form-incomplete`, `stock-short`) was refused; the route gives each code its
 * HTTP status. `form-incomplete` carries `errors` by field, `stock-short` the lines short (`unavailable`),
 * `totals-changed` the checkout as it is now, `declined` the provider's decline `code`.
 */
export type PlaceRefusal =
  | 'no-cart'
  | 'purchased'
  | 'in-progress'
  | 'form-incomplete'
  | 'below-minimum'
  | 'discount-ran-out'
  | 'gift-card-changed'
  | 'totals-changed'
  | 'too-many-held'
  | 'stock-short'
  | 'payment-unavailable'
  | 'declined';

/** What a refusal carries beside its message: the names are the answer's fields (docs/contracts.md). */
interface RefusalDetails {
  errors?: Record<string, string>;
  unavailable?: { sku: string; available: number }[];
  checkout?: Checkout;
  code?: string;
}

export type PlaceRefused<E extends PlaceRefusal = PlaceRefusal> = Refused<E> & RefusalDetails;

export function placeRefused<E extends PlaceRefusal>(
  error: E,
  message: string,
  details: RefusalDetails = {},
): PlaceRefused<E> {
  return { ...refused(error, message), ...details };
}

/** A placement or checkout refused because the stock ledger has too few of `unavailable`: its message and the lines. */
export function refusedStockShort(unavailable: StockShortage[]): PlaceRefused<'stock-short'> {
  return placeRefused('stock-short', CHECKOUT_MESSAGES.reservationLost, { unavailable });
}

/** The payment provider declined the charge: its message and code (`card_declined`, …). */
export function placeDeclined(decline: { message: string; code: string }): PlaceRefused<'declined'> {
  return placeRefused('declined', decline.message, { code: decline.code });
}

type CheckoutRefusal = 'form-incomplete' | 'stock-short';

export type CheckoutOutcome = { ok: true; value: Checkout } | PlaceRefused<CheckoutRefusal>;

/** What starting or updating a checkout comes to (ORDERS.start): the outcome, with how the page takes the card once started. */
export type StartedCheckout = CheckoutOutcome & { payment?: PaymentSetup };

/** The stock ledger's owner of the units an order holds: reserved for its placement, sold when it is paid. */
export function unitsOf(orderId: string): string {
  return `order:${orderId}`;
}

/**
 * How long the units a route reserves for a new placement are held before the orders object takes them (issue 34): as
 * long as the cart's claim is trusted, so a route cut off in between holds them no longer than its claim.
 */
export const UNITS_HELD_MS = CLAIM_SETTLES_MS;
/**
 * A placement takes the route's hold only while at least this much of it is left; later (a route that stalled that
 * long, whose claim may have settled and given the units back) it reserves them again, as a claim's retry does.
 */
export const UNITS_HELD_LEFT_MS = UNITS_HELD_MS / 2;

/** A new order's id: a placement takes its own from the cart's claim (durable/cart.ts). */
export function newOrderId(): string {
  return `ord_${randomHex(12)}`;
}

/**
 * What became of a cart's claim for a placement (its key and order id): the order was placed (`ordered`, whatever its
 * payment's state), it is being placed (`placing`), it took none (`failed`: refused, declined, or its payment failed
 * later), or nothing is known of it (`unknown`: it never reached the orders object, or failed before its charge).
 */
export type ClaimFate = 'ordered' | 'placing' | 'failed' | 'unknown';

export interface PlaceRequest extends CheckoutRequest {
  /** The order's id, from the cart's claim: the cart is that order's from the claim on. */
  orderId: string;
  idempotencyKey: string;
  payment: { provider: string; token: string };
  /** Where the shopper returns after an extra authentication step. */
  returnUrl: string;
  /** Who places it, for the cap on reserved units (the route's visitorKey). */
  visitor: string;
  /** The SHA-256 of the placing browser's crumb: a retry whose cart cookie is gone (a paid answer deletes it) finds its answer by key and crumb. */
  requester: string;
  /** Whom the order's emails are written for (kept on the order; absent in placements journaled before). */
  emailLocale?: EmailLocale;
  /** By cart entry id: its product form's field titles by field id, kept with the order (absent in placements journaled before). */
  fieldTitles?: Record<string, Record<string, string>>;
  /**
   * When the units the route reserved for this placement under the order's name stop being held (`unitsOf`, for
   * UNITS_HELD_MS): the placement takes them instead of reserving. Absent: it reserves them itself (a claim's retry).
   */
  unitsHeldUntil?: number;
}

export const PLACE_MESSAGES = {
  tooManyHeld: `You have too many items waiting for payment. Finish paying for them, or try again once they are released (at most ${MAX_RESERVED_UNITS_PER_VISITOR} at a time).`,
} as const;

/** A placement journaled before its first await (the `placing` table): everything needed to finish it after a restart. */
export interface PlacingJob {
  orderId: string;
  request: PlaceRequest;
  inputs: CheckoutInputs;
  totals: CheckoutTotals;
  charge: ChargeRequest | null;
  /** `reserving`: the charge was never sent, so a refusal may forget the placement; `charging`: it may have been sent. */
  phase: 'reserving' | 'charging';
  createdAt: number;
}

/** A placed order; `paymentUnknown`: it is pending and the provider has not answered its charge (retry with the same key). */
export interface Placed {
  order: BuyerOrder;
  paymentUnknown: boolean;
}

/** What placing an order answers, and what its key answers again (kept in `placements`: the order, or the decline). */
export type PlaceOutcome = { ok: true; value: Placed } | PlaceRefused;

export interface StoredCheckout {
  inputs: CheckoutInputs;
  /** What the gift card paid when the shopper last saw the checkout. */
  giftCardShownCents: number;
  /** The totals the shopper last saw (absent in checkouts stored before they were kept: never seen). */
  shownTotals?: ShownTotals;
  /** Prices that moved since their entries were added, told to the shopper for as long as the checkout lasts. */
  priceChanges?: PriceChange[];
  /** When the checkout is forgotten unless used again. */
  expiresOn: number;
  /** What the cart held at the checkout's last call, for the merchant's abandoned checkouts (absent in older checkouts). */
  items?: { title: string; quantity: number; options: string }[];
  currencyCode?: string;
}

export interface OrderRow extends Record<string, SqlStorageValue> {
  id: string;
  number: number;
  status: string;
  data: string;
  token_hash: string;
}

export interface SubscriptionRow extends Record<string, SqlStorageValue> {
  id: string;
  order_id: string;
  token: string;
  cycle: number;
  next_at: number | null;
  data: string;
  /** Cancelled by the shopper then: never renewed again. */
  cancelled_at: number | null;
  /** Paused by the shopper then: not renewed until resumed (next_at is kept, or moved on at resume if it passed). */
  paused_at: number | null;
}

/** A charge that went through, still runs or has an unknown outcome; 'none' when a gift card paid everything. */
export type Accepted = Exclude<ChargeResult, { status: 'declined' }> | { status: 'none' };

/** What an order row keeps beside the order: never shown to the buyer or the merchant. */
export interface OrderPrivate {
  giftCardCode: string | null;
  giftRecipientEmail: string | null;
  paymentToken: string;
  lines: StockLine[];
  /** The charge as first sent: a retry sends exactly it again (the provider's idempotency needs the same parameters). */
  charge?: ChargeRequest | null;
  /**
   * A subscription's page with its buyer token (absolute), for the manage link its emails carry; its
   * renewals' emails are written later, when the token is no longer at hand. Other orders keep only the hash.
   */
  manageUrl?: string;
  /** The store's origin the order was placed at: its emails' links (downloads) are absolute. */
  storeOrigin?: string;
}

export interface UnsettledRow extends Record<string, SqlStorageValue> {
  order_id: string;
  cart_id: string;
  key: string;
  attempts: number;
  next_at: number | null;
  created_at: number;
}
