/**
 * The shopping cart as the storefront and its widgets see it (spec §3, §5, §8): its shape, how
 * totals follow from entries, the quantity rules and every message a shopper can be shown.
 * Pure: the cart Durable Object, the API routes and the browser islands all use these.
 */
import type { ShippingLocation } from './address';
import { decimalMoney, formatMoney, type DecimalMoney } from './money';
import { isShipped, ProductType, type ProductTypeCode } from './product';
import type { ShippingOption } from './shipping';
import type { AppliedTax } from './tax';

export const CART_MESSAGES = {
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityOutOfRange: 'Quantity must be between 1 and 9999.',
  giftCardDenomination: 'Select a denomination for the Gift Card',
  itemNotFound: 'Sorry, that item is no longer available.',
  entryNotFound: 'That item is no longer in your cart.',
  subscriptionOnly: 'This product is a subscription: use its Subscribe button.',
  notSubscription: 'This product is not a subscription.',
  cartMaxEntries: 'Your cart is full. Please remove an item before adding another.',
  cartOrdered: 'This cart has already been ordered. Please reload the page.',
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  tryAgain: 'Please try again in a few seconds.',
} as const;

/** Alert titles and short failures the widgets show (spec §8). */
export const CART_ALERTS = {
  addTitle: 'Unable to Add Item',
  expressTitle: 'Unable to Purchase Item',
  giftCardTitle: 'Unable to purchase Gift Card',
  updateQuantity: 'Unable to update quantity',
  removeItem: 'Unable to remove item',
  openForm: 'Unable to open form',
  updateForm: 'Unable to update form',
  addItem: 'Unable to add item',
} as const;

/** Quantity input rules (spec §5): 1 to 9999, whole numbers. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
/** Distinct entries one cart may hold: bounds each cart's storage and response size. */
export const MAX_CART_ENTRIES = 100;
/** Additional-fields answers are stored as one JSON string of at most this many characters. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 8000;

/** A quantity as sent (number or numeric text) → a whole number in range, or the spec's message. */
export function parseQuantity(raw: unknown): { quantity: number } | { error: string } {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || Number.isNaN(value)) return { error: CART_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(value)) return { error: CART_MESSAGES.quantityNotWhole };
  if (value < QUANTITY_MIN || value > QUANTITY_MAX) return { error: CART_MESSAGES.quantityOutOfRange };
  return { quantity: value };
}

/**
 * The spec's stock message with how many are left (issue 32): 'Only 2 left.', and how many the cart
 * already holds when it holds some.
 */
export function notEnoughStockMessage(available: number, inCart: number): string {
  const left =
    available <= 0
      ? 'None left.'
      : inCart > 0
        ? `Only ${available} left, and your cart has ${inCart}.`
        : `Only ${available} left.`;
  return `${CART_MESSAGES.notEnoughStock} ${left}`;
}

/** A product sold one per order (`perOrderLimit`, src/commerce/product.ts) asked for more. */
export function perOrderMessage(title: string, limit: number): string {
  return limit === 1 ? `${title} is limited to one per order.` : `${title} is limited to ${limit} per order.`;
}

/** 'Please select the Size option.' / '… the Size and Colour options.' / '… the Size, Colour, and Fit options.' (spec §5). */
export function unselectedOptionsMessage(options: readonly string[]): string {
  if (options.length === 1) return `Please select the ${options[0]} option.`;
  if (options.length === 2) return `Please select the ${options[0]} and ${options[1]} options.`;
  return `Please select the ${options.slice(0, -1).join(', ')}, and ${options[options.length - 1]} options.`;
}

/** Where a purchase continues after its add: the store's checkout page. */
export const CHECKOUT_PATH = '/checkout';
export const checkoutUrl = {
  express: CHECKOUT_PATH,
  subscription: (cartToken: string) => `${CHECKOUT_PATH}?cartToken=${encodeURIComponent(cartToken)}`,
} as const;

export function cartCountText(count: number): string {
  return count > 100 ? '100+' : String(count);
}

export interface CartEntry {
  id: string;
  itemId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  productType: ProductTypeCode;
  /** Unit price when added or last priced by checkout (sale price if on sale), minor units. */
  purchasePriceCents: number;
  subTotal: DecimalMoney;
  /** The answers to the product's additional-fields form, as one JSON string; null when none. */
  additionalFields: string | null;
  url: string;
  imageUrl: string | null;
  /** Shipping weight of one unit (weight-based shipping rates); absent: weightless. */
  weightGrams?: number;
}

/** An entry whose price moved since it was added: checkout prices it anew and tells the shopper before they pay. */
export interface PriceChange {
  entryId: string;
  title: string;
  /** The price the shopper added it at (or last saw), and the price now; minor units. */
  fromCents: number;
  toCents: number;
}

/** The notice for a price change (the spec has no message for it). */
export function priceChangedMessage(change: PriceChange, currency: string, locale = 'en-US'): string {
  return `The price of ${change.title} has changed from ${formatMoney(change.fromCents, currency, locale)} to ${formatMoney(change.toCents, currency, locale)}.`;
}

/** `earlier` changes followed by `later` ones: one per entry, from the first price to the last, none where they are equal again. */
export function mergePriceChanges(earlier: readonly PriceChange[], later: readonly PriceChange[]): PriceChange[] {
  const merged = new Map(earlier.map((change) => [change.entryId, change]));
  for (const change of later) {
    const first = merged.get(change.entryId);
    merged.set(change.entryId, first === undefined ? change : { ...change, fromCents: first.fromCents });
  }
  return [...merged.values()].filter((change) => change.fromCents !== change.toCents);
}

export interface InvalidCoupon {
  code: string;
  reason: string;
}

export interface ShoppingCart {
  id: string | null;
  websiteId: string;
  /** The order placed, or being placed, from this cart (its claim: durable/cart.ts); the cart then takes no changes. */
  orderId: string | null;
  created: number | null;
  isPurchased: boolean;
  currencyCode: string;
  entries: CartEntry[];
  /** Filled in once the shopper starts checking out (src/commerce/checkout-totals.ts). */
  shippingOptions: ShippingOption[];
  selectedShippingOption: string | null;
  shippingLocation: ShippingLocation | null;
  applicableTaxRules: AppliedTax[];
  coupons: string[];
  validCoupons: string[];
  invalidCoupons: InvalidCoupon[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

/** An entry as stored: everything but the derived subtotal. */
export type StoredEntry = Omit<CartEntry, 'subTotal'>;

export interface CartHeadFields {
  id: string | null;
  websiteId: string;
  created: number | null;
  currencyCode: string;
  orderId?: string | null;
}

/**
 * The cart with its totals derived from its entries. Tax, shipping and discounts stay 0 until the
 * shopper starts checking out: then `withCheckoutTotals` (checkout-totals.ts) fills them in.
 */
export function buildCart(head: CartHeadFields, stored: readonly StoredEntry[]): ShoppingCart {
  let subtotalCents = 0;
  let totalQuantity = 0;
  const entries = stored.map((entry) => {
    const cents = entry.purchasePriceCents * entry.quantity;
    subtotalCents += cents;
    totalQuantity += entry.quantity;
    return { ...entry, subTotal: decimalMoney(cents, head.currencyCode) };
  });
  const digital = entries.filter((e) => e.productType === ProductType.Digital).length;
  const orderId = head.orderId ?? null;
  return {
    ...head,
    orderId,
    isPurchased: orderId !== null,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotalCents,
    totalQuantity,
    hasDigital: digital > 0,
    purelyDigital: entries.length > 0 && digital === entries.length,
    requiresShipping: entries.some((e) => isShipped(e.productType)),
  };
}
