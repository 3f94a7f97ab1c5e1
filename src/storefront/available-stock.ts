/**
 * Every store page that shows products (a product page and its related products, product lists, a
 * content page's product blocks and products grids, search results, a developer-platform template's query blocks) and
 * its `?format=json` context show what is available now (on hand − live checkout reservations, from
 * the website's StockLedger, the one truth of stock), not the published stock level, which is only a
 * sku's starting value: `showAvailableStock` asks the ledger once per page for all its skus. Such a
 * page is cached for at most STOCK_FRESH_SECONDS at the edge and in the browser, in a cache slot of
 * that length, so a cached page promises a sold-out item for at most twice that (docs/storefront.md).
 */
import { variantList, variantStockLimit } from '../commerce/product';
import { variantSku, withVariantStock } from '../commerce/product-fields';

export const STOCK_FRESH_SECONDS = 30;

/** The cache slot a page showing stock rendered at `now` belongs to. */
export function freshnessSlot(now: number): number {
  return Math.floor(now / (STOCK_FRESH_SECONDS * 1000));
}

/** The published stock levels (by sku) of the item's counted variants: what to ask the ledger about (the starting value of a sku it has not seen). */
export function countedStock(item: unknown): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const variant of variantList(item)) {
    const limit = variantStockLimit(item, variant);
    if (limit !== null) counted[variantSku(variant)] = limit;
  }
  return counted;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page context with `change` applied to every item it shows (src/storefront/page-context.ts
 * puts them there): `item`, `related`, `items`, `blocks[].product`, a products grid's `blocks[].items`, an index's
 * `collection.collections[].items`, `search.results` and each
 * `squarespaceQueries[key].items`.
 */
function mapShownItems(context: Record<string, unknown>, change: (item: unknown) => unknown): Record<string, unknown> {
  const each = (items: unknown) => (Array.isArray(items) ? items.map(change) : items);
  const out = { ...context };
  if (context.item !== undefined) out.item = change(context.item);
  if (context.related !== undefined) out.related = each(context.related);
  if (context.items !== undefined) out.items = each(context.items);
  if (Array.isArray(context.blocks))
    out.blocks = context.blocks.map((block: unknown) =>
      !isRecord(block)
        ? block
        : isRecord(block.product)
          ? { ...block, product: change(block.product) }
          : Array.isArray(block.items)
            ? { ...block, items: each(block.items) }
            : block,
    );
  // An index's sections (src/storefront/page-context.ts `indexPage`) each list their first items.
  if (isRecord(context.collection) && Array.isArray(context.collection.collections))
    out.collection = {
      ...context.collection,
      collections: context.collection.collections.map((section: unknown) =>
        isRecord(section) && Array.isArray(section.items) ? { ...section, items: each(section.items) } : section,
      ),
    };
  if (isRecord(context.search)) out.search = { ...context.search, results: each(context.search.results) };
  if (isRecord(context.squarespaceQueries)) {
    const queries = Object.entries(context.squarespaceQueries).map(([key, query]) => [
      key,
      isRecord(query) ? { ...query, items: each(query.items) } : query,
    ]);
    out.squarespaceQueries = Object.fromEntries(queries);
  }
  return out;
}

/** The ledger's answer: units available now per sku, given each sku's published level (its starting value). */
export type ReadAvailable = (counted: Record<string, number>) => Promise<Readonly<Record<string, number>>>;

/**
 * Sets every counted variant the page shows to what the ledger says is available now, in one
 * ledger read for all of them; what it read, by sku (empty when the page shows no counted stock).
 */
export async function showAvailableStock(
  readAvailable: ReadAvailable,
  page: { context: Record<string, unknown> },
): Promise<Readonly<Record<string, number>>> {
  const counted: Record<string, number> = {};
  mapShownItems(page.context, (item) => Object.assign(counted, countedStock(item)));
  if (Object.keys(counted).length === 0) return {};
  const available = await readAvailable(counted);
  page.context = mapShownItems(page.context, (item) => withVariantStock(item, available));
  return available;
}

/**
 * What is available now of the variant of `item` with `sku` (null: it never runs out), from the ledger. It asks about
 * all the item's counted variants, one question per item whichever variant, so an answer kept at the edge
 * (`routes/shared/edge-stock.ts`) serves an add of any of them.
 */
export async function availableOf(readAvailable: ReadAvailable, item: unknown, sku: string): Promise<number | null> {
  const counted = countedStock(item);
  if (counted[sku] === undefined) return null;
  return (await readAvailable(counted))[sku] ?? 0;
}
