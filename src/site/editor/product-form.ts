/**
 * A product as the console edits it (`ProductForm`: prices in minor units, options by name, the
 * merchandising texts beside the product) and its checks, with the messages each field shows.
 * Shared by the console and the worker; the worker turns a valid form into the site's item
 * (src/site/editor/product-item.ts).
 */
import {
  type DigitalFile,
  lacksDeliveredFile,
  neverRunsOut,
  pricedWithoutVariants,
  ProductType,
  saleAllowed,
  saleUndercuts,
  subscribableType,
  type ProductStatus,
  type ProductTypeCode,
} from '../../commerce/product';
import { z } from 'zod';
import { EDIT_MESSAGES, URL_ID } from '../edits/edits';
import { IMAGE_ADDRESS_MESSAGE, isImageUrl } from '../model/image-url';
import { MAX_ITEM_PICTURES } from '../model/main-image';
import { foldText } from '../../values/fold';
import { MAX_FILE_BYTES, MAX_FILE_NAME } from './files';
import { SEO_LIMITS } from './page-seo';
import { nameProblem } from './tag-manager';

/** The product types (src/commerce/product.ts) as the form offers them. */
export const PRODUCT_TYPES: readonly { code: ProductTypeCode; label: string }[] = [
  { code: ProductType.Physical, label: 'Physical product' },
  { code: ProductType.Digital, label: 'Digital download' },
  { code: ProductType.Service, label: 'Service' },
  { code: ProductType.GiftCard, label: 'Gift card' },
  { code: ProductType.Paywall, label: 'Paywall (members’ content)' },
];

export const BILLING_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;

export interface ProductImage {
  assetUrl: string;
  /** 'WIDTHxHEIGHT', measured by the picker. */
  originalSize: string;
  altText: string;
}

export interface VariantForm {
  /** Absent for a new variant. */
  id?: string;
  sku: string;
  /** Option name → value, one for each of the product's options. */
  values: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  unlimited: boolean;
  stock: number;
  weightGrams: number | null;
  imageUrl: string;
}

export interface ProductForm {
  collectionId: string;
  title: string;
  /** Empty: made from the title. */
  urlId: string;
  productType: ProductTypeCode;
  /** Draft, scheduled (shown from `publishOn`) or published (src/commerce/product.ts). */
  status: ProductStatus;
  /** Epoch ms: when a scheduled product goes on the storefront. */
  publishOn: number;
  description: string;
  excerpt: string;
  /** The product's pictures in order: the first is its picture in lists, search and the cart. */
  images: ProductImage[];
  tags: string[];
  categories: string[];
  /** Featured: the item's `starred`, which templates read for the featured products they show. */
  featured: boolean;
  /** Option names in the order the product page shows them. */
  options: string[];
  variants: VariantForm[];
  /** Digital downloads and paywalls: the product's own price. */
  price: number;
  salePrice: number;
  onSale: boolean;
  /**
   * A digital download's file to deliver (a file of the file manager), required before shoppers see it;
   * absent (a CSV import, which carries no files) keeps the stored one.
   */
  digitalFile?: DigitalFile | null;
  subscription: { every: number; unit: (typeof BILLING_UNITS)[number]; cycles: number } | null;
  additionalFieldsFormId: string | null;
  customAddButtonText: string;
  customSoldOutText: string;
  scarcityEnabled: boolean;
  scarcityText: string;
  /** Search engine listing (empty: the title, the short description), and the picture shared links show (empty: the first picture). */
  seoTitle: string;
  seoDescription: string;
  socialImage: string;
}

/** A variant with nothing filled in: a value to choose for each of `options`, no price, none in stock. */
export function blankVariant(options: readonly string[] = []): VariantForm {
  return {
    sku: '',
    values: Object.fromEntries(options.map((option) => [option, ''])),
    price: 0,
    salePrice: 0,
    onSale: false,
    unlimited: false,
    stock: 0,
    weightGrams: null,
    imageUrl: '',
  };
}

/**
 * A new physical product in `collectionId` with nothing filled in: a draft without variants. The one
 * starting point of the console's new product, a CSV row's new product and the tests' products;
 * `digitalFile` is left out, which keeps a stored file (see ProductForm).
 */
export function blankProductForm(collectionId: string): ProductForm {
  return {
    collectionId,
    title: '',
    urlId: '',
    productType: ProductType.Physical,
    status: 'draft',
    publishOn: 0,
    description: '',
    excerpt: '',
    images: [],
    tags: [],
    categories: [],
    featured: false,
    options: [],
    variants: [],
    price: 0,
    salePrice: 0,
    onSale: false,
    subscription: null,
    additionalFieldsFormId: null,
    customAddButtonText: '',
    customSoldOutText: '',
    scarcityEnabled: false,
    scarcityText: '',
    seoTitle: '',
    seoDescription: '',
    socialImage: '',
  };
}

/** A digital product's file as the form sends it; the worker checks it is a file of the store and takes its name and size from there. */
export const digitalFileSchema = z.object({
  id: z.string().max(64),
  name: z.string().max(MAX_FILE_NAME),
  size: z.number().int().min(0).max(MAX_FILE_BYTES),
});

export const MAX_VARIANTS = 250;
/** The highest price a product may have, in minor units, and the most stock a variant may count: the form's bounds, which bulk changes keep to as well. */
export const MAX_PRICE_UNITS = 100_000_000;
export const MAX_STOCK = 10_000_000;
export const MAX_OPTIONS = 6;

export const PRODUCT_MESSAGES = {
  /** Spec §5: the form has problems, each shown next to its field. */
  invalid: 'Update the missing or invalid information above',
  noVariants: 'Add at least one variant.',
  tooManyVariants: `A product can have at most ${MAX_VARIANTS} variants.`,
  optionName: 'Each option needs a name.',
  optionTwice: 'Option names must be different.',
  optionValue: (option: string) => `Choose a value for ${option}.`,
  sameVariant: 'Two variants have the same options.',
  skuTwice: 'Each variant needs its own SKU.',
  salePrice: 'The sale price must be less than the price.',
  giftCardSale: 'A gift card sells at its value: it cannot be on sale.',
  price: 'Enter a price such as 12.50.',
  stock: 'Enter a whole number of items in stock.',
  imageUrl: IMAGE_ADDRESS_MESSAGE,
  tooManyImages: `A product has at most ${MAX_ITEM_PICTURES} pictures.`,
  subscription: 'Subscriptions are for physical products and services only.',
  textTooLong: (max: number) => `At most ${max} characters.`,
  unknownForm: 'That form does not exist.',
  unknownProduct: 'That product does not exist.',
  publishOn: 'Choose the date and time to publish.',
  digitalFile: 'Add the file to deliver before publishing this digital product.',
} as const;

/** A URL slug made from a title: 'Linen Shirt (Blue)' → 'linen-shirt-blue'. */
export function slugOf(title: string): string {
  return foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

function priceProblems(
  prefix: string,
  price: number,
  salePrice: number,
  onSale: boolean,
  problems: Record<string, string>,
) {
  if (!Number.isSafeInteger(price) || price < 0) problems[`${prefix}price`] = PRODUCT_MESSAGES.price;
  if (!Number.isSafeInteger(salePrice) || salePrice < 0) problems[`${prefix}salePrice`] = PRODUCT_MESSAGES.price;
  else if (onSale && !saleUndercuts(salePrice, price)) problems[`${prefix}salePrice`] = PRODUCT_MESSAGES.salePrice;
}

/** The form's problems by field ('title', 'variants.2.price', 'options.0', …); empty when it can be saved. */
export function productProblems(form: ProductForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const title = form.title.trim();
  if (title === '') problems.title = EDIT_MESSAGES.titleRequired;
  else if (title.length > 100) problems.title = EDIT_MESSAGES.titleTooLong;
  const urlId = form.urlId === '' ? slugOf(form.title) : form.urlId;
  if (title !== '' && (!URL_ID.test(urlId) || urlId.length > 100)) problems.urlId = EDIT_MESSAGES.urlIdInvalid;
  if (form.images.length > MAX_ITEM_PICTURES) problems.images = PRODUCT_MESSAGES.tooManyImages;
  form.images.forEach((image, i) => {
    if (!isImageUrl(image.assetUrl)) problems[`images.${i}`] = PRODUCT_MESSAGES.imageUrl;
    if (image.altText.length > 250) problems[`images.${i}.altText`] = PRODUCT_MESSAGES.textTooLong(250);
  });
  form.tags.forEach((tag, i) => {
    const problem = nameProblem('tag', tag, form.tags.slice(0, i));
    if (problem !== null) problems.tags = problem;
  });
  form.categories.forEach((category, i) => {
    const problem = nameProblem('category', category, form.categories.slice(0, i));
    if (problem !== null) problems.categories = problem;
  });
  if (form.subscription !== null && !subscribableType(form.productType))
    problems.subscription = PRODUCT_MESSAGES.subscription;
  if (form.status === 'scheduled' && !(Number.isSafeInteger(form.publishOn) && form.publishOn > 0))
    problems.publishOn = PRODUCT_MESSAGES.publishOn;
  if (form.customSoldOutText.length > 100) problems.customSoldOutText = PRODUCT_MESSAGES.textTooLong(100);
  if (form.scarcityText.length > 100) problems.scarcityText = PRODUCT_MESSAGES.textTooLong(100);
  if (form.customAddButtonText.length > 50) problems.customAddButtonText = PRODUCT_MESSAGES.textTooLong(50);
  if (form.seoTitle.length > SEO_LIMITS.title) problems.seoTitle = PRODUCT_MESSAGES.textTooLong(SEO_LIMITS.title);
  if (form.seoDescription.length > SEO_LIMITS.description)
    problems.seoDescription = PRODUCT_MESSAGES.textTooLong(SEO_LIMITS.description);
  if (form.socialImage !== '' && !isImageUrl(form.socialImage)) problems.socialImage = PRODUCT_MESSAGES.imageUrl;
  if (lacksDeliveredFile(form, form.digitalFile)) problems.digitalFile = PRODUCT_MESSAGES.digitalFile;
  if (pricedWithoutVariants(form.productType)) {
    priceProblems('', form.price, form.salePrice, form.onSale, problems);
    return problems;
  }
  form.options.forEach((name, i) => {
    if (name.trim() === '') problems[`options.${i}`] = PRODUCT_MESSAGES.optionName;
    else if (form.options.slice(0, i).some((other) => other.trim().toLowerCase() === name.trim().toLowerCase()))
      problems[`options.${i}`] = PRODUCT_MESSAGES.optionTwice;
  });
  if (form.variants.length === 0) problems.variants = PRODUCT_MESSAGES.noVariants;
  if (form.variants.length > MAX_VARIANTS) problems.variants = PRODUCT_MESSAGES.tooManyVariants;
  const seen = new Set<string>();
  const skus = new Set<string>();
  form.variants.forEach((variant, i) => {
    const prefix = `variants.${i}.`;
    priceProblems(prefix, variant.price, variant.salePrice, variant.onSale, problems);
    if (variant.onSale && !saleAllowed(form.productType))
      problems[`${prefix}salePrice`] = PRODUCT_MESSAGES.giftCardSale;
    if (
      !variant.unlimited &&
      !neverRunsOut(form.productType) &&
      (!Number.isSafeInteger(variant.stock) || variant.stock < 0)
    )
      problems[`${prefix}stock`] = PRODUCT_MESSAGES.stock;
    if (variant.imageUrl !== '' && !isImageUrl(variant.imageUrl))
      problems[`${prefix}imageUrl`] = PRODUCT_MESSAGES.imageUrl;
    for (const option of form.options) {
      if ((variant.values[option] ?? '').trim() === '')
        problems[`${prefix}values.${option}`] = PRODUCT_MESSAGES.optionValue(option);
    }
    const key = JSON.stringify(form.options.map((option) => (variant.values[option] ?? '').trim().toLowerCase()));
    if (seen.has(key)) problems[`${prefix}values`] = PRODUCT_MESSAGES.sameVariant;
    seen.add(key);
    const sku = variant.sku.trim();
    if (sku !== '' && skus.has(sku)) problems[`${prefix}sku`] = PRODUCT_MESSAGES.skuTwice;
    skus.add(sku);
  });
  return problems;
}
