/**
 * The beacon queue's consumer (src/durable/beacon-delivery.ts), driven through cloudflare:test's
 * queue helpers: one store call per website per batch, acks and retries per website, and a beacon
 * delivered again (redelivery, or a whole batch retried after a partial failure) stored once.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { beaconUpdate, hourOf } from '../../src/beacon/aggregate';
import type { QueuedBeacon } from '../../src/durable/beacon-delivery';
import { beaconStore } from '../../src/durable/stubs';
import worker from '../../src/worker';

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
});
