/**
 * The console's catalogue calls (`/api/console/products…`, `/api/console/catalog…`): the product
 * list, a product's form, create, save, duplicate, delete and bulk changes, and the tag and category
 * manager. Each checks the merchant's `commerce` permission (401/403) and the crumb, validates a
 * size-capped body with zod, and writes through the website's SiteContent object, which changes
 * only the rows concerned and bumps the content version, so the storefront shows it at once.
 */
import { Hono, type Context } from 'hono';
import { api } from '../../api';
import { areas } from '../../api/areas';
import { ApiError } from '../../http/errors';
import { z } from 'zod';
import { toMinorUnits } from '../../commerce/money';
import { siteFormNamed } from '../../commerce/product-fields';
import {
  inProductCollection,
  isProductCollection,
  isOnSale,
  lacksDeliveredFile,
  listedPrice,
  onStorefront,
  PRODUCT_RECORD_TYPE,
  PRODUCT_STATUSES,
  PRODUCT_TYPE_CODES,
  digitalFileOf,
  productStatus,
  ProductType,
  type DigitalFile,
} from '../../commerce/product';
import type { ProductListQuery } from '../../durable/site-content/console-reads';
import { consoleItemsById } from '../../site/published/catalog';
import { declaredNames } from '../../site/edits/catalog-names';
import { EDIT_MESSAGES } from '../../site/edits/edits';
import {
  BILLING_UNITS,
  MAX_PRICE_UNITS,
  MAX_STOCK,
  PRODUCT_MESSAGES,
  productProblems,
  digitalFileSchema,
  slugOf,
  type ProductForm,
} from '../../site/editor/product-form';
import { formFromProduct, productFromForm, type Merchandising } from '../../site/editor/product-item';
import { SEO_LIMITS } from '../../site/editor/page-seo';
import { TAG_MESSAGES, type TagType } from '../../site/editor/tag-manager';
import { MAX_IMAGE_URL } from '../../site/model/image-url';
import { randomHex } from '../../ids';
import { MAX_ITEM_PICTURES } from '../../site/model/main-image';
import type { Collection, Item, Site } from '../../site/model/schema';
import { answer, pathIn } from '../shared/contract';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { FILE_MESSAGES } from '../../site/editor/files';
import { deliveredFileInfo } from './console-files';
import { changedOf, merchantEdit } from './site-edits';
import { bulkStock, formWithOnHand, saveFormStock, stockLevels, type StockedVariantForm } from './inventory';
import { merchantSessionOf, requirePermission } from './merchant-session';

export const CONSOLE_CATALOG_MESSAGES = {
  notProducts: 'That collection does not hold products.',
} as const;

const MAX_PRODUCT_BYTES = 128 * 1024;
const MAX_SMALL_BODY_BYTES = 16 * 1024;
const PAGE_SIZE = 50;

const text = (max: number) => z.string().max(max);
const units = z.number().int().min(0).max(MAX_PRICE_UNITS);
const variantSchema = z.object({
  id: text(64).optional(),
  sku: text(64),
  values: z.record(text(100), text(100)),
  price: units,
  salePrice: units,
  onSale: z.boolean(),
  unlimited: z.boolean(),
  stock: z.number().int().min(0).max(MAX_STOCK),
  /** The on-hand count the form was opened with: the stock is set only when it differs. */
  stockShown: z.number().int().min(0).max(MAX_STOCK).optional(),
  weightGrams: z.number().int().min(0).max(1_000_000).nullable(),
  imageUrl: text(2083),
});
const imageSchema = z.object({
  assetUrl: text(2083),
  originalSize: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'must be WIDTHxHEIGHT'),
  altText: text(500),
});
const productSchema = z
  .object({
    collectionId: text(64),
    title: text(200),
    urlId: text(200),
    productType: z.literal(PRODUCT_TYPE_CODES),
    // A call without a status publishes, as before statuses existed; the console's new products start as drafts.
    status: z.enum(PRODUCT_STATUSES).default('published'),
    publishOn: z.number().int().min(0).max(8_640_000_000_000_000).default(0),
    description: text(20_000),
    excerpt: text(2_000),
    images: z.array(imageSchema).max(MAX_ITEM_PICTURES).optional(),
    /** The one picture of a product form from before galleries: read as `images` when `images` is absent. */
    image: imageSchema.nullable().optional(),
    tags: z.array(text(200)).max(50),
    categories: z.array(text(200)).max(50),
    featured: z.boolean().default(false),
    options: z.array(text(100)).max(6),
    variants: z.array(variantSchema).max(250),
    price: units,
    salePrice: units,
    onSale: z.boolean(),
    digitalFile: digitalFileSchema.nullable().optional(),
    subscription: z
      .object({
        every: z.number().int().min(1).max(52),
        unit: z.enum(BILLING_UNITS),
        cycles: z.number().int().min(0).max(1000),
      })
      .nullable(),
    additionalFieldsFormId: text(64).nullable(),
    customAddButtonText: text(200),
    customSoldOutText: text(200),
    scarcityEnabled: z.boolean(),
    scarcityText: text(200),
    seoTitle: text(SEO_LIMITS.title * 2).default(''),
    seoDescription: text(SEO_LIMITS.description * 2).default(''),
    socialImage: text(MAX_IMAGE_URL).default(''),
  })
  .transform(({ image, images, ...form }) => ({
    ...form,
    images: images ?? (image == null ? [] : [image]),
  })) satisfies z.ZodType<ProductForm>;

const bulkSchema = z.object({
  ids: z
    .array(text(64))
    .min(1)
    .max(PAGE_SIZE * 10),
  change: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('stock'),
      mode: z.enum(['set', 'add']),
      amount: z.number().int().min(-MAX_STOCK).max(MAX_STOCK),
    }),
    z.object({ kind: z.literal('unlimited') }),
    z.object({
      kind: z.literal('price'),
      mode: z.enum(['set', 'percent']),
      amount: z.number().int().min(-100).max(MAX_PRICE_UNITS),
    }),
  ]),
});

const listQuery = z.object({
  q: text(200).default(''),
  collection: text(64).optional(),
  tag: text(200).optional(),
  category: text(200).optional(),
  stock: z.enum(['in', 'out', 'low']).optional(),
  sort: z.enum(['title', 'price', 'stock', 'newest']).default('title'),
  direction: z.enum(['ascending', 'descending']).default('ascending'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const tagTypeSchema = z.enum(['tag', 'category']);
const namesChangeSchema = z.object({
  tagType: tagTypeSchema,
  change: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('add'), name: text(200) }),
    z.object({ kind: z.literal('rename'), from: z.array(text(200)).max(200), to: text(200) }),
    z.object({ kind: z.literal('merge'), from: z.array(text(200)).max(200), into: text(200) }),
    z.object({ kind: z.literal('remove'), names: z.array(text(200)).min(1).max(200) }),
  ]),
});

function query<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success)
    throw new ApiError(400, result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return result.data;
}

function productCollections(site: Site): Collection[] {
  return site.collections.filter(isProductCollection);
}

function productCollection(site: Site, collectionId: string): Collection {
  const collection = site.collections.find((c) => c.id === collectionId);
  if (collection === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  if (!isProductCollection(collection)) throw new ApiError(400, CONSOLE_CATALOG_MESSAGES.notProducts);
  return collection;
}

async function storedProduct(c: Context<AppEnv>, id: string): Promise<Item> {
  const item = (await consoleItemsById(storeOf(c).objects.content, [id])).get(id);
  if (
    item === undefined ||
    item.recordType !== PRODUCT_RECORD_TYPE ||
    !inProductCollection(item, c.var.site.collections)
  )
    throw new ApiError(404, PRODUCT_MESSAGES.unknownProduct);
  return item;
}

function merchandisingOf(site: Site, id: string): Merchandising | null {
  return (site.productMerchandisingContext[id] as Merchandising | undefined) ?? null;
}

/** The first of `urlId`, `urlId-2`, `urlId-3`, … that no item of the collection has. */
async function freeUrlId(c: Context<AppEnv>, collection: Collection, urlId: string): Promise<string> {
  for (let round = 0; round < 5; round++) {
    const candidates = Array.from({ length: 10 }, (_, i) => {
      const n = round * 10 + i;
      return n === 0 ? urlId : `${urlId}-${n + 1}`;
    });
    const paths = candidates.map((candidate) => ({ collectionId: collection.id, urlId: candidate, path: candidate }));
    const { value: taken } = await storeOf(c).objects.content.consoleUrlsTaken(paths);
    const free = candidates.find((candidate) => !taken.includes(candidate));
    if (free !== undefined) return free;
  }
  return `${urlId}-${randomHex(3)}`;
}

/** A digital product's file as the file manager has it (its name and size from there), or a 400 naming the field when it has no such file. */
async function deliveredFile(
  bucket: R2Bucket,
  websiteId: string,
  form: ProductForm,
): Promise<DigitalFile | null | undefined> {
  if (form.productType !== ProductType.Digital || form.digitalFile == null) return form.digitalFile;
  const file = await deliveredFileInfo(bucket, websiteId, form.digitalFile.id);
  if (file === null)
    throw new ApiError(400, PRODUCT_MESSAGES.invalid, {
      extra: { fields: { digitalFile: FILE_MESSAGES.unknownFile } },
    });
  return file;
}

/** Saves a checked form as the product `stored` (null: a new one), then the stock the merchant changed in the ledger; the product's id and address. */
async function saveForm(
  c: Context<AppEnv>,
  form: ProductForm & { variants: StockedVariantForm[] },
  stored: Item | null,
): Promise<{ id: string; urlId: string; fullUrl: string }> {
  const problems = productProblems(form);
  if (Object.keys(problems).length > 0)
    throw new ApiError(400, PRODUCT_MESSAGES.invalid, { extra: { fields: problems } });
  const site = c.var.site;
  const delivered = await deliveredFile(c.env.FILES, site.website.id, form);
  // Sent without the field (an older console, another client): the stored file counts, and without one it is not published.
  const kept = delivered === undefined && stored !== null ? digitalFileOf(stored) : (delivered ?? null);
  if (lacksDeliveredFile(form, kept))
    throw new ApiError(400, PRODUCT_MESSAGES.invalid, {
      extra: { fields: { digitalFile: PRODUCT_MESSAGES.digitalFile } },
    });
  const collection = productCollection(site, form.collectionId);
  const fieldsForm = siteFormNamed(site.forms, form.additionalFieldsFormId);
  if (form.additionalFieldsFormId !== null && fieldsForm === undefined) {
    throw new ApiError(400, PRODUCT_MESSAGES.invalid, {
      extra: { fields: { additionalFieldsFormId: PRODUCT_MESSAGES.unknownForm } },
    });
  }
  const urlId =
    form.urlId === '' && stored === null
      ? await freeUrlId(c, collection, slugOf(form.title))
      : form.urlId === ''
        ? (stored?.urlId ?? slugOf(form.title))
        : form.urlId;
  const { item, merchandising } = productFromForm(
    { ...form, urlId, digitalFile: delivered },
    { item: stored, merchandising: stored === null ? null : merchandisingOf(site, stored.id) },
    {
      currency: site.website.storeCurrency,
      collectionUrl: collection.fullUrl,
      additionalFieldsForm: fieldsForm,
      now: Date.now(),
    },
  );
  await merchantEdit(c, { kind: 'saveProduct', item, merchandising }, (error) =>
    error === EDIT_MESSAGES.urlIdTaken ? 'urlId' : undefined,
  );
  await saveFormStock(storeOf(c).objects.stock, form, item, (await merchantSessionOf(c))?.email);
  return { id: item.id as string, urlId, fullUrl: item.fullUrl as string };
}

/**
 * A product as a row of the console's list: its current price (the first variant's, or a digital
 * product's own) in minor units; its stock on hand and available to shoppers (null: never runs out).
 */
function productRow(item: Item, stock: number | null, available: number | null, currency: string, now: number) {
  const content = item.structuredContent;
  const listed = content === undefined ? undefined : listedPrice(content);
  const price = listed === undefined ? null : toMinorUnits(listed.value, listed.currency || currency);
  return {
    id: item.id,
    title: item.title,
    collectionId: item.collectionId,
    fullUrl: item.fullUrl,
    image: item.assetUrl ?? null,
    productType: content?.productType ?? ProductType.Physical,
    status: productStatus(item),
    onStorefront: onStorefront(item, now),
    price,
    onSale: isOnSale(item),
    variantCount: content?.variants.length ?? 0,
    stock,
    available,
    tags: item.tags,
    categories: item.categories,
  };
}

export const consoleCatalog = new Hono<AppEnv>();

const commerce = requirePermission('commerce');
const CONSOLE = areas.console;

/** What the product list's filters and the product form choose from. */
consoleCatalog.get(pathIn(CONSOLE, api.catalogContext), commerce, async (c) => {
  const site = c.var.site;
  const object = storeOf(c).objects.content;
  const collections = productCollections(site);
  const names = async (tagType: TagType) => {
    const used = await Promise.all(collections.map((collection) => object.namesUsed(collection.id, tagType)));
    const all = [
      ...collections.flatMap((collection) => declaredNames(collection, tagType)),
      ...used.flatMap((read) => read.value.map((row) => row.name)),
    ];
    return [...new Set(all)].sort((a, b) => a.localeCompare(b, 'en'));
  };
  return answer(c, api.catalogContext, {
    currency: site.website.storeCurrency,
    timeZone: site.website.timeZone,
    collections: collections.map((collection) => ({
      id: collection.id,
      title: collection.title,
      fullUrl: collection.fullUrl,
    })),
    forms: site.forms.map((form) => ({ id: form.id, name: form.name })),
    tags: await names('tag'),
    categories: await names('category'),
  });
});

consoleCatalog.get(pathIn(CONSOLE, api.products), commerce, async (c) => {
  const q = query(c, listQuery);
  const listing: ProductListQuery = {
    search: q.q,
    collectionId: q.collection ?? null,
    tag: q.tag ?? null,
    category: q.category ?? null,
    stock: q.stock ?? null,
    sort: q.sort,
    descending: q.direction === 'descending',
    offset: q.offset,
    limit: PAGE_SIZE,
    onHand: await storeOf(c).objects.stock.onHandCounts(),
  };
  const { value } = await storeOf(c).objects.content.productList(listing);
  const items = value.rows.map((row) => JSON.parse(row.json) as Item);
  const levels = await stockLevels(storeOf(c).objects.stock, items);
  const availableOf = (item: Item) =>
    (item.structuredContent?.variants ?? []).reduce((sum, variant) => sum + (levels[variant.sku]?.available ?? 0), 0);
  const now = Date.now();
  const products = value.rows.map((row, i) => {
    const item = items[i] as Item;
    return productRow(
      item,
      row.stock,
      row.stock === null ? null : availableOf(item),
      c.var.site.website.storeCurrency,
      now,
    );
  });
  const next = q.offset + products.length;
  return answer(c, api.products, {
    products,
    total: value.total,
    nextOffset: next < value.total ? next : null,
    currency: c.var.site.website.storeCurrency,
  });
});

consoleCatalog.get(pathIn(CONSOLE, api.product), commerce, async (c) => {
  const item = await storedProduct(c, c.req.param('id'));
  return answer(c, api.product, {
    id: item.id,
    fullUrl: item.fullUrl,
    product: await formWithOnHand(
      storeOf(c).objects.stock,
      item,
      formFromProduct(item, merchandisingOf(c.var.site, item.id)),
    ),
  });
});

consoleCatalog.post(pathIn(CONSOLE, api.addProduct), commerce, async (c) => {
  const form = await readJson(c, productSchema, MAX_PRODUCT_BYTES);
  return answer(c, api.addProduct, await saveForm(c, form, null));
});

consoleCatalog.put(pathIn(CONSOLE, api.saveProduct), commerce, async (c) => {
  const form = await readJson(c, productSchema, MAX_PRODUCT_BYTES);
  const stored = await storedProduct(c, c.req.param('id'));
  return answer(c, api.saveProduct, await saveForm(c, form, stored));
});

consoleCatalog.post(pathIn(CONSOLE, api.duplicateProduct), commerce, async (c) => {
  const stored = await storedProduct(c, c.req.param('id'));
  const form = await formWithOnHand(
    storeOf(c).objects.stock,
    stored,
    formFromProduct(stored, merchandisingOf(c.var.site, stored.id)),
  );
  const collection = productCollection(c.var.site, stored.collectionId);
  const copy: ProductForm = {
    ...form,
    title: `${form.title.slice(0, 93)} (copy)`,
    status: 'draft',
    urlId: await freeUrlId(c, collection, `${stored.urlId.slice(0, 90)}-copy`),
    // A new variant each, with its own SKU (stock is counted by SKU), starting from the original's on-hand count.
    variants: form.variants.map(({ id: _id, stockShown: _shown, ...variant }: StockedVariantForm) => ({
      ...variant,
      sku: `${variant.sku.slice(0, 50)}-${randomHex(2).toUpperCase()}`,
    })),
  };
  return answer(c, api.duplicateProduct, await saveForm(c, copy, null));
});

consoleCatalog.delete(pathIn(CONSOLE, api.removeProduct), commerce, async (c) => {
  await storedProduct(c, c.req.param('id'));
  await merchantEdit(c, { kind: 'removeItem', itemId: c.req.param('id') });
  return answer(c, api.removeProduct, { deleted: true });
});

consoleCatalog.post(pathIn(CONSOLE, api.bulkEditProducts), commerce, async (c) => {
  const body = await readJson(c, bulkSchema, MAX_SMALL_BODY_BYTES);
  if (body.change.kind === 'stock' && body.change.mode === 'set' && body.change.amount < 0)
    return apiError(400, PRODUCT_MESSAGES.stock, { fields: { amount: PRODUCT_MESSAGES.stock } });
  if (body.change.kind === 'price' && body.change.mode === 'set' && body.change.amount < 0)
    return apiError(400, PRODUCT_MESSAGES.price, { fields: { amount: PRODUCT_MESSAGES.price } });
  // Stock counts are the ledger's alone: the published change only makes unlimited variants counted (from 0; with none,
  // it writes nothing), so a retry after a failed ledger call counts nothing twice. Read before it, applied after it.
  const before =
    body.change.kind === 'stock'
      ? [...(await consoleItemsById(storeOf(c).objects.content, [...new Set(body.ids)])).values()]
      : [];
  const changed = await merchantEdit(c, { kind: 'bulkProducts', ids: body.ids, change: body.change });
  if (body.change.kind === 'stock') await bulkStock(storeOf(c).objects.stock, before, body.change);
  return answer(c, api.bulkEditProducts, changedOf(changed));
});

/** The tag or category manager's list for one product collection: every name, declared or in use, with its count. */
consoleCatalog.get(pathIn(CONSOLE, api.names), commerce, async (c) => {
  const tagType = tagTypeSchema.safeParse(c.req.query('tagType'));
  if (!tagType.success) return apiError(400, 'tagType must be tag or category');
  const collection = productCollection(c.var.site, c.req.param('collectionId'));
  const { value: used } = await storeOf(c).objects.content.namesUsed(collection.id, tagType.data);
  const declared = declaredNames(collection, tagType.data);
  const names = [...new Set([...declared, ...used.map((row) => row.name)])].sort((a, b) => a.localeCompare(b, 'en'));
  return answer(c, api.names, {
    names: names.map((name) => ({ name, count: used.find((row) => row.name === name)?.count ?? 0 })),
  });
});

consoleCatalog.post(pathIn(CONSOLE, api.changeNames), commerce, async (c) => {
  const body = await readJson(c, namesChangeSchema, MAX_SMALL_BODY_BYTES);
  const collection = productCollection(c.var.site, c.req.param('collectionId'));
  const messages = new Set([
    TAG_MESSAGES.exists(body.tagType),
    TAG_MESSAGES.required(body.tagType),
    TAG_MESSAGES.tooLong(body.tagType),
  ]);
  await merchantEdit(
    c,
    { kind: 'changeNames', collectionId: collection.id, tagType: body.tagType, change: body.change },
    (error) => (messages.has(error) ? 'name' : undefined),
  );
  return answer(c, api.changeNames, { changed: true });
});
