/**
 * Group commit of beacons (src/durable/beacon-batching.ts) driven as browsers would: many page views of
 * one website at once. The website's first store call is held back (an injected `slow` fault), so
 * the beacons arriving meanwhile wait in line and go together in the next call; every call to the
 * store passes through a counting fault, so the tests see how many calls carried them.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { hourOf } from '../../src/beacon/aggregate';
import { clearFaults, injectedFaults, injectFaults, type Fault } from '../../src/faults';
import { RETRY_AFTER_SECONDS, UNAVAILABLE } from '../../src/http/unavailable';
import { HOURLY_QUOTA } from '../../src/routes/shop/beacons';
import { demoStoreOnHost } from './demo-on-host';

afterEach(() => clearFaults());

const BEACONS = 24;
/** Long enough on a loaded machine for the other beacons to reach the line behind the first call. */
const HOLD_MS = 2_000;
let ips = 0;

const storeOnHost = (name: string) => demoStoreOnHost('batching', name);

/** A page view of /shop from a visitor of its own (so per-visitor limits stay out of the way). */
function pageView(origin: string, websiteId: string): Promise<Response> {
  const body = new URLSearchParams({
    event: 'view',
    data: JSON.stringify({ websiteId, url: 'http://x/shop', pageType: 1, title: 'Shop' }),
  });
  return exports.default.fetch(`${origin}/api/census/RecordHit`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': `10.9.${(ips >> 8) & 255}.${ips++ & 255}` },
    body,
  });
}

/** The first store call waits HOLD_MS, then `next` (each store call counted as a fault of its kind). */
function holdFirstCall(
  next: Fault = { target: 'durable-object', mode: 'slow', name: 'BEACONS.record', delayMs: 0 },
): void {
  injectFaults([{ target: 'durable-object', mode: 'slow', name: 'BEACONS.record', times: 1, delayMs: HOLD_MS }, next]);
}

/** Store calls made since the faults were injected. */
function storeCalls(): number {
  const counted = injectedFaults();
  return (counted['durable-object:slow'] ?? 0) + (counted['durable-object:fail'] ?? 0);
}

function store(websiteId: string) {
  return env.BEACONS.get(env.BEACONS.idFromName(websiteId));
}

async function stored(websiteId: string): Promise<{ accepted: number; views: number }> {
  const hour = hourOf(Date.now());
  const summary = await store(websiteId).summary(hour - 1, hour + 1);
  return { accepted: summary.accepted, views: summary.topPages.reduce((sum, page) => sum + page.views, 0) };
}

const statusesOf = (responses: readonly Response[]) => responses.map((res) => res.status);
const count = (statuses: readonly number[], status: number) => statuses.filter((s) => s === status).length;

describe('beacons arriving together', () => {
  it('are stored exactly once each, in fewer store calls than beacons', { timeout: 60_000 }, async () => {
    const { origin, websiteId } = await storeOnHost('many');
    holdFirstCall();
    const responses = await Promise.all(Array.from({ length: BEACONS }, () => pageView(origin, websiteId)));
    expect(statusesOf(responses)).toEqual(Array.from({ length: BEACONS }, () => 200));
    expect(await stored(websiteId)).toEqual({ accepted: BEACONS, views: BEACONS });
    expect(storeCalls()).toBeLessThan(BEACONS);
  });

  it('meet the hourly quota exactly inside a batch: the beacons past it get 429 and are not stored', {
    timeout: 60_000,
  }, async () => {
    const { origin, websiteId } = await storeOnHost('quota');
    expect((await pageView(origin, websiteId)).status).toBe(200);
    const room = 5;
    await runInDurableObject(store(websiteId), (_instance, state) => {
      state.storage.sql.exec('UPDATE accepted_hours SET beacons = ?', HOURLY_QUOTA - room);
    });
    holdFirstCall();
    const responses = await Promise.all(Array.from({ length: BEACONS }, () => pageView(origin, websiteId)));
    const statuses = statusesOf(responses);
    expect(count(statuses, 200)).toBe(room);
    expect(count(statuses, 429)).toBe(BEACONS - room);
    for (const res of responses.filter((r) => r.status === 429)) expect(res.headers.get('retry-after')).toBe('10');
    expect(await stored(websiteId)).toEqual({ accepted: HOURLY_QUOTA, views: 1 + room });
    expect(storeCalls()).toBeLessThan(BEACONS);
  });

  it('all fail when their store call fails: no 2xx for a beacon of that batch, and the next beacons are stored', {
    timeout: 60_000,
  }, async () => {
    const { origin, websiteId } = await storeOnHost('failing');
    holdFirstCall({ target: 'durable-object', mode: 'fail', name: 'BEACONS.record', times: 1 });
    const responses = await Promise.all(Array.from({ length: BEACONS }, () => pageView(origin, websiteId)));
    const statuses = statusesOf(responses);
    // The held call carried the first beacon; the failed one carried those that waited behind it.
    expect(count(statuses, 200) + count(statuses, 503)).toBe(BEACONS);
    expect(count(statuses, 503)).toBeGreaterThan(1);
    for (const res of responses.filter((r) => r.status === 503)) {
      expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual({ error: UNAVAILABLE });
    }
    expect(await stored(websiteId)).toEqual({ accepted: count(statuses, 200), views: count(statuses, 200) });
    clearFaults();
    expect((await pageView(origin, websiteId)).status).toBe(200);
    expect((await stored(websiteId)).accepted).toBe(count(statuses, 200) + 1);
  });
});
