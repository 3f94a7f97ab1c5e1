/** What a store page shows of stock, read at the edge (src/routes/shared/edge-stock.ts): the isolate's memory first. */
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { mapHost } from '../../src/site/published/store';
import { setStock, storeOnHost } from './checkout-support';
import { inNextStockSlot } from './stock-slot';

const SHOWN_STOCK = 'https://shown-stock.internal/';

describe('the stock a page shows', () => {
  it('is the answer this isolate heard within 2 s: another miss of the same skus reads neither the ledger nor the Cache API', async () => {
    const { websiteId } = await storeOnHost('shown-stock.test', (site) => setStock(site, 'candle', 5));
    for (const host of ['www.shown-stock.test', 'shop.shown-stock.test'])
      await mapHost(env.SITE_CONTENT, host, websiteId);
    const cache = (caches as unknown as { default: Cache }).default;
    const match = vi.spyOn(cache, 'match');
    // Stock reads that got past this isolate's memory: each asks the Cache API, then (without a copy) the ledger.
    const readsPast = () =>
      match.mock.calls.filter(([request]) =>
        String(request instanceof Request ? request.url : request).startsWith(SHOWN_STOCK),
      ).length;
    // Each host's page is a page of its own (a miss, a render, a stock read): the second within 2 s of the first.
    const miss = async (host: string) => {
      const res = await exports.default.fetch(`http://${host}/shop/p/candle`);
      expect(res.headers.get('x-page-cache')).toBe('miss');
      await res.text();
    };
    try {
      await inNextStockSlot(async () => {
        await miss('shown-stock.test');
        expect(readsPast()).toBe(1);
        await miss('www.shown-stock.test');
        expect(readsPast()).toBe(1);
        // Once the answer is 2 s old (in the same slot), a page asks again.
        vi.setSystemTime(Date.now() + 2_100);
        await miss('shop.shown-stock.test');
        expect(readsPast()).toBe(2);
      });
    } finally {
      match.mockRestore();
    }
  });
});
