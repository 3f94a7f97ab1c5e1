/**
 * The checkout and the buyer's order calls (issue 16, docs/contracts.md "Checkout and orders"):
 * POST/PUT /api/commerce/checkout, POST /api/commerce/orders, GET /api/commerce/orders/{id}.
 * Bodies are validated here (shape, sizes, the email rule); the website's CommerceOrders object
 * decides everything that depends on stock, codes, balances and payment.
 */
import { shopperEmailLocale } from './shopper-locale';
import type { Context } from 'hono';
import {
  addressDetailsSchema,
  addressSearchSchema,
  placeSchema,
  startSchema,
  updateSchema,
} from '../../api/checkout-bodies';
import { BUYER_TOKEN } from '../../api/storefront-bodies';
import { CART_MESSAGES, type PriceChange, type ShoppingCart } from '../../commerce/cart';
import { resolveCartLine } from '../../commerce/cart-line';
import { fieldTitlesOf, productFieldsForm } from '../../commerce/product-fields';
import { CHECKOUT_MESSAGES } from '../../commerce/checkout-totals';
import { ORDER_MESSAGES, type Order } from '../../commerce/order';
import type { SubscriptionPlan } from '../../commerce/subscriptions';
import {
  UNKNOWN_RETRY_AFTER_S,
  type CheckoutPatch,
  type CheckoutRequest,
  placeRefused,
  refusedStockShort,
  type PlaceOutcome,
  type PlaceRefusal,
  type PlaceRefused,
  type StartedCheckout,
} from '../../durable/orders';
import type { StockLine } from '../../durable/stock';
import { tokenDigest } from '../../durable/passwords';
import { FORM_MESSAGES, isValidEmail } from '../../forms/validate';
import { placesProvider, PlacesUnavailable } from '../../integrations/places';
import { itemsAtVersion } from '../../site/published/item-at-version';
import type { Item } from '../../site/model/schema';
import { placeHoldingUnits, unavailableLines } from '../shared/edge-stock';
import { rememberOrder, withAccountDetails } from './account-checkout';
import { demoShipping } from './demo-shipping';
import { currentCrumb, requireCrumb } from '../shared/csrf';
import { apiError, readJson, siteVersion, type AppEnv, withSite, storeOf } from '../shared/http';
import { merchantSessionOf } from '../console/merchant-session';
import { rateLimit, visitorKey } from '../shared/rate-limit';
import { guardedArea } from '../shared/guarded-area';
import { allows } from '../../site/roles';
import { MERCHANT_MESSAGES } from '../../accounts/messages';
import { cartIdFrom, currencyOf, deleteCartCookie } from './visitor-cart';
import { areas } from '../../api/areas';
import { storefrontRoutes as api } from '../../api/storefront';
import { answer, pathIn } from '../shared/contract';

const MAX_BODY_BYTES = 16 * 1024;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_MESSAGE = 'The Idempotency-Key header is required: 8 to 128 letters, digits, - or _.';

/** The one status for each refusal of placing an order or of a checkout step (docs/contracts.md, "Refusals by code"). */
const REFUSAL_STATUS = {
  'no-cart': 404,
  purchased: 409,
  'in-progress': 409,
  'form-incomplete': 400,
  'below-minimum': 400,
  'discount-ran-out': 409,
  'gift-card-changed': 409,
  'totals-changed': 409,
  'too-many-held': 409,
  'stock-short': 409,
  'payment-unavailable': 502,
  declined: 402,
} as const satisfies Record<PlaceRefusal, number>;

/** A refusal's answer: its status, `{ error: message }` and what it carries (`errors`, `unavailable`, `checkout`, `code`). */
function refusal({ ok: _ok, error, message, ...details }: PlaceRefused): never {
  return apiError(REFUSAL_STATUS[error], message, details);
}

/** Shoppers' address search (bodies in src/api/checkout-bodies.ts): the body's cap and the predictions shown. */
const ADDRESS_BODY_BYTES = 1024;
const PREDICTIONS_SHOWN = 5;
export const ADDRESS_SEARCH_MESSAGES = {
  off: 'Address search is not offered by this store.',
  unavailable: 'Address search is unavailable. Enter your address below.',
  unknownPlace: 'That address could not be found. Enter it below.',
} as const;

/**
 * The cart `cartId` names, noted as being checked out, and given back first when its order is still
 * waiting for the authentication step the shopper walked away from (they are at the checkout again,
 * so that attempt is over).
 */
async function openCart(c: Context<AppEnv>, cartId: string): Promise<ShoppingCart | null> {
  const websiteId = c.var.site.website.id;
  const cart = await storeOf(c).objects.cart(cartId).checkoutCart();
  if (cart?.orderId == null) return cart;
  return (await storeOf(c).objects.orders.abandonAuthentication(websiteId, cart.orderId))
    ? storeOf(c).objects.cart(cartId).read()
    : cart;
}

/** The cart being bought: the subscription cart named by `cartToken`, else the visitor's. */
async function cartToBuy(c: Context<AppEnv>, token: string | undefined): Promise<ShoppingCart> {
  const cartId = token ?? cartIdFrom(c);
  const cart = cartId === null ? null : await openCart(c, cartId);
  if (cart === null || cart.entries.length === 0) return refusal(placeRefused('no-cart', CHECKOUT_MESSAGES.noCart));
  if (cart.orderId !== null) return refusal(placeRefused('purchased', CHECKOUT_MESSAGES.purchased));
  return cart;
}

/**
 * The cart priced from the catalogue now (an entry whose price moved since it was added takes the new
 * price, and the change is told to the shopper), with each sku's published stock level and its
 * subscription plan. `claimKey`: the placement that claimed the cart, which alone may reprice it.
 */
async function checkoutRequest(
  c: Context<AppEnv>,
  added: ShoppingCart,
  claimKey: string | null = null,
  items: Map<string, Item> | null = null,
): Promise<CheckoutRequest> {
  const site = c.var.site;
  items ??= await cartItems(c, added);
  const lines = new Map<string, StockLine>();
  const prices: Record<string, number> = {};
  let subscription: SubscriptionPlan | null = null;
  for (const entry of added.entries) {
    const item = items.get(entry.itemId);
    const resolved =
      item === undefined ? null : resolveCartLine(item, entry.chosenVariant.sku, currencyOf(site), site.collections);
    if (resolved === null || 'error' in resolved)
      return apiError(409, CART_MESSAGES.itemNotFound, { entryId: entry.id });
    prices[entry.id] = resolved.unitPriceCents;
    const sku = entry.chosenVariant.sku;
    lines.set(sku, { sku, stock: resolved.stock, quantity: (lines.get(sku)?.quantity ?? 0) + entry.quantity });
    subscription ??= resolved.subscription ? (item?.structuredContent?.subscriptionPlan ?? null) : null;
  }
  let cart = added;
  let priceChanges: PriceChange[] = [];
  if (added.entries.some((e) => prices[e.id] !== e.purchasePriceCents)) {
    const repriced = await storeOf(c)
      .objects.cart(added.id ?? '')
      .reprice(prices, claimKey);
    if (repriced.cart === null) return apiError(404, CHECKOUT_MESSAGES.noCart);
    ({ cart, changes: priceChanges } = repriced);
  }
  return { websiteId: site.website.id, cart, lines: [...lines.values()], subscription, priceChanges };
}

/** The cart's items at the request's content version: kept in the isolate, so a checkout step calls no content object. */
async function cartItems(c: Context<AppEnv>, cart: ShoppingCart): Promise<Map<string, Item>> {
  return itemsAtVersion(
    storeOf(c).objects.content,
    c.var.site.website.id,
    await siteVersion(c),
    cart.entries.map((e) => e.itemId),
  );
}

/** By entry id, the field titles of the forms the cart's answered entries were added with: the order keeps them. */
function answeredFieldTitles(
  cart: ShoppingCart,
  items: Map<string, Item>,
  forms: readonly unknown[],
): Record<string, Record<string, string>> {
  const titles: Record<string, Record<string, string>> = {};
  for (const entry of cart.entries) {
    if (entry.additionalFields === null) continue;
    const form = productFieldsForm(items.get(entry.itemId), forms);
    if (form !== null) titles[entry.id] = fieldTitlesOf(form);
  }
  return titles;
}

/**
 * ORDERS.start beside the stock ledger's answer for the cart's counted lines, both sent at once: one round trip to a
 * shared object in series (docs/architecture.md). The form's problems come first, then the stock that is short.
 */
async function started(
  c: Context<AppEnv>,
  request: CheckoutRequest,
  start: () => Promise<StartedCheckout>,
): Promise<StartedCheckout> {
  const [outcome, unavailable] = await Promise.all([start(), unavailableLines(c, request)]);
  if (!outcome.ok || unavailable.length === 0) return outcome;
  return refusedStockShort(unavailable);
}

/** The checkout with how the page takes the card (the orders object adds it to every started checkout). */
function checkoutAnswer(
  c: Context<AppEnv>,
  route: typeof api.startCheckout | typeof api.updateCheckout,
  outcome: StartedCheckout,
): Response {
  c.header('cache-control', 'no-store');
  if (!outcome.ok) return refusal(outcome);
  return outcome.payment === undefined
    ? answer(c, api.updateCheckout, { checkout: outcome.value })
    : answer(c, route, { checkout: outcome.value, payment: outcome.payment });
}

/** Per-field problems the object cannot judge (the email rule, shared with site forms). */
function emailProblems(patch: CheckoutPatch): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['email', 'giftRecipientEmail'] as const) {
    const value = patch[field];
    if (value !== undefined && value !== null && !isValidEmail(value)) errors[field] = FORM_MESSAGES.email;
  }
  return errors;
}

const writeLimit = rateLimit((env) => env.CART_RATE_LIMITER, 'checkout');
const addressLimit = rateLimit((env) => env.CART_RATE_LIMITER, 'address-search');

/** The checkout, at `areas.checkout`: starting and changing it need the crumb and are under the checkout's write limit. */
export const checkout = guardedArea(requireCrumb, writeLimit);

/** Address search at checkout, at `areas.checkoutAddress`: the crumb and a limit of its own. */
export const checkoutAddress = guardedArea(requireCrumb, addressLimit);

/** Placing an order and reading one, at `areas.orders`: placing needs the crumb and shares the checkout's write limit (a read passes both). */
export const checkoutOrders = guardedArea(requireCrumb, writeLimit);

/** Whether the store offers address search; the answer when it does not. */
async function addressSearchOff(c: Context<AppEnv>): Promise<Response | null> {
  c.header('cache-control', 'no-store');
  const { addressSearch } = await storeOf(c).objects.orders.settings();
  return addressSearch ? null : apiError(404, ADDRESS_SEARCH_MESSAGES.off);
}

/** A shopper's address search at checkout: up to five suggestions, nothing stored or cached. */
checkoutAddress.post(pathIn(areas.checkoutAddress, api.addressSearch), withSite, async (c) => {
  const body = await readJson(c, addressSearchSchema, ADDRESS_BODY_BYTES);
  const off = await addressSearchOff(c);
  if (off !== null) return off;
  try {
    const predictions = await placesProvider(c.env).autocomplete(body.query, body.sessionToken ?? null);
    return answer(c, api.addressSearch, { predictions: predictions.slice(0, PREDICTIONS_SHOWN) });
  } catch (error) {
    if (error instanceof PlacesUnavailable) return apiError(502, ADDRESS_SEARCH_MESSAGES.unavailable);
    throw error;
  }
});

/** The chosen suggestion as the parts the address form fills. */
checkoutAddress.post(pathIn(areas.checkoutAddress, api.addressDetails), withSite, async (c) => {
  const body = await readJson(c, addressDetailsSchema, ADDRESS_BODY_BYTES);
  const off = await addressSearchOff(c);
  if (off !== null) return off;
  try {
    const details = await placesProvider(c.env).details(body.placeId, body.sessionToken ?? null);
    return details === null
      ? apiError(404, ADDRESS_SEARCH_MESSAGES.unknownPlace)
      : answer(c, api.addressDetails, { address: details.address });
  } catch (error) {
    if (error instanceof PlacesUnavailable) return apiError(502, ADDRESS_SEARCH_MESSAGES.unavailable);
    throw error;
  }
});

/** Starts the checkout (it checks the stock and reserves none: units are reserved when the order is placed). */
checkout.post(pathIn(areas.checkout, api.startCheckout), withSite, demoShipping, async (c) => {
  const body = await readJson(c, startSchema, MAX_BODY_BYTES);
  const cart = await cartToBuy(c, body.cartToken);
  const request = await checkoutRequest(c, cart);
  const orders = storeOf(c).objects.orders;
  const first = await started(c, request, () => orders.start(request));
  const outcome = await withAccountDetails(c, first, (patch) => orders.start(request, patch));
  return checkoutAnswer(c, api.startCheckout, outcome);
});

/** Contact, address, shipping option, discount code, gift card; the stock is checked again. */
checkout.put(pathIn(areas.checkout, api.updateCheckout), withSite, demoShipping, async (c) => {
  const { cartToken: token, ...patch } = await readJson(c, updateSchema, MAX_BODY_BYTES);
  const emailErrors = emailProblems(patch);
  if (Object.keys(emailErrors).length > 0)
    return apiError(400, CHECKOUT_MESSAGES.formIncomplete, { errors: emailErrors });
  const cart = await cartToBuy(c, token);
  const request = await checkoutRequest(c, cart);
  const outcome = await started(c, request, () => storeOf(c).objects.orders.start(request, patch));
  return checkoutAnswer(c, api.updateCheckout, outcome);
});

checkoutOrders.post(pathIn(areas.orders, api.placeOrder), withSite, async (c) => {
  const key = c.req.header('idempotency-key') ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) return apiError(400, IDEMPOTENCY_MESSAGE);
  // The provider named in the body is checked against the store's by the orders object (place).
  const body = await readJson(c, placeSchema, MAX_BODY_BYTES);
  const site = c.var.site;
  const cartId = body.cartToken ?? cartIdFrom(c);
  const orders = storeOf(c).objects.orders;
  const requester = await tokenDigest(currentCrumb(c) ?? '');
  const stub = cartId === null ? null : storeOf(c).objects.cart(cartId);
  // The cart's read claims it for this key (docs/architecture.md, "Round trips per request kind"): a claimed cart goes
  // straight to placing, which answers a key it knows first. Otherwise the key first: once it has an answer it answers
  // the same, even when its cart was bought or the paid answer's cookie deletion left no cart to name.
  let held = stub === null ? null : await stub.claim(key);
  const mine = held?.claimed === 'new' || held?.claimed === 'this';
  let outcome: PlaceOutcome | null = mine ? null : await orders.replay(site.website.id, cartId, key, requester);
  if (outcome === null) {
    if (stub === null || held === null) return refusal(placeRefused('no-cart', CHECKOUT_MESSAGES.noCart));
    // An order waiting for the authentication the shopper walked away from is given up, and the cart claimed anew.
    const waiting = held.claimed === null ? held.cart?.orderId : null;
    if (waiting != null && (await orders.abandonAuthentication(site.website.id, waiting))) held = await stub.claim(key);
    const { cart, claimed } = held;
    if (cart === null || cart.entries.length === 0) return refusal(placeRefused('no-cart', CHECKOUT_MESSAGES.noCart));
    if (claimed === 'another') return refusal(placeRefused('in-progress', CHECKOUT_MESSAGES.inProgress));
    // The order id this placement is made under, the claim's.
    const orderId = claimed === 'new' || claimed === 'this' ? cart.orderId : null;
    if (orderId === null) return refusal(placeRefused('purchased', CHECKOUT_MESSAGES.purchased));
    const items = await cartItems(c, cart);
    const request = await checkoutRequest(c, cart, key, items);
    const fieldTitles = answeredFieldTitles(request.cart, items, site.forms);
    const origin = new URL(c.req.url).origin;
    const placing = (unitsHeldUntil?: number) =>
      orders.place({
        ...request,
        orderId,
        idempotencyKey: key,
        payment: body.payment,
        returnUrl: `${origin}/checkout?payment=returned`,
        visitor: visitorKey(c),
        requester,
        emailLocale: shopperEmailLocale(site, body.locale),
        fieldTitles,
        ...(unitsHeldUntil === undefined ? {} : { unitsHeldUntil }),
      });
    // A new claim's units are held at the stock ledger first, so a flash sale's losers are refused there (or at once,
    // when heard short) without reaching the orders object; a retry of a claim goes to the orders object, which answers
    // what its key already has (a paid order, for one) and reserves nothing twice.
    outcome =
      claimed === 'new'
        ? await placeHoldingUnits(
            storeOf(c).objects.stock,
            { ...request, visitor: visitorKey(c) },
            orderId,
            items.values(),
            placing,
          )
        : await placing();
    // No order was placed (refused, declined, failed before the charge): the cart is the shopper's again.
    if (!outcome.ok) await stub.release(key);
    await rememberOrder(c, outcome);
  }
  c.header('cache-control', 'no-store');
  // A decline is kept and replayed as it was first answered.
  if (!outcome.ok) return refusal(outcome);
  const { order, paymentUnknown } = outcome.value;
  if (paymentUnknown) c.header('retry-after', String(UNKNOWN_RETRY_AFTER_S));
  // The cart is kept until the order is paid: a payment that fails later gives the shopper their cart back.
  if (order.status === 'paid' && body.cartToken === undefined) deleteCartCookie(c);
  return answer(c, api.placeOrder, { order }, paymentUnknown ? 202 : 201);
});

/** Once an order that was pending is paid, the visitor's cart cookie naming its cart is dropped (a paid cart takes no more changes). */
async function forgetPaidCart(c: Context<AppEnv>, order: Order): Promise<void> {
  const cartId = cartIdFrom(c);
  if (cartId === null || order.status === 'pending' || order.status === 'cancelled') return;
  const cart = await storeOf(c).objects.cart(cartId).read();
  if (cart?.orderId === order.id) deleteCartCookie(c);
}

/** The buyer's view (with the confirmation URL's token) or a merchant's (customerData permission: an order is a customer's personal data). */
checkoutOrders.get(pathIn(areas.orders, api.order), withSite, async (c) => {
  const id = c.req.param('id');
  const token = c.req.query('token');
  const orders = storeOf(c).objects.orders;
  c.header('cache-control', 'no-store');
  if (token !== undefined) {
    const order = BUYER_TOKEN.test(token) ? await orders.orderForBuyer(id, token) : null;
    if (order === null) return apiError(404, ORDER_MESSAGES.notFound);
    await forgetPaidCart(c, order);
    return answer(c, api.order, { order });
  }
  const session = await merchantSessionOf(c);
  if (session === null) return apiError(401, MERCHANT_MESSAGES.signIn);
  if (!allows(session.profile.roles, 'customerData')) return apiError(403, MERCHANT_MESSAGES.forbidden);
  const order = await orders.order(id);
  return order === null ? apiError(404, ORDER_MESSAGES.notFound) : answer(c, api.merchantOrder, { order });
});
