/**
 * The catalogue in and out as a CSV file (src/site/transfer/product-csv.ts: Shopify's product columns), for
 * the console's products list; both need the commerce permission.
 *
 *   GET  /api/console/products.csv            every product, stock as the ledger has it on hand
 *   POST /api/console/products/import         { csv, apply, sizes }: every row's problems and what would
 *                                             change; with `apply` and no problem, all of it in one step
 *
 * An import saves every product in one SiteContent step (nothing half-written: a refusal saves none),
 * then sets the counts it changed in the stock ledger in one step, as recorded edits ('Product import',
 * by whom): what was sold stays sold. Bodies are sanitized like every body, pictures must be addresses
 * the image rule allows.
 */
import { api, type ProductImport } from '../../api';
import { areas } from '../../api/areas';
import { answer, answerCsv, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isProductCollection } from '../../commerce/product';
import { siteFormNamed } from '../../commerce/product-fields';
import { ApiError } from '../../http/errors';
import { formFromProduct, productFromForm, type Merchandising } from '../../site/editor/product-item';
import { MAX_IMAGE_URL } from '../../site/model/image-url';
import { CONTENT_LIMITS } from '../../site/model/limits';
import { CSV_LIMITS, CSV_MESSAGES, type CsvProblem } from '../../site/editor/product-csv';
import {
  productCsv,
  readProductCsv,
  type ExistingProduct,
  type ImportedProduct,
} from '../../site/transfer/product-csv';
import { parseItem, type Item, type Site } from '../../site/model/schema';
import { readJson, type AppEnv, storeOf } from '../shared/http';
import { formStockChanges, formsWithOnHand } from './inventory';
import { merchantSessionOf, requirePermission } from './merchant-session';
import { merchantEdit } from './site-edits';

export const IMPORT_MESSAGES = {
  problems: 'The file has problems, so nothing was imported. Fix them and try again.',
  noCollection: 'Add a products collection before importing products.',
} as const;

const importSchema = z.object({
  csv: z.string(),
  apply: z.boolean().default(false),
  /** Pictures the console measured: address → 'WxH'. */
  sizes: z
    .record(z.string().max(MAX_IMAGE_URL), z.string().regex(/^\d{1,5}x\d{1,5}$/))
    .refine((sizes) => Object.keys(sizes).length <= 1000, 'at most 1000 sizes')
    .default({}),
});

/** Every product of the site with its merchandising texts and its form, stock on hand as the ledger has it. */
async function allProducts(c: Context<AppEnv>): Promise<(ExistingProduct & { merchandising: Merchandising | null })[]> {
  const site = c.var.site;
  const object = storeOf(c).objects.content;
  const items: Item[] = [];
  for (const collection of site.collections.filter(isProductCollection)) {
    const { value } = await object.consoleItems(collection.id, 0, CONTENT_LIMITS.productsPerCollection);
    items.push(...value.items.map((json) => JSON.parse(json) as Item));
  }
  const merchandisingOf = (item: Item) =>
    (site.productMerchandisingContext[item.id] as Merchandising | undefined) ?? null;
  const forms = await formsWithOnHand(
    storeOf(c).objects.stock,
    items.map((item) => ({ item, form: formFromProduct(item, merchandisingOf(item)) })),
  );
  return items.map((item, i) => ({
    item,
    form: forms[i] as ExistingProduct['form'],
    merchandising: merchandisingOf(item),
  }));
}

/** The item a read product saves as with its merchandising texts, or the problem that stops it (placed on its first row). */
function saveOf(
  site: Site,
  product: ImportedProduct,
  stored: Merchandising | null,
): { item: Item; merchandising: Merchandising | null } | CsvProblem {
  const collection = site.collections.find((c) => c.id === product.form.collectionId);
  const fieldsForm = siteFormNamed(site.forms, product.form.additionalFieldsFormId);
  const { item, merchandising } = productFromForm(
    product.form,
    { item: product.stored, merchandising: stored },
    {
      currency: site.website.storeCurrency,
      collectionUrl: collection?.fullUrl ?? '',
      additionalFieldsForm: fieldsForm,
      now: Date.now(),
    },
  );
  if (product.body !== null) item.body = product.body;
  const parsed = parseItem(item, product.handle, site.collections);
  return 'error' in parsed
    ? { row: product.row, column: '', message: parsed.error }
    : { item: parsed.item, merchandising };
}

export const productsCsv = new Hono<AppEnv>();

const CONSOLE = areas.console;

const commerce = requirePermission('commerce');

productsCsv.get(pathIn(CONSOLE, api.productsCsv), commerce, async (c) => {
  const products = await allProducts(c);
  return answerCsv(c, api.productsCsv, productCsv(products, c.var.site.website.storeCurrency), 'products_export.csv');
});

productsCsv.post(pathIn(CONSOLE, api.importProducts), commerce, async (c) => {
  // JSON escaping can double a file's size: the body cap leaves room for it, the file's own cap is checked after.
  const body = await readJson(c, importSchema, CSV_LIMITS.bytes * 2 + 64 * 1024);
  if (new TextEncoder().encode(body.csv).length > CSV_LIMITS.bytes) throw new ApiError(413, CSV_MESSAGES.tooLarge);
  const site = c.var.site;
  const target = site.collections.find(isProductCollection);
  if (target === undefined) throw new ApiError(400, IMPORT_MESSAGES.noCollection);
  const stored = await allProducts(c);
  const read = readProductCsv(body.csv, {
    existing: new Map(stored.map((product) => [product.item.urlId, product])),
    collectionId: target.id,
    currency: site.website.storeCurrency,
    sizes: body.sizes,
  });
  const problems = [...read.problems];
  const saves: { item: Item; merchandising: Merchandising | null; product: ImportedProduct }[] = [];
  for (const product of read.products) {
    if (!product.ok) continue;
    const save = saveOf(site, product, stored.find((one) => one.item.urlId === product.handle)?.merchandising ?? null);
    if ('message' in save) problems.push(save);
    else saves.push({ ...save, product });
  }
  problems.sort((a, b) => a.row - b.row);
  const known = new Set(stored.flatMap(({ form }) => form.images.map((image) => image.assetUrl)));
  const summary: Omit<ProductImport, 'applied'> = {
    problems,
    products: read.products.map((product) => ({
      handle: product.handle,
      title: product.form.title,
      row: product.row,
      action: product.stored === null ? 'create' : 'update',
      variants: product.form.variants.length,
    })),
    newImages: [
      ...new Set(read.products.flatMap((product) => product.form.images.map((image) => image.assetUrl))),
    ].filter((url) => !known.has(url)),
    ignored: read.ignored,
  };
  if (!body.apply) return answer(c, api.importProducts, { ...summary, applied: false });
  if (problems.length > 0) throw new ApiError(400, IMPORT_MESSAGES.problems, { extra: summary });
  await merchantEdit(c, {
    kind: 'importProducts',
    products: saves.map(({ item, merchandising }) => ({ item, merchandising })),
  });
  const who = (await merchantSessionOf(c))?.email;
  const changes = saves.flatMap(({ item, product }) => formStockChanges(product.form, item, who, 'Product import'));
  if (changes.length > 0) await storeOf(c).objects.stock.adjust(changes);
  return answer(c, api.importProducts, { ...summary, applied: true });
});
