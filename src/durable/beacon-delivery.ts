/**
 * The BEACON_QUEUE (wrangler.toml): the edge's send of an accepted beacon, and the consumer through which
 * beacons reach their website's BeaconStore, one store call per website per batch (its beacons in one transaction).
 *
 * The edge answers a beacon before it is sent (`queueBeacon`, in the request's `waitUntil`): browsers send beacons
 * with `navigator.sendBeacon` or a keepalive fetch and never read the answer, so waiting for Queues would only add its
 * round trip to every beacon. A send that fails is tried again a bounded number of times, then logged: the beacon is
 * lost, as it would have been behind a 503 no browser retries. A send tried again after Queues took it but its answer
 * was lost sends the beacon twice, which its id makes harmless.
 *
 * Queues delivers at least once, so every beacon carries an id and the store counts an id once: a
 * message delivered again, or a batch retried after another website's call failed, stores nothing
 * twice. A website whose call fails has its messages retried (backing off); the others are acked.
 * A message that is not a beacon (a poison message) can never succeed, so it is logged and dropped
 * at once; one that keeps failing stops after the queue's max_retries and is dropped by Queues (no
 * dead-letter queue: a beacon is a count, not a record anyone could replay by hand).
 *
 * The edge sends a path shaped like an item page as a candidate (`itemPaths`): the consumer asks the
 * website's content once per batch which of them are pages, and counts the others under OTHER_KEY,
 * so the request itself calls no per-website object. A beacon past its hour's quota is answered 2xx
 * at the edge (it was sent before the store counted), stored as nothing and counted as refused in
 * its hour (`refused_hours`, the summary's `refused`), and its message is acked: retrying cannot help.
 */
import { z } from 'zod';
import { OTHER_KEY } from '../beacon/store-limits';
import type { BeaconEntry } from './beacons';
import { beaconStore, contentObject } from './stubs';

/** A beacon path shaped like one of the site's item pages (its collection and url id), counted only if it is one. */
export interface ItemPathCandidate {
  collectionId: string;
  urlId: string;
  path: string;
}

/** What the edge sends for one accepted beacon. */
export interface QueuedBeacon {
  websiteId: string;
  hourlyQuota: number;
  entry: BeaconEntry & { id: string };
  /** The paths of `entry`'s updates that count only if they are item pages of the website. */
  itemPaths?: ItemPathCandidate[];
}

const queuedBeaconSchema = z.object({
  websiteId: z.string().min(1),
  hourlyQuota: z.number().int().nonnegative(),
  entry: z.object({ id: z.string().min(1), hour: z.number().int(), updates: z.array(z.unknown()) }),
  itemPaths: z
    .array(z.object({ collectionId: z.string(), urlId: z.string(), path: z.string() }))
    .max(100)
    .optional(),
});

/** Pauses before the edge tries a failed send again (three tries in all, within the request's `waitUntil`). */
const SEND_RETRY_PAUSES_MS = [250, 1000];

/** Sends `beacon` to the queue, trying again after each pause of SEND_RETRY_PAUSES_MS; a last failure is logged. */
export async function queueBeacon(queue: Queue, beacon: QueuedBeacon): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await queue.send(beacon, { contentType: 'json' });
      return;
    } catch (error) {
      const pause = SEND_RETRY_PAUSES_MS[attempt];
      if (pause === undefined) {
        console.error(`beacon queue: website ${beacon.websiteId}: beacon ${beacon.entry.id} not sent:`, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Seconds before a failed website's messages come again: 5, 10, 20 ... up to 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 5 * 2 ** Math.max(0, attempts - 1));
}

interface WebsiteBatch {
  messages: Message<unknown>[];
  beacons: QueuedBeacon[];
  quota: number;
}

export async function deliverBeacons(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const byWebsite = new Map<string, WebsiteBatch>();
  for (const message of batch.messages) {
    const parsed = queuedBeaconSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`beacon queue: dropped message ${message.id}: not a beacon`);
      message.ack();
      continue;
    }
    const beacon = parsed.data as QueuedBeacon;
    const group = byWebsite.get(beacon.websiteId) ?? { messages: [], beacons: [], quota: beacon.hourlyQuota };
    group.messages.push(message);
    group.beacons.push(beacon);
    byWebsite.set(beacon.websiteId, group);
  }
  await Promise.all(
    [...byWebsite].map(async ([websiteId, { messages, beacons, quota }]) => {
      try {
        const entries = await countedEntries(env, websiteId, beacons);
        const outcomes = await beaconStore(env, websiteId).recordBatch(entries, quota);
        const refused = outcomes.filter((outcome) => !outcome.accepted).length;
        if (refused > 0) console.warn(`beacon queue: website ${websiteId}: ${refused} beacons over the hourly quota`);
        for (const message of messages) message.ack();
      } catch (error) {
        console.error(`beacon queue: website ${websiteId}: ${messages.length} beacons to retry:`, error);
        for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}

/** The beacons' entries, each candidate item path that is not one of the website's item pages counted under OTHER_KEY (one content call for the batch). */
async function countedEntries(env: Env, websiteId: string, beacons: readonly QueuedBeacon[]): Promise<BeaconEntry[]> {
  const candidates = [...new Map(beacons.flatMap((b) => b.itemPaths ?? []).map((c) => [c.path, c])).values()];
  if (candidates.length === 0) return beacons.map((b) => b.entry);
  const pages = new Set((await contentObject(env, websiteId).existingItemUrls(candidates)).value);
  return beacons.map(({ entry, itemPaths }) => {
    const notPages = new Set((itemPaths ?? []).map((c) => c.path).filter((path) => !pages.has(path)));
    if (notPages.size === 0) return entry;
    return {
      ...entry,
      updates: entry.updates.map((u) => (notPages.has(u.path) ? { ...u, path: OTHER_KEY } : u)),
    };
  });
}
