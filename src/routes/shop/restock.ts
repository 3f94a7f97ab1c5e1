/**
 * Restock notifications (storefront spec §7): a visitor signs up for a sold-out variant; the
 * merchant lists sign-up groups and sign-ups by cursor and sends the back-in-stock emails, each
 * behind its merchant permission. A group names its variant by its options ('Blue / M') and says
 * what the ledger has available; the merchant's send emails only variants in stock (issue 33).
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { restockSendAllSchema, restockSendSchema } from '../../api/commerce-admin-bodies';
import { restockSignUpSchema } from '../../api/storefront-bodies';
import { Hono, type Context } from 'hono';
import { CART_MESSAGES } from '../../commerce/cart';
import { sellableProductType, variantLabel } from '../../commerce/product';
import { CAPTCHA_ACTIONS } from '../../forms/captcha';
import { FORM_MESSAGES, isValidEmail } from '../../forms/validate';
import { captchaVerifier } from '../../integrations/captcha';
import { availableStockOf } from '../../durable/stubs';
import { consoleItemsById, type ContentObject, itemsById } from '../../site/published/catalog';
import { availableOf } from '../../storefront/available-stock';
import type { Item, Variant } from '../../site/model/schema';
import type { Site } from '../../site/model/schema';
import { requireCrumb } from '../shared/csrf';
import { apiError, readJson, type AppEnv, storeOf, withSite } from '../shared/http';
import { requirePermission } from '../console/merchant-session';
import { guardedArea } from '../shared/guarded-area';
import { rateLimit } from '../shared/rate-limit';

export const RESTOCK_MESSAGES = {
  blankEmail: 'Email cannot be blank',
  invalidEmail: 'Email is invalid',
  unknownVariant: CART_MESSAGES.variantUnavailable,
  inStock: 'This item is in stock: add it to your cart.',
  full: 'Restock notifications for this store are full right now. Please try again later.',
  stillSoldOut: 'This variant is still sold out: add stock before emailing the people waiting for it.',
} as const;

const MAX_BODY_BYTES = 8 * 1024;

interface Found {
  item: Item;
  variant: Variant;
}

/** Every requested variant of the site's products (what a cart sells), or null when one of them is not in the store. */
async function variantsOf(
  content: ContentObject,
  site: Site,
  requests: readonly { productId: string; variantId: string }[],
): Promise<Found[] | null> {
  const items = await itemsById(
    content,
    requests.map((r) => r.productId),
  );
  const found: Found[] = [];
  for (const { productId, variantId } of requests) {
    const item = items.get(productId);
    const product = item !== undefined && sellableProductType(item, site.collections) !== undefined;
    const variant = product ? item.structuredContent?.variants.find((v) => v.id === variantId) : undefined;
    if (item === undefined || variant === undefined) return null;
    found.push({ item, variant });
  }
  return found;
}

/** 'Silk Scarf (Sage)': the product's title with the variant's option values, or the title alone. */
function variantTitle(title: string, variant: Variant): string {
  const label = variantLabel(variant);
  return label === '' ? title : `${title} (${label})`;
}

export const restock = new Hono<AppEnv>();

restock.post(
  pathIn(areas.restock, api.restockSignUp),
  requireCrumb,
  rateLimit((env) => env.ACCOUNT_RATE_LIMITER, 'restock'),
  withSite,
  async (c) => {
    const body = await readJson(c, restockSignUpSchema, MAX_BODY_BYTES);
    const email = body.siteVisitorEmail.trim();
    if (email === '') return apiError(400, RESTOCK_MESSAGES.blankEmail);
    if (!isValidEmail(email)) return apiError(400, RESTOCK_MESSAGES.invalidEmail);
    const site = c.var.site;
    const found = (
      await variantsOf(storeOf(c).objects.content, site, [{ productId: body.productId, variantId: body.variantId }])
    )?.[0];
    if (found === undefined) return apiError(404, RESTOCK_MESSAGES.unknownVariant);
    // In stock is what the stock ledger has available now, not the published level (only a sku's starting value).
    if ((await availableOf(availableStockOf(storeOf(c).objects), found.item, found.variant.sku)) !== 0)
      return apiError(400, RESTOCK_MESSAGES.inStock);
    const siteKey = site.website.captchaSettings?.siteKey;
    if (siteKey !== undefined && siteKey !== '') {
      const token = body.recaptchaEnterpriseV3Token ?? '';
      if (token === '' || !(await captchaVerifier(c.env).verify(token, CAPTCHA_ACTIONS.productWaitlist, siteKey)))
        return apiError(400, FORM_MESSAGES.captcha);
    }
    const result = await storeOf(c).objects.restock.signUp({
      productId: body.productId,
      variantId: body.variantId,
      email,
      joinMailingList: body.isJoinMailingList === true,
      language: body.language ?? null,
      // The email and the console's list name the variant the shopper chose.
      productTitle: variantTitle(found.item.title, found.variant),
      sku: found.variant.sku,
      productUrl: new URL(found.item.fullUrl, c.req.url).toString(),
    });
    if ('full' in result) return apiError(429, RESTOCK_MESSAGES.full);
    return answer(c, api.restockSignUp, { signedUp: true, created: result.created });
  },
);

/**
 * The merchant's calls, in two parts the restock area puts behind their permissions at its top: reading
 * sign-ups (customers' emails: customerData) and sending the emails (commerce).
 */
export const restockLists = new Hono<AppEnv>();
export const restockSends = new Hono<AppEnv>();

restockLists.get(pathIn(areas.restock, api.restockGroups), withSite, async (c) => {
  const objects = storeOf(c).objects;
  const page = await objects.restock.groups(c.req.query('cursor') ?? null);
  const groups = page.items.signUpGroups;
  const items = await consoleItemsById(
    objects.content,
    groups.map((g) => g.productId),
  );
  const readAvailable = availableStockOf(objects);
  // Each group's variant by its options and what is available of it now (null: never runs out; 0 for a variant since removed).
  const signUpGroups = await Promise.all(
    groups.map(async (group) => {
      const item = items.get(group.productId);
      const variant = item?.structuredContent?.variants.find((v) => v.id === group.variantId);
      const available =
        item === undefined || variant === undefined ? 0 : await availableOf(readAvailable, item, variant.sku);
      return { ...group, variantLabel: variant === undefined ? '' : variantLabel(variant), available };
    }),
  );
  return answer(c, api.restockGroups, {
    signUpGroups,
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  });
});

restockLists.get(pathIn(areas.restock, api.restockSignUps), withSite, async (c) => {
  const productId = c.req.query('productId');
  const variantId = c.req.query('variantId');
  if (productId === undefined || variantId === undefined) return apiError(400, 'productId and variantId are required');
  const rawCursor = c.req.query('cursor');
  const cursor = rawCursor === undefined ? null : Number(rawCursor);
  if (cursor !== null && !Number.isSafeInteger(cursor)) return apiError(400, 'cursor is not valid');
  const page = await storeOf(c).objects.restock.signUps(productId, variantId, cursor);
  return answer(c, api.restockSignUps, {
    ...page.items,
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  });
});

async function send(c: Context<AppEnv>, { item, variant }: Found): Promise<number> {
  const url = new URL(item.fullUrl, c.req.url).toString();
  return (await storeOf(c).objects.restock.send(item.id, variant.id, url)).queued;
}

/**
 * Queues the emails of every requested variant that is in stock (an unknown variant fails the whole
 * call; the one-variant send answers 409 for a sold-out one); `soldOut` counts those left waiting.
 */
async function sendAll(
  c: Context<AppEnv>,
  route: typeof api.sendRestock | typeof api.sendAllRestock,
  requests: readonly { productId: string; variantId: string }[],
  one = false,
): Promise<Response> {
  const site = c.var.site;
  const found = await variantsOf(storeOf(c).objects.content, site, requests);
  if (found === null) return apiError(404, RESTOCK_MESSAGES.unknownVariant);
  const readAvailable = availableStockOf(storeOf(c).objects);
  const inStock: Found[] = [];
  for (const variant of found)
    if ((await availableOf(readAvailable, variant.item, variant.variant.sku)) !== 0) inStock.push(variant);
  if (one && inStock.length === 0) return apiError(409, RESTOCK_MESSAGES.stillSoldOut);
  let queued = 0;
  for (const variant of inStock) queued += await send(c, variant);
  return answer(c, route, { queued, soldOut: found.length - inStock.length });
}

restockSends.post(pathIn(areas.restock, api.sendRestock), withSite, async (c) =>
  sendAll(c, api.sendRestock, [await readJson(c, restockSendSchema, MAX_BODY_BYTES)], true),
);

restockSends.post(pathIn(areas.restock, api.sendAllRestock), withSite, async (c) =>
  sendAll(c, api.sendAllRestock, (await readJson(c, restockSendAllSchema, MAX_BODY_BYTES)).sendRequests),
);

restock.route('/', guardedArea(requirePermission('customerData')).route('/', restockLists));
restock.route('/', guardedArea(requirePermission('commerce')).route('/', restockSends));
