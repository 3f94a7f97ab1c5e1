/**
 * Stock has one truth (issue 29): the stock ledger's on-hand count, which the storefront offers and the
 * console shows and changes. A merchant's change adds to it or sets it and never restarts what was
 * sold; a published `qtyInStock` is only the starting value of a sku the ledger has not seen. Every
 * hold ends: an order waiting for its payment keeps its units only until its authentication window
 * closes, and a reservation may be capped per owner.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { StockLedger } from '../../src/durable/stock';
import { stockLedger } from '../../src/durable/stubs';
import type { ProductForm } from '../../src/site/editor/product-form';
import { publishSite } from '../../src/site/store';
import { demoSite } from '../../src/site/demo';
import { available, CANDLE, ENTRIES, merchant, placeOrder, readyToPay, setStock, shopperAtPayment, stock } from './checkout-support';
import { Visitor } from './visitor';

type StockedForm = ProductForm & { variants: (ProductForm['variants'][number] & { stockShown?: number })[] };
interface Row {
  id: string;
  stock: number | null;
  available: number | null;
}

const BULK = '/api/console/products/bulk';
const candleRow = async (console: Visitor) => (await console.json<{ products: Row[] }>('GET', '/api/console/products?q=cedar%20candle')).body.products.find((p) => p.id === CANDLE.itemId);

/** A store on `host` with 5 candles of which a shopper has bought 2. */
async function twoOfFiveSold(host: string) {
  const ready = await readyToPay(host, 5, 2);
  const paid = await placeOrder(ready.visitor);
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  expect(paid.body.order.status).toBe('paid');
  return ready;
}

/** A checkout paying for one candle holds it (when a checkout reserves is the orders object's rule; the hold is the ledger's). */
async function holdOne(websiteId: string) {
  expect(await stock(websiteId).reserve('checkout:paying', [{ sku: CANDLE.sku, quantity: 1, stock: 5 }], 60_000)).toMatchObject({ ok: true });
}

describe('a stock change after sales', () => {
  it('2 of 5 sold, the merchant adds 10 in the console: the store offers 13, not 15', async () => {
    const { base, websiteId } = await twoOfFiveSold('oversell.stock-truth.test');
    expect(await available(base)).toBe(3);
    const console = await merchant(base, websiteId);
    expect((await console.json('POST', BULK, { ids: [CANDLE.itemId], change: { kind: 'stock', mode: 'add', amount: 10 } })).status).toBe(200);
    expect(await available(base)).toBe(13);
    expect(await candleRow(console)).toMatchObject({ stock: 13, available: 13 });
    const greedy = await new Visitor(base).open('/cart');
    expect((await greedy.json('POST', ENTRIES, { ...CANDLE, quantity: 14 })).body).toEqual({ error: CART_MESSAGES.notEnoughStock });
    expect((await greedy.json('POST', ENTRIES, { ...CANDLE, quantity: 13 })).status).toBe(200);
    expect(await stock(websiteId).levels({ [CANDLE.sku]: 0 })).toEqual({ [CANDLE.sku]: { onHand: 13, reserved: 0, available: 13, sold: 2 } });
  });

  it('the console shows what is on hand and available after sales and while a checkout holds units', async () => {
    const { base, websiteId } = await twoOfFiveSold('console-view.stock-truth.test');
    await holdOne(websiteId);
    const console = await merchant(base, websiteId);
    expect(await candleRow(console)).toMatchObject({ stock: 3, available: 2 });
    expect((await console.json<{ products: Row[] }>('GET', '/api/console/products?q=cedar%20candle&stock=low')).body.products.map((p) => p.id)).toEqual([CANDLE.itemId]);
    const form = (await console.json<{ product: StockedForm }>('GET', `/api/console/products/${CANDLE.itemId}`)).body.product;
    expect(form.variants[0]).toMatchObject({ stock: 3, stockShown: 3 });
  });

  it('a bulk "set" is the new count on hand: sold units stay sold and reserved ones reserved', async () => {
    const { base, websiteId } = await twoOfFiveSold('bulk-set.stock-truth.test');
    await holdOne(websiteId);
    const console = await merchant(base, websiteId);
    expect((await console.json('POST', BULK, { ids: [CANDLE.itemId], change: { kind: 'stock', mode: 'set', amount: 10 } })).status).toBe(200);
    expect(await stock(websiteId).levels({ [CANDLE.sku]: 0 })).toEqual({ [CANDLE.sku]: { onHand: 10, reserved: 1, available: 9, sold: 2 } });
    expect(await available(base)).toBe(9);
    expect((await console.json('POST', BULK, { ids: [CANDLE.itemId], change: { kind: 'stock', mode: 'add', amount: -4 } })).status).toBe(200);
    expect(await candleRow(console)).toMatchObject({ stock: 6, available: 5 });
  });

  it('saving the product form changes stock only where the merchant changed it, and never restarts the sold count', async () => {
    const { base, websiteId } = await twoOfFiveSold('form-save.stock-truth.test');
    const console = await merchant(base, websiteId);
    const form = (await console.json<{ product: StockedForm }>('GET', `/api/console/products/${CANDLE.itemId}`)).body.product;
    // Another sale between opening the form and saving it: the untouched stock field does not bring the unit back.
    const late = await shopperAtPayment(base, 1);
    expect((await placeOrder(late.visitor)).status).toBe(201);
    expect((await console.json('PUT', `/api/console/products/${CANDLE.itemId}`, { ...form, excerpt: 'Cedar, smoke and a wick.' })).status).toBe(200);
    expect(await available(base)).toBe(2);
    const variant = form.variants[0];
    if (variant === undefined) throw new Error('candle variant missing');
    expect((await console.json('PUT', `/api/console/products/${CANDLE.itemId}`, { ...form, variants: [{ ...variant, stock: 20 }] })).status).toBe(200);
    expect(await available(base)).toBe(20);
    expect(await stock(websiteId).levels({ [CANDLE.sku]: 0 })).toMatchObject({ [CANDLE.sku]: { onHand: 20, sold: 3 } });
  });

  it('a bulk stock change counts an unlimited variant from the amount, and a duplicate starts from the on-hand count', async () => {
    const { base, websiteId } = await twoOfFiveSold('unlimited.stock-truth.test');
    const console = await merchant(base, websiteId);
    expect((await console.json('POST', BULK, { ids: [CANDLE.itemId], change: { kind: 'unlimited' } })).status).toBe(200);
    expect(await candleRow(console)).toMatchObject({ stock: null, available: null });
    expect((await console.json('POST', BULK, { ids: [CANDLE.itemId], change: { kind: 'stock', mode: 'add', amount: 4 } })).status).toBe(200);
    expect(await candleRow(console)).toMatchObject({ stock: 4, available: 4 });
    expect(await available(base)).toBe(4);
    const copy = await console.json<{ id: string }>('POST', `/api/console/products/${CANDLE.itemId}/duplicate`, {});
    const form = (await console.json<{ product: StockedForm }>('GET', `/api/console/products/${copy.body.id}`)).body.product;
    expect(form.variants.map((v) => [v.stock, v.stockShown])).toEqual([[4, 4]]);
  });

  it('publishing a site again does not restart what was sold: a published level only starts a sku the ledger has not seen', async () => {
    const { base, websiteId } = await twoOfFiveSold('publish.stock-truth.test');
    const site = demoSite();
    site.website.id = websiteId;
    setStock(site, 'candle', 50);
    expect(await publishSite(env, site)).toHaveProperty('version');
    expect(await available(base)).toBe(3);
  });
});

describe('stock ledger', () => {
  it('keeps a transferred reservation only until its expiry, then the alarm releases the units', async () => {
    const ledger = stockLedger(env, 'stock-truth-transfer');
    const now = Date.now();
    expect(await ledger.reserve('checkout:c1', [{ sku: 'SKU-T', quantity: 3, stock: 5 }], 60_000, now)).toMatchObject({ ok: true });
    await ledger.transfer('checkout:c1', 'order:o1', now + 1);
    expect(await ledger.reservations(now)).toEqual([{ owner: 'order:o1', sku: 'SKU-T', quantity: 3, expiresOn: now + 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runDurableObjectAlarm(ledger);
    expect(await ledger.reservations(0)).toEqual([]);
    expect(await ledger.available({ 'SKU-T': 5 })).toEqual({ 'SKU-T': 5 });
  });

  it('refuses a reservation that would give one owner more than the cap, changing nothing', async () => {
    const ledger = stockLedger(env, 'stock-truth-cap');
    const lines = [
      { sku: 'SKU-A', quantity: 3, stock: 10 },
      { sku: 'SKU-B', quantity: 2, stock: 10 },
      { sku: 'SKU-GIFT', quantity: 50, stock: null },
    ];
    expect(await ledger.reserve('checkout:v1', lines, 60_000, Date.now(), 4)).toEqual({ ok: false, unavailable: [], cap: 4 });
    expect(await ledger.reservations()).toEqual([]);
    expect(await ledger.reserve('checkout:v1', lines, 60_000, Date.now(), 5)).toMatchObject({ ok: true });
    expect(await ledger.available({ 'SKU-A': 10, 'SKU-B': 10 })).toEqual({ 'SKU-A': 7, 'SKU-B': 8 });
  });

  it('adds to or sets what is on hand in one step, keeping sold and reserved units; a published level only starts an unknown sku', async () => {
    const ledger = stockLedger(env, 'stock-truth-adjust');
    expect(await ledger.sellNow([{ sku: 'SKU-S', quantity: 2, stock: 5 }])).toEqual({ ok: true });
    expect(await ledger.reserve('checkout:c', [{ sku: 'SKU-S', quantity: 1, stock: 5 }], 60_000)).toMatchObject({ ok: true });
    expect(await ledger.available({ 'SKU-S': 99 })).toEqual({ 'SKU-S': 2 });
    expect(await ledger.adjust([{ sku: 'SKU-S', stock: 99, mode: 'add', amount: 10 }, { sku: 'SKU-NEW', stock: 4, mode: 'add', amount: 1 }])).toEqual({
      'SKU-S': { onHand: 13, reserved: 1, available: 12, sold: 2 },
      'SKU-NEW': { onHand: 5, reserved: 0, available: 5, sold: 0 },
    });
    expect(await ledger.adjust([{ sku: 'SKU-S', stock: 0, mode: 'add', amount: -20 }])).toEqual({ 'SKU-S': { onHand: 0, reserved: 1, available: 0, sold: 2 } });
    await ledger.restock([{ sku: 'SKU-S', quantity: 2 }]);
    expect(await ledger.levels({ 'SKU-S': 0 })).toEqual({ 'SKU-S': { onHand: 2, reserved: 1, available: 1, sold: 0 } });
    expect(await ledger.onHandCounts()).toEqual({ 'SKU-S': 2, 'SKU-NEW': 5 });
  });

  it('moves the sold counts of before issue 29 to on-hand counts once', async () => {
    const ledger = stockLedger(env, 'stock-truth-migrate');
    await runInDurableObject(ledger, (_instance: StockLedger, state) => {
      state.storage.sql.exec('CREATE TABLE sold (sku TEXT PRIMARY KEY, stock INTEGER NOT NULL, quantity INTEGER NOT NULL)');
      state.storage.sql.exec("INSERT INTO sold (sku, stock, quantity) VALUES ('SKU-OLD', 5, 2)");
      const migrated = new StockLedger(state, env);
      expect(migrated.levels({ 'SKU-OLD': 5 })).toEqual({ 'SKU-OLD': { onHand: 3, reserved: 0, available: 3, sold: 2 } });
      expect(state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'sold'").toArray()).toEqual([]);
    });
  });
});
