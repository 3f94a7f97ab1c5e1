/**
 * How long an isolate trusts a website's content version, and its read ahead (src/site/published/store.ts): a memory hit
 * past half the version's trust starts one read of the KV pointer in `waitUntil` and does not wait for it; the
 * answer is trusted from when it was asked, so an edit made elsewhere still shows within SITE_VERSION_TTL_MS of
 * the pointer moving; a read that fails or hangs extends nothing. The clock is set by each step (`Date` only).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearFaults, injectFaults } from '../../src/faults';
import { DEMO_SITE_ID } from '../../src/site/seed/demo';
import { noteVersion, SITE_VERSION_TTL_MS, trustedVersionAhead, versionKey } from '../../src/site/published/store';
import worker from '../../src/worker';

const PAGE = 'http://localhost/blog';
/** Past half the version's trust: a hit now reads the pointer ahead. */
const AHEAD = SITE_VERSION_TTL_MS * 0.75;
/** How long a test waits to see whether a hit answers before the pointer's read does (it answers at once). */
const HELD_MS = 10_000;

afterEach(() => {
  clearFaults();
  vi.useRealTimers();
});

/** The demo's KV with its version pointer's reads counted and answered by `answer` (by default, as stored). */
function pointer(answer: (stored: () => Promise<string | null>) => Promise<string | null> = (stored) => stored()) {
  let reads = 0;
  const kv = new Proxy(env.SITE_CONTENT, {
    get(target, property) {
      if (property === 'get')
        return (key: string, ...rest: unknown[]) => {
          const stored = () => (target.get as (...args: unknown[]) => Promise<string | null>)(key, ...rest);
          if (key !== versionKey(DEMO_SITE_ID)) return stored();
          reads++;
          return answer(stored);
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { kv, reads: () => reads };
}

/** The demo's blog page at `at` ms of the test's clock, through the worker's fetch as a visitor asks for it. */
async function page(at: number, kv: KVNamespace = env.SITE_CONTENT) {
  vi.setSystemTime(at);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(PAGE), { ...env, SITE_CONTENT: kv }, ctx);
  return { res, status: res.headers.get('x-page-cache'), done: () => waitOnExecutionContext(ctx) };
}

/** Starts the clock at `start`: the page kept and its address answered by the app there, the version read there. */
async function keptAt(start: number): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  const miss = await page(start);
  await miss.res.text();
  await miss.done();
  const hit = await page(start);
  expect(hit.status).toBe('hit');
  await hit.res.text();
}

describe('version-trust', () => {
  it('answers a hit while the read ahead of the pointer hangs, reads it once, and trusts the version no longer for it', async () => {
    const start = Date.now();
    await keptAt(start);
    let answer: (value: string | null) => void = () => {};
    const hanging = pointer(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    for (const at of [start + AHEAD, start + AHEAD + 100]) {
      const hit = page(at, hanging.kv);
      const held = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), HELD_MS));
      const answered = await Promise.race([hit, held]);
      expect(answered === 'held' ? 'held' : answered.status, `at +${at - start} ms`).toBe('hit');
      if (answered !== 'held') expect(answered.res.headers.get('x-page-cache-layer')).toBe('memory');
    }
    // One read in flight per website and isolate, whatever the hits meanwhile.
    expect(hanging.reads()).toBe(1);

    // Past the trust of the version read at the start, the version is read again by the request itself.
    const counted = pointer();
    const after = await page(start + SITE_VERSION_TTL_MS + 100, counted.kv);
    expect(after.status).toBe('hit');
    expect(counted.reads()).toBe(1);
    answer(await env.SITE_CONTENT.get(versionKey(DEMO_SITE_ID)));
  });

  it('keeps the version trusted past its first end once the read ahead has answered: the next requests read no pointer', async () => {
    const start = Date.now() + 100_000;
    await keptAt(start);
    const counted = pointer();
    const ahead = await page(start + AHEAD, counted.kv);
    expect(ahead.status).toBe('hit');
    await ahead.done();
    expect(counted.reads()).toBe(1);
    // The address's own bound has passed (the app answers it again), the version's first trust too.
    for (const at of [start + SITE_VERSION_TTL_MS + 100, start + SITE_VERSION_TTL_MS + 200]) {
      const hit = await page(at, counted.kv);
      expect(hit.status).toBe('hit');
      await hit.done();
    }
    expect(counted.reads()).toBe(1);
  });

  it('serves no hit of a version whose read ahead failed once its trust ends: the last good page while KV fails, then hits again', async () => {
    const start = Date.now() + 200_000;
    await keptAt(start);
    injectFaults([{ target: 'kv', mode: 'fail' }]);
    const ahead = await page(start + AHEAD);
    expect(ahead.status).toBe('hit');
    await ahead.done();

    const failing = await page(start + SITE_VERSION_TTL_MS + 100);
    expect(failing.status).toBe('stale-if-error');
    expect(failing.res.headers.get('cache-control')).toBe('no-store');
    clearFaults();
    expect((await page(start + SITE_VERSION_TTL_MS + 200)).status).toBe('hit');
  });

  it('shows an edit made elsewhere within the trust of the pointer it moved, however long the read ahead takes to answer', async () => {
    const id = 'version-trust-elsewhere';
    const start = Date.now() + 300_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    noteVersion(id, 5);
    let stored = '5';
    let answer: () => void = () => {};
    const kv = {
      get: () => {
        const asked = stored;
        return new Promise<string>((resolve) => {
          answer = () => resolve(asked);
        });
      },
    } as unknown as KVNamespace;
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (work: Promise<unknown>) => pending.push(work) };

    vi.setSystemTime(start + AHEAD);
    expect(trustedVersionAhead(id, kv, ctx)).toBe(5);
    expect(pending).toHaveLength(1);
    // The edit moves the pointer just after the read was asked; the read answers what it saw, long after.
    vi.setSystemTime(start + AHEAD + 1);
    stored = '6';
    vi.setSystemTime(start + AHEAD + SITE_VERSION_TTL_MS - 100);
    answer();
    await Promise.all(pending);
    expect(trustedVersionAhead(id, kv, ctx)).toBe(5);
    // SITE_VERSION_TTL_MS after the pointer moved, version 5 is no longer trusted.
    vi.setSystemTime(start + AHEAD + 1 + SITE_VERSION_TTL_MS);
    expect(trustedVersionAhead(id, kv, ctx)).not.toBe(5);
  });
});
