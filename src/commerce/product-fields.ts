/**
 * Typed accessors over a product in the form templates carry it (the item's JSON: `structuredContent`,
 * `variants[]`, money as `{ value, currency }`), so the storefront reads a product's fields by name
 * and type instead of by untyped key. The rules over those fields (type, stock, price) are in
 * ./product.ts; these only read, with the template language's value semantics.
 */
import { toMinorUnits } from './money';
import { PRODUCT_RECORD_TYPE } from './product';
import type { SubscriptionPlan } from './subscriptions';
import { asString, childOf, isTruthy } from '../values/index';

const contentOf = (item: unknown) => childOf(item, 'structuredContent');
const text = (value: unknown, key: string) => asString(childOf(value, key));

/** The item's id, title, page address, picture, excerpt and body ('' when absent). */
export const itemId = (item: unknown): string => text(item, 'id');
export const itemTitle = (item: unknown): string => text(item, 'title');
export const itemUrl = (item: unknown): string => text(item, 'fullUrl');
export const itemImageUrl = (item: unknown): string => text(item, 'assetUrl');
export const itemExcerpt = (item: unknown): string => text(item, 'excerpt');
export const itemBody = (item: unknown): string => text(item, 'body');

/** When the item was added (a post's publish date), as stored: NaN when it has none. */
export const itemAddedOn = (item: unknown): number => Number(childOf(item, 'addedOn'));
/** The display name of the item's author ('' when it has none). */
export const itemAuthorName = (item: unknown): string => text(childOf(item, 'author'), 'displayName');

/** The item's own search engine listing and social image, as the merchant set them ('' when not set). */
export function itemSeo(item: unknown): { seoTitle: string; seoDescription: string; socialImage: string } {
  return {
    seoTitle: text(item, 'seoTitle'),
    seoDescription: text(item, 'seoDescription'),
    socialImage: text(item, 'socialImage'),
  };
}

/** The item's gallery (`items`), empty when it has none. */
export function itemGallery(item: unknown): readonly unknown[] {
  const children = childOf(item, 'items');
  return Array.isArray(children) ? children : [];
}

/** The item's own picture as one entry of a gallery (`item.items`), its fields as stored. */
export function ownPicture(item: unknown): Record<string, unknown> {
  const field = (key: string) => childOf(item, key);
  return {
    id: field('mainImageId') ?? field('id'),
    assetUrl: field('assetUrl'),
    originalSize: field('originalSize'),
    mainImageId: field('mainImageId'),
    altText: field('altText'),
    title: field('title'),
  };
}

/** The width or height of the item's picture from its `originalSize` ('WIDTHxHEIGHT'); 0 when unknown. */
export function imageDimension(item: unknown, index: 0 | 1): number {
  return Number(text(item, 'originalSize').split('x')[index]) || 0;
}

export interface Picture {
  src: string;
  /** Its alt text, '' when it has none. */
  alt: string;
}

/** The product's pictures in order: its gallery (`items`), else its own picture; those without an address left out. */
export function productPictures(item: unknown): Picture[] {
  const gallery = itemGallery(item);
  return (gallery.length > 0 ? gallery : [item])
    .map((image) => ({ src: text(image, 'assetUrl'), alt: text(image, 'altText') }))
    .filter((picture) => picture.src !== '');
}

export const variantSku = (variant: unknown): string => text(variant, 'sku');
export const variantId = (variant: unknown): string => text(variant, 'id');
/** The variant's own picture, '' when it has none. */
export const variantImageUrl = (variant: unknown): string => text(childOf(variant, 'image'), 'assetUrl');
export const regularPriceOf = (variant: unknown): unknown => childOf(variant, 'priceMoney');

/** The variant's option values by option name ('Size' → 'Large'); empty for a product without options. */
export function variantAttributes(variant: unknown): Record<string, string> {
  const attributes = childOf(variant, 'attributes');
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return {};
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, asString(value)]));
}

/** A template money value in minor units of `currency` (0 when absent or not an amount). */
export function minorUnitsOf(money: unknown, currency: string): number {
  return toMinorUnits(text(money, 'value') || '0', currency) ?? 0;
}

/** The merchant's own Add To Cart text, when they switched it on and wrote one; else null. */
export function customAddButtonText(item: unknown): string | null {
  const content = contentOf(item);
  return isTruthy(childOf(content, 'useCustomAddButtonText')) && isTruthy(childOf(content, 'customAddButtonText'))
    ? text(content, 'customAddButtonText')
    : null;
}

/** The additional-fields form a product asks for before an add: its own form, or the id of a site form ('' for none). */
export function additionalFieldsFormOf(item: unknown): { own: object | null; formId: string } {
  const own = childOf(contentOf(item), 'additionalFieldsForm');
  return {
    own: typeof own === 'object' && own !== null ? own : null,
    formId: text(contentOf(item), 'additionalFieldsFormId'),
  };
}

/** A product's additional-fields form (its own, or the site form it names) as the add-to-cart dialog reads it. */
export function fieldsFormOf(form: unknown): { id: string; name: string; fields: unknown[]; submitButtonText: string } {
  const fields = childOf(form, 'fields');
  return {
    id: text(form, 'id'),
    name: text(form, 'name'),
    fields: Array.isArray(fields) ? fields : [],
    submitButtonText: text(form, 'submitButtonText'),
  };
}

/** The site form a product names by id (its `additionalFieldsFormId`, or the product form's choice); undefined for none. */
export function siteFormNamed<Form>(siteForms: readonly Form[], formId: string | null): Form | undefined {
  return formId === null || formId === '' ? undefined : siteForms.find((form) => text(form, 'id') === formId);
}

/**
 * The product's additional-fields form: its own, else the site form it names by id; null when it asks for none.
 * The one lookup for the add-to-cart dialog, the cart, checkout and order pages, and the order's kept field titles.
 */
export function productFieldsForm(item: unknown, siteForms: readonly unknown[]): object | null {
  const { own, formId } = additionalFieldsFormOf(item);
  const form = own ?? siteFormNamed(siteForms, formId);
  return typeof form === 'object' && form !== null ? form : null;
}

/**
 * The titles of a product form's fields by field id (its section headings left out): what an order line keeps of
 * what its shopper was asked, since the form may change after the order.
 */
export function fieldTitlesOf(form: unknown): Record<string, string> {
  const titled = fieldsFormOf(form).fields.filter((field) => childOf(field, 'type') !== 'section');
  return Object.fromEntries(titled.map((field) => [text(field, 'id'), text(field, 'title')]));
}

/**
 * The product with each variant's `qtyInStock` set to `stock[sku]` where it names the variant's sku (the
 * product given is left alone); a product without variants as it is.
 */
export function withVariantStock<T>(item: T, stock: Readonly<Record<string, number>>): T {
  const content = contentOf(item);
  const variants = childOf(content, 'variants');
  if (typeof content !== 'object' || content === null || !Array.isArray(variants)) return item;
  const counted = variants.map((variant: unknown) => {
    const qtyInStock = stock[variantSku(variant)];
    return qtyInStock === undefined ? variant : { ...(variant as object), qtyInStock };
  });
  return { ...item, structuredContent: { ...content, variants: counted } };
}

/** A subscription product's plan (billing period and cycles), or undefined. */
export function subscriptionPlanOf(item: unknown): SubscriptionPlan | undefined {
  return childOf(contentOf(item), 'subscriptionPlan') as SubscriptionPlan | undefined;
}

/** Whether the item is a product record (record type 11). */
export const isProductRecord = (item: unknown): boolean => childOf(item, 'recordType') === PRODUCT_RECORD_TYPE;

/** The product's own fields: what a product priced without variants (digital, paywall) is priced by. */
export const productContent = (item: unknown): unknown => contentOf(item);

/** A money value's decimal amount as written ('12.50'), '' when absent. */
export const moneyAmountText = (money: unknown): string => text(money, 'value');

export interface Review {
  author: string;
  /** As written; a rating outside 1–5 or not a number is the reader's to leave out. */
  rating: number;
  text: string;
}

/** The product's reviews, or null when it has no list of them. */
export function productReviews(item: unknown): Review[] | null {
  const reviews = childOf(item, 'reviews');
  if (!Array.isArray(reviews)) return null;
  return reviews.map((review) => ({
    author: text(review, 'author'),
    rating: Number(childOf(review, 'rating')),
    text: text(review, 'text'),
  }));
}
