/**
 * The cart object's storage as a shopper meets it: an answer that is the cart the next read shows,
 * a cart that comes back whole after its object left memory, and a cart stored before the
 * tables had a schema version (or the idempotency table) that loads and takes adds as ever.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ShoppingCart } from '../../src/commerce/cart';
import { demoSite } from '../../src/site/demo';
import { Visitor } from './visitor';

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
