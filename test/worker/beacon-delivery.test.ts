/**
 * The beacon queue's consumer (src/durable/beacon-delivery.ts), driven through cloudflare:test's
 * queue helpers: one store call per website per batch, acks and retries per website, and a beacon
 * delivered again (redelivery, or a whole batch retried after a partial failure) stored once; and
 * a beacon route's own message, delivered by the queue and then again, stored once; and a route's send
 * the queue refuses, tried again after the answer (which never waits for it), then logged.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { beaconUpdate, hourOf } from '../../src/beacon/aggregate';
import type { QueuedBeacon } from '../../src/durable/beacon-delivery';
import { beaconStore } from '../../src/durable/stubs';
import worker from '../../src/worker';
import { delivered } from './beacons-delivered';
import { demoStoreOnHost } from './demo-on-host';

const QUEUE = 'edge-storefront-beacons';
const QUOTA = 1000;
let run = 0;

function beacon(websiteId: string, id: string, event = 'page_view'): QueuedBeacon {
  const now = Date.now();
  return {
    websiteId,
    hourlyQuota: QUOTA,
    entry: { id, hour: hourOf(now), updates: [beaconUpdate({ path: '/', event, visitorId: null }, now)] },
  };
}

async function deliver(bodies: readonly unknown[]) {
  const batch = createMessageBatch(
    QUEUE,
    bodies.map((body, index) => ({ id: `m${index}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

const accepted = (websiteId: string) => {
  const hour = hourOf(Date.now());
  return beaconStore(env, websiteId).acceptedBetween(hour - 1, hour + 1);
};

/** A page view's beacon of the linen shirt's page, from `ip`. */
function recordHit(origin: string, websiteId: string, ip: string): Promise<Response> {
  return exports.default.fetch(`${origin}/api/census/RecordHit`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': ip },
    body: new URLSearchParams({
      event: 'view',
      data: JSON.stringify({ websiteId, url: `${origin}/shop/p/linen-shirt`, pageType: 50 }),
    }),
  });
}

describe('beacon queue consumer', () => {
  it('stores each website’s beacons and stores nothing twice when the batch comes again', async () => {
    const a = `delivery-a-${run++}`;
    const b = `delivery-b-${run++}`;
    const bodies = [beacon(a, 'a1'), beacon(b, 'b1'), beacon(a, 'a2')];
    const first = await deliver(bodies);
    expect(first.explicitAcks.sort()).toEqual(['m0', 'm1', 'm2']);
    expect(first.retryMessages).toEqual([]);
    expect([await accepted(a), await accepted(b)]).toEqual([2, 1]);

    const again = await deliver(bodies);
    expect(again.explicitAcks.sort()).toEqual(['m0', 'm1', 'm2']);
    expect([await accepted(a), await accepted(b)]).toEqual([2, 1]);
  });

  it('retries only the website whose store call failed; the retried batch counts the others once', async () => {
    const a = `delivery-a-${run++}`;
    const b = `delivery-b-${run++}`;
    const failing = { ...beacon(b, 'b1'), entry: { ...beacon(b, 'b1').entry, updates: [null] } };
    const first = await deliver([beacon(a, 'a1'), failing]);
    expect(first.explicitAcks).toEqual(['m0']);
    expect(first.retryMessages.map((retry: { msgId: string }) => retry.msgId)).toEqual(['m1']);
    expect([await accepted(a), await accepted(b)]).toEqual([1, 0]);

    const retried = await deliver([beacon(a, 'a1'), beacon(b, 'b1')]);
    expect(retried.explicitAcks.sort()).toEqual(['m0', 'm1']);
    expect([await accepted(a), await accepted(b)]).toEqual([1, 1]);
  });

  it('drops a message that is not a beacon at once (acked, logged), and stores the rest', async () => {
    const a = `delivery-a-${run++}`;
    const result = await deliver(['not a beacon', beacon(a, 'a1')]);
    expect(result.explicitAcks.sort()).toEqual(['m0', 'm1']);
    expect(result.retryMessages).toEqual([]);
    expect(await accepted(a)).toBe(1);
  });

  it('stores a beacon the route sent once, when the queue delivers its message again', async () => {
    const { origin, websiteId } = await demoStoreOnHost('delivery', 'redelivered');
    // The messages the routes send, seen on their way to the queue (sent on as they are).
    const queue = Object.getPrototypeOf(env.BEACON_QUEUE) as { send: (...args: unknown[]) => Promise<void> };
    const send = queue.send;
    const sent: unknown[] = [];
    queue.send = function (this: object, ...args: unknown[]) {
      sent.push(args[0]);
      return send.apply(this, args);
    };
    try {
      expect((await recordHit(origin, websiteId, '10.7.0.1')).status).toBe(200);
    } finally {
      queue.send = send;
    }
    expect(sent).toEqual([
      expect.objectContaining({ websiteId, entry: expect.objectContaining({ id: expect.any(String) }) }),
    ]);
    expect(await delivered(websiteId, 1)).toBe(1);
    // At least once: the same message again (an ack lost after the store's write) counts nothing more.
    const again = await deliver(sent);
    expect(again.explicitAcks).toEqual(['m0']);
    expect(await accepted(websiteId)).toBe(1);
    const hour = hourOf(Date.now());
    expect((await beaconStore(env, websiteId).summary(hour - 1, hour)).topPages).toEqual([
      { path: '/shop/p/linen-shirt', views: 1 },
    ]);
  });

  it('answers a beacon before its send: a send the queue refuses is tried again, one it always refuses is logged', async () => {
    const { origin, websiteId } = await demoStoreOnHost('delivery', 'send-refused');
    const queue = Object.getPrototypeOf(env.BEACON_QUEUE) as { send: (...args: unknown[]) => Promise<void> };
    const send = queue.send;
    let refusals = 1;
    queue.send = function (this: object, ...args: unknown[]) {
      if (refusals-- > 0) return Promise.reject(new Error('Queue send failed'));
      return send.apply(this, args);
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The first send is refused and the second taken, after the answer: the browser's 200 and the store's count alike.
      expect((await recordHit(origin, websiteId, '10.7.0.2')).status).toBe(200);
      expect(await delivered(websiteId, 1)).toBe(1);
      // Every try refused: still 200 (no browser reads a beacon's answer), and the lost beacon is logged.
      refusals = Number.POSITIVE_INFINITY;
      expect((await recordHit(origin, websiteId, '10.7.0.3')).status).toBe(200);
      await expect
        .poll(() => errors.mock.calls.some(([message]) => String(message).includes('not sent')), { timeout: 15_000 })
        .toBe(true);
    } finally {
      queue.send = send;
      errors.mockRestore();
    }
    expect(await accepted(websiteId)).toBe(1);
  });
});
