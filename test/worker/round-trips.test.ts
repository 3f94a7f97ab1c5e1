/**
 * The round-trip table (issue 34, docs/architecture.md "Round trips per request kind"): how many
 * calls each kind of request makes to Durable Objects, KV and the Cache API, in the steady state
 * (the site, its host and the item already read by the isolate), and what a whole purchase costs in
 * object calls and SQL statements. Objects run in this test's isolate, so the namespaces' `get` and
 * SQLite's `exec` are counted where they are defined: the worker's calls and the ones objects make to
 * each other (placing an order reserves stock and charges) alike. KV and the Cache API are counted
 * through the fault layer (src/faults: a 0 ms `slow` fault passes each call through and counts it).
 * A new call on a kind fails this test; a removed one too, until the table says so.
 */
import { runInDurableObject } from 'cloudflare:test';
import type { CommerceOrders } from '../../src/durable/orders';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, injectedFaults, injectFaults } from '../../src/faults';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import {
  available,
  CANDLE,
  CARD,
  CHECKOUT,
  ENTRIES,
  fillCheckout,
  orders,
  placeOrder,
  setStock,
  standardRules,
  storeOnHost,
} from './checkout-support';
import { delivered } from './beacons-delivered';
import { Visitor } from './visitor';
import { inNextStockSlot } from './stock-slot';
import { forgetKeptItemPages } from '../../src/site/published/item-pages';
import { forgetHeardStock } from '../../src/routes/shared/edge-stock';
import { mapHost } from '../../src/site/published/store';

interface Counted {
  /** Durable Object calls in the order they were made, as `method` (the binding's name where the caller's env is this test's). */
  objects: string[];
  /**
   * SQL statements run by any object, and those that send mail after the answer, in an object's alarm or in the
   * outbox's own send as a message is queued (counted apart: the shopper never waits for them).
   */
  sql: number;
  mailSql: number;
  kv: number;
  cache: number;
}

let counting: Counted | null = null;
let installed = false;
/** While set, every call to a per-website object waits this long before it is sent: a far visitor's round trip. */
let farMs = 0;
const PER_WEBSITE = new Set(['CONTENT', 'STOCK', 'ORDERS', 'BEACONS']);
/** The namespaces' own `get`, for the test's probes, which are not counted. */
let uncountedGet: ((...args: unknown[]) => object) | null = null;

/** Counts every SQL statement and Durable Object call of this isolate while `counting` is set (installed once). */
async function installCounters(websiteId: string): Promise<void> {
  if (installed) return;
  installed = true;
  await runInDurableObject(orders(websiteId), (_instance, state) => {
    const sql = Object.getPrototypeOf(state.storage.sql) as { exec: (...args: unknown[]) => unknown };
    const exec = sql.exec;
    sql.exec = function (this: object, ...args: unknown[]) {
      if (counting !== null) {
        if (/\balarm\b|runAlarm|deliverDue/.test(new Error().stack ?? '')) counting.mailSql++;
        else counting.sql++;
      }
      return exec.apply(this, args);
    };
  });
  const names = new Map<object, string>();
  for (const [binding, value] of Object.entries(env))
    if (typeof value === 'object' && value !== null && 'idFromName' in value) names.set(value, binding);
  // A send to the beacon queue is a round trip too (to Queues): held back as far as the objects for a far visitor.
  const queue = Object.getPrototypeOf(env.BEACON_QUEUE) as { send: (...args: unknown[]) => Promise<void> };
  const send = queue.send;
  queue.send = function (this: object, ...args: unknown[]) {
    if (farMs === 0) return send.apply(this, args);
    return new Promise((resolve) => setTimeout(resolve, farMs)).then(() => send.apply(this, args));
  };
  const namespace = Object.getPrototypeOf(env.ORDERS) as { get: (...args: unknown[]) => object };
  const get = namespace.get;
  uncountedGet = get;
  namespace.get = function (this: object, ...args: unknown[]) {
    const stub = get.apply(this, args);
    const binding = names.get(this);
    return new Proxy(stub, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof key !== 'string' || key === 'then' || typeof value !== 'function') return value;
        return (...callArgs: unknown[]) => {
          counting?.objects.push(binding === undefined ? key : `${binding}.${key}`);
          const send = () => Reflect.apply(value, target, callArgs) as unknown;
          if (farMs === 0 || binding === undefined || !PER_WEBSITE.has(binding)) return send();
          return new Promise((resolve) => setTimeout(resolve, farMs)).then(send);
        };
      },
    });
  };
}

/**
 * Until the orders object of `websiteId` has no follow-up left: placing answers without waiting for its follow-up
 * (the stock sale), which still belongs to the purchase's count. The probe itself is not counted.
 */
async function followedUp(websiteId: string): Promise<void> {
  const stub = uncountedGet?.call(env.ORDERS, env.ORDERS.idFromName(websiteId)) as DurableObjectStub<CommerceOrders>;
  const left = () =>
    runInDurableObject(stub, (_instance, state) => {
      const was = counting;
      counting = null;
      try {
        return state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM followups').one().n;
      } finally {
        counting = was;
      }
    });
  await expect.poll(left, { timeout: 20_000, interval: 20 }).toBe(0);
}

/** Counts the calls `request` makes (KV and the Cache API through the fault layer). */
async function counted(request: () => Promise<unknown>): Promise<Counted> {
  clearFaults();
  injectFaults((['kv', 'cache'] as const).map((target) => ({ target, mode: 'slow' as const, delayMs: 0 })));
  counting = { objects: [], sql: 0, mailSql: 0, kv: 0, cache: 0 };
  try {
    await request();
    const faults = injectedFaults();
    return { ...counting, kv: faults['kv:slow'] ?? 0, cache: faults['cache:slow'] ?? 0 };
  } finally {
    counting = null;
    clearFaults();
  }
}

afterEach(() => clearFaults());

/** The calls `request` makes, after `warm` made the same kind once (the isolate has read the site, host and item). */
async function calls(request: () => Promise<unknown>, warm: () => Promise<unknown> = request) {
  await warm();
  return counted(request);
}

const EBOOK = { itemId: 'p-recipe-ebook' };

/** A page view's beacon from `ip`, of the store's candle page. */
function recordHit(base: string, websiteId: string, ip: string): Promise<Response> {
  return exports.default.fetch(`${base}/api/census/RecordHit`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': ip },
    body: new URLSearchParams({
      event: 'view',
      data: JSON.stringify({ websiteId, url: `${base}/shop/p/candle`, pageType: 50, title: 'Candle' }),
    }),
  });
}

describe('round trips per request kind', () => {
  it('matches the table in docs/architecture.md', async () => {
    const { base, websiteId } = await storeOnHost('round-trips', (site) => setStock(site, 'candle', 50));
    await standardRules(websiteId);
    await installCounters(websiteId);
    const shopper = await new Visitor(base).open('/cart');
    const page = (path: string) => async () => (await shopper.fetch(path)).arrayBuffer();
    const addCandle = async () =>
      expect((await shopper.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    // The store's other host (its apex beside www): each of its pages is a page of its own in the page caches.
    const www = 'http://www.round-trips';
    await mapHost(env.SITE_CONTENT, 'www.round-trips', websiteId);
    const wwwPage = (path: string) => async () => (await exports.default.fetch(`${www}${path}`)).arrayBuffer();
    await wwwPage('/shop')();
    let n = 0;
    const table = {
      // Kept once its first answer has streamed out: the third request is the steady state's hit.
      'page hit': await calls(
        page('/shop/p/candle'),
        async () => (await page('/shop/p/candle')()) && page('/shop/p/candle')(),
      ),
      // A product page no isolate has rendered yet, after another one (so the isolate has the site), whose skus no
      // isolate heard of within 2 s (the other page's stock read heard the related items both pages show: forgotten).
      'page miss, first read': await calls(page('/shop/p/oak-board'), async () => {
        await page('/shop/p/wool-sweater')();
        forgetHeardStock();
      }),
      // The steady state: a miss of a page whose item page some isolate of the data centre read at this version, a
      // moment after the slot's first miss read the stock (here: the same page on the other host, rendered by a new
      // isolate, its item pages forgotten). Both come from the Cache API (site/published/item-pages.ts, routes/shared/edge-stock.ts).
      'page miss, steady state': await inNextStockSlot(async () => {
        await page('/shop/p/oak-board')();
        forgetKeptItemPages();
        return counted(wwwPage('/shop/p/oak-board'));
      }),
      // An add asks the ledger only when no add or page of the data centre asked about the item's skus within the last
      // 2 s (routes/shared/edge-stock.ts; here the isolate has the item, and a new stock slot holds no answer yet); then
      // the cart, given the figure.
      'add to cart, first add': await (async () => {
        await addCandle();
        return inNextStockSlot(() => counted(addCandle));
      })(),
      // The steady state: another add of the item within 2 s of one that asked (in one slot), so no per-website object.
      'add to cart, steady state': await inNextStockSlot(() => calls(addCandle)),
      // Answered before it is sent to the beacon queue; the queue's consumer stores it after the answer (one
      // BEACONS.recordBatch per website and batch, and for an item-shaped path like this one the content's
      // check): each delivery is waited for outside the count, so none lands in this row or the next.
      beacon: await (async () => {
        const hit = async () => expect((await recordHit(base, websiteId, `10.9.0.${n++}`)).status).toBe(200);
        const row = await calls(hit, async () => {
          await hit();
          await delivered(websiteId, 1);
        });
        await delivered(websiteId, 2);
        return row;
      })(),
      'checkout start': await calls(() => shopper.json('POST', CHECKOUT, {})),
      'place order': await calls(
        async () => {
          expect((await placeOrder(shopper, CARD.ok)).status).toBe(201);
          await followedUp(websiteId);
        },
        async () => {
          await fillCheckout(shopper);
          await placeOrder(shopper, CARD.ok);
          expect((await shopper.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
          expect((await shopper.json('POST', CHECKOUT, {})).status).toBe(200);
          await fillCheckout(shopper);
        },
      ),
    };
    console.log('round trips', JSON.stringify(table));
    // Durable Object calls are the round trips to one location a far visitor feels. KV is read at the
    // edge (the version pointer at most every 2 s an isolate, so 0 or 1). Cache API calls stay in the
    // data centre (a miss's puts run after the answer) and are only reported.
    const objects = Object.fromEntries(Object.entries(table).map(([kind, c]) => [kind, c.objects]));
    expect(objects).toEqual({
      'page hit': [],
      'page miss, first read': ['CONTENT.itemPage', 'STOCK.available'],
      'page miss, steady state': [],
      'add to cart, first add': ['STOCK.available', 'CARTS.add'],
      'add to cart, steady state': ['CARTS.add'],
      beacon: [],
      'checkout start': ['CARTS.checkoutCart', 'ORDERS.start', 'STOCK.available'],
      // The cart's read claims it for the placement, so a paid order leaves it the order's without another call; the
      // route holds the units at the ledger before the orders object, which takes them.
      'place order': ['CARTS.claim', 'STOCK.hold', 'ORDERS.place', 'LOCAL_PAYMENTS.charge', 'STOCK.sellOrder'],
    });
    for (const [kind, c] of Object.entries(table)) expect(c.kv, kind).toBeLessThanOrEqual(1);
  });

  it('a purchase: its object calls and SQL statements', async () => {
    const { base, websiteId } = await storeOnHost('purchase-calls');
    await installCounters(websiteId);
    const mailed = async (n: number) =>
      expect.poll(async () => (await orders(websiteId).mailbox()).length, { timeout: 20_000 }).toBe(n);
    // The bench's purchase (bench/place-order.mjs): a digital product, so no address or shipping.
    const purchase = async () => {
      const shopper = await new Visitor(base).open('/cart');
      const steps: Record<string, Counted> = {};
      steps.add = await counted(() => shopper.json('POST', ENTRIES, { ...EBOOK, quantity: 1 }));
      steps['checkout start'] = await counted(() => shopper.json('POST', CHECKOUT, {}));
      steps.email = await counted(() => shopper.json('PUT', CHECKOUT, { email: 'bench@example.com' }));
      steps['place order'] = await counted(async () => {
        expect((await placeOrder(shopper, CARD.ok)).status).toBe(201);
        await followedUp(websiteId);
      });
      return steps;
    };
    await purchase();
    await mailed(1);
    const steps = await purchase();
    await mailed(2);
    const total = (pick: (c: Counted) => number) => Object.values(steps).reduce((sum, c) => sum + pick(c), 0);
    const figures = {
      ...Object.fromEntries(Object.entries(steps).map(([step, c]) => [step, `${c.objects.length}/${c.sql}`])),
      objects: total((c) => c.objects.length),
      sql: total((c) => c.sql),
    };
    console.log('a purchase (object calls/SQL statements)', JSON.stringify(figures));
    expect({ objects: figures.objects, sql: figures.sql }).toEqual({ objects: 8, sql: 25 });
  });

  it("a flash sale's losers never reach the orders object: refused by the ledger, then told at once by what the isolate heard", async () => {
    const { base, websiteId } = await storeOnHost('sold-out-heard', (site) => setStock(site, 'candle', 1));
    await standardRules(websiteId);
    await installCounters(websiteId);
    // Three shoppers at the payment step while the last candle is still available to each.
    const open = () => new Visitor(base).open('/cart');
    const [first, second, third] = await Promise.all([open(), open(), open()]);
    for (const shopper of [first, second, third]) {
      expect((await shopper.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
      expect((await shopper.json('POST', CHECKOUT, {})).status).toBe(200);
      await fillCheckout(shopper);
    }
    expect((await placeOrder(first, CARD.ok)).status).toBe(201);
    await followedUp(websiteId);
    // The second's route asks the ledger to hold its units, which refuses: the orders object never hears of it, and the
    // isolate hears the refusal.
    const refused = await counted(async () => {
      const placed = await placeOrder(second, CARD.ok);
      expect(placed).toMatchObject({
        status: 409,
        body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: [{ sku: CANDLE.sku, available: 0 }] },
      });
    });
    // Its claim on its own cart is given back (a call on the failure path only).
    expect(refused.objects).toEqual(['CARTS.claim', 'STOCK.hold', 'CARTS.release']);
    // The third is told the same at once: only its own cart is claimed and given back.
    const toldAtOnce = await counted(async () => {
      const placed = await placeOrder(third, CARD.ok);
      expect(placed).toMatchObject({
        status: 409,
        body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: [{ sku: CANDLE.sku, available: 0 }] },
      });
    });
    expect(toldAtOnce.objects).toEqual(['CARTS.claim', 'CARTS.release']);
    expect(await available(base)).toBe(0);
  });

  it("a flash sale's loser in another isolate: told at once by the stock answer the data centre's adds keep, without reaching the orders or stock object", async () => {
    const { base, websiteId } = await storeOnHost('sold-out-kept', (site) => setStock(site, 'candle', 1));
    await standardRules(websiteId);
    await installCounters(websiteId);
    const open = () => new Visitor(base).open('/cart');
    const [winner, loser, late] = await Promise.all([open(), open(), open()]);
    for (const shopper of [winner, loser]) {
      expect((await shopper.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
      expect((await shopper.json('POST', CHECKOUT, {})).status).toBe(200);
      await fillCheckout(shopper);
    }
    expect((await placeOrder(winner, CARD.ok)).status).toBe(201);
    await followedUp(websiteId);
    const toldAtOnce = await inNextStockSlot(async () => {
      // A late shopper's add asks the ledger (sold out: refused) and the data centre keeps its answer for 2 s: until an
      // add in an isolate that heard nothing is answered from it (the Cache API's put runs after the first add's answer).
      const addLate = async () =>
        expect((await late.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(400);
      await addLate();
      const addElsewhere = async () => {
        forgetHeardStock();
        return (await counted(addLate)).objects;
      };
      await expect.poll(addElsewhere, { timeout: 20_000 }).toEqual(['CARTS.add']);
      // The loser's placement reaches an isolate that heard nothing of the sale itself.
      forgetHeardStock();
      return counted(async () => {
        const placed = await placeOrder(loser, CARD.ok);
        expect(placed).toMatchObject({
          status: 409,
          body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: [{ sku: CANDLE.sku, available: 0 }] },
        });
      });
    });
    // Only its own cart is claimed and given back; the answer is the ledger's own message.
    expect(toldAtOnce.objects).toEqual(['CARTS.claim', 'CARTS.release']);
    expect(await available(base)).toBe(0);
  });

  it('a far visitor: round trips in series to the per-website objects and Queues (each 2.5 s away) per cart, checkout and beacon step', {
    timeout: 120_000,
  }, async () => {
    // Far enough that the request's own time on a loaded machine (seconds at load 30) never reads as a round trip.
    const FAR_MS = 2500;
    const { base, websiteId } = await storeOnHost('far-visitor', (site) => setStock(site, 'candle', 50));
    await standardRules(websiteId);
    await installCounters(websiteId);
    const shopper = await new Visitor(base).open('/cart');
    expect((await shopper.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    expect((await shopper.json('POST', CHECKOUT, {})).status).toBe(200);
    await fillCheckout(shopper);
    const authenticating = await new Visitor(base).open('/cart');
    expect((await authenticating.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    expect((await authenticating.json('POST', CHECKOUT, {})).status).toBe(200);
    await fillCheckout(authenticating);
    // Whole FAR_MS the request took with each per-website call FAR_MS away.
    const inSeries = async (request: () => Promise<unknown>) => {
      farMs = FAR_MS;
      const began = performance.now();
      try {
        await request();
      } finally {
        farMs = 0;
      }
      return Math.floor((performance.now() - began) / FAR_MS);
    };
    const adding = await new Visitor(base).open('/cart');
    const addOne = async () =>
      expect((await adding.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    const beacon = async () => expect((await recordHit(base, websiteId, '10.9.1.1')).status).toBe(200);
    await beacon();
    const series = {
      // Answered before its send to the beacon queue, which goes on after the answer (durable/beacon-delivery.ts).
      beacon: await inSeries(beacon),
      // Within 2 s of an add that asked the ledger (routes/shared/edge-stock.ts): the shopper's own cart alone.
      // Both adds early in one stock slot, so the second never meets the slot's end.
      'add to cart, steady state': await inNextStockSlot(async () => {
        await addOne();
        return inSeries(addOne);
      }),
      'checkout start': await inSeries(async () => expect((await shopper.json('POST', CHECKOUT, {})).status).toBe(200)),
      'checkout update': await inSeries(async () =>
        expect((await shopper.json('PUT', CHECKOUT, { email: 'far@example.com' })).status).toBe(200),
      ),
      // STOCK.hold (the route holds the units), then ORDERS.place; the provider's charge is not a per-website object,
      // the follow-up is not awaited.
      'place order': await inSeries(async () => expect((await placeOrder(shopper, CARD.ok)).status).toBe(201)),
      // The same: the follow-up that moves the route's hold to the payment window runs after the answer.
      'place order, 3-D Secure': await inSeries(async () =>
        expect((await placeOrder(authenticating, CARD.action)).body.order.payment.status).toBe('requires_action'),
      ),
    };
    console.log('round trips in series, far visitor', JSON.stringify(series));
    expect(series).toEqual({
      beacon: 0,
      'add to cart, steady state': 0,
      'checkout start': 1,
      'checkout update': 1,
      'place order': 2,
      'place order, 3-D Secure': 2,
    });
    await followedUp(websiteId);
    await delivered(websiteId, 2);
  });
});
