/**
 * The stock ledger sells an order once (sellOrder), remembering each sale only as long as anything
 * can ask to sell that order again (SALE_KEEP_MS): its `sales` table does not grow with every order.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SALE_KEEP_MS, type StockLedger } from '../../src/durable/stock';
import { stockLedger } from '../../src/durable/stubs';

const salesOf = (ledger: DurableObjectStub<StockLedger>) =>
  runInDurableObject(ledger, (_instance: StockLedger, state) =>
    state.storage.sql
      .exec<{ owner: string }>('SELECT owner FROM sales ORDER BY owner')
      .toArray()
      .map((row) => row.owner),
  );

describe('stock ledger sales', () => {
  it('sells an order once while a retry can still ask, and forgets the sale after SALE_KEEP_MS', async () => {
    const ledger = stockLedger(env, 'stock-sales-prune');
    const line = [{ sku: 'SKU-P', quantity: 2, stock: 10 }];
    const t0 = Date.now();
    await ledger.sellOrder('order:o1', line, t0);
    // A retry a day later (the placement key is answered for 24 h) sells nothing again.
    await ledger.sellOrder('order:o1', line, t0 + 24 * 60 * 60 * 1000);
    expect(await ledger.levels({ 'SKU-P': 10 })).toEqual({
      'SKU-P': { onHand: 8, reserved: 0, available: 8, sold: 2 },
    });
    expect(await salesOf(ledger)).toEqual(['order:o1']);

    // A later sale forgets the sales older than SALE_KEEP_MS, and only those.
    await ledger.sellOrder('order:o2', line, t0 + SALE_KEEP_MS - 1);
    expect(await salesOf(ledger)).toEqual(['order:o1', 'order:o2']);
    await ledger.sellOrder('order:o3', line, t0 + SALE_KEEP_MS);
    expect(await salesOf(ledger)).toEqual(['order:o2', 'order:o3']);
    expect(await ledger.levels({ 'SKU-P': 10 })).toEqual({
      'SKU-P': { onHand: 4, reserved: 0, available: 4, sold: 6 },
    });
  });
});
