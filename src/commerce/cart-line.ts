/**
 * What adding a product to the cart means for one request: the variant chosen by sku, its price in
 * the store currency's minor units, its stock limit, and the spec's message when it cannot be added.
 * Only what src/commerce/product.ts calls a sellable product becomes a line: an item outside a
 * products collection never does, whatever product fields it carries.
 */
import { CART_MESSAGES, type StoredEntry } from './cart';
import { toMinorUnits } from './money';
import {
  perOrderLimit,
  pricedWithoutVariants,
  priceNow,
  ProductType,
  sellableProductType,
  sellsAsSubscription,
  variantStockLimit,
  variantsOf,
  type ProductTypeCode,
} from './product';
import { asString, childOf } from '../values/index';

export interface CartLine {
  itemId: string;
  sku: string;
  attributes: Record<string, string>;
  title: string;
  productType: ProductTypeCode;
  unitPriceCents: number;
  /** Units in stock for this variant; null when unlimited (digital goods, gift cards, unlimited variants). */
  stock: number | null;
  subscription: boolean;
  url: string;
  imageUrl: string | null;
  /** Shipping weight of one unit in grams (the variant's `weightGrams`); 0 when not given. */
  weightGrams: number;
  /** Units of the product one order may hold (`perOrderLimit`); null when only stock limits it. */
  perOrder: number | null;
}

function attributesOf(variant: unknown): Record<string, string> {
  const raw = childOf(variant, 'attributes');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, asString(v)]));
}

function priceCents(money: unknown, storeCurrency: string): number | null {
  return toMinorUnits(asString(childOf(money, 'value')) || '0', storeCurrency);
}

function weightOf(variant: unknown): number {
  const grams = childOf(variant, 'weightGrams');
  return typeof grams === 'number' && Number.isFinite(grams) && grams > 0 ? Math.round(grams) : 0;
}

/**
 * The line for `item` and `sku` (a digital product's sku is its item id), or why it cannot be added;
 * `collections` are the site's, which say whether the item's collection holds products, and
 * `websiteSettings` whether a service may be bought several to an order.
 */
export function resolveCartLine(
  item: unknown,
  sku: string | null | undefined,
  storeCurrency: string,
  collections: readonly { id: string; typeName: string }[],
  websiteSettings: unknown = undefined,
): CartLine | { error: string } {
  const type = sellableProductType(item, collections);
  if (type === undefined) return { error: CART_MESSAGES.itemNotFound };
  const itemId = asString(childOf(item, 'id'));
  const common = {
    itemId,
    title: asString(childOf(item, 'title')),
    productType: type,
    subscription: sellsAsSubscription(item),
    url: asString(childOf(item, 'fullUrl')),
    imageUrl: asString(childOf(item, 'assetUrl')) || null,
    perOrder: perOrderLimit(item, websiteSettings),
  };
  if (pricedWithoutVariants(type)) {
    if (sku !== undefined && sku !== null && sku !== itemId) return { error: CART_MESSAGES.variantUnavailable };
    const cents = priceCents(priceNow(item, childOf(item, 'structuredContent')), storeCurrency);
    if (cents === null) return { error: CART_MESSAGES.itemNotFound };
    return { ...common, sku: itemId, attributes: {}, unitPriceCents: cents, stock: null, weightGrams: 0 };
  }
  if (sku === undefined || sku === null || sku === '') {
    return {
      error: type === ProductType.GiftCard ? CART_MESSAGES.giftCardDenomination : CART_MESSAGES.variantUnavailable,
    };
  }
  const variants = variantsOf(item);
  const variant = Array.isArray(variants) ? variants.find((v) => asString(childOf(v, 'sku')) === sku) : undefined;
  if (variant === undefined) {
    return {
      error: type === ProductType.GiftCard ? CART_MESSAGES.giftCardDenomination : CART_MESSAGES.variantUnavailable,
    };
  }
  const cents = priceCents(priceNow(item, variant), storeCurrency);
  if (cents === null) return { error: CART_MESSAGES.itemNotFound };
  const imageUrl = asString(childOf(childOf(variant, 'image'), 'assetUrl')) || common.imageUrl;
  return {
    ...common,
    imageUrl,
    sku,
    attributes: attributesOf(variant),
    unitPriceCents: cents,
    stock: variantStockLimit(item, variant),
    weightGrams: weightOf(variant),
  };
}

/** A cart entry for `quantity` of a line. */
export function entryFromLine(
  line: CartLine,
  id: string,
  quantity: number,
  additionalFields: string | null,
): StoredEntry {
  return {
    id,
    itemId: line.itemId,
    chosenVariant: { sku: line.sku, attributes: line.attributes },
    quantity,
    title: line.title,
    productType: line.productType,
    purchasePriceCents: line.unitPriceCents,
    additionalFields,
    url: line.url,
    imageUrl: line.imageUrl,
    ...(line.weightGrams > 0 ? { weightGrams: line.weightGrams } : {}),
  };
}
