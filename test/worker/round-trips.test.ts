/**
 * The round-trip table (issue 34, docs/architecture.md "Round trips per request kind"): how many
 * calls each kind of request makes from the worker to Durable Objects, KV and the Cache API, in the
 * steady state (the site, its host and the item already read by the isolate). The fault layer
 * (src/faults) is the instrumented build: a `slow` fault of 0 ms on every target passes each call
 * through unchanged and counts it. A new round trip on a kind fails this test; a removed one too,
 * until the table says so.
 */
import { exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, injectedFaults, injectFaults } from '../../src/faults';
import {
  CANDLE,
  CARD,
  CHECKOUT,
  ENTRIES,
  fillCheckout,
  placeOrder,
  setStock,
  standardRules,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

/** Counts every Durable Object call, KV operation and Cache API call from now on (until the returned function reads them). */
function countCalls(): () => { objects: number; kv: number; cache: number } {
  clearFaults();
  injectFaults(
    (['durable-object', 'kv', 'cache'] as const).map((target) => ({ target, mode: 'slow' as const, delayMs: 0 })),
  );
  return () => {
    const counted = injectedFaults();
    clearFaults();
    return {
      objects: counted['durable-object:slow'] ?? 0,
      kv: counted['kv:slow'] ?? 0,
      cache: counted['cache:slow'] ?? 0,
    };
  };
}

afterEach(() => clearFaults());

/** The calls `request` makes, after `warm` made the same kind once (the isolate has read the site, host and item). */
async function calls(request: () => Promise<unknown>, warm: () => Promise<unknown> = request) {
  await warm();
  const counted = countCalls();
  await request();
  return counted();
}

describe('round trips per request kind', () => {
  it('matches the table in docs/architecture.md', async () => {
    const { base, websiteId } = await storeOnHost('round-trips', (site) => setStock(site, 'candle', 50));
    await standardRules(websiteId);
    const shopper = await new Visitor(base).open('/cart');
    const page = (path: string) => async () => (await shopper.fetch(path)).arrayBuffer();
    let n = 0;
    const table = {
      // Kept once its first answer has streamed out: the third request is the steady state's hit.
      'page hit': await calls(
        page('/shop/p/candle'),
        async () => (await page('/shop/p/candle')()) && page('/shop/p/candle')(),
      ),
      // A product page not rendered yet, after another one (so the isolate has the site).
      'page miss': await calls(page('/shop/p/oak-board'), page('/shop/p/wool-sweater')),
      'add to cart': await calls(() => shopper.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })),
      beacon: await calls(() =>
        exports.default.fetch(`${base}/api/census/RecordHit`, {
          method: 'POST',
          headers: { 'cf-connecting-ip': `10.9.0.${n++}` },
          body: new URLSearchParams({
            event: 'view',
            data: JSON.stringify({ websiteId, url: `${base}/shop`, pageType: 1, title: 'Shop' }),
          }),
        }),
      ),
      'checkout start': await calls(() => shopper.json('POST', CHECKOUT, {})),
      'place order': await calls(
        async () => expect((await placeOrder(shopper, CARD.ok)).status).toBe(201),
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
    const objects = Object.fromEntries(Object.entries(table).map(([kind, counted]) => [kind, counted.objects]));
    expect(objects).toEqual({
      'page hit': 0,
      'page miss': 2,
      'add to cart': 1,
      beacon: 1,
      'checkout start': 4,
      'place order': 10,
    });
    for (const [kind, counted] of Object.entries(table)) expect(counted.kv, kind).toBeLessThanOrEqual(1);
  });
});
