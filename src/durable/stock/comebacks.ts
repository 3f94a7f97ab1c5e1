/**
 * Telling the website's restock sign-ups (src/durable/restock.ts) which skus came back: none available
 * before a change, some after it. A failure to tell them is logged, never the change's.
 */
import { restockSignups } from '../stubs';
import type { StockContext } from './context';
import { availableTo } from './counts';

/**
 * Makes `change` (synchronous), then tells the restock sign-ups which of `skus` (each with its
 * published stock) came back: none available before, some after. A failure to tell them is logged,
 * never the change's (the merchant can still send the emails from the console).
 */
export async function tellComebacks(
  self: StockContext,
  skus: Iterable<readonly [string, number]>,
  now: number,
  change: () => void,
): Promise<void> {
  const before = new Map(
    [...skus].map(([sku, stock]) => [sku, { stock, available: availableTo(self, null, sku, stock, now) }]),
  );
  change();
  await tell(
    self,
    [...before]
      .filter(([sku, { stock, available }]) => available === 0 && availableTo(self, null, sku, stock, now) > 0)
      .map(([sku]) => sku),
  );
}

export async function tell(self: StockContext, backInStock: string[]): Promise<void> {
  const websiteId = self.sql
    .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'website'")
    .toArray()[0]?.value;
  if (backInStock.length === 0 || websiteId === undefined) return;
  try {
    await restockSignups(self.env, websiteId).backInStock(backInStock);
  } catch (error) {
    console.error('the back-in-stock emails were not queued', backInStock, error);
  }
}
