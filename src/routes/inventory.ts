/**
 * Stock as shoppers and merchants see it, all from the website's StockLedger (src/durable/stock.ts,
 * the one truth: a published `qtyInStock` is only the starting value of a sku the ledger has not
 * seen):
 * - `GET /api/commerce/inventory/stock/?itemId=…` (storefront spec §7): what is available of each
 *   variant of the given products (on hand − live checkout reservations);
 * - the console's stock (src/routes/console-catalog.ts calls these): the product form shows each
 *   variant's on-hand count and a save sets it only where the merchant changed it; a bulk stock change
 *   adds to or sets the on-hand counts of every counted variant in one ledger step, keeping what was
 *   sold and what is reserved.
 */
import { Hono } from 'hono';
import { CART_MESSAGES } from '../commerce/cart';
import { neverRunsOut, sellableProductType } from '../commerce/product';
import type { StockChange, StockLevel } from '../durable/stock';
import { stockLedger } from '../durable/stubs';
import { itemsById } from '../site/catalog';
import type { ProductForm, VariantForm } from '../site/editor/product-form';
import type { Item } from '../site/schema';
import { countedStock } from '../storefront/available-stock';
import { apiError, type AppEnv, withSite } from './http';

const MAX_ITEMS = 50;

interface StockResult {
  itemId: string;
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

export const inventory = new Hono<AppEnv>();

inventory.get('/api/commerce/inventory/stock/', withSite, async (c) => {
  const itemIds = [...new Set(c.req.queries('itemId') ?? [])];
  if (itemIds.length === 0) return apiError(c, 400, 'itemId is required');
  if (itemIds.length > MAX_ITEMS) return apiError(c, 400, `At most ${MAX_ITEMS} itemId values per request`);
  const site = c.var.site;
  const results: StockResult[] = [];
  const limited: Record<string, number> = {};
  const items = await itemsById(c.env, site.website.id, itemIds);
  for (const itemId of itemIds) {
    const item = items.get(itemId);
    if (item?.structuredContent === undefined || sellableProductType(item, site.collections) === undefined) return apiError(c, 404, CART_MESSAGES.itemNotFound);
    const counted = countedStock(item);
    Object.assign(limited, counted);
    for (const variant of item.structuredContent.variants) {
      const unlimited = counted[variant.sku] === undefined;
      results.push({ itemId, variantId: variant.id, sku: variant.sku, unlimited, qtyInStock: counted[variant.sku] ?? 0 });
    }
  }
  const available: Record<string, number> = Object.keys(limited).length === 0 ? {} : await stockLedger(c.env, site.website.id).available(limited);
  for (const result of results) if (!result.unlimited) result.qtyInStock = available[result.sku] ?? result.qtyInStock;
  c.header('cache-control', 'no-store');
  return c.json({ results });
});

/** A product form's variant as the console sends it back: `stockShown` is the on-hand count the form was opened with. */
export type StockedVariantForm = VariantForm & { stockShown?: number };

/** The ledger's levels of the counted variants of `items` (on hand, reserved, available, sold), by sku. */
export async function stockLevels(env: Env, websiteId: string, items: readonly Item[]): Promise<Record<string, StockLevel>> {
  const counted = Object.assign({}, ...items.map((item) => countedStock(item))) as Record<string, number>;
  return Object.keys(counted).length === 0 ? {} : stockLedger(env, websiteId).levels(counted);
}

/** The product form of `item` with each counted variant's stock the ledger's on-hand count (and `stockShown` the same). */
export async function formWithOnHand(env: Env, websiteId: string, item: Item, form: ProductForm): Promise<ProductForm> {
  const levels = await stockLevels(env, websiteId, [item]);
  const variants: StockedVariantForm[] = form.variants.map((variant) => {
    const level = levels[variant.sku];
    return level === undefined ? variant : { ...variant, stock: level.onHand, stockShown: level.onHand };
  });
  return { ...form, variants };
}

/**
 * After a product form is saved as `item`: each counted variant whose stock the merchant changed (it
 * differs from the `stockShown` the form was opened with; a new variant, or a form without it, always)
 * gets that on-hand count, in one ledger step. The form's variants are the item's, in order.
 */
export async function saveFormStock(env: Env, websiteId: string, form: { variants: StockedVariantForm[] }, item: unknown): Promise<void> {
  const content = (item as Partial<Item>).structuredContent;
  if (content === undefined || neverRunsOut(content.productType)) return;
  const changes: StockChange[] = [];
  content.variants.forEach((variant, i) => {
    const sent = form.variants[i];
    if (sent === undefined || variant.unlimited || sent.stock === sent.stockShown) return;
    changes.push({ sku: variant.sku, stock: variant.qtyInStock, mode: 'set', amount: sent.stock });
  });
  if (changes.length > 0) await stockLedger(env, websiteId).adjust(changes);
}

/**
 * A bulk stock change to `items` in the ledger, in one step: every variant whose stock is counted is
 * added to or set; an unlimited one becomes counted from 0 (the published change that makes it counted
 * is the caller's).
 */
export async function bulkStock(env: Env, websiteId: string, items: readonly Item[], change: { mode: 'set' | 'add'; amount: number }): Promise<void> {
  const changes: StockChange[] = [];
  for (const item of items) {
    const content = item.structuredContent;
    if (content === undefined || neverRunsOut(content.productType)) continue;
    for (const variant of content.variants) {
      changes.push(variant.unlimited ? { sku: variant.sku, stock: 0, mode: 'set', amount: change.amount } : { sku: variant.sku, stock: variant.qtyInStock, mode: change.mode, amount: change.amount });
    }
  }
  if (changes.length > 0) await stockLedger(env, websiteId).adjust(changes);
}
