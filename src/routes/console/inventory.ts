/**
 * Stock as shoppers and merchants see it, all from the website's StockLedger (src/durable/stock.ts,
 * the one truth: a published `qtyInStock` is only the starting value of a sku the ledger has not
 * seen):
 * - `GET /api/commerce/inventory/stock/?itemId=…` (storefront spec §7): what is available of each
 *   variant of the given products (on hand − live checkout reservations);
 * - the console's stock (src/routes/console/console-catalog.ts calls these): the product form shows each
 *   variant's on-hand count and a save sets it only where the merchant changed it; a bulk stock change
 *   adds to or sets the on-hand counts of every counted variant in one ledger step, keeping what was
 *   sold and what is reserved;
 * - a product's stock screen (`GET`/`POST /api/console/products/{id}/stock`): each counted variant's
 *   on hand, reserved, available and sold, with its history (sold, refunded, restocked, edited, by
 *   whom and why), and one variant's "add or remove N" or "set on hand to N" with a reason.
 */
import { api } from '../../api';
import type { VariantInStock } from '../../api/storefront-answers';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CART_MESSAGES } from '../../commerce/cart';
import {
  inProductCollection,
  neverRunsOut,
  PRODUCT_RECORD_TYPE,
  sellableProductType,
  variantDescriptor,
} from '../../commerce/product';
import type { StockChange, StockLevel } from '../../durable/stock';
import type { WebsiteObjects } from '../../durable/stubs';
import { consoleItemsById, itemsById } from '../../site/published/catalog';
import { MAX_STOCK, PRODUCT_MESSAGES, type ProductForm, type VariantForm } from '../../site/editor/product-form';
import { adjustmentProblem, STOCK_MESSAGES, STOCK_REASONS, type StockEvent } from '../../site/editor/stock-adjust';
import type { Item } from '../../site/model/schema';
import { countedStock } from '../../storefront/available-stock';
import { apiError, readJson, type AppEnv, withSite, storeOf } from '../shared/http';
import { merchantSessionOf, requirePermission } from './merchant-session';

const MAX_ITEMS = 50;

export const inventory = new Hono<AppEnv>();

inventory.get(pathIn(areas.inventory, api.inventoryStock), withSite, async (c) => {
  const itemIds = [...new Set(c.req.queries('itemId') ?? [])];
  if (itemIds.length === 0) return apiError(400, 'itemId is required');
  if (itemIds.length > MAX_ITEMS) return apiError(400, `At most ${MAX_ITEMS} itemId values per request`);
  const site = c.var.site;
  const results: VariantInStock[] = [];
  const limited: Record<string, number> = {};
  const items = await itemsById(storeOf(c).objects.content, itemIds);
  for (const itemId of itemIds) {
    const item = items.get(itemId);
    if (item?.structuredContent === undefined || sellableProductType(item, site.collections) === undefined)
      return apiError(404, CART_MESSAGES.itemNotFound);
    const counted = countedStock(item);
    Object.assign(limited, counted);
    for (const variant of item.structuredContent.variants) {
      const unlimited = counted[variant.sku] === undefined;
      results.push({
        itemId,
        variantId: variant.id,
        sku: variant.sku,
        unlimited,
        qtyInStock: counted[variant.sku] ?? 0,
      });
    }
  }
  const available: Record<string, number> =
    Object.keys(limited).length === 0 ? {} : await storeOf(c).objects.stock.available(limited);
  for (const result of results) if (!result.unlimited) result.qtyInStock = available[result.sku] ?? result.qtyInStock;
  c.header('cache-control', 'no-store');
  return answer(c, api.inventoryStock, { results });
});

/** The website's stock ledger, as the request's objects give it (`storeOf(c).objects.stock`). */
type Ledger = WebsiteObjects['stock'];

/** A product form's variant as the console sends it back: `stockShown` is the on-hand count the form was opened with. */
export type StockedVariantForm = VariantForm & { stockShown?: number };

/** The ledger's levels of the counted variants of `items` (on hand, reserved, available, sold), by sku. */
export async function stockLevels(ledger: Ledger, items: readonly Item[]): Promise<Record<string, StockLevel>> {
  const counted = Object.assign({}, ...items.map((item) => countedStock(item))) as Record<string, number>;
  return Object.keys(counted).length === 0 ? {} : ledger.levels(counted);
}

/** The product form of `item` with each counted variant's stock the ledger's on-hand count (and `stockShown` the same). */
export async function formWithOnHand(ledger: Ledger, item: Item, form: ProductForm): Promise<ProductForm> {
  return withOnHand(form, await stockLevels(ledger, [item]));
}

function withOnHand(
  form: ProductForm,
  levels: Record<string, StockLevel>,
): ProductForm & { variants: StockedVariantForm[] } {
  const variants: StockedVariantForm[] = form.variants.map((variant) => {
    const level = levels[variant.sku];
    return level === undefined ? variant : { ...variant, stock: level.onHand, stockShown: level.onHand };
  });
  return { ...form, variants };
}

/** Many products' forms as formWithOnHand makes them, with one call to the ledger. */
export async function formsWithOnHand(
  ledger: Ledger,
  products: readonly { item: Item; form: ProductForm }[],
): Promise<(ProductForm & { variants: StockedVariantForm[] })[]> {
  const levels = await stockLevels(
    ledger,
    products.map((product) => product.item),
  );
  return products.map((product) => withOnHand(product.form, levels));
}

/**
 * After a product form is saved as `item`: each counted variant whose stock the merchant changed (it
 * differs from the `stockShown` the form was opened with; a new variant, or a form without it, always)
 * gets that on-hand count, in one ledger step. The form's variants are the item's, in order.
 */
export async function saveFormStock(
  ledger: Ledger,
  form: { variants: StockedVariantForm[] },
  item: unknown,
  who?: string,
): Promise<void> {
  const changes = formStockChanges(form, item, who, 'Product form');
  if (changes.length > 0) await ledger.adjust(changes);
}

/** The ledger changes saving `form` as `item` makes (saveFormStock's, or one product of an import's). */
export function formStockChanges(
  form: { variants: StockedVariantForm[] },
  item: unknown,
  who: string | undefined,
  reason: string,
): StockChange[] {
  const content = (item as Partial<Item>).structuredContent;
  if (content === undefined || neverRunsOut(content.productType)) return [];
  const changes: StockChange[] = [];
  content.variants.forEach((variant, i) => {
    const sent = form.variants[i];
    if (sent === undefined || variant.unlimited || sent.stock === sent.stockShown) return;
    changes.push({
      sku: variant.sku,
      // The count the form was opened with is the ledger's starting value for a sku it has not counted yet.
      stock: sent.stockShown ?? variant.qtyInStock,
      mode: 'set',
      amount: sent.stock,
      who,
      reason,
    });
  });
  return changes;
}

/**
 * A bulk stock change to `items` in the ledger, in one step: every variant whose stock is counted is
 * added to or set; an unlimited one becomes counted from 0 (the published change that makes it counted
 * is the caller's).
 */
export async function bulkStock(
  ledger: Ledger,
  items: readonly Item[],
  change: { mode: 'set' | 'add'; amount: number },
): Promise<void> {
  const changes: StockChange[] = [];
  for (const item of items) {
    const content = item.structuredContent;
    if (content === undefined || neverRunsOut(content.productType)) continue;
    for (const variant of content.variants) {
      changes.push(
        variant.unlimited
          ? { sku: variant.sku, stock: 0, mode: 'set', amount: change.amount }
          : { sku: variant.sku, stock: variant.qtyInStock, mode: change.mode, amount: change.amount },
      );
    }
  }
  if (changes.length > 0) await ledger.adjust(changes);
}

/** A counted variant on the product's stock screen: the ledger's counts and its newest changes. */
export interface VariantStockView extends StockLevel {
  variantId: string;
  sku: string;
  /** Its options as a shopper reads them ('Blue / M'); '' for a product without options. */
  label: string;
  history: StockEvent[];
}

const adjustSchema = z.object({
  sku: z.string().min(1).max(64),
  mode: z.enum(['add', 'set']),
  amount: z.number().int().min(-MAX_STOCK).max(MAX_STOCK),
  reason: z.enum(STOCK_REASONS),
});

const HISTORY_SHOWN = 50;

async function consoleProduct(c: Context<AppEnv>): Promise<Item | null> {
  const id = c.req.param('id') ?? '';
  const item = (await consoleItemsById(storeOf(c).objects.content, [id])).get(id);
  return item === undefined ||
    item.recordType !== PRODUCT_RECORD_TYPE ||
    !inProductCollection(item, c.var.site.collections)
    ? null
    : item;
}

/** Each counted variant of `item` as the stock screen shows it (a product that never runs out has none). */
async function stockView(ledger: Ledger, item: Item): Promise<VariantStockView[]> {
  const counted = countedStock(item);
  const variants = (item.structuredContent?.variants ?? []).filter((variant) => counted[variant.sku] !== undefined);
  if (variants.length === 0) return [];
  const levels = await ledger.levels(counted);
  const histories = await Promise.all(variants.map((variant) => ledger.history(variant.sku, HISTORY_SHOWN)));
  return variants.map((variant, i) => ({
    variantId: variant.id,
    sku: variant.sku,
    label: variantDescriptor(variant),
    ...(levels[variant.sku] as StockLevel),
    history: histories[i] ?? [],
  }));
}

/** A product's stock screen, mounted at `areas.console`. */
export const productStock = new Hono<AppEnv>();
const editStock = requirePermission('commerce');

productStock.get(pathIn(areas.console, api.stock), editStock, async (c) => {
  const item = await consoleProduct(c);
  if (item === null) return apiError(404, PRODUCT_MESSAGES.unknownProduct);
  return answer(c, api.stock, { variants: await stockView(storeOf(c).objects.stock, item) });
});

productStock.post(pathIn(areas.console, api.adjustStock), editStock, async (c) => {
  const body = await readJson(c, adjustSchema, 4 * 1024);
  const item = await consoleProduct(c);
  if (item === null) return apiError(404, PRODUCT_MESSAGES.unknownProduct);
  const problem = adjustmentProblem(body.mode, body.amount);
  if (problem !== null) return apiError(400, problem, { fields: { amount: problem } });
  const published = countedStock(item)[body.sku];
  if (published === undefined)
    return apiError(400, STOCK_MESSAGES.unknownVariant, { fields: { sku: STOCK_MESSAGES.unknownVariant } });
  const who = (await merchantSessionOf(c))?.email;
  await storeOf(c).objects.stock.adjust([
    { sku: body.sku, stock: published, mode: body.mode, amount: body.amount, who, reason: body.reason },
  ]);
  return answer(c, api.adjustStock, { variants: await stockView(storeOf(c).objects.stock, item) });
});
