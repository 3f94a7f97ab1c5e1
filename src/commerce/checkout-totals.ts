/**
 * The totals of a checkout, from the cart, what the shopper entered and the store's rules:
 * shipping options for the address, the discount, tax (added or included), what a gift card pays
 * and what is left for the card payment. Pure: the commerce object computes a checkout and an
 * order with it, and the cart call shows the same numbers.
 *
 * Gift cards bought in the order are money, not goods: a discount's minimum is measured without
 * them, no discount comes off them and a gift card never pays for them (else a code with a minimum
 * turns one card into a new card plus free goods, again and again).
 */
import { locationOf, type ShippingAddress, type ShippingLocation } from './address';
import type { InvalidCoupon, ShoppingCart } from './cart';
import { discountAmount, type Discount } from './discounts';
import { giftCardPays } from './gift-cards';
import { formatMoney } from './money';
import { EN } from './storefront-text/en';
import { isShipped, ProductType } from './product';
import { chosenOption, shippingOptions, type ShippingOption, type ShippingRate } from './shipping';
import { applyTax, taxRatesFor, type AppliedTax, type TaxRate } from './tax';

export const CHECKOUT_MESSAGES = {
  formIncomplete: EN['checkout.formIncomplete'],
  required: EN['checkout.required'],
  noCart: EN['checkout.nothing'],
  purchased: 'This cart has already been ordered.',
  paymentRequired: 'Enter your payment details.',
  inProgress: 'This order is already being placed.',
  reservationLost: 'Sorry, we do not have enough of that item available.',
  totalsChanged: EN['checkout.totalsChanged'],
  orderNotFound: 'Order not found',
} as const;

/** 'To check out, the order subtotal must be {subtotal} or more' (engine spec's message). */
export function minimumSubtotalMessage(minimumCents: number, currency: string, locale = 'en-US'): string {
  return `To check out, the order subtotal must be ${formatMoney(minimumCents, currency, locale)} or more`;
}

/** What the shopper entered on the checkout page. */
export interface CheckoutInputs {
  email: string | null;
  shippingAddress: ShippingAddress | null;
  shippingOptionId: string | null;
  discountCode: string | null;
  giftCardCode: string | null;
  giftRecipientEmail: string | null;
}

export const EMPTY_INPUTS: CheckoutInputs = {
  email: null,
  shippingAddress: null,
  shippingOptionId: null,
  discountCode: null,
  giftCardCode: null,
  giftRecipientEmail: null,
};

/** The store's checkout settings (merchant calls). */
export interface StoreSettings {
  pricesIncludeTax: boolean;
  minimumSubtotalCents: number;
  reservationMinutes: number;
  welcomeDiscount: { enabled: boolean; percent: number };
  /** The checkout's address search (the places integration) is offered to shoppers. */
  addressSearch: boolean;
}

export const DEFAULT_SETTINGS: StoreSettings = {
  pricesIncludeTax: false,
  minimumSubtotalCents: 0,
  reservationMinutes: 10,
  welcomeDiscount: { enabled: false, percent: 10 },
  addressSearch: false,
};

export interface CheckoutTotals {
  requiresShipping: boolean;
  shippingLocation: ShippingLocation | null;
  shippingOptions: ShippingOption[];
  selectedShippingOption: string | null;
  coupons: string[];
  validCoupons: string[];
  invalidCoupons: InvalidCoupon[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxIncluded: boolean;
  applicableTaxRules: AppliedTax[];
  taxCents: number;
  grandTotalCents: number;
  giftCardCents: number;
  amountDueCents: number;
}

export interface TotalsInput {
  cart: ShoppingCart;
  inputs: CheckoutInputs;
  settings: StoreSettings;
  shippingRates: readonly ShippingRate[];
  taxRates: readonly TaxRate[];
  /** The entered code's discount when it applies; its problem otherwise. */
  discount: { discount: Discount } | { code: string; problem: string } | null;
  giftCardBalanceCents: number | null;
}

/** What the gift cards bought in `cart` cost. */
export function giftCardsCents(cart: ShoppingCart): number {
  return cart.entries.reduce(
    (sum, e) => sum + (e.productType === ProductType.GiftCard ? e.purchasePriceCents * e.quantity : 0),
    0,
  );
}

/** The goods a discount comes off and its minimum is measured on: everything but gift cards. */
export function discountableCents(cart: ShoppingCart): number {
  return cart.subtotalCents - giftCardsCents(cart);
}

export function checkoutTotals({
  cart,
  inputs,
  settings,
  shippingRates,
  taxRates,
  discount,
  giftCardBalanceCents,
}: TotalsInput): CheckoutTotals {
  const goodsCents = discountableCents(cart);
  const applied = discount !== null && 'discount' in discount ? discount.discount : null;
  const discountCents = applied === null ? 0 : discountAmount(applied, goodsCents);

  const requiresShipping = cart.requiresShipping;
  const location = locationOf(inputs.shippingAddress);
  const weightGrams = cart.entries.reduce(
    (sum, e) => sum + (isShipped(e.productType) ? (e.weightGrams ?? 0) * e.quantity : 0),
    0,
  );
  const options =
    requiresShipping && location !== null
      ? shippingOptions(shippingRates, location, goodsCents - discountCents, weightGrams)
      : [];
  const selected = chosenOption(options, inputs.shippingOptionId);
  const shippingCostCents = selected === null || applied?.kind === 'freeShipping' ? 0 : selected.costCents;

  const taxLines =
    location === null
      ? []
      : applyTax(taxRatesFor(taxRates, location), goodsCents - discountCents, settings.pricesIncludeTax);
  const taxCents = taxLines.reduce((sum, t) => sum + t.amountCents, 0);
  const grandTotalCents =
    cart.subtotalCents - discountCents + shippingCostCents + (settings.pricesIncludeTax ? 0 : taxCents);
  const giftCardCents =
    giftCardBalanceCents === null ? 0 : giftCardPays(giftCardBalanceCents, grandTotalCents - giftCardsCents(cart));
  const code = applied?.code ?? (discount !== null && 'code' in discount ? discount.code : null);
  return {
    requiresShipping,
    shippingLocation: location,
    shippingOptions: options,
    selectedShippingOption: selected?.id ?? null,
    coupons: code === null ? [] : [code],
    validCoupons: applied === null ? [] : [applied.code],
    invalidCoupons:
      discount !== null && 'problem' in discount ? [{ code: discount.code, reason: discount.problem }] : [],
    subtotalCents: cart.subtotalCents,
    discountCents,
    shippingCostCents,
    taxIncluded: settings.pricesIncludeTax,
    applicableTaxRules: taxLines,
    taxCents,
    grandTotalCents,
    giftCardCents,
    amountDueCents: grandTotalCents - giftCardCents,
  };
}

/** The totals a shopper saw: an order is placed only at these (the gift card has its own check). */
export type ShownTotals = Pick<
  CheckoutTotals,
  'subtotalCents' | 'discountCents' | 'shippingCostCents' | 'taxCents' | 'grandTotalCents'
>;

export function shownTotals({
  subtotalCents,
  discountCents,
  shippingCostCents,
  taxCents,
  grandTotalCents,
}: ShownTotals): ShownTotals {
  return { subtotalCents, discountCents, shippingCostCents, taxCents, grandTotalCents };
}

/** Whether `totals` differ from what the shopper saw (nothing seen: they differ). */
export function totalsMoved(shown: ShownTotals | undefined, totals: ShownTotals): boolean {
  if (shown === undefined) return true;
  const now = shownTotals(totals);
  return (Object.keys(now) as (keyof ShownTotals)[]).some((key) => now[key] !== shown[key]);
}

/** The cart with the spec's checkout fields filled in from `totals`. */
export function withCheckoutTotals(cart: ShoppingCart, totals: CheckoutTotals): ShoppingCart {
  return {
    ...cart,
    shippingOptions: totals.shippingOptions,
    selectedShippingOption: totals.selectedShippingOption,
    shippingLocation: totals.shippingLocation,
    applicableTaxRules: totals.applicableTaxRules,
    coupons: totals.coupons,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
  };
}
