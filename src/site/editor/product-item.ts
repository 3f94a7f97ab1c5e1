/**
 * A product form (src/site/editor/product-form.ts) to the site's item and back: prices to money in
 * the store currency, option values to attributes, the image to the item's picture fields, and the
 * merchandising texts to the product's entry of `productMerchandisingContext`. What the form does
 * not cover (reviews, focal points, unknown fields) is kept from the stored item.
 */
import { fromMinorUnits, toMinorUnits } from '../../commerce/money';
import {
  digitalFileOf,
  isShipped,
  neverRunsOut,
  onStorefront,
  pricedWithoutVariants,
  PRODUCT_RECORD_TYPE,
  productStatus,
  ProductType,
  saleUndercuts,
  subscribableType,
  type ProductTypeCode,
  variantNeverRunsOut,
} from '../../commerce/product';
import { escapeHtml } from '../../html/escape';
import { randomHex } from '../../ids';
import type { Item, Variant } from '../model/schema';
import { MAX_PRICE_UNITS, slugOf, type ProductForm, type ProductImage, type VariantForm } from './product-form';

/** What the console stores beside a product for its page (storefront spec §3, product merchandising context). */
export type Merchandising = Record<string, unknown>;

/** Plain text as rich text: one paragraph per blank-line-separated block, lines kept. */
export function paragraphsOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/** Rich text as plain text for the form: paragraphs as blank lines, tags dropped. */
export function textOf(html: string | undefined): string {
  return (html ?? '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const money = (units: number, currency: string) => ({ value: fromMinorUnits(units, currency), currency });

interface Stored {
  item: Item | null;
  merchandising: Merchandising | null;
}

function variantOf(
  form: VariantForm,
  productForm: ProductForm,
  currency: string,
  before: Variant | undefined,
): Variant {
  const values = Object.fromEntries(
    productForm.options.map((option) => [option.trim(), (form.values[option] ?? '').trim()]),
  );
  const unlimited = variantNeverRunsOut(form, productForm.productType);
  const { image: _image, weightGrams: _weight, ...kept } = before ?? ({} as Partial<Variant>);
  return {
    ...kept,
    id: before?.id ?? `v-${randomHex(6)}`,
    sku: form.sku.trim() === '' ? (before?.sku ?? `SKU-${randomHex(4).toUpperCase()}`) : form.sku.trim(),
    price: form.price,
    salePrice: form.salePrice,
    priceMoney: money(form.price, currency),
    salePriceMoney: money(form.salePrice, currency),
    onSale: form.onSale,
    unlimited,
    qtyInStock: unlimited ? 0 : form.stock,
    attributes: values,
    optionValues: Object.entries(values).map(([optionName, value]) => ({ optionName, value })),
    ...(form.imageUrl === '' ? {} : { image: { assetUrl: form.imageUrl } }),
    ...(form.weightGrams === null || !isShipped(productForm.productType) ? {} : { weightGrams: form.weightGrams }),
  } as Variant;
}

/** A scheduled product's publish date; a product published now (or never shown yet) from now; else when it was added. */
function addedOnOf(form: ProductForm, before: Item | null, now: number): number {
  if (form.status === 'scheduled') return form.publishOn;
  if (before === null || (form.status === 'published' && !onStorefront(before, now))) return now;
  return before.addedOn ?? now;
}

type StoredImage = { assetUrl?: string; originalSize?: string; altText?: string; mediaFocalPoint?: unknown };

/** A picture as the form shows it. */
const formImage = (image: StoredImage) => ({
  assetUrl: image.assetUrl ?? '',
  originalSize: image.originalSize ?? '',
  altText: image.altText ?? '',
});

/** The product's pictures: its gallery (`items`), or its one picture when it has no gallery (a demo or imported product). */
function formImagesOf(item: Item): ProductImage[] {
  const gallery = (item.items ?? []).filter((image) => image.assetUrl !== '');
  if (gallery.length > 0) return gallery.map(formImage);
  return item.assetUrl === undefined || item.assetUrl === '' ? [] : [formImage(item)];
}

/**
 * The item's picture fields for the form's pictures: the first is the item's own picture, all of
 * them its gallery (Squarespace's child image items); a picture kept at the same address keeps its
 * focal point. The main image's name is the site's rule (src/site/model/main-image.ts).
 */
function picturesOf(images: readonly ProductImage[], before: Item | null): Record<string, unknown> {
  const known = new Map<string, StoredImage>(
    [...(before?.items ?? []), ...(before === null ? [] : [before as StoredImage])].map((image) => [
      image.assetUrl ?? '',
      image,
    ]),
  );
  const pictures = images.map((image) => {
    const focal = known.get(image.assetUrl)?.mediaFocalPoint;
    return {
      assetUrl: image.assetUrl,
      originalSize: image.originalSize,
      ...(image.altText.trim() === '' ? {} : { altText: image.altText.trim() }),
      ...(focal === undefined ? {} : { mediaFocalPoint: focal }),
    };
  });
  const [first] = pictures;
  if (first === undefined) return {};
  return { ...first, ...(pictures.length > 1 ? { items: pictures } : {}) };
}

/**
 * The item a valid form makes, and the product's merchandising entry (null: none). `stored` is the
 * product being edited (null for a new one); `form` must have passed productProblems.
 */
export function productFromForm(
  form: ProductForm,
  stored: Stored,
  context: { currency: string; collectionUrl: string; additionalFieldsForm: unknown; now: number },
): { item: Record<string, unknown>; merchandising: Merchandising | null } {
  const before = stored.item;
  const type: ProductTypeCode = form.productType;
  const urlId = form.urlId === '' ? slugOf(form.title) : form.urlId;
  const oldVariants = before?.structuredContent?.variants ?? [];
  const variants = pricedWithoutVariants(type)
    ? []
    : form.variants.map((variant) =>
        variantOf(
          variant,
          form,
          context.currency,
          oldVariants.find((old) => old.id === variant.id),
        ),
      );
  const {
    subscriptionPlan: _plan,
    additionalFieldsFormId: _formId,
    additionalFieldsForm: _form,
    priceMoney: _price,
    salePriceMoney: _sale,
    onSale: _onSale,
    digitalFile: storedFile,
    ...keptContent
  } = (before?.structuredContent ?? {}) as Record<string, unknown>;
  const structuredContent: Record<string, unknown> = {
    ...keptContent,
    productType: type,
    variants,
    variantOptionOrdering: pricedWithoutVariants(type) ? [] : form.options.map((option) => option.trim()),
    isSubscribable: form.subscription !== null && subscribableType(type),
    useCustomAddButtonText: form.customAddButtonText.trim() !== '',
    customAddButtonText: form.customAddButtonText.trim(),
  };
  if (form.subscription !== null && subscribableType(type)) {
    structuredContent.subscriptionPlan = {
      billingPeriod: { value: form.subscription.every, unit: form.subscription.unit },
      numBillingCycles: form.subscription.cycles,
    };
  }
  if (form.additionalFieldsFormId !== null) {
    structuredContent.additionalFieldsFormId = form.additionalFieldsFormId;
    structuredContent.additionalFieldsForm = context.additionalFieldsForm;
  }
  if (pricedWithoutVariants(type)) {
    structuredContent.priceMoney = money(form.price, context.currency);
    structuredContent.salePriceMoney = money(form.salePrice, context.currency);
    structuredContent.onSale = form.onSale;
  }
  const digitalFile = form.digitalFile === undefined ? storedFile : form.digitalFile;
  if (type === ProductType.Digital && digitalFile != null) structuredContent.digitalFile = digitalFile;
  const {
    assetUrl: _asset,
    originalSize: _size,
    altText: _alt,
    mediaFocalPoint: _focal,
    mainImageId: _main,
    items: _pictures,
    ...keptItem
  } = (before ?? {}) as Record<string, unknown>;
  const item: Record<string, unknown> = {
    ...keptItem,
    id: before?.id ?? `p-${randomHex(8)}`,
    collectionId: form.collectionId,
    recordType: PRODUCT_RECORD_TYPE,
    title: form.title.trim(),
    urlId,
    fullUrl: `${context.collectionUrl}/p/${urlId}`,
    status: form.status,
    addedOn: addedOnOf(form, before, context.now),
    excerpt: paragraphsOf(form.excerpt),
    body: paragraphsOf(form.description),
    tags: form.tags.map((tag) => tag.trim()),
    categories: form.categories.map((category) => category.trim()),
    structuredContent,
  };
  delete item.starred;
  if (form.featured) item.starred = true;
  // The search engine listing's fields, each left out when empty (the storefront then uses the title, excerpt and first picture).
  delete item.seoTitle;
  delete item.seoDescription;
  delete item.socialImage;
  const seo = {
    seoTitle: form.seoTitle.trim(),
    seoDescription: form.seoDescription.trim(),
    socialImage: form.socialImage,
  };
  for (const [key, value] of Object.entries(seo)) if (value !== '') item[key] = value;
  Object.assign(item, picturesOf(form.images, before));
  const {
    customSoldOutText: _soldOut,
    scarcityEnabled: _scarcity,
    scarcityText: _scarcityText,
    ...keptMerchandising
  } = stored.merchandising ?? {};
  const merchandising: Merchandising = {
    ...keptMerchandising,
    ...(form.customSoldOutText.trim() === '' ? {} : { customSoldOutText: form.customSoldOutText.trim() }),
    ...(form.scarcityEnabled ? { scarcityEnabled: true } : {}),
    ...(form.scarcityText.trim() === '' ? {} : { scarcityText: form.scarcityText.trim() }),
  };
  return { item, merchandising: Object.keys(merchandising).length === 0 ? null : merchandising };
}

/** The form for a stored product. */
export function formFromProduct(item: Item, merchandising: Merchandising | null): ProductForm {
  const content = item.structuredContent;
  const type: ProductTypeCode = content?.productType ?? ProductType.Physical;
  const options = content?.variantOptionOrdering ?? [];
  const variants = content?.variants ?? [];
  const plan = content?.subscriptionPlan;
  const text = (key: string) => {
    const value = merchandising?.[key];
    return typeof value === 'string' ? value : '';
  };
  const digital = content as
    | {
        priceMoney?: { value: string; currency: string };
        salePriceMoney?: { value: string; currency: string };
        onSale?: boolean;
      }
    | undefined;
  const units = (money: { value: string; currency: string } | undefined) =>
    money === undefined ? 0 : (toMinorUnits(money.value, money.currency) ?? 0);
  return {
    collectionId: item.collectionId,
    title: item.title,
    urlId: item.urlId,
    productType: type,
    status: productStatus(item),
    publishOn: item.addedOn ?? 0,
    description: textOf(item.body),
    excerpt: textOf(item.excerpt),
    images: formImagesOf(item),
    tags: item.tags,
    categories: item.categories,
    featured: item.starred === true,
    options:
      options.length > 0 ? options : [...new Set(variants.flatMap((variant) => Object.keys(variant.attributes)))],
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      values: { ...variant.attributes },
      price: variant.price,
      salePrice: variant.salePrice,
      onSale: variant.onSale,
      unlimited: variant.unlimited,
      stock: variant.qtyInStock,
      weightGrams: variant.weightGrams ?? null,
      imageUrl: variant.image?.assetUrl ?? '',
    })),
    price: units(digital?.priceMoney),
    salePrice: units(digital?.salePriceMoney),
    onSale: digital?.onSale === true,
    digitalFile: digitalFileOf(item),
    subscription:
      plan === undefined || content?.isSubscribable !== true
        ? null
        : { every: plan.billingPeriod.value, unit: plan.billingPeriod.unit, cycles: plan.numBillingCycles },
    additionalFieldsFormId: content?.additionalFieldsFormId ?? null,
    customAddButtonText: (content as { customAddButtonText?: string } | undefined)?.customAddButtonText ?? '',
    customSoldOutText: text('customSoldOutText'),
    scarcityEnabled: merchandising?.scarcityEnabled === true,
    scarcityText: text('scarcityText'),
    seoTitle: typeof item.seoTitle === 'string' ? item.seoTitle : '',
    seoDescription: typeof item.seoDescription === 'string' ? item.seoDescription : '',
    socialImage: typeof item.socialImage === 'string' ? item.socialImage : '',
  };
}

/** A change to many products at once, from the product list's selection. */
export type BulkChange =
  | { kind: 'stock'; mode: 'set' | 'add'; amount: number }
  | { kind: 'unlimited' }
  | { kind: 'price'; mode: 'set' | 'percent'; amount: number };

/** Within the product form's bounds, so a product a bulk change reached can still be opened and saved. */
const bounded = (value: number, max: number) => Math.min(max, Math.max(0, value));

function newPrice(price: number, change: Extract<BulkChange, { kind: 'price' }>): number {
  return bounded(
    change.mode === 'set' ? change.amount : Math.round((price * (100 + change.amount)) / 100),
    MAX_PRICE_UNITS,
  );
}

/**
 * The item after `change`: stock changes leave products that never run out (digital, gift cards,
 * paywalls) as they are; a price at or under a variant's sale price ends that sale. A stock change
 * only makes unlimited variants counted (from 0): the counts are the stock ledger's, which the
 * caller changes (src/routes/console/inventory.ts `bulkStock`), and a published `qtyInStock` is only a
 * sku's starting value.
 */
export function bulkChanged(item: Item, change: BulkChange): Item {
  const content = item.structuredContent;
  if (content === undefined) return item;
  const type = content.productType;
  const currencyOf = (variant: Variant) => variant.priceMoney.currency;
  if (change.kind !== 'price') {
    if (neverRunsOut(type) || (change.kind === 'stock' && !content.variants.some((variant) => variant.unlimited)))
      return item;
    const variants = content.variants.map((variant) => {
      if (change.kind === 'unlimited') return { ...variant, unlimited: true, qtyInStock: 0 };
      return variant.unlimited ? { ...variant, unlimited: false, qtyInStock: 0 } : variant;
    });
    return { ...item, structuredContent: { ...content, variants } };
  }
  if (pricedWithoutVariants(type)) {
    const currency = content.priceMoney?.currency ?? 'USD';
    const before = toMinorUnits(content.priceMoney?.value ?? '0', currency) ?? 0;
    const price = newPrice(before, change);
    const sale = toMinorUnits(content.salePriceMoney?.value ?? '0', currency) ?? 0;
    return {
      ...item,
      structuredContent: {
        ...content,
        priceMoney: money(price, currency),
        onSale: content.onSale === true && saleUndercuts(sale, price),
      },
    };
  }
  const variants = content.variants.map((variant) => {
    const price = newPrice(variant.price, change);
    return {
      ...variant,
      price,
      priceMoney: money(price, currencyOf(variant)),
      onSale: variant.onSale && saleUndercuts(variant.salePrice, price),
    };
  });
  return { ...item, structuredContent: { ...content, variants } };
}
