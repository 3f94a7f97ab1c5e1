/**
 * The console's stock screen (issue 33, journey 3): each counted variant's on hand, reserved and
 * available come from the stock ledger (never the level last saved in the item), "add N" and "set on
 * hand to N" take a reason, and the variant's history lists the sale, the edit and the refund with
 * who and when; what the storefront offers is the ledger's available count.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { STOCK_MESSAGES, type StockEvent } from '../../src/site/editor/stock-adjust';
import {
  available,
  CANDLE,
  fillCheckout,
  merchant,
  placeOrder,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
  setStock,
} from './checkout-support';
import { Visitor } from './visitor';

interface View {
  variants: {
    variantId: string;
    sku: string;
    label: string;
    onHand: number;
    reserved: number;
    available: number;
    sold: number;
    history: StockEvent[];
  }[];
}

describe('stock in the console', () => {
  it('shows the ledger after a sale, adds with a reason, and lists the sale, the edit and the refund in the history', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('stock-console.test', (site) => setStock(site, 'candle', 5));
    await standardRules(websiteId);
    const manager = await merchant(base, websiteId);
    const path = `/api/console/products/${CANDLE.itemId}/stock`;

    const buyer = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    expect((await startCheckout(buyer)).status).toBe(200);
    await fillCheckout(buyer);
    const placed = await placeOrder(buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const afterSale = await manager.json<View>('GET', path);
    expect(afterSale.status).toBe(200);
    expect(afterSale.body.variants).toEqual([
      expect.objectContaining({ sku: CANDLE.sku, onHand: 3, reserved: 0, available: 3, sold: 2 }),
    ]);
    expect(afterSale.body.variants[0]?.history).toEqual([
      expect.objectContaining({ kind: 'sold', change: -2, onHand: 3, ref: `order:${placed.body.order.id}` }),
    ]);

    const added = await manager.json<View>('POST', path, {
      sku: CANDLE.sku,
      mode: 'add',
      amount: 10,
      reason: 'Received',
    });
    expect(added.status).toBe(200);
    expect(added.body.variants[0]).toMatchObject({ onHand: 13, available: 13 });
    expect(await available(base)).toBe(13);
    expect(added.body.variants[0]?.history[0]).toMatchObject({
      kind: 'edited',
      change: 10,
      onHand: 13,
      who: expect.stringMatching(/^m\d+@example\.com$/),
      reason: 'Received',
      at: expect.any(Number),
    });

    const counted = await manager.json<View>('POST', path, {
      sku: CANDLE.sku,
      mode: 'set',
      amount: 12,
      reason: 'Count',
    });
    expect(counted.body.variants[0]).toMatchObject({ onHand: 12 });
    expect(await available(base)).toBe(12);

    expect(
      (await manager.json('POST', `/api/commerce/orders/${placed.body.order.id}/refund`, { restock: true })).status,
    ).toBe(200);
    const refunded = await manager.json<View>('GET', path);
    expect(refunded.body.variants[0]).toMatchObject({ onHand: 14, sold: 0 });
    expect(refunded.body.variants[0]?.history.map((event) => [event.kind, event.change, event.onHand])).toEqual([
      ['refunded', 2, 14],
      ['edited', -1, 12],
      ['edited', 10, 13],
      ['sold', -2, 3],
    ]);
    expect(await available(base)).toBe(14);
  });

  it('refuses a bad amount, an unknown reason or variant, a product it does not know, and callers without commerce', async () => {
    const { base, websiteId } = await storeOnHost('stock-console-refusals.test', (site) => setStock(site, 'candle', 5));
    const manager = await merchant(base, websiteId);
    const path = `/api/console/products/${CANDLE.itemId}/stock`;
    expect(
      await manager.json('POST', path, { sku: CANDLE.sku, mode: 'set', amount: -1, reason: 'Count' }),
    ).toMatchObject({ status: 400, body: { error: STOCK_MESSAGES.onHand } });
    expect(
      (await manager.json('POST', path, { sku: CANDLE.sku, mode: 'add', amount: 1.5, reason: 'Count' })).status,
    ).toBe(400);
    expect(
      (await manager.json('POST', path, { sku: CANDLE.sku, mode: 'add', amount: 1, reason: 'Because' })).status,
    ).toBe(400);
    expect(
      await manager.json('POST', path, { sku: 'NOT-A-SKU', mode: 'add', amount: 1, reason: 'Count' }),
    ).toMatchObject({ status: 400, body: { error: STOCK_MESSAGES.unknownVariant } });
    expect(await manager.json('GET', '/api/console/products/p-nothing/stock')).toMatchObject({
      status: 404,
      body: { error: PRODUCT_MESSAGES.unknownProduct },
    });
    expect((await new Visitor(base).json('GET', path)).status).toBe(401);
    expect(await available(base)).toBe(5);
  });
});
