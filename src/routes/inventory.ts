/**
 * `GET /api/commerce/inventory/stock/?itemId=…` (storefront spec §7): what is left of each variant
 * of the given products, after what carts hold.
 */
import { Hono } from 'hono';
import { CART_MESSAGES } from '../commerce/cart';
import { stockLimit } from '../commerce/product';
import { stockLedger } from '../durable/stubs';
import { itemsById } from '../site/catalog';
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
    if (item?.structuredContent === undefined) return apiError(c, 404, CART_MESSAGES.itemNotFound);
    const { productType, variants } = item.structuredContent;
    for (const variant of variants) {
      const limit = stockLimit(variant, productType);
      results.push({ itemId, variantId: variant.id, sku: variant.sku, unlimited: limit === null, qtyInStock: limit ?? 0 });
      if (limit !== null) limited[variant.sku] = limit;
    }
  }
  const ledger = stockLedger(c.env, site.website.id);
  const available: Record<string, number> = Object.keys(limited).length === 0 ? {} : await ledger.available(limited);
  for (const result of results) if (!result.unlimited) result.qtyInStock = available[result.sku] ?? result.qtyInStock;
  c.header('cache-control', 'no-store');
  return c.json({ results });
});
