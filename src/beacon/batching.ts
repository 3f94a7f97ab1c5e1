/**
 * Group commit of one website's beacons in this isolate. While a call to the website's beacon store
 * is in flight, the beacons that arrive wait in line; when it returns, the first of them sends every
 * waiting beacon (up to MAX_BATCH_BEACONS and MAX_BATCH_BYTES) in one call, which the store applies
 * in one transaction. So under load a beacon costs a share of one call and one commit, not one each.
 *
 * Each beacon's own outcome (accepted, or refused by the hourly quota, in arrival order) is given
 * only once the store's transaction holding it has returned, i.e. is durable; a failed call fails
 * every beacon it carried. The caller keeps its request alive with `waitUntil` for what it may owe
 * the others: sending their batch, or settling them.
 */
import type { BeaconEntry, RecordOutcome } from '../durable/beacons';
import { beaconStore } from '../durable/stubs';

/** At most this many beacons in one store call. */
export const MAX_BATCH_BEACONS = 64;
/** And at most about this many bytes of updates (a lone beacon past it still goes, alone). */
export const MAX_BATCH_BYTES = 256 * 1024;

/** What a waiting beacon is told: send the next batch, or its own outcome. */
type Turn = { lead: true } | { lead: false; outcome: RecordOutcome };

interface Waiting {
  entry: BeaconEntry;
  bytes: number;
  resolve: (turn: Turn) => void;
  reject: (error: unknown) => void;
}

/** A website's beacons waiting for the call in flight to return (a website with none in flight has no line). */
const lines = new Map<string, Waiting[]>();

/**
 * Stores one beacon in `websiteId`'s store with the others arriving meanwhile, and gives its outcome
 * once stored; throws what the store call threw. `waitUntil` keeps the request alive for its part in
 * the line even if its client goes away.
 */
export function recordBeacon(env: Env, websiteId: string, entry: BeaconEntry, hourlyQuota: number, waitUntil: (work: Promise<unknown>) => void): Promise<RecordOutcome> {
  const work = takeTurn(env, websiteId, entry, hourlyQuota);
  waitUntil(work.catch(() => undefined));
  return work;
}

async function takeTurn(env: Env, websiteId: string, entry: BeaconEntry, hourlyQuota: number): Promise<RecordOutcome> {
  const turn = await new Promise<Turn>((resolve, reject) => {
    const waiting: Waiting = { entry, bytes: bytesOf(entry), resolve, reject };
    const line = lines.get(websiteId);
    if (line === undefined) {
      lines.set(websiteId, [waiting]);
      resolve({ lead: true });
    } else {
      line.push(waiting);
    }
  });
  return turn.lead ? sendBatch(env, websiteId, hourlyQuota) : turn.outcome;
}

/**
 * Sends the head of the line (the caller's beacon first) as one call, settles the others in it,
 * then hands the line to the next beacon; gives the caller's own outcome.
 */
async function sendBatch(env: Env, websiteId: string, hourlyQuota: number): Promise<RecordOutcome> {
  const line = lines.get(websiteId) ?? [];
  const batch = line.splice(0, batchLength(line));
  const others = batch.slice(1);
  try {
    const outcomes = await beaconStore(env, websiteId).recordBatch(
      batch.map((waiting) => waiting.entry),
      hourlyQuota,
    );
    others.forEach((waiting, i) => settle(waiting, outcomes[i + 1]));
    const own = outcomes[0];
    if (own === undefined) throw new Error(MISSING_OUTCOME);
    return own;
  } catch (error) {
    for (const waiting of others) waiting.reject(error);
    throw error;
  } finally {
    const next = line[0];
    if (next === undefined) lines.delete(websiteId);
    else next.resolve({ lead: true });
  }
}

const MISSING_OUTCOME = 'The beacon store answered fewer beacons than it was sent';

function settle(waiting: Waiting, outcome: RecordOutcome | undefined): void {
  if (outcome === undefined) waiting.reject(new Error(MISSING_OUTCOME));
  else waiting.resolve({ lead: false, outcome });
}

/** How many of the line's first beacons fit one call (at least one). */
function batchLength(line: readonly Waiting[]): number {
  let bytes = 0;
  let length = 0;
  while (length < line.length && length < MAX_BATCH_BEACONS) {
    bytes += line[length]?.bytes ?? 0;
    if (length > 0 && bytes > MAX_BATCH_BYTES) break;
    length++;
  }
  return length;
}

/** About what a beacon's updates weigh in a call: their strings and a fixed share per field. */
function bytesOf({ updates }: BeaconEntry): number {
  let bytes = 0;
  for (const u of updates) bytes += 64 + u.path.length + u.event.length + (u.visitorId?.length ?? 0) + (u.product?.id.length ?? 0) + 24 * u.vitals.length;
  return bytes;
}
