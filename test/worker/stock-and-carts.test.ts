/**
 * Stock and carts as the store keeps them (one file, one workerd, for what used to be three small files): what an
 * isolate heard of the stock ledger, the console's stock screen, and the cart object's storage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import { placeRefused, UNITS_HELD_MS } from '../../src/durable/orders/model';
import {
  forgetHeardStock,
  hear,
  heardAnswer,
  heardShort,
  placeHoldingUnits,
  SHOWN_STOCK_SECONDS,
} from '../../src/routes/shared/edge-stock';
import type { Holder, ReserveResult, StockLine } from '../../src/durable/stock';
import { refused } from '../../src/result';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { STOCK_MESSAGES, type StockEvent } from '../../src/site/editor/stock-adjust';
import {
  available,
  CANDLE,
  fillCheckout,
  merchant,
  placeOrder,
  setStock,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { ShoppingCart } from '../../src/commerce/cart';
import { demoSite } from '../../src/site/seed/demo';

/**
 * What an isolate heard of the stock ledger (src/routes/shared/edge-stock.ts): one memory by sku, for what pages show
 * and for refusing placements; it refuses only while fresh, and stays bounded.
 */
describe('heard-stock', () => {
  const line = (sku: string, quantity = 1, stock: number | null = 10) => ({ sku, quantity, stock });
  const TRUSTED_MS = SHOWN_STOCK_SECONDS * 1000;

  afterEach(() => forgetHeardStock());

  describe('stock heard at the edge', () => {
    it('refuses a line heard short until the answer is 2 s old; the newest answer wins; unlimited lines never', () => {
      hear('w', { A: 10, B: 10 }, { A: 0, B: 3 }, 1000);
      expect(heardShort('w', [line('A'), line('B', 3), line('B', 4), line('U', 1, null)], 1000)).toEqual([
        { sku: 'A', available: 0 },
        { sku: 'B', available: 3 },
      ]);
      expect(heardShort('other', [line('A')], 1000)).toEqual([]);
      expect(heardShort('w', [line('A')], 1000 + TRUSTED_MS)).toEqual([]);
      hear('w', { A: 10 }, { A: 2 }, 1500);
      expect(heardShort('w', [line('A')], 1600)).toEqual([]);
      // An answer the ledger gave before, heard after (one the data centre kept): the newer one stands.
      hear('w', { A: 10 }, { A: 0 }, 1200);
      expect(heardShort('w', [line('A')], 1600)).toEqual([]);
    });

    it('keeps at most 4,096 skus, the oldest heard forgotten first', () => {
      const now = Date.now();
      hear('w', { first: 1 }, { first: 0 }, now);
      const many = Array.from({ length: 4096 }, (_, i) => `sku-${i}`);
      hear('w', Object.fromEntries(many.map((sku) => [sku, 1])), Object.fromEntries(many.map((sku) => [sku, 0])), now);
      expect(heardShort('w', [line('first')], now)).toEqual([]);
      expect(heardShort('w', [line('sku-0'), line('sku-4095')], now)).toHaveLength(2);
    });

    it("one memory: a sku heard by any step answers a page's question of it, at the level asked, in the slot and 2 s it was heard", () => {
      const now = Date.now();
      // A checkout step's answer for A, a refused placement's for B: a page asking both at their levels is answered.
      hear('w', { A: 5 }, { A: 2 }, now);
      hear('w', { B: 3 }, { B: 0 }, now);
      expect(heardAnswer('w', { A: 5, B: 3 }, now)).toEqual({ A: 2, B: 0 });
      // Not for a sku not heard, another published level, 2 s later or in the next page slot.
      expect(heardAnswer('w', { A: 5, C: 1 }, now)).toBeUndefined();
      expect(heardAnswer('w', { A: 6 }, now)).toBeUndefined();
      expect(heardAnswer('w', { A: 5 }, now + TRUSTED_MS)).toBeUndefined();
      hear('w', { D: 1 }, { D: 1 }, 59_999);
      expect(heardAnswer('w', { D: 1 }, 59_999)).toEqual({ D: 1 });
      expect(heardAnswer('w', { D: 1 }, 60_000)).toBeUndefined();
      // An answer of unknown age (a kept copy without its time) is not heard.
      hear('w', { E: 1 }, { E: 0 }, 0);
      expect(heardShort('w', [line('E')], now)).toEqual([]);
    });

    it("holds a placement's units at the ledger before placing it: a refusal never places and is heard, so the next is told without asking", async () => {
      const unavailable = [{ sku: 'A', available: 0 }];
      const refusal = placeRefused('stock-short', CHECKOUT_MESSAGES.reservationLost, { unavailable });
      const reserved: unknown[][] = [];
      const ledger = (answer: ReserveResult) => ({
        hold: async (...args: [string, StockLine[], number, Holder]) => {
          reserved.push(args);
          return answer;
        },
      });
      const placed: (number | undefined)[] = [];
      const place = async (heldUntil?: number) => {
        placed.push(heldUntil);
        return refusal;
      };
      const short = ledger({ ...refused('stock-short', 'Only 0 of A left.'), unavailable });
      expect(
        await placeHoldingUnits(short, { websiteId: 'w', visitor: 'v', lines: [line('A')] }, 'ord_1', [], place),
      ).toEqual(refusal);
      expect(
        await placeHoldingUnits(short, { websiteId: 'w', visitor: 'v', lines: [line('A')] }, 'ord_2', [], place),
      ).toEqual(refusal);
      expect(reserved).toEqual([['order:ord_1', [line('A')], UNITS_HELD_MS, { visitor: 'v', most: 20 }]]);
      expect(placed).toEqual([]);
      // Held: the placement is given the hold's end; an unlimited line alone holds nothing.
      const held = ledger({ ok: true, value: { expiresOn: 1234 } });
      await placeHoldingUnits(held, { websiteId: 'w', visitor: 'v', lines: [line('B')] }, 'ord_3', [], place);
      await placeHoldingUnits(held, { websiteId: 'w', visitor: 'v', lines: [line('U', 1, null)] }, 'ord_4', [], place);
      expect(placed).toEqual([1234, undefined]);
      expect(reserved).toHaveLength(2);
    });
  });
});

/**
 * The console's stock screen (issue 33, journey 3): each counted variant's on hand, reserved and
 * available come from the stock ledger (never the level last saved in the item), "add N" and "set on
 * hand to N" take a reason, and the variant's history lists the sale, the edit and the refund with
 * who and when; what the storefront offers is the ledger's available count.
 */
describe('stock-console', () => {
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
      timeout: 120_000,
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
      const { base, websiteId } = await storeOnHost('stock-console-refusals.test', (site) =>
        setStock(site, 'candle', 5),
      );
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
});

/**
 * The cart object's storage as a shopper meets it: an answer that is the cart the next read shows,
 * a cart that comes back whole after its object left memory, and a cart stored before the
 * tables had a schema version (or the idempotency table) that loads and takes adds as ever.
 */
describe('cart-storage', () => {
  const ENTRIES = '/api/commerce/shopping-cart/entries';
  const CART = '/api/commerce/shopping-cart';
  const SHIRT = { itemId: 'p-linen-shirt', sku: 'SQ1001' };
  const OAK = { itemId: 'p-oak-board', sku: 'SQ1015' };
  const PEN = {
    itemId: 'p-brass-pen',
    sku: demoSite().items.find((i) => i.urlId === 'brass-pen')?.structuredContent?.variants[0]?.sku ?? '',
  };

  function cartObject(visitor: Visitor) {
    return env.CARTS.get(env.CARTS.idFromName(`demo:${visitor.cookies.get('CART') ?? ''}`));
  }

  /** Ends the cart's object as an eviction or a deploy would: the next call constructs it again from storage. */
  async function evict(visitor: Visitor): Promise<void> {
    await expect(runInDurableObject(cartObject(visitor), (_instance, state) => state.abort('evicted'))).rejects.toThrow(
      'evicted',
    );
  }

  async function readCart(visitor: Visitor): Promise<ShoppingCart> {
    return (await visitor.json<ShoppingCart>('GET', CART)).body;
  }

  describe('cart storage', () => {
    it('answers an add with the JSON of the cart the next read shows and the entry it added, in that order', async () => {
      const visitor = await new Visitor().open();
      await visitor.json('POST', ENTRIES, { ...SHIRT, quantity: 1 });
      const res = await visitor.send('POST', ENTRIES, {
        ...PEN,
        quantity: 2,
        additionalFields: { 'engraving-text': 'Ada' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      const text = await res.text();
      const cart = await readCart(visitor);
      expect(cart.entries.map((e) => [e.itemId, e.quantity])).toEqual([
        [SHIRT.itemId, 1],
        [PEN.itemId, 2],
      ]);
      expect(text).toBe(JSON.stringify({ shoppingCart: cart, newlyAdded: cart.entries[1] }));

      const changed = await visitor.send('PUT', `${ENTRIES}/${cart.entries[0]?.id}`, { quantity: 3 });
      const afterChange = await readCart(visitor);
      expect(await changed.text()).toBe(
        JSON.stringify({ shoppingCart: afterChange, updatedEntry: afterChange.entries[0] }),
      );
      const removed = await visitor.send('DELETE', `${ENTRIES}/${cart.entries[1]?.id}`, undefined);
      expect(await removed.text()).toBe(JSON.stringify({ shoppingCart: await readCart(visitor) }));
    });

    it('brings a cart back whole after its object left memory, and adds to the same entry', async () => {
      const visitor = await new Visitor().open();
      const first = await visitor.json<{ shoppingCart: ShoppingCart }>('POST', ENTRIES, { ...SHIRT, quantity: 2 });
      await visitor.json('POST', ENTRIES, { ...OAK, quantity: 1 });
      const before = await readCart(visitor);

      await evict(visitor);
      expect(await readCart(visitor)).toEqual(before);
      await evict(visitor);
      const again = await visitor.json<{ shoppingCart: ShoppingCart; newlyAdded: { id: string; quantity: number } }>(
        'POST',
        ENTRIES,
        { ...SHIRT, quantity: 1 },
      );
      expect(again.status).toBe(200);
      expect(again.body.newlyAdded).toMatchObject({ id: before.entries[0]?.id, quantity: 3 });
      expect(again.body.shoppingCart).toMatchObject({
        id: first.body.shoppingCart.id,
        created: before.created,
        totalQuantity: 4,
      });
      expect(again.body.shoppingCart.entries.map((e) => e.itemId)).toEqual([SHIRT.itemId, OAK.itemId]);
    });

    it('loads a cart stored with its own schema version table, before the migrations helper, and keeps its entries', async () => {
      const visitor = await new Visitor().open();
      await visitor.json('POST', ENTRIES, { ...SHIRT, quantity: 2 });
      const before = await readCart(visitor);
      await runInDurableObject(cartObject(visitor), (_instance, state) => {
        state.storage.sql.exec('DROP TABLE schema_migrations');
        state.storage.sql.exec(
          'CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1, 2)',
        );
      });
      await evict(visitor);

      expect(await readCart(visitor)).toEqual(before);
      const tables = await runInDurableObject(cartObject(visitor), (_instance, state) => ({
        versionTable: state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'").toArray()
          .length,
        applied: state.storage.sql
          .exec<{ applied: number }>("SELECT applied FROM schema_migrations WHERE part = 'cart'")
          .one().applied,
      }));
      expect(tables).toEqual({ versionTable: 0, applied: 2 });
    });

    it('loads a cart stored before the schema version and idempotency tables, and takes a retried add once', async () => {
      const visitor = await new Visitor().open();
      await visitor.json('POST', ENTRIES, { ...SHIRT, quantity: 1 });
      const before = await readCart(visitor);
      await runInDurableObject(cartObject(visitor), (_instance, state) => {
        state.storage.sql.exec('DROP TABLE schema_migrations');
        state.storage.sql.exec('DROP TABLE applied_adds');
      });
      await evict(visitor);

      expect(await readCart(visitor)).toEqual(before);
      const add = () =>
        visitor.fetch(ENTRIES, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': visitor.crumb,
            'idempotency-key': 'retry-after-upgrade',
          },
          body: JSON.stringify({ ...OAK, quantity: 1 }),
        });
      const answer = await (await add()).text();
      expect(await (await add()).text()).toBe(answer);
      expect((await readCart(visitor)).entries.map((e) => [e.itemId, e.quantity])).toEqual([
        [SHIRT.itemId, 1],
        [OAK.itemId, 1],
      ]);
    });
  });
});
