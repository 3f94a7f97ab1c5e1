/**
 * How a memory hit's address is answered again (src/routes/pages/page-cache.ts, issue 34): past half its trust one hit
 * has the app answer it in the background, so the requests after its first end stay before the router; at a product
 * page's stock slot's end the first request goes through the app (it reads the new slot's stock), and the requests
 * meanwhile get the last slot's page for at most STALE_MS, marked for no shared cache. `servedFromMemory` is called as
 * src/worker.ts calls it, with an app that counts what reaches it. The clock is set by each step (`Date` only).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_TRUST_MS, type PageApp, STALE_MS, servedFromMemory } from '../../src/routes/pages/page-cache';
import { freshnessSlot, STOCK_FRESH_SECONDS } from '../../src/storefront/available-stock';
import { isDevelopment } from '../../src/routes/shared/http';
import { app } from '../../src/worker';

const BLOG = 'http://localhost/blog';
const PRODUCT = 'http://localhost/shop/p/candle';
const SLOT_MS = STOCK_FRESH_SECONDS * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** The worker's app, counting the requests it is given. */
function countedApp(): PageApp & { asked: () => number } {
  let asked = 0;
  return {
    fetch(request, appEnv, ctx) {
      asked++;
      return app.fetch(request, appEnv, ctx);
    },
    asked: () => asked,
  };
}

/** `url` at `at` ms of the test's clock as the worker's fetch answers it: from memory, else from `through`. */
async function visit(url: string, at: number, through: PageApp) {
  vi.setSystemTime(at);
  const ctx = createExecutionContext();
  const request = new Request(url);
  const memory = servedFromMemory(request, env, ctx, isDevelopment(env), through);
  const res = memory ?? (await through.fetch(request, env, ctx));
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { fromMemory: memory !== null, res, text, status: res.headers.get('x-page-cache') };
}

describe('page-cache-refresh', () => {
  it('has the app answer an address again after a hit past half its trust: the requests past its first end stay before the router', async () => {
    const start = Date.now() + 1_000_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const counted = countedApp();
    await visit(BLOG, start, counted);
    const kept = await visit(BLOG, start + 10, counted);
    expect(kept.status).toBe('hit');
    const before = counted.asked();

    // Within the first half of the trust a hit asks nothing more.
    expect((await visit(BLOG, start + 10 + ADDRESS_TRUST_MS / 4, counted)).fromMemory).toBe(true);
    expect(counted.asked()).toBe(before);
    // Past it, one hit answers from memory and the app answers the address again after it (in waitUntil)...
    const ahead = await visit(BLOG, start + 10 + ADDRESS_TRUST_MS * 0.75, counted);
    expect(ahead.fromMemory).toBe(true);
    expect(ahead.status).toBe('hit');
    expect(counted.asked()).toBe(before + 1);
    // ...so past the address's first end the requests are still answered before the router, the same bytes.
    const later = await visit(BLOG, start + 10 + ADDRESS_TRUST_MS + 100, counted);
    expect(later.fromMemory).toBe(true);
    expect(later.text).toBe(kept.text);
    expect(counted.asked()).toBe(before + 1);
  });

  it("answers the requests in flight past a product page's slot end from the last slot's page while the first reads the new slot's stock, for at most STALE_MS", async () => {
    // Two slots ahead, 1.5 s before the slot's end: the address is trusted until the slot ends.
    const slotEnd = (freshnessSlot(Date.now()) + 3) * SLOT_MS;
    const start = slotEnd - 1_500;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const counted = countedApp();
    await visit(PRODUCT, start, counted);
    const kept = await visit(PRODUCT, start + 10, counted);
    expect(kept.status).toBe('hit');
    const lastSlot = kept.res.headers.get('etag');

    // The first request past the slot's end is not answered from memory: it goes through the app.
    vi.setSystemTime(slotEnd + 50);
    const firstCtx = createExecutionContext();
    const first = new Request(PRODUCT);
    expect(servedFromMemory(first, env, firstCtx, isDevelopment(env), counted)).toBeNull();
    // While it reads the new slot's stock, another request gets the last slot's page, for no shared cache.
    const meanwhile = await visit(PRODUCT, slotEnd + 100, counted);
    expect(meanwhile.fromMemory).toBe(true);
    expect(meanwhile.status).toBe('stale-while-revalidate');
    expect(meanwhile.res.headers.get('cache-control')).toBe('no-store');
    expect(meanwhile.res.headers.get('etag')).toBe(lastSlot);
    expect(meanwhile.text).toBe(kept.text);
    // The first one's answer is the new slot's page; it notes the address, so the next requests are hits of it.
    const answered = await counted.fetch(first, env, firstCtx);
    await answered.text();
    await waitOnExecutionContext(firstCtx);
    const newSlot = answered.headers.get('etag');
    expect(newSlot).not.toBe(lastSlot);
    const after = await visit(PRODUCT, slotEnd + 200, counted);
    expect(after.fromMemory).toBe(true);
    expect(after.status).toBe('hit');
    expect(after.res.headers.get('etag')).toBe(newSlot);
    expect(after.res.headers.get('cache-control')).not.toBe('no-store');

    // At the next slot's end, a first request that has not noted the address STALE_MS later holds the others no more.
    const nextEnd = slotEnd + SLOT_MS;
    await visit(PRODUCT, nextEnd - 1_500, counted);
    vi.setSystemTime(nextEnd + 50);
    expect(
      servedFromMemory(new Request(PRODUCT), env, createExecutionContext(), isDevelopment(env), counted),
    ).toBeNull();
    expect((await visit(PRODUCT, nextEnd + 100, counted)).status).toBe('stale-while-revalidate');
    const late = await visit(PRODUCT, nextEnd + STALE_MS + 50, counted);
    expect(late.fromMemory).toBe(false);
  });
});
