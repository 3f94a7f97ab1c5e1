/**
 * The shopping cart API (storefront spec §7): add, read, change quantity, remove, edit additional
 * fields, and subscription carts. Bodies are validated here, so malformed input never reaches the
 * cart's Durable Object. The cart is the one the visitor's cookie names (src/routes/shop/visitor-cart.ts).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  buildCart,
  CART_MESSAGES,
  MAX_ADDITIONAL_FIELDS_LENGTH,
  parseQuantity,
  type ShoppingCart,
  type StoredEntry,
} from '../../commerce/cart';
import { entryFromLine, resolveCartLine, type CartLine } from '../../commerce/cart-line';
import {
  GIFT_CARD_MESSAGES,
  GIFT_EMAIL_MAX,
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  GIFT_SEND_ON,
  giftDetailsProblems,
} from '../../commerce/gift-cards';
import { ProductType, productType, variantAvailable } from '../../commerce/product';
import { availableOf } from '../../storefront/available-stock';
import { knownTimeZone } from '../../site/editor/zoned-time';
import type { CartAnswer, CartFailure } from '../../durable/cart';
import type { Site } from '../../site/model/schema';
import { toHex } from '../../ids';
import type { ContentObject } from '../../site/published/catalog';
import { itemAtVersion } from '../../site/published/item-at-version';
import type { Item } from '../../site/model/schema';
import { currentCrumb, ensureCrumb, randomToken, requireCrumb } from '../shared/csrf';
import { apiError, readJson, siteVersion, type AppEnv, storeOf, withSite } from '../shared/http';
import { rateLimit } from '../shared/rate-limit';
import { CART_ID } from '../../api/checkout-bodies';
import { areas } from '../../api/areas';
import type { Route } from '../../api/route';
import { storefrontRoutes as api } from '../../api/storefront';
import type { CartChanged } from '../../api/storefront-answers';
import { answer, answerText, pathIn } from '../shared/contract';
import { adoptIntoAccount, cartHead, cartIdFrom, currencyOf, setCartCookie, visitorCart } from './visitor-cart';
import { guardedArea } from '../shared/guarded-area';
import { edgeStock } from '../shared/edge-stock';

const MAX_BODY_BYTES = 16 * 1024;

const additionalFields = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((value) =>
    value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value),
  )
  .refine((value) => value === null || value.length <= MAX_ADDITIONAL_FIELDS_LENGTH, {
    message: `additionalFields must be at most ${MAX_ADDITIONAL_FIELDS_LENGTH} characters`,
  });
const id = z.string().min(1).max(64);
const sku = z.string().max(64).nullable().optional();

const addSchema = z.object({ itemId: id, sku, quantity: z.unknown().optional(), additionalFields });
const subscriptionSchema = z.object({ itemId: id, sku, qty: z.unknown().optional(), additionalFields });
const fieldsSchema = z.object({ itemId: id, sku: z.string().min(1).max(64), additionalFields });
const quantitySchema = z.object({ quantity: z.unknown() });
/** A gift card's additional fields: who it is for (src/commerce/gift-cards.ts); a card with none is the buyer's own. */
const giftDetailsSchema = z.object({
  recipientEmail: z.string().trim().max(GIFT_EMAIL_MAX),
  recipientName: z.string().trim().max(GIFT_NAME_MAX),
  message: z.string().trim().max(GIFT_MESSAGE_MAX).default(''),
  sendOn: z.string().regex(GIFT_SEND_ON, GIFT_CARD_MESSAGES.sendOnInvalid).nullable().default(null),
  /** The shopper's IANA zone (the browser's Intl), whose midnight of `sendOn` the card is sent at; else the store's. */
  timeZone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'must be an IANA time zone')
    .refine(knownTimeZone, 'must be an IANA time zone')
    .nullable()
    .default(null),
});

/** A gift card's details, normalised and checked, as the entry keeps them (with the store's `timeZone` when the shopper gave none); a 400 naming the first problem. */
function giftDetailsOr400(additionalFields: string | null, storeTimeZone: string): string | null {
  if (additionalFields === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(additionalFields);
  } catch {
    parsed = undefined;
  }
  const details = giftDetailsSchema.safeParse(parsed);
  if (!details.success) {
    const issue = details.error.issues[0];
    return issue?.path[0] === 'sendOn'
      ? apiError(400, GIFT_CARD_MESSAGES.sendOnInvalid, { errors: { sendOn: GIFT_CARD_MESSAGES.sendOnInvalid } })
      : apiError(400, `Gift card details: ${issue?.path.join('.') ?? 'body'} ${issue?.message ?? 'is invalid'}`);
  }
  const given = { ...details.data, timeZone: details.data.timeZone ?? storeTimeZone };
  const problems = giftDetailsProblems(given, Date.now());
  const first = Object.values(problems)[0];
  if (first !== undefined) return apiError(400, first, { errors: problems });
  return JSON.stringify(given);
}

function emptyCart(site: Site): ShoppingCart {
  return buildCart({ id: null, websiteId: site.website.id, created: null, currencyCode: currencyOf(site) }, []);
}

/** The item and its line for a sku of this site, or a 4xx response. */
async function lineFor(
  c: Context<AppEnv>,
  itemId: string,
  sku: string | null | undefined,
): Promise<{ item: Item; line: CartLine }> {
  const site = c.var.site;
  const item = await itemAtVersion(storeOf(c).objects.content, site.website.id, await siteVersion(c), itemId);
  if (item === undefined) return apiError(404, CART_MESSAGES.itemNotFound);
  const line = resolveCartLine(item, sku, currencyOf(site), site.collections, site.websiteSettings);
  return 'error' in line ? apiError(400, line.error) : { item, line };
}

/**
 * What the ledger has available of the line's sku (null: not counted), as the data centre heard it within the last
 * 2 s (`routes/shared/edge-stock.ts`), else asked now: a cart reserves nothing, so a figure that old only decides
 * whether the shopper may ask for the units; checking out and placing the order ask the ledger itself.
 */
const availableToAdd = (c: Context<AppEnv>, item: Item, line: CartLine) =>
  availableOf(edgeStock(c, c.var.site.website.id), item, line.sku);

function quantityOr400(raw: unknown): number {
  const parsed = parseQuantity(raw ?? 1);
  return 'error' in parsed ? apiError(400, parsed.error) : parsed.quantity;
}

/** Every refusal is the shopper's request (400) but an entry that is not in the cart (404). */
function failed(result: CartFailure): never {
  return apiError(result.error === 'entry-not-found' ? 404 : 400, result.message);
}

/** A cart change's answer: the cart object's JSON text as it is (the same bytes `c.json` would send), or its error. */
function answered<T extends CartChanged>(c: Context<AppEnv>, route: Route<T>, result: CartAnswer<T>): Response {
  return result.ok ? answerText(c, route, result.value) : failed(result);
}

/** Products the editor's mock cart picks from. */
const MOCK_CANDIDATES = 50;

/** A mock cart for the editor's preview (`?mock=true`): the first two products in stock, never stored. */
async function mockCart(content: ContentObject, site: Site): Promise<ShoppingCart> {
  const entries: StoredEntry[] = [];
  const { value } = await content.firstProducts(MOCK_CANDIDATES);
  for (const item of value.map((json) => JSON.parse(json) as Item)) {
    if (entries.length === 2) break;
    const content = item.structuredContent;
    const variant = content?.variants.find((v) => variantAvailable(v, content.productType));
    if (variant === undefined || content?.isSubscribable === true) continue;
    const line = resolveCartLine(item, variant.sku, currencyOf(site), site.collections);
    if ('error' in line) continue;
    entries.push(entryFromLine(line, `mock-${entries.length + 1}`, 1, null));
  }
  return buildCart({ id: 'mock', websiteId: site.website.id, created: null, currencyCode: currencyOf(site) }, entries);
}

const writeLimit = rateLimit((env) => env.CART_RATE_LIMITER, 'cart');

/** The cart, at `areas.cart`: every change needs the crumb and is under the write limit. */
export const cart = guardedArea(requireCrumb, writeLimit);

/** The subscription cart, at `areas.subscriptionCart`: the same guards. */
export const subscriptionCart = guardedArea(requireCrumb, writeLimit);

/** The cart's address with a trailing slash, mounted at `${areas.cart}/` (a sub-app's `/` is its prefix without one). */
export const cartWithSlash = new Hono<AppEnv>();

/**
 * The shopper's cart. Also at the platform's address with a trailing slash, which developer-platform
 * templates' own scripts read (Baldface's cart count: `entries`, `totalQuantity`): the same cart.
 */
const readCart = async (c: Context<AppEnv>) => {
  const site = c.var.site;
  ensureCrumb(c);
  c.header('cache-control', 'no-store');
  if (c.req.query('mock') === 'true') return answer(c, api.cart, await mockCart(storeOf(c).objects.content, site));
  const token = c.req.query('cartToken');
  const cartId = token !== undefined && CART_ID.test(token) ? token : cartIdFrom(c);
  if (cartId === null) return answer(c, api.cart, emptyCart(site));
  const stub = storeOf(c).objects.cart(cartId);
  const stored = await stub.read();
  if (stored === null) return answer(c, api.cart, emptyCart(site));
  // Once the shopper started checking out, the cart shows the checkout's shipping, tax and discounts.
  if (stored.orderId === null && (await stub.checkoutStarted()))
    return answer(c, api.cart, await storeOf(c).objects.orders.cartWithTotals(stored));
  return answer(c, api.cart, stored);
};
cart.get(pathIn(areas.cart, api.cart), withSite, readCart);
cartWithSlash.get('/', withSite, readCart);

interface AddRequest {
  itemId: string;
  sku?: string | null;
  quantity?: unknown;
  additionalFields: string | null;
}

/**
 * Validates an add against the site, then adds it to the cart `cartId` (a new cart when the id is
 * new). Subscriptions are only added through their own call, and only they are.
 */
async function addLine(
  c: Context<AppEnv>,
  request: AddRequest,
  subscription: boolean,
  cartIdOf: () => string,
  idempotencyKey: string | null = null,
) {
  const site = c.var.site;
  const { item, line } = await lineFor(c, request.itemId, request.sku);
  if (line.subscription !== subscription)
    return apiError(400, subscription ? CART_MESSAGES.notSubscription : CART_MESSAGES.subscriptionOnly);
  const quantity = quantityOr400(request.quantity);
  const additionalFields =
    line.productType === ProductType.GiftCard
      ? giftDetailsOr400(request.additionalFields, site.website.timeZone)
      : request.additionalFields;
  const available = await availableToAdd(c, item, line);
  const cartId = cartIdOf();
  const result = await storeOf(c)
    .objects.cart(cartId)
    .add(cartHead(site, cartId), line, quantity, additionalFields, available, idempotencyKey);
  return result.ok ? { cartId, result } : failed(result);
}

/** An add's optional `Idempotency-Key` header: a retry with the same key adds nothing more. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

function addIdempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  return IDEMPOTENCY_KEY.test(key) ? key : apiError(400, 'Idempotency-Key must be 8 to 64 letters, digits, - or _');
}

/**
 * A new cart's id. With an idempotency key it is derived from the visitor's crumb and the key, so a
 * retried first add whose answer (and cart cookie) was lost reaches the same cart.
 */
async function newCartId(c: Context<AppEnv>, idempotencyKey: string | null): Promise<string> {
  const crumb = currentCrumb(c);
  if (idempotencyKey === null || crumb === null) return randomToken();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`new-cart:${crumb}:${idempotencyKey}`));
  return toHex(new Uint8Array(digest).slice(0, 16));
}

cart.post(pathIn(areas.cart, api.addToCart), withSite, async (c) => {
  const body = await readJson(c, addSchema, MAX_BODY_BYTES);
  const idempotencyKey = addIdempotencyKey(c);
  const existing = cartIdFrom(c);
  const cartId = existing ?? (await newCartId(c, idempotencyKey));
  const added = await addLine(c, body, false, () => cartId, idempotencyKey);
  if (existing === null) {
    setCartCookie(c, added.cartId);
    await adoptIntoAccount(c, added.cartId);
  }
  return answered(c, api.addToCart, added.result);
});

cart.put(pathIn(areas.cart, api.cartEntryFields), withSite, async (c) => {
  const body = await readJson(c, fieldsSchema, MAX_BODY_BYTES);
  const site = c.var.site;
  const stub = visitorCart(c);
  if (stub === null) return apiError(404, CART_MESSAGES.entryNotFound);
  const item = await itemAtVersion(storeOf(c).objects.content, site.website.id, await siteVersion(c), body.itemId);
  const additionalFields =
    productType(item) === ProductType.GiftCard
      ? giftDetailsOr400(body.additionalFields, site.website.timeZone)
      : body.additionalFields;
  return answered(
    c,
    api.cartEntryFields,
    await stub.setAdditionalFields(c.req.param('entryId'), body.itemId, body.sku, additionalFields),
  );
});

cart.put(pathIn(areas.cart, api.changeCartEntry), withSite, async (c) => {
  const body = await readJson(c, quantitySchema, MAX_BODY_BYTES);
  const quantity = quantityOr400(body.quantity);
  const stub = visitorCart(c);
  const entryId = c.req.param('entryId');
  const entry = stub === null ? undefined : (await stub.read())?.entries.find((e) => e.id === entryId);
  if (stub === null || entry === undefined) return apiError(404, CART_MESSAGES.entryNotFound);
  const { item, line } = await lineFor(c, entry.itemId, entry.chosenVariant.sku);
  // Only a growing quantity is checked against stock.
  const available = quantity > entry.quantity ? await availableToAdd(c, item, line) : null;
  return answered(c, api.changeCartEntry, await stub.setQuantity(entryId, quantity, available, line.perOrder));
});

cart.delete(pathIn(areas.cart, api.removeCartEntry), withSite, async (c) => {
  const stub = visitorCart(c);
  if (stub === null) return apiError(404, CART_MESSAGES.entryNotFound);
  return answered(c, api.removeCartEntry, await stub.removeEntry(c.req.param('entryId')));
});

/** A subscription is bought on its own: a new cart holding just it, identified by the returned token. */
subscriptionCart.post(pathIn(areas.subscriptionCart, api.subscriptionCart), withSite, async (c) => {
  const { qty, ...body } = await readJson(c, subscriptionSchema, MAX_BODY_BYTES);
  const added = await addLine(c, { ...body, quantity: qty }, true, randomToken);
  return answer(c, api.subscriptionCart, { cartToken: added.cartId });
});
