/**
 * Checkouts: the shopper's details, totals, problems and stock, kept per cart until an order is placed.
 */
import { addressProblems } from '../../commerce/address';
import { mergePriceChanges, type ShoppingCart } from '../../commerce/cart';
import {
  CHECKOUT_MESSAGES,
  checkoutTotals,
  discountableCents,
  EMPTY_INPUTS,
  giftCardsCents,
  minimumSubtotalMessage,
  shownTotals,
  withCheckoutTotals,
  type CheckoutInputs,
  type CheckoutTotals,
} from '../../commerce/checkout-totals';
import { DISCOUNT_MESSAGES, discountProblem, normalCode, type Discount } from '../../commerce/discounts';
import { GIFT_CARD_MESSAGES, maskedGiftCardCode, normalGiftCardCode } from '../../commerce/gift-cards';
import { SHIPPING_MESSAGES } from '../../commerce/shipping';
import {
  CHECKOUT_KEEP_MS,
  MAX_CHECKOUTS,
  type Checkout,
  type CheckoutRequest,
  type CheckoutPatch,
  placeRefused,
  type CheckoutOutcome,
  type StoredCheckout,
} from './model';
import { alarmBy, kept, rememberWebsite, type OrdersContext } from './context';
import { claimed, discountOf } from './discounts';
import { giftCardBalance } from './gift-cards';
import { currentSettings, shippingRatesOf, taxRatesOf } from './settings';

// ---- checkout ----

/** Checkouts kept in memory at most (about 1.4 KB each); the table keeps up to MAX_CHECKOUTS. */
export const KEPT_CHECKOUTS = 1_000;

/**
 * The cart's checkouts kept in memory as last saved or read: only this object writes the table, and every delete
 * forgets the copies of the rows it took (deleteCheckoutsWhere), so a checkout's next step and its placement read no row
 * and parse no JSON. A copy is never changed by its readers (they spread it), and one whose write a transaction rolled
 * back cannot be kept: saves run outside transactions (a rolled-back delete only costs a read).
 */
function keptCheckouts(self: OrdersContext): Map<string, StoredCheckout> {
  const rows = kept(self);
  rows.checkouts ??= new Map();
  return rows.checkouts;
}

function keepCheckout(self: OrdersContext, cartId: string, checkout: StoredCheckout): void {
  const checkouts = keptCheckouts(self);
  checkouts.delete(cartId);
  if (checkouts.size >= KEPT_CHECKOUTS) checkouts.delete(checkouts.keys().next().value as string);
  checkouts.set(cartId, checkout);
}

/**
 * Deletes the checkouts `where` (an SQL condition on `checkouts`, bound to `bindings`) and forgets their kept copies:
 * every delete of a checkout goes through here.
 */
export function deleteCheckoutsWhere(self: OrdersContext, where: string, ...bindings: SqlStorageValue[]): void {
  const deleted = self.sql.exec<{ cart_id: string }>(
    `DELETE FROM checkouts WHERE ${where} RETURNING cart_id`,
    ...bindings,
  );
  const checkouts = keptCheckouts(self);
  for (const { cart_id } of deleted) checkouts.delete(cart_id);
}

export function storedCheckout(self: OrdersContext, cartId: string): StoredCheckout | null {
  const known = keptCheckouts(self).get(cartId);
  if (known !== undefined) return known;
  const row = self.sql.exec<{ data: string }>('SELECT data FROM checkouts WHERE cart_id = ?', cartId).toArray()[0];
  if (row === undefined) return null;
  const checkout = JSON.parse(row.data) as StoredCheckout;
  keepCheckout(self, cartId, checkout);
  return checkout;
}

/** Deletes the cart's checkout (its order is paid) and its kept copy. */
export function deleteCheckout(self: OrdersContext, cartId: string): void {
  deleteCheckoutsWhere(self, 'cart_id = ?', cartId);
}

/**
 * Saves a checkout; a new one past MAX_CHECKOUTS forgets the oldest checkout without a pending order.
 * `existed`: whether the cart had a checkout, when the caller has just read it.
 */
export function saveCheckout(
  self: OrdersContext,
  cartId: string,
  checkout: StoredCheckout,
  now: number,
  existed?: boolean,
): void {
  const added = !(
    existed ??
    (keptCheckouts(self).has(cartId) ||
      self.sql.exec('SELECT 1 FROM checkouts WHERE cart_id = ?', cartId).toArray().length > 0)
  );
  self.sql.exec(
    'INSERT OR REPLACE INTO checkouts (cart_id, data, updated_at) VALUES (?, ?, ?)',
    cartId,
    JSON.stringify(checkout),
    now,
  );
  keepCheckout(self, cartId, checkout);
  if (!added) return;
  const over = self.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM checkouts').one().n - MAX_CHECKOUTS;
  if (over <= 0) return;
  deleteCheckoutsWhere(
    self,
    `cart_id IN (SELECT cart_id FROM checkouts c WHERE cart_id != ?
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.cart_id AND o.status = 'pending') ORDER BY updated_at LIMIT ?)`,
    cartId,
    over,
  );
}

export function totalsOf(self: OrdersContext, cart: ShoppingCart, inputs: CheckoutInputs, now: number): CheckoutTotals {
  let discount: { discount: Discount } | { code: string; problem: string } | null = null;
  if (inputs.discountCode !== null) {
    const found = discountOf(self, inputs.discountCode);
    const problem = discountProblem(
      found,
      discountableCents(cart),
      now,
      found === null ? 0 : claimed(self, found.code),
      cart.currencyCode,
    );
    discount =
      problem === null && found !== null
        ? { discount: found }
        : { code: normalCode(inputs.discountCode), problem: problem ?? DISCOUNT_MESSAGES.unknown };
  }
  return checkoutTotals({
    cart,
    inputs,
    settings: currentSettings(self),
    shippingRates: shippingRatesOf(self),
    taxRates: taxRatesOf(self),
    discount,
    giftCardBalanceCents: inputs.giftCardCode === null ? null : (giftCardBalance(self, inputs.giftCardCode) ?? 0),
  });
}

/** What placing the order would refuse now, by field ('subtotal' for the store's minimum). */
export function checkoutProblems(
  self: OrdersContext,
  cart: ShoppingCart,
  inputs: CheckoutInputs,
  totals: CheckoutTotals,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (inputs.email === null) problems.email = CHECKOUT_MESSAGES.required;
  if (totals.requiresShipping) {
    Object.assign(problems, addressProblems(inputs.shippingAddress));
    if (inputs.shippingAddress !== null && totals.shippingLocation !== null && totals.shippingOptions.length === 0)
      problems.shippingOptionId = SHIPPING_MESSAGES.noneForAddress;
    else if (totals.selectedShippingOption === null) problems.shippingOptionId = CHECKOUT_MESSAGES.required;
  }
  const invalid = totals.invalidCoupons[0];
  if (invalid !== undefined) problems.discountCode = invalid.reason;
  if (inputs.giftCardCode !== null && totals.giftCardCents === 0 && totals.grandTotalCents > 0) {
    problems.giftCardCode =
      totals.grandTotalCents === giftCardsCents(cart) ? GIFT_CARD_MESSAGES.notForGiftCards : GIFT_CARD_MESSAGES.empty;
  }
  const minimum = currentSettings(self).minimumSubtotalCents;
  if (cart.subtotalCents < minimum) problems.subtotal = minimumSubtotalMessage(minimum, cart.currencyCode);
  return problems;
}

export function view(
  self: OrdersContext,
  request: CheckoutRequest,
  stored: StoredCheckout,
  totals: CheckoutTotals,
): Checkout {
  const { cart } = request;
  const { inputs } = stored;
  const balance = inputs.giftCardCode === null ? null : giftCardBalance(self, inputs.giftCardCode);
  return {
    cartId: cart.id ?? '',
    currencyCode: cart.currencyCode,
    reservationExpiresOn: stored.expiresOn,
    email: inputs.email,
    shippingAddress: inputs.shippingAddress,
    discountCode: inputs.discountCode,
    giftCard:
      inputs.giftCardCode === null
        ? null
        : {
            code: maskedGiftCardCode(inputs.giftCardCode),
            balanceCents: balance ?? 0,
            appliedCents: totals.giftCardCents,
          },
    giftRecipientEmail: inputs.giftRecipientEmail,
    entries: cart.entries,
    minimumSubtotalCents: currentSettings(self).minimumSubtotalCents,
    addressSearch: currentSettings(self).addressSearch,
    subscription: request.subscription,
    priceChanges: stored.priceChanges ?? [],
    ...totals,
    problems: checkoutProblems(self, cart, inputs, totals),
  };
}

/**
 * Starts the checkout of a cart or updates it: POST/PUT /api/commerce/checkout. The stock is not its
 * business: the route asks the ledger at the same time (`unavailableLines`, routes/shared/edge-stock.ts; Shopify's
 * rule: reserve at payment, not before), so no call holds units and the shopper's details are kept even when some is
 * short.
 */
export async function start(
  self: OrdersContext,
  request: CheckoutRequest,
  patch: CheckoutPatch = {},
  now = Date.now(),
): Promise<CheckoutOutcome> {
  const cartId = request.cart.id ?? '';
  rememberWebsite(self, request.websiteId);
  const previous = storedCheckout(self, cartId);
  const inputs: CheckoutInputs = { ...(previous?.inputs ?? EMPTY_INPUTS) };
  const priceChanges = mergePriceChanges(previous?.priceChanges ?? [], request.priceChanges);
  // The cart has its new prices already: the notice is kept even when this call is refused.
  const keepNotice = () => {
    if (request.priceChanges.length > 0)
      saveCheckout(
        self,
        cartId,
        { inputs: EMPTY_INPUTS, giftCardShownCents: 0, expiresOn: now + CHECKOUT_KEEP_MS, ...previous, priceChanges },
        now,
        previous !== null,
      );
  };
  const errors = applyPatch(self, request.cart, inputs, patch, now);
  if (Object.keys(errors).length > 0) {
    keepNotice();
    return placeRefused('form-incomplete', CHECKOUT_MESSAGES.formIncomplete, { errors });
  }
  const totals = totalsOf(self, request.cart, inputs, now);
  const stored: StoredCheckout = {
    inputs,
    giftCardShownCents: totals.giftCardCents,
    shownTotals: shownTotals(totals),
    priceChanges,
    expiresOn: now + CHECKOUT_KEEP_MS,
    items: request.cart.entries.map((e) => ({
      title: e.title,
      quantity: e.quantity,
      options: Object.values(e.chosenVariant.attributes).join(', '),
    })),
    currencyCode: request.cart.currencyCode,
  };
  saveCheckout(self, cartId, stored, now, previous !== null);
  // The alarm forgets kept checkouts: a new one needs it no later than its own end (no statement to find when).
  if (previous === null) await alarmBy(self, now + CHECKOUT_KEEP_MS);
  return { ok: true, value: view(self, request, stored, totals) };
}

/** Applies what the shopper entered; the problems of codes and options by field (nothing applied for those). */
export function applyPatch(
  self: OrdersContext,
  cart: ShoppingCart,
  inputs: CheckoutInputs,
  patch: CheckoutPatch,
  now: number,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (patch.email !== undefined) inputs.email = patch.email;
  if (patch.giftRecipientEmail !== undefined) inputs.giftRecipientEmail = patch.giftRecipientEmail;
  if (patch.shippingAddress !== undefined) {
    const problems = patch.shippingAddress === null ? {} : addressProblems(patch.shippingAddress);
    if (Object.keys(problems).length > 0) Object.assign(errors, problems);
    else inputs.shippingAddress = patch.shippingAddress;
  }
  if (patch.discountCode !== undefined) {
    if (patch.discountCode === null) inputs.discountCode = null;
    else {
      const found = discountOf(self, patch.discountCode);
      const problem = discountProblem(
        found,
        discountableCents(cart),
        now,
        found === null ? 0 : claimed(self, found.code),
        cart.currencyCode,
      );
      if (problem !== null) errors.discountCode = problem;
      else inputs.discountCode = normalCode(patch.discountCode);
    }
  }
  if (patch.giftCardCode !== undefined) {
    if (patch.giftCardCode === null) inputs.giftCardCode = null;
    else {
      const balance = giftCardBalance(self, patch.giftCardCode);
      if (balance === null) errors.giftCardCode = GIFT_CARD_MESSAGES.unknown;
      else if (balance === 0) errors.giftCardCode = GIFT_CARD_MESSAGES.empty;
      else if (giftCardsCents(cart) === cart.subtotalCents) errors.giftCardCode = GIFT_CARD_MESSAGES.notForGiftCards;
      else inputs.giftCardCode = normalGiftCardCode(patch.giftCardCode);
    }
  }
  if (patch.shippingOptionId !== undefined) {
    inputs.shippingOptionId = patch.shippingOptionId;
    if (
      patch.shippingOptionId !== null &&
      !totalsOf(self, cart, inputs, now).shippingOptions.some((o) => o.id === patch.shippingOptionId)
    ) {
      errors.shippingOptionId = SHIPPING_MESSAGES.unavailable;
    }
  }
  return errors;
}

/** The cart with the checkout's totals (the cart call, once checkout started). */
export function cartWithTotals(self: OrdersContext, cart: ShoppingCart, now = Date.now()): ShoppingCart {
  const stored = cart.id === null ? null : storedCheckout(self, cart.id);
  if (stored === null) return cart;
  return withCheckoutTotals(cart, totalsOf(self, cart, stored.inputs, now));
}
