/**
 * The one definition of a product, shared by the template engine, the worker, the console and the
 * browser islands (spec §4, §5): what a product is (an item of a products collection with a known
 * type), its types, variants, stock ("never runs out"), sale state, current price and quantity rules.
 * The role check, the cart, the console, the content tables and the storefront all ask this module.
 *
 * Rules read products in the shape templates see (`structuredContent.variants[]`, money as
 * `{ value: '12.50', currency: 'USD' }`), with the template language's value semantics, so a page
 * and the cart always agree on what "on sale" or "sold out" means.
 */
import { shownAt, type ContentStatus } from '../site/editor/content-status';
import { asBoolean, asNumber, asString, childOf, isTruthy, valuesEqual } from '../values/index';
import { PRODUCTS_COLLECTION_CODE, STORE_ITEM_RECORD_CODE } from '../values/enumerations';

/** Product types (storefront spec §3). */
export const ProductType = { Physical: 1, Digital: 2, Service: 3, GiftCard: 4, Paywall: 5 } as const;
export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];
export const PRODUCT_TYPE_CODES: readonly ProductTypeCode[] = /* @__PURE__ */ Object.values(ProductType);
/** The reference's code for a product of no type ('undefined'): never stored (the site schema takes PRODUCT_TYPE_CODES), read only by `product-price`. */
export const UNDEFINED_PRODUCT_TYPE = -1;

/** The collection type (`typeName`, and its code `type`) that holds products: an item is a product there and nowhere else. */
export const PRODUCTS_COLLECTION = 'products' as const;
export const PRODUCTS_COLLECTION_TYPE = PRODUCTS_COLLECTION_CODE;
/** An item's `recordType` when it is a product. */
export const PRODUCT_RECORD_TYPE = STORE_ITEM_RECORD_CODE;

/**
 * A product's status, Shopify's meanings: a draft is not on the storefront at all (pages, listings,
 * search, sitemap, cart, checkout); a scheduled product is from its publish date (`addedOn`, chosen in
 * the store's time zone); a published one always. An item without a status is published.
 */
export const PRODUCT_STATUSES = ['draft', 'scheduled', 'published'] as const satisfies readonly ContentStatus[];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Readonly<Record<ProductStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** A stored item's status as a product's: the content statuses a product does not use (needs review, private) are drafts. */
export function productStatus(item: { status?: ContentStatus | undefined }): ProductStatus {
  const status = item.status ?? 'published';
  return (PRODUCT_STATUSES as readonly string[]).includes(status) ? (status as ProductStatus) : 'draft';
}

/**
 * Whether shoppers may see and buy the product at `now`: the content rule every storefront read
 * applies (src/site/editor/content-status.ts; the content tables keep it as `visible_from`).
 */
export function onStorefront(
  item: { status?: ContentStatus | undefined; addedOn?: number | undefined },
  now: number,
): boolean {
  return shownAt(item, now);
}

/** Whether a collection holds products. */
export function isProductCollection(collection: { typeName: string } | undefined): boolean {
  return collection?.typeName === PRODUCTS_COLLECTION;
}

/** Whether `item` belongs to a products collection of `collections` (the site's): the role check's idea of a product. */
export function inProductCollection(
  item: { collectionId: string },
  collections: readonly { id: string; typeName: string }[],
): boolean {
  return isProductCollection(collections.find((c) => c.id === item.collectionId));
}

/** Types priced on the product itself, without variants or stock (digital downloads, paywalls). */
export function pricedWithoutVariants(type: number | undefined): boolean {
  return type === ProductType.Digital || type === ProductType.Paywall;
}

/** The file a digital product delivers: a file of the store's file manager, by id, with its name and size as attached. */
export interface DigitalFile {
  id: string;
  name: string;
  size: number;
}

/** The file a digital product delivers (`structuredContent.digitalFile`), or null when it has none. */
export function digitalFileOf(item: unknown): DigitalFile | null {
  if (productType(item) !== ProductType.Digital) return null;
  const file = childOf(childOf(item, 'structuredContent'), 'digitalFile');
  const id = childOf(file, 'id');
  const name = childOf(file, 'name');
  const size = childOf(file, 'size');
  if (typeof id !== 'string' || typeof name !== 'string' || id === '' || name === '') return null;
  return { id, name, size: typeof size === 'number' ? size : 0 };
}

/**
 * A product as shoppers may see it: without the file a digital product delivers (its id names the
 * stored file; only a download token reaches it). Pages, their `?format=json` context and the
 * data blocks templates print read items through this; the console and downloads read them whole.
 */
export function withoutDeliveredFile<T>(item: T): T {
  const content = childOf(item, 'structuredContent');
  if (typeof content !== 'object' || content === null || !('digitalFile' in content)) return item;
  const { digitalFile: _file, ...rest } = content as Record<string, unknown>;
  return { ...item, structuredContent: rest };
}

/** Types whose stock is counted (physical products, services); every other type never runs out. */
export const STOCK_COUNTED_TYPES: readonly ProductTypeCode[] = [ProductType.Physical, ProductType.Service];

/** Whether a product of this type never runs out whatever its variants say (digital goods, gift cards, paywalls). */
export function neverRunsOut(type: number | undefined): boolean {
  return type !== undefined && !STOCK_COUNTED_TYPES.includes(type as ProductTypeCode);
}

/** Physical products are shipped: a cart holding one needs a delivery address, and only their weight counts toward shipping. */
export function isShipped(type: number | undefined): boolean {
  return type === ProductType.Physical;
}

/**
 * Whether a digital product may not be saved so: it is on the storefront (scheduled or published)
 * without a file to deliver. `file` undefined is a form that says nothing of its file (a CSV import),
 * which keeps the stored one.
 */
export function lacksDeliveredFile(
  product: { productType: number; status: ProductStatus },
  file: DigitalFile | null | undefined,
): boolean {
  return product.productType === ProductType.Digital && product.status !== 'draft' && file === null;
}

/** Subscriptions are for physical products and services only (spec §9). */
export function subscribableType(type: number | undefined): boolean {
  return type === ProductType.Physical || type === ProductType.Service;
}

/** Types a cart sells: every type but paywalls (members' access is not a cart line). */
export function soldInCart(type: number | undefined): boolean {
  return type !== undefined && type !== ProductType.Paywall && PRODUCT_TYPE_CODES.includes(type as ProductTypeCode);
}

/** Money as templates carry it. */
export interface MoneyValue {
  value: string;
  currency: string;
}

/** The price used when a product has none: 0 USD (spec §9). */
export const DEFAULT_MONEY: Readonly<MoneyValue> = /* @__PURE__ */ Object.freeze({ value: '0', currency: 'USD' });

/** The product's type code, or undefined for an unknown type. */
export function productType(item: unknown): ProductTypeCode | undefined {
  const code = asNumber(childOf(childOf(item, 'structuredContent'), 'productType'));
  return PRODUCT_TYPE_CODES.includes(code as ProductTypeCode) ? (code as ProductTypeCode) : undefined;
}

/**
 * The type of `item` when a cart may sell it: an item of a products collection of `collections`
 * with a type the cart sells; undefined for anything else (a blog post carrying product fields
 * included, whatever they say).
 */
export function sellableProductType(
  item: unknown,
  collections: readonly { id: string; typeName: string }[],
): ProductTypeCode | undefined {
  const collectionId = childOf(item, 'collectionId');
  if (typeof collectionId !== 'string' || !inProductCollection({ collectionId }, collections)) return undefined;
  const type = productType(item);
  return soldInCart(type) ? type : undefined;
}

export function variantsOf(item: unknown): unknown {
  return childOf(childOf(item, 'structuredContent'), 'variants');
}

/** The variants of a product as a list (none when it has no list). */
export function variantList(item: unknown): readonly unknown[] {
  const variants = variantsOf(item);
  return Array.isArray(variants) ? variants : [];
}

/** Numeric amount of a money value ('12.50' → 12.5); 0 when absent or not a number. */
export function amountOf(money: unknown): number {
  const value = asString(childOf(money, 'value'));
  const amount = value === '' ? 0 : Number(value);
  return Number.isFinite(amount) ? amount : 0;
}

export function currencyOf(money: unknown): string {
  const currency = childOf(money, 'currency');
  return currency === undefined ? DEFAULT_MONEY.currency : asString(currency).trim();
}

/** What a variant has in stock (the site schema's variants satisfy it). */
export interface VariantStock {
  unlimited: boolean;
  qtyInStock: number;
}

/** Prices of a variant, or of a digital product (the site schema's variants and products satisfy it). */
export interface Priced<M = MoneyValue> {
  onSale?: boolean;
  priceMoney?: M;
  salePriceMoney?: M;
}

/** Whether a variant's stock goes uncounted: marked unlimited, or of a type that never runs out. */
export function variantNeverRunsOut(variant: { unlimited: boolean }, type: number | undefined): boolean {
  return variant.unlimited || neverRunsOut(type);
}

/** Whether a product never runs out: its type counts no stock, or one of its variants is unlimited. */
export function productNeverRunsOut(type: number | undefined, variants: readonly { unlimited: boolean }[]): boolean {
  return neverRunsOut(type) || variants.some((variant) => variant.unlimited);
}

/*
 * The same rules in SQLite, for the content tables' queries (the "in stock" listing filter, the counted levels):
 * `product` is an SQL expression for a stored item's JSON, `variant` one for a variant's (a json_each value).
 * Each is 1 or 0, never NULL. Made from the lists above, so a type that changes lists changes both;
 * test/worker/never-runs-out-sql.test.ts runs them against the typed rules for every type.
 */
const productTypeSql = (product: string) => `json_extract(${product}, '$.structuredContent.productType')`;
const typeNeverRunsOutSql = (product: string) =>
  `coalesce(${productTypeSql(product)} IN (${PRODUCT_TYPE_CODES.filter(neverRunsOut).join(', ')}), 0)`;
const unlimitedSql = (variant: string) => `coalesce(json_extract(${variant}, '$.unlimited'), 0)`;

/** `variantNeverRunsOut` in SQLite. */
export const variantNeverRunsOutSql = (product: string, variant: string): string =>
  `(${typeNeverRunsOutSql(product)} OR ${unlimitedSql(variant)})`;

/** `productNeverRunsOut` in SQLite. */
export const productNeverRunsOutSql = (product: string): string =>
  `(${typeNeverRunsOutSql(product)} OR EXISTS (SELECT 1 FROM json_each(${product}, '$.structuredContent.variants') v WHERE ${unlimitedSql('v.value')}))`;

/**
 * `!isSoldOut` in SQLite, each variant's units read by `units` (an SQL expression of the variant's JSON, so the
 * caller may put the stock ledger's level before the published one): a known type, and never runs out or a
 * variant with a whole unit.
 */
export const inStockSql = (product: string, units: (variant: string) => string): string =>
  `(coalesce(${productTypeSql(product)} IN (${PRODUCT_TYPE_CODES.join(', ')}), 0) AND (${productNeverRunsOutSql(product)}
    OR EXISTS (SELECT 1 FROM json_each(${product}, '$.structuredContent.variants') v WHERE ${units('v.value')} >= 1)))`;

/** `stockLimit` in SQLite for a variant that counts stock: `units` (an SQL expression) in whole units, none below 0. */
export const stockLimitSql = (units: string): string => `max(0, CAST(coalesce(${units}, 0) AS INTEGER))`;

/**
 * The units of a variant a shopper can have: its stock in whole units, or null when unlimited
 * (unlimited variants, and every variant of a type that never runs out).
 */
export function stockLimit(variant: VariantStock, type: number | undefined): number | null {
  if (variantNeverRunsOut(variant, type)) return null;
  return Math.max(0, Math.trunc(variant.qtyInStock) || 0);
}

/** Whether a variant can be bought now: unlimited, or at least one unit in stock. */
export function variantAvailable(variant: VariantStock, type: number | undefined): boolean {
  const limit = stockLimit(variant, type);
  return limit === null || limit > 0;
}

/** Whether a product of this type can be on sale: every type but gift cards, which sell at face value (spec §4). */
export function saleAllowed(type: number | undefined): boolean {
  return type !== ProductType.GiftCard;
}

/** Whether a sale price is a sale: below the price it replaces. A sale that is not is refused or, after a price change, ends. */
export function saleUndercuts(salePrice: number, price: number): boolean {
  return salePrice < price;
}

/** Whether a variant (or a product priced without variants) of a product of `type` sells at its sale price now. */
export function onSaleNow(priced: { onSale?: boolean }, type: number | undefined): boolean {
  return priced.onSale === true && saleAllowed(type);
}

/**
 * The money a variant (or a product priced without variants) of a product of `type` sells for now:
 * its sale price when on sale; a gift card's is its face value whatever its variant says.
 */
export function currentPrice<M>(priced: Priced<M>, type: number | undefined): M | undefined {
  return onSaleNow(priced, type) ? priced.salePriceMoney : priced.priceMoney;
}

/**
 * The money a product is listed and sorted at now: its first variant's current price, or the
 * product's own for a type priced without variants; undefined when it has none.
 */
export function listedPrice<M>(
  content: Priced<M> & { productType: number; variants: readonly Priced<M>[] },
): M | undefined {
  if (pricedWithoutVariants(content.productType)) return currentPrice(content, content.productType);
  const first = content.variants[0];
  return first === undefined ? undefined : currentPrice(first, content.productType);
}

/** A template value's stock fields, read with the template language's semantics. */
function stockOf(variant: unknown): VariantStock {
  return { unlimited: isTruthy(childOf(variant, 'unlimited')), qtyInStock: asNumber(childOf(variant, 'qtyInStock')) };
}

/** A template value's prices, read with the template language's semantics. */
function pricesOf(priced: unknown): Priced<unknown> {
  return {
    onSale: isTruthy(childOf(priced, 'onSale')),
    priceMoney: childOf(priced, 'priceMoney'),
    salePriceMoney: childOf(priced, 'salePriceMoney'),
  };
}

/** `variantAvailable` for template data: a variant of `item`. */
export function isVariantAvailable(item: unknown, variant: unknown): boolean {
  return variantAvailable(stockOf(variant), productType(item));
}

/** `stockLimit` for template data: a variant of `item`. */
export function variantStockLimit(item: unknown, variant: unknown): number | null {
  return stockLimit(stockOf(variant), productType(item));
}

/** `currentPrice` for template data: a variant of `item`, or the structured content of a product priced without variants. */
export function priceNow(item: unknown, priced: unknown): unknown {
  return currentPrice(pricesOf(priced), productType(item));
}

/** `onSaleNow` for template data: a variant of `item`, or the structured content of a product priced without variants. */
export function isVariantOnSale(item: unknown, priced: unknown): boolean {
  return onSaleNow(pricesOf(priced), productType(item));
}

export function hasVariants(item: unknown): boolean {
  return !pricedWithoutVariants(productType(item)) && variantList(item).length > 1;
}

/** Sold out: a product that counts stock with no unlimited variant and none in stock; types that never run out never; unknown types always. */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  if (type === undefined) return true;
  const variants = variantList(item).map(stockOf);
  return !productNeverRunsOut(type, variants) && !variants.some((variant) => variantAvailable(variant, type));
}

/** On sale: any variant on sale; a product priced without variants by its own flag; gift cards and unknown types never. */
export function isOnSale(item: unknown): boolean {
  const type = productType(item);
  if (type === undefined) return false;
  if (pricedWithoutVariants(type)) return isVariantOnSale(item, childOf(item, 'structuredContent'));
  return variantList(item).some((v) => isVariantOnSale(item, v));
}

/**
 * Units left across variants, each its `variantStockLimit` (whole units, none below 0); a product that
 * never runs out (its type or an unlimited variant) counts as MAX_SAFE_INTEGER.
 */
export function totalStockRemaining(item: unknown): number {
  const type = productType(item);
  const variants = variantList(item).map(stockOf);
  if (productNeverRunsOut(type, variants)) return Number.MAX_SAFE_INTEGER;
  return variants.reduce((total, variant) => total + (stockLimit(variant, type) ?? 0), 0);
}

export function hasVariedPrices(item: unknown): boolean {
  const type = productType(item);
  if (type !== ProductType.Physical && type !== ProductType.Service && type !== ProductType.GiftCard) return false;
  const [first, ...rest] = variantList(item);
  if (first === undefined) return false;
  // A gift card's sale flag is never read (saleAllowed): its variants differ by price alone.
  const saleFlag = (variant: unknown) => (saleAllowed(type) ? childOf(variant, 'onSale') : false);
  const onSale = saleFlag(first);
  return rest.some(
    (v) =>
      !valuesEqual(saleFlag(v), onSale) ||
      (isTruthy(onSale) && !valuesEqual(childOf(v, 'salePrice'), childOf(first, 'salePrice'))) ||
      !valuesEqual(childOf(v, 'price'), childOf(first, 'price')),
  );
}

/** The money of the variant whose `priceOf` amount wins `better` (first one on ties). */
function pickVariantPrice(
  variants: readonly unknown[],
  priceOf: (variant: unknown) => unknown,
  better: (a: number, b: number) => boolean,
): unknown {
  let money = priceOf(variants[0]);
  for (let i = 1; i < variants.length; i++) {
    const candidate = priceOf(variants[i]);
    if (better(amountOf(candidate), amountOf(money))) money = candidate;
  }
  return money;
}

const lower = (a: number, b: number) => a < b;
const higher = (a: number, b: number) => a > b;
const regularPrice = (variant: unknown) => childOf(variant, 'priceMoney');

/** A product priced without variants: its own price field, or the default. */
function ownPrice(item: unknown, key: string): unknown {
  return childOf(childOf(item, 'structuredContent'), key) ?? DEFAULT_MONEY;
}

/** The lowest current price among variants (the "from" price). */
export function fromPrice(item: unknown): unknown {
  switch (productType(item)) {
    case ProductType.Physical:
    case ProductType.Service:
    case ProductType.GiftCard: {
      const variants = variantList(item);
      return variants.length === 0
        ? DEFAULT_MONEY
        : pickVariantPrice(variants, (variant) => priceNow(item, variant), lower);
    }
    case ProductType.Digital:
    case ProductType.Paywall:
      return ownPrice(item, 'priceMoney');
    default:
      return DEFAULT_MONEY;
  }
}

/** The highest regular price among variants. */
export function normalPrice(item: unknown): unknown {
  switch (productType(item)) {
    case ProductType.Physical:
    case ProductType.Service:
    case ProductType.GiftCard: {
      const variants = variantList(item);
      return variants.length === 0 ? DEFAULT_MONEY : pickVariantPrice(variants, regularPrice, higher);
    }
    case ProductType.Digital:
    case ProductType.Paywall:
      return ownPrice(item, 'priceMoney');
    default:
      return DEFAULT_MONEY;
  }
}

/** The lowest sale price among variants on sale. */
export function salePrice(item: unknown): unknown {
  switch (productType(item)) {
    case ProductType.Physical:
    case ProductType.Service: {
      let money: unknown;
      let lowest = 0;
      for (const variant of variantList(item)) {
        if (!isVariantOnSale(item, variant)) continue;
        const candidate = childOf(variant, 'salePriceMoney');
        if (money === undefined || amountOf(candidate) < lowest) {
          money = candidate;
          lowest = amountOf(candidate);
        }
      }
      return money ?? DEFAULT_MONEY;
    }
    case ProductType.Digital:
    case ProductType.Paywall:
      return ownPrice(item, 'salePriceMoney');
    default:
      return DEFAULT_MONEY;
  }
}

/** The pricing options (subscription prices) of the cheapest variant. */
export function lowestVariantPricingOptions(item: unknown): unknown {
  if (!subscribableType(productType(item))) return null;
  const variants = variantList(item);
  if (variants.length === 0) return null;
  let options = childOf(variants[0], 'pricingOptions');
  let lowest = amountOf(priceNow(item, variants[0]));
  for (let i = 1; i < variants.length; i++) {
    const price = amountOf(priceNow(item, variants[i]));
    if (price < lowest) {
      options = childOf(variants[i], 'pricingOptions');
      lowest = price;
    }
  }
  return options;
}

export function isSubscribable(item: unknown): boolean {
  return asBoolean(childOf(childOf(item, 'structuredContent'), 'isSubscribable'));
}

/** Whether the product is sold as a subscription: flagged subscribable and physical or a service (spec: subscriptions for those only). */
export function sellsAsSubscription(item: unknown): boolean {
  return isSubscribable(item) && subscribableType(productType(item));
}

/** `multipleQuantityAllowedForServices` from website settings' store settings; default true. */
export function multipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const storeSettings = childOf(websiteSettings, 'storeSettings');
  if (typeof storeSettings !== 'object' || storeSettings === null || Array.isArray(storeSettings)) return true;
  const value = childOf(storeSettings, 'multipleQuantityAllowedForServices');
  return value === undefined || value === null ? true : asBoolean(value);
}

/**
 * How many units of the product one order may hold (issue 32): 1 for a product sold one per order
 * (its `onePerOrder`) and for a service when the store does not allow several (spec §5), else null
 * (only stock limits it). The cart refuses more by any path: a second add, a quantity, another tab.
 */
export function perOrderLimit(item: unknown, websiteSettings: unknown): number | null {
  if (isTruthy(childOf(childOf(item, 'structuredContent'), 'onePerOrder'))) return 1;
  return productType(item) === ProductType.Service && !multipleQuantityAllowedForServices(websiteSettings) ? 1 : null;
}

/**
 * Whether the quantity input is shown (spec §5): physical products and services that may be bought
 * several to an order; never for subscriptions or when total stock is 1 or less.
 */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  const type = productType(item);
  const typeAllows = type === ProductType.Physical || type === ProductType.Service;
  return (
    typeAllows &&
    perOrderLimit(item, websiteSettings) === null &&
    !isSubscribable(item) &&
    totalStockRemaining(item) > 1
  );
}

/** A variant's option values joined as 'Large / Red'. */
export function variantDescriptor(variant: unknown): string {
  const values = childOf(variant, 'optionValues');
  if (!Array.isArray(values)) return '';
  return values.map((option) => asString(childOf(option, 'value'))).join(' / ');
}

/** A variant's chosen option values as a shopper reads them: 'Large / Ink'; '' for a product without options. */
export function variantLabel(variant: unknown): string {
  const attributes = childOf(variant, 'attributes');
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return '';
  return Object.values(attributes).map(asString).join(' / ');
}

export interface VariantOption {
  name: string;
  values: string[];
}

/** The options a shopper chooses from, in `variantOptionOrdering` order, with their distinct values. */
export function variantOptions(item: unknown): VariantOption[] {
  const variants = variantList(item);
  if (variants.length <= 1) return [];
  const ordering = childOf(childOf(item, 'structuredContent'), 'variantOptionOrdering');
  const options: VariantOption[] = Array.isArray(ordering)
    ? ordering.map((name) => ({ name: asString(name), values: [] }))
    : [];
  for (const variant of variants) {
    const attributes = childOf(variant, 'attributes');
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) continue;
    for (const [name, raw] of Object.entries(attributes)) {
      const option = options.find((o) => o.name === name);
      const value = asString(raw);
      if (option !== undefined && !option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}
