/**
 * Group commit of one website's beacons in this isolate: the callers' side of the BeaconStore object,
 * beside its stub (the analytics rules in src/beacon/ know nothing of objects). While a call to the
 * website's beacon store is in flight, the beacons that arrive wait in line; when it returns, the
 * first of them sends every waiting beacon (up to MAX_BATCH_BEACONS and MAX_BATCH_BYTES) in one
 * call, which the store applies in one transaction. So under load a beacon costs a share of one
 * call and one commit, not one each.
 *
 * Each beacon's own outcome (accepted, or refused by the hourly quota, in arrival order) is given
 * only once the store's transaction holding it has returned, i.e. is durable; a failed call fails
 * every beacon it carried. The caller keeps its request alive with `waitUntil` for what it may owe
 * the others: sending their batch, or settling them.
 */
import type { BeaconEntry, RecordOutcome } from './beacons';
import { beaconStore } from './stubs';

/** At most this many beacons in one store call. */
export const MAX_BATCH_BEACONS = 64;
/** And at most about this many bytes of updates (a lone beacon past it still goes, alone). */
export const MAX_BATCH_BYTES = 256 * 1024;
/**
 * How long a batch waits for the one before it to end: far past a store call's time, so only a
 * batch whose request the runtime ended before it settled (its waiters then fail) is left behind.
 */
const MAX_WAIT_MS = 20_000;

/**
 * Beacons that go in one store call. Its first beacon's request sends it, and makes and settles
 * `stored` itself: the runtime lets other requests await a promise of another request, but not
 * settle one.
 */
interface Batch {
  readonly entries: BeaconEntry[];
  bytes: number;
  readonly stored: Promise<readonly RecordOutcome[]>;
}

/** A website's line: the batch still taking beacons while the one before it is in flight, and when the latest batch ends. */
interface Line {
  open: Batch | null;
  end: Promise<void>;
}

/** Websites with a batch in flight (one with none has no line). */
const lines = new Map<string, Line>();

/**
 * Stores one beacon in `websiteId`'s store with the others arriving meanwhile, and gives its outcome
 * once stored; throws what the store call threw. `waitUntil` keeps a request that sends a batch
 * alive until the batch is settled, even if its own client goes away.
 */
export function recordBeacon(
  env: Env,
  websiteId: string,
  entry: BeaconEntry,
  hourlyQuota: number,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<RecordOutcome> {
  const bytes = bytesOf(entry);
  const line = lines.get(websiteId);
  const open = line?.open;
  if (open != null && open.entries.length < MAX_BATCH_BEACONS && open.bytes + bytes <= MAX_BATCH_BYTES) {
    const at = open.entries.push(entry) - 1;
    open.bytes += bytes;
    return open.stored.then((outcomes) => outcomeOf(outcomes, at));
  }
  const sent = sendBatch(env, websiteId, line, { entry, bytes }, hourlyQuota);
  waitUntil(sent.catch(() => undefined));
  return sent;
}

/**
 * Starts a batch with `first`, takes the beacons that arrive until the batch before it (if any)
 * has ended, sends them as one call and settles them; gives the first beacon's outcome.
 */
async function sendBatch(
  env: Env,
  websiteId: string,
  line: Line | undefined,
  first: { entry: BeaconEntry; bytes: number },
  hourlyQuota: number,
): Promise<RecordOutcome> {
  let settle: { resolve: (outcomes: readonly RecordOutcome[]) => void; reject: (error: unknown) => void } | undefined;
  const stored = new Promise<readonly RecordOutcome[]>((resolve, reject) => (settle = { resolve, reject }));
  const batch: Batch = { entries: [first.entry], bytes: first.bytes, stored };
  const end = stored.then(
    () => undefined,
    () => undefined,
  );
  const previous = line?.end;
  const current: Line = line ?? { open: null, end };
  current.end = end;
  lines.set(websiteId, current);
  try {
    if (previous !== undefined) {
      current.open = batch;
      await endOf(previous);
      if (current.open === batch) current.open = null;
    }
    const outcomes = await beaconStore(env, websiteId).recordBatch(batch.entries, hourlyQuota);
    settle?.resolve(outcomes);
    return outcomeOf(outcomes, 0);
  } catch (error) {
    settle?.reject(error);
    throw error;
  } finally {
    if (current.end === end) lines.delete(websiteId);
  }
}

/** Waits for `previous` to end, or MAX_WAIT_MS. */
async function endOf(previous: Promise<void>): Promise<void> {
  let stop = () => {};
  const timeout = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, MAX_WAIT_MS);
    stop = () => clearTimeout(timer);
  });
  await Promise.race([previous, timeout]);
  stop();
}

function outcomeOf(outcomes: readonly RecordOutcome[], at: number): RecordOutcome {
  const outcome = outcomes[at];
  if (outcome === undefined) throw new Error('The beacon store answered fewer beacons than it was sent');
  return outcome;
}

/** About what a beacon's updates weigh in a call: their strings and a fixed share per field. */
function bytesOf({ updates }: BeaconEntry): number {
  let bytes = 0;
  for (const u of updates)
    bytes +=
      64 +
      u.path.length +
      u.event.length +
      (u.visitorId?.length ?? 0) +
      (u.product?.id.length ?? 0) +
      24 * u.vitals.length;
  return bytes;
}
