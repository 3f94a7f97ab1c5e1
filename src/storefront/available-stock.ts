/**
 * A product page shows what is available now (on hand − live checkout reservations, from the
 * website's StockLedger, the one truth of stock), not the published stock level, which is only a
 * sku's starting value. Such a page is cached for at most PRODUCT_PAGE_FRESH_SECONDS at the edge and
 * in the browser, in a cache slot of that length, so a cached page promises a sold-out item for at
 * most twice that (docs/storefront.md).
 */
import { productType, stockLimit, type VariantStock } from '../commerce/product';

export const PRODUCT_PAGE_FRESH_SECONDS = 30;

/** The cache slot a product page rendered at `now` belongs to. */
export function freshnessSlot(now: number): number {
  return Math.floor(now / (PRODUCT_PAGE_FRESH_SECONDS * 1000));
}

interface PageItem {
  structuredContent?: { productType: number; variants: (VariantStock & { sku: string })[] };
}

/** The published stock levels (by sku) of the page item's counted variants: what to ask the ledger about (the starting value of a sku it has not seen). */
export function countedStock(item: unknown): Record<string, number> {
  const content = (item as PageItem | undefined)?.structuredContent;
  const counted: Record<string, number> = {};
  for (const variant of content?.variants ?? []) {
    const limit = stockLimit(variant, productType(item));
    if (limit !== null) counted[variant.sku] = limit;
  }
  return counted;
}

/** The page item with each counted variant's `qtyInStock` set to what is available (the site's own item is left alone). */
export function withAvailableStock<T>(item: T, available: Readonly<Record<string, number>>): T {
  const content = (item as PageItem).structuredContent;
  if (content === undefined) return item;
  const variants = content.variants.map((v) => (available[v.sku] === undefined ? v : { ...v, qtyInStock: available[v.sku] }));
  return { ...item, structuredContent: { ...content, variants } };
}
