/**
 * What the store's calls answer (docs/contracts.md, Checkout): the checkout, an order with its
 * confirmation address, how the page takes the card, address search results, the lines the stock
 * cannot cover. Pure types: the checkout page and the islands take them from here.
 */
import type { z } from 'zod';
import type { AccountOrder } from '../accounts/order-history';
import type { SavedAddress, ShippingAddress } from '../commerce/address';
import type { CartEntry, PriceChange, ShoppingCart } from '../commerce/cart';
import type { BuyerOrder } from '../commerce/order';
import type { SubscriptionPlan } from '../commerce/subscriptions';
import type { updateSchema } from './checkout-bodies';

export type { OrderEntry } from '../commerce/order';

export type CheckoutAddress = ShippingAddress;

/** A cart change's answer (storefront spec §7): the cart as it is now. */
export interface CartChanged {
  shoppingCart: ShoppingCart;
}

/** An add's answer: the cart and the entry added to or grown (absent only if a retried add's entry was removed since). */
export interface CartEntryAdded extends CartChanged {
  newlyAdded?: CartEntry;
}

/** A quantity's or additional fields' change: the cart and the entry changed. */
export interface CartEntryUpdated extends CartChanged {
  updatedEntry?: CartEntry;
}

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

/** What an update of the checkout may change (the update's body, less the cart token). */
export type CheckoutChanges = Omit<z.input<typeof updateSchema>, 'cartToken'>;

/** An order as the calls answer it: with where the buyer reads it. */
export type Order = BuyerOrder;

/** A line the stock cannot cover (a 409): its sku and how many are available now. */
export interface StockShortage {
  sku: string;
  available: number;
}

export interface AddressSuggestion {
  placeId: string;
  description: string;
}

export type FoundAddress = Pick<CheckoutAddress, 'address1' | 'city' | 'region' | 'postalCode' | 'countryCode'>;

/** A saved form submission (storefront spec §8). */
export interface FormSaved {
  success: true;
  submissionId: number;
}

/** The form block's schema: each field type with the attributes a merchant edits. */
export interface FormBlockSchema {
  type: 'form-block';
  fieldTypes: { type: string; attributes: string[] }[];
}

/** One suggested product: its title, address, picture (null without one) and price as the store writes it. */
export interface Suggestion {
  title: string;
  url: string;
  image: string | null;
  price: string;
}

/** The first few products the store's search finds for the words typed so far. */
export interface SearchSuggestions {
  query: string;
  suggestions: Suggestion[];
}

/** The visitor's session (GET of the account's session): who is signed in, the xsrf token their account calls send, their language. */
export type AccountSession =
  | { authenticated: false }
  | {
      authenticated: true;
      siteUserId: string;
      email: string;
      xsrfToken: string;
      /** The account's chosen language; null: the site's. */
      language: string | null;
      verified: boolean;
    };

/** Signed in: the session's xsrf token (its secret is the HttpOnly cookie). */
export interface SignedIn {
  xsrfToken: string;
  siteUserId: string;
  /** The account's language (null: the site's), so the page and the next one speak it without another call. */
  language: string | null;
}

/** Signed out; with `?cloneCart=true`, whether a copy of the account's cart was kept and how many entries it could not hold. */
export interface SignedOut {
  signedOut: true;
  cartCloned: boolean;
  entriesLeftOut?: number;
}

/** An email was sent, or would have been (a sign-up or reset answers the same whether or not the email has an account). */
export interface AccountEmailSent {
  sent: true;
  message: string;
}

/** A verification link opened: the email it verified. */
export interface EmailVerified {
  verified: true;
  email: string;
  message: string;
}

/** A reset link used: the account's email, signed out everywhere. */
export interface PasswordChanged {
  passwordChanged: true;
  email: string;
  message: string;
}

/** The signed-in shopper's orders, newest first. */
export interface AccountOrders {
  orders: AccountOrder[];
}

/** The signed-in shopper's saved addresses, after a change as before. */
export interface SavedAddresses {
  addresses: SavedAddress[];
}

/** What is available of one variant of an asked product (storefront spec §7): on hand less live checkout reservations. */
export interface VariantInStock {
  itemId: string;
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}
