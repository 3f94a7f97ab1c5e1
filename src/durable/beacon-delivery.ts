/**
 * The consumer of the BEACON_QUEUE (wrangler.toml): accepted beacons sent by the edge reach their
 * website's BeaconStore here, one store call per website per batch (its beacons in one transaction).
 *
 * Queues delivers at least once, so every beacon carries an id and the store counts an id once: a
 * message delivered again, or a batch retried after another website's call failed, stores nothing
 * twice. A website whose call fails has its messages retried (backing off); the others are acked.
 * A message that is not a beacon (a poison message) can never succeed, so it is logged and dropped
 * at once; one that keeps failing stops after the queue's max_retries and is dropped by Queues (no
 * dead-letter queue: a beacon is a count, not a record anyone could replay by hand).
 */
import { z } from 'zod';
import type { BeaconEntry } from './beacons';
import { beaconStore } from './stubs';

/** What the edge sends for one accepted beacon. */
export interface QueuedBeacon {
  websiteId: string;
  hourlyQuota: number;
  entry: BeaconEntry & { id: string };
}

const queuedBeaconSchema = z.object({
  websiteId: z.string().min(1),
  hourlyQuota: z.number().int().nonnegative(),
  entry: z.object({ id: z.string().min(1), hour: z.number().int(), updates: z.array(z.unknown()) }),
});

/** Seconds before a failed website's messages come again: 5, 10, 20 ... up to 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 5 * 2 ** Math.max(0, attempts - 1));
}

export async function deliverBeacons(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const byWebsite = new Map<string, { messages: Message<unknown>[]; entries: BeaconEntry[]; quota: number }>();
  for (const message of batch.messages) {
    const parsed = queuedBeaconSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`beacon queue: dropped message ${message.id}: not a beacon`);
      message.ack();
      continue;
    }
    const { websiteId, hourlyQuota, entry } = parsed.data as QueuedBeacon;
    const group = byWebsite.get(websiteId) ?? { messages: [], entries: [], quota: hourlyQuota };
    group.messages.push(message);
    group.entries.push(entry);
    byWebsite.set(websiteId, group);
  }
  await Promise.all(
    [...byWebsite].map(async ([websiteId, { messages, entries, quota }]) => {
      try {
        await beaconStore(env, websiteId).recordBatch(entries, quota);
        for (const message of messages) message.ack();
      } catch (error) {
        console.error(`beacon queue: website ${websiteId}: ${messages.length} beacons to retry:`, error);
        for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
