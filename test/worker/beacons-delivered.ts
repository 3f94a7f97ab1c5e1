/**
 * Beacons reach their website's store through the beacon queue (src/durable/beacon-delivery.ts),
 * after their 2xx: a test that reads them back first waits for the queue's consumer to deliver as
 * many as it sent, by polling the store's own counts (never a fixed sleep).
 */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { hourOf } from '../../src/beacon/aggregate';

/** The website's beacon store. */
export function beaconStoreOf(websiteId: string) {
  return env.BEACONS.get(env.BEACONS.idFromName(websiteId));
}

/** Beacons the store has taken around now: stored, and refused by the hourly quota. */
async function taken(websiteId: string): Promise<{ accepted: number; refused: number }> {
  const hour = hourOf(Date.now());
  const store = beaconStoreOf(websiteId);
  const [accepted, refused] = await Promise.all([
    store.acceptedBetween(hour - 1, hour + 1),
    store.refusedBetween(hour - 1, hour + 1),
  ]);
  return { accepted, refused };
}

/**
 * Waits until the store has taken `beacons` of the website's beacons (stored or refused by the
 * quota: each answered 2xx is one message) and gives how many it stored. The queue's consumer
 * waits 50 ms for a batch in this project (vitest.config.mts; 1 s in wrangler.toml), so allow for a loaded machine.
 */
export async function delivered(websiteId: string, beacons: number): Promise<number> {
  await expect
    .poll(
      async () => {
        const { accepted, refused } = await taken(websiteId);
        return accepted + refused;
      },
      { timeout: 30_000, interval: 50 },
    )
    .toBe(beacons);
  return (await taken(websiteId)).accepted;
}
