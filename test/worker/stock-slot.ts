/**
 * Moves a worker test into the next stock freshness slot (src/storefront/available-stock.ts) without waiting
 * up to 30 s for it: `Date` is set just past the slot's start while `then` runs (it still advances), and real
 * again afterwards. The worker's pages and objects run in the test's isolate, so they read the same clock.
 */
import { vi } from 'vitest';
import { freshnessSlot, STOCK_FRESH_SECONDS } from '../../src/storefront/available-stock';

export async function inNextStockSlot<T>(then: () => Promise<T>): Promise<T> {
  const next = (freshnessSlot(Date.now()) + 1) * STOCK_FRESH_SECONDS * 1000;
  vi.useFakeTimers({ toFake: ['Date'], now: next + 100, shouldAdvanceTime: true });
  try {
    return await then();
  } finally {
    vi.useRealTimers();
  }
}
