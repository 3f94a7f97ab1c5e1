/**
 * The beacon store of one website (SQLite): every accepted beacon is added to counts per hour and
 * page in one synchronous transaction before the call returns (a call carries a batch of beacons
 * from the beacon queue's consumer, src/durable/beacon-delivery.ts, acked only after it returns);
 * concurrent calls' writes share the object's commits (its output gate holds each answer until its
 * write is durable). The hourly quota is counted here, beacon by beacon, so it is exact; a beacon
 * past it is counted as refused in its hour.
 *
 * The store bounds itself whatever it is sent (src/beacon/store-limits.ts): distinct keys per hour
 * are capped and fold into OTHER_KEY past the cap, visitors past a small exact set go to a
 * fixed-size sketch, and the alarm deletes hours older than the retention window.
 */
import { DurableObject } from 'cloudflare:workers';
import { FUNNEL_STEPS, hourOf, type BeaconUpdate, type StoredSummary } from '../beacon/aggregate';
import {
  boundedKey,
  EXACT_VISITORS_PER_HOUR,
  KEYS_PER_HOUR,
  OTHER_KEY,
  PRUNE_INTERVAL_MS,
  retentionDaysOf,
} from '../beacon/store-limits';
import { addToSketch, emptySketch, sketchEstimate } from '../beacon/visitor-sketch';
import { percentileOf, type VitalMetric } from '../beacon/vitals';
import { migrate, type Migration } from './migrations';

const TOP = 10;

const BEACON_MIGRATIONS: readonly Migration[] = [
  'CREATE TABLE IF NOT EXISTS accepted_hours (hour INTEGER PRIMARY KEY, beacons INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS event_hours (hour INTEGER NOT NULL, event TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (hour, event))',
  'CREATE TABLE IF NOT EXISTS page_hours (hour INTEGER NOT NULL, path TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (hour, path))',
  'CREATE TABLE IF NOT EXISTS visitor_hours (hour INTEGER NOT NULL, visitor TEXT NOT NULL, PRIMARY KEY (hour, visitor))',
  'CREATE TABLE IF NOT EXISTS visitor_sketches (hour INTEGER PRIMARY KEY, registers BLOB NOT NULL)',
  // Counts by catalog item id only: titles are the catalog's, read when shown.
  'CREATE TABLE IF NOT EXISTS item_hours (hour INTEGER NOT NULL, item_id TEXT NOT NULL, views INTEGER NOT NULL, adds INTEGER NOT NULL, PRIMARY KEY (hour, item_id))',
  // The earlier product table kept titles as beacons sent them.
  'DROP TABLE IF EXISTS product_hours',
  'CREATE TABLE IF NOT EXISTS vital_hours (hour INTEGER NOT NULL, path TEXT NOT NULL, metric TEXT NOT NULL, bucket INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (hour, path, metric, bucket))',
  // Ids of the beacons stored, so one delivered again (a queue's at-least-once delivery) counts once.
  'CREATE TABLE IF NOT EXISTS beacon_ids (id TEXT PRIMARY KEY, hour INTEGER NOT NULL) WITHOUT ROWID',
  // Beacons refused by the hourly quota: answered 2xx at the edge before the store counted them (queue delivery).
  'CREATE TABLE IF NOT EXISTS refused_hours (hour INTEGER PRIMARY KEY, beacons INTEGER NOT NULL)',
];

/** Every table keyed by hour, which retention prunes. */
const HOURLY_TABLES = [
  'accepted_hours',
  'refused_hours',
  'event_hours',
  'page_hours',
  'visitor_hours',
  'visitor_sketches',
  'item_hours',
  'vital_hours',
] as const;

/**
 * How many hours before the current one a stored beacon's id is kept: past a queue's last redelivery
 * of it (5 retries backing off 5 s to 80 s: minutes, not hours). An hour's ids are bounded only by the
 * hourly quota, so they are pruned as each new hour's first beacon arrives, not by the daily alarm alone.
 */
const BEACON_ID_HOURS = 2;

type KeyKind = keyof typeof KEYS_PER_HOUR;
/** Where each kind of key lives: its table and key column (vitals count rows: page × metric × bucket). */
const KEYED: Readonly<Record<KeyKind, { table: string; column: string }>> = {
  event: { table: 'event_hours', column: 'event' },
  page: { table: 'page_hours', column: 'path' },
  product: { table: 'item_hours', column: 'item_id' },
  vital: { table: 'vital_hours', column: 'path' },
};

export type RecordOutcome = { accepted: true } | { accepted: false; reason: 'quota' };

/**
 * One beacon as the store takes it: its updates, and the hour whose quota it counts against. A
 * beacon with an `id` is stored at most once: sent again, it is answered accepted and counts nothing.
 */
export interface BeaconEntry {
  updates: readonly BeaconUpdate[];
  hour: number;
  id?: string;
}

const ACCEPTED: RecordOutcome = { accepted: true };
const OVER_QUOTA: RecordOutcome = { accepted: false, reason: 'quota' };

export class BeaconStore extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** Keys (other than OTHER_KEY) already taken per `kind:hour`, counted from the table on first use. */
  private readonly keysTaken = new Map<string, number>();
  private pruneScheduled = false;
  /** The hour whose older beacon ids this instance has pruned. */
  private idsPrunedFor: number | null = null;
  /** The object's clock, which retention reads (tests pin it so a run never straddles an hour boundary). */
  clock: () => number = Date.now;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { beacons: BEACON_MIGRATIONS });
  }

  /** Adds one beacon (its updates, e.g. a batch of performance records) unless the hour's quota is spent. */
  async record(updates: readonly BeaconUpdate[], hour: number, hourlyQuota: number): Promise<RecordOutcome> {
    const [outcome] = await this.recordBatch([{ updates, hour }], hourlyQuota);
    return outcome ?? OVER_QUOTA;
  }

  /**
   * Adds beacons in one transaction, each in turn accepted or refused against its hour's quota, as
   * separate calls in the same order would be; a failure stores none of them. Accepted beacons'
   * counts are summed per row first, so a batch costs one write per row it touches.
   */
  async recordBatch(beacons: readonly BeaconEntry[], hourlyQuota: number): Promise<RecordOutcome[]> {
    const outcomes = this.ctx.storage.transactionSync(() => {
      const idHour = hourOf(this.clock());
      if (this.idsPrunedFor !== idHour && beacons.some((beacon) => beacon.id !== undefined)) {
        this.sql.exec('DELETE FROM beacon_ids WHERE hour < ?', idHour - BEACON_ID_HOURS);
        this.idsPrunedFor = idHour;
      }
      const used = new Map<number, number>();
      const refused = new Map<number, number>();
      const counts = new BatchCounts();
      const outcomes = beacons.map(({ updates, hour, id }): RecordOutcome => {
        // A beacon seen before (delivered again) was stored or refused then: it counts nothing now.
        if (
          id !== undefined &&
          this.sql.exec('INSERT OR IGNORE INTO beacon_ids VALUES (?, ?)', id, hour).rowsWritten === 0
        )
          return ACCEPTED;
        const before = used.get(hour) ?? this.acceptedIn(hour);
        if (before >= hourlyQuota) {
          refused.set(hour, (refused.get(hour) ?? 0) + 1);
          return OVER_QUOTA;
        }
        used.set(hour, before + 1);
        for (const update of updates) counts.add(update);
        return ACCEPTED;
      });
      for (const [hour, beaconCount] of used) {
        this.sql.exec(
          'INSERT INTO accepted_hours (hour, beacons) VALUES (?, ?) ON CONFLICT (hour) DO UPDATE SET beacons = excluded.beacons',
          hour,
          beaconCount,
        );
      }
      for (const [hour, n] of refused)
        this.sql.exec(
          'INSERT INTO refused_hours (hour, beacons) VALUES (?, ?) ON CONFLICT (hour) DO UPDATE SET beacons = beacons + excluded.beacons',
          hour,
          n,
        );
      this.apply(counts);
      return outcomes;
    });
    if (!this.pruneScheduled && outcomes.includes(ACCEPTED)) await this.schedulePrune();
    return outcomes;
  }

  private acceptedIn(hour: number): number {
    return (
      this.sql.exec<{ beacons: number }>('SELECT beacons FROM accepted_hours WHERE hour = ?', hour).toArray()[0]
        ?.beacons ?? 0
    );
  }

  private apply(counts: BatchCounts): void {
    for (const { hour, key: event, n } of counts.events.values()) {
      this.addKeyed(
        'event',
        hour,
        event,
        (key) => this.sql.exec('UPDATE event_hours SET count = count + ? WHERE hour = ? AND event = ?', n, hour, key),
        (key) =>
          this.sql.exec(
            'INSERT INTO event_hours VALUES (?, ?, ?) ON CONFLICT (hour, event) DO UPDATE SET count = count + excluded.count',
            hour,
            key,
            n,
          ),
      );
    }
    for (const { hour, key: path, n } of counts.pages.values()) {
      this.addKeyed(
        'page',
        hour,
        path,
        (key) => this.sql.exec('UPDATE page_hours SET views = views + ? WHERE hour = ? AND path = ?', n, hour, key),
        (key) =>
          this.sql.exec(
            'INSERT INTO page_hours VALUES (?, ?, ?) ON CONFLICT (hour, path) DO UPDATE SET views = views + excluded.views',
            hour,
            key,
            n,
          ),
      );
    }
    for (const { hour, key: id, views, adds } of counts.products.values()) {
      this.addKeyed(
        'product',
        hour,
        id,
        (key) =>
          this.sql.exec(
            'UPDATE item_hours SET views = views + ?, adds = adds + ? WHERE hour = ? AND item_id = ?',
            views,
            adds,
            hour,
            key,
          ),
        (key) =>
          this.sql.exec(
            'INSERT INTO item_hours VALUES (?, ?, ?, ?) ON CONFLICT (hour, item_id) DO UPDATE SET views = views + excluded.views, adds = adds + excluded.adds',
            hour,
            key,
            views,
            adds,
          ),
      );
    }
    for (const { hour, key: path, metric, bucket, n } of counts.vitals.values()) {
      this.addKeyed(
        'vital',
        hour,
        path,
        (key) =>
          this.sql.exec(
            'UPDATE vital_hours SET count = count + ? WHERE hour = ? AND path = ? AND metric = ? AND bucket = ?',
            n,
            hour,
            key,
            metric,
            bucket,
          ),
        (key) =>
          this.sql.exec(
            'INSERT INTO vital_hours VALUES (?, ?, ?, ?, ?) ON CONFLICT (hour, path, metric, bucket) DO UPDATE SET count = count + excluded.count',
            hour,
            key,
            metric,
            bucket,
            n,
          ),
      );
    }
    for (const [hour, ids] of counts.visitors) this.countVisitors(hour, ids);
  }

  /**
   * Adds to the hour's row for `key` when there is one; else makes it while the hour has room for
   * a new key of this kind, or adds to the OTHER_KEY row (as for keys too long to keep).
   */
  private addKeyed(
    kind: KeyKind,
    hour: number,
    key: string,
    update: (key: string) => SqlStorageCursor<Record<string, SqlStorageValue>>,
    upsert: (key: string) => unknown,
  ): void {
    const bounded = boundedKey(key);
    if (bounded !== OTHER_KEY && update(bounded).rowsWritten > 0) return;
    upsert(bounded !== OTHER_KEY && this.takeKey(kind, hour) ? bounded : OTHER_KEY);
  }

  /** Takes one of the hour's new keys of `kind`; false when the cap is reached. */
  private takeKey(kind: KeyKind, hour: number): boolean {
    const slot = `${kind}:${hour}`;
    let taken = this.keysTaken.get(slot);
    if (taken === undefined) {
      const { table, column } = KEYED[kind];
      taken = this.sql
        .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE hour = ? AND ${column} != ?`, hour, OTHER_KEY)
        .one().n;
      // Only recent hours are written: forget the rest rather than grow.
      if (this.keysTaken.size >= 64) this.keysTaken.clear();
    }
    if (taken >= KEYS_PER_HOUR[kind]) {
      this.keysTaken.set(slot, taken);
      return false;
    }
    this.keysTaken.set(slot, taken + 1);
    return true;
  }

  /** Keeps the hour's first visitors by id, and adds every one to the hour's sketch. */
  private countVisitors(hour: number, visitorIds: ReadonlySet<string>): void {
    let exact = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM visitor_hours WHERE hour = ?', hour).one().n;
    const row = this.sql
      .exec<{ registers: ArrayBuffer }>('SELECT registers FROM visitor_sketches WHERE hour = ?', hour)
      .toArray()[0];
    const sketch = row === undefined ? emptySketch() : new Uint8Array(row.registers);
    let changed = false;
    for (const id of visitorIds) {
      if (exact < EXACT_VISITORS_PER_HOUR)
        exact +=
          this.sql.exec('INSERT OR IGNORE INTO visitor_hours VALUES (?, ?)', hour, boundedKey(id)).rowsWritten > 0
            ? 1
            : 0;
      changed = addToSketch(sketch, id) || changed;
    }
    if (changed) this.sql.exec('INSERT OR REPLACE INTO visitor_sketches VALUES (?, ?)', hour, sketch.buffer);
  }

  private async schedulePrune(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(this.clock() + PRUNE_INTERVAL_MS);
    this.pruneScheduled = true;
  }

  /** Deletes the hours older than the retention window, and comes back while any remain. */
  override async alarm(): Promise<void> {
    const now = this.clock();
    const firstKept = hourOf(now) - retentionDaysOf(this.env) * 24;
    const remaining = this.pruneBefore(firstKept, hourOf(now) - BEACON_ID_HOURS);
    if (remaining) await this.ctx.storage.setAlarm(now + PRUNE_INTERVAL_MS);
    this.pruneScheduled = remaining;
  }

  /** Deletes every row of an hour before `hour`, and beacon ids before `idHour`; true when rows remain. */
  private pruneBefore(hour: number, idHour: number): boolean {
    return this.ctx.storage.transactionSync(() => {
      this.sql.exec('DELETE FROM beacon_ids WHERE hour < ?', idHour);
      let remaining = false;
      for (const table of HOURLY_TABLES) {
        this.sql.exec(`DELETE FROM ${table} WHERE hour < ?`, hour);
        remaining ||= this.sql.exec(`SELECT 1 FROM ${table} LIMIT 1`).toArray().length > 0;
      }
      this.keysTaken.clear();
      return remaining;
    });
  }

  /** Beacons accepted in the hours [fromHour, toHour]. */
  acceptedBetween(fromHour: number, toHour: number): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT COALESCE(SUM(beacons), 0) AS n FROM accepted_hours WHERE hour BETWEEN ? AND ?',
        fromHour,
        toHour,
      )
      .one().n;
  }

  /** Beacons refused by the hourly quota in the hours [fromHour, toHour] (answered 2xx at the edge, counted nowhere else). */
  refusedBetween(fromHour: number, toHour: number): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT COALESCE(SUM(beacons), 0) AS n FROM refused_hours WHERE hour BETWEEN ? AND ?',
        fromHour,
        toHour,
      )
      .one().n;
  }

  /** What the dashboard shows for the hours [fromHour, toHour]: read from the hourly counts only. */
  summary(fromHour: number, toHour: number): StoredSummary {
    const range = [fromHour, toHour] as const;
    const traffic = this.sql
      .exec<{ hour: number; views: number; exact: number; registers: ArrayBuffer | null }>(
        `SELECT p.hour AS hour, p.views AS views, (SELECT COUNT(*) FROM visitor_hours v WHERE v.hour = p.hour) AS exact, s.registers AS registers
         FROM (SELECT hour, SUM(views) AS views FROM page_hours WHERE hour BETWEEN ? AND ? GROUP BY hour) p
         LEFT JOIN visitor_sketches s ON s.hour = p.hour ORDER BY p.hour`,
        ...range,
      )
      .toArray()
      .map(({ hour, views, exact, registers }) => ({ hour, views, visitors: visitorsOf(exact, registers) }));
    const topPages = this.sql
      .exec<{ path: string; views: number }>(
        'SELECT path, SUM(views) AS views FROM page_hours WHERE hour BETWEEN ? AND ? GROUP BY path ORDER BY views DESC, path LIMIT ?',
        ...range,
        TOP,
      )
      .toArray();
    const topProducts = this.sql
      .exec<{ id: string; views: number; adds: number }>(
        'SELECT item_id AS id, SUM(views) AS views, SUM(adds) AS adds FROM item_hours WHERE hour BETWEEN ? AND ? GROUP BY item_id ORDER BY adds + views DESC, item_id LIMIT ?',
        ...range,
        TOP,
      )
      .toArray();
    const eventCount = (event: string) =>
      this.sql
        .exec<{ n: number }>(
          'SELECT COALESCE(SUM(count), 0) AS n FROM event_hours WHERE event = ? AND hour BETWEEN ? AND ?',
          event,
          ...range,
        )
        .one().n;
    const funnel = FUNNEL_STEPS.map((step) => ({ ...step, count: eventCount(step.event) }));
    return {
      fromHour,
      toHour,
      traffic,
      topPages,
      topProducts,
      funnel,
      vitals: this.vitalsOf(
        topPages.map((p) => p.path),
        range,
      ),
      accepted: this.acceptedBetween(...range),
      refused: this.refusedBetween(...range),
    };
  }

  private vitalsOf(paths: readonly string[], range: readonly [number, number]): StoredSummary['vitals'] {
    const result: StoredSummary['vitals'] = [];
    for (const path of paths) {
      const rows = this.sql
        .exec<{ metric: VitalMetric; bucket: number; count: number }>(
          'SELECT metric, bucket, SUM(count) AS count FROM vital_hours WHERE path = ? AND hour BETWEEN ? AND ? GROUP BY metric, bucket',
          path,
          ...range,
        )
        .toArray();
      const byMetric = new Map<VitalMetric, typeof rows>();
      for (const row of rows) byMetric.set(row.metric, [...(byMetric.get(row.metric) ?? []), row]);
      for (const [metric, histogram] of byMetric) {
        const p75 = percentileOf(metric, histogram, 0.75);
        if (p75 !== null)
          result.push({ path, metric, p75, samples: histogram.reduce((sum, row) => sum + row.count, 0) });
      }
    }
    return result;
  }
}

/** An hour's visitors: exact while the hour kept every id, else the sketch's estimate. */
function visitorsOf(exact: number, registers: ArrayBuffer | null): number {
  if (exact < EXACT_VISITORS_PER_HOUR || registers === null) return exact;
  return Math.max(exact, sketchEstimate(new Uint8Array(registers)));
}

/**
 * A batch's accepted updates summed per row (hour and key, in the order keys first appear, so the
 * hour's key cap takes the same keys as one update at a time would).
 */
class BatchCounts {
  readonly events = new Map<string, { hour: number; key: string; n: number }>();
  readonly pages = new Map<string, { hour: number; key: string; n: number }>();
  readonly products = new Map<string, { hour: number; key: string; views: number; adds: number }>();
  readonly vitals = new Map<string, { hour: number; key: string; metric: VitalMetric; bucket: number; n: number }>();
  readonly visitors = new Map<number, Set<string>>();

  add(u: BeaconUpdate): void {
    const { hour } = u;
    count(this.events, `${hour}\u0000${u.event}`, () => ({ hour, key: u.event, n: 0 })).n += 1;
    if (u.pageView) count(this.pages, `${hour}\u0000${u.path}`, () => ({ hour, key: u.path, n: 0 })).n += 1;
    if (u.product !== null) {
      const { id, views, adds } = u.product;
      const product = count(this.products, `${hour}\u0000${id}`, () => ({ hour, key: id, views: 0, adds: 0 }));
      product.views += views;
      product.adds += adds;
    }
    for (const { metric, bucket } of u.vitals) {
      count(this.vitals, `${hour}\u0000${u.path}\u0000${metric}\u0000${bucket}`, () => ({
        hour,
        key: u.path,
        metric,
        bucket,
        n: 0,
      })).n += 1;
    }
    if (u.visitorId !== null) {
      let ids = this.visitors.get(hour);
      if (ids === undefined) this.visitors.set(hour, (ids = new Set()));
      ids.add(u.visitorId);
    }
  }
}

function count<T>(rows: Map<string, T>, key: string, make: () => T): T {
  let row = rows.get(key);
  if (row === undefined) rows.set(key, (row = make()));
  return row;
}
