/**
 * The beacon store of one website (SQLite): every accepted beacon is added to counts per hour and
 * page in one synchronous transaction before the call returns, so a beacon answered 2xx is never
 * lost; concurrent calls' writes share the object's commits (its output gate holds each answer
 * until its write is durable). The hourly quota is counted here, so it is exact.
 */
import { DurableObject } from 'cloudflare:workers';
import { FUNNEL_STEPS, type BeaconUpdate, type DashboardSummary } from '../beacon/aggregate';
import { percentileOf, type VitalMetric } from '../beacon/vitals';

const TOP = 10;

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS accepted_hours (hour INTEGER PRIMARY KEY, beacons INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS event_hours (hour INTEGER NOT NULL, event TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (hour, event))',
  'CREATE TABLE IF NOT EXISTS page_hours (hour INTEGER NOT NULL, path TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (hour, path))',
  'CREATE TABLE IF NOT EXISTS visitor_hours (hour INTEGER NOT NULL, visitor TEXT NOT NULL, PRIMARY KEY (hour, visitor))',
  'CREATE TABLE IF NOT EXISTS product_hours (hour INTEGER NOT NULL, item_id TEXT NOT NULL, title TEXT NOT NULL, views INTEGER NOT NULL, adds INTEGER NOT NULL, PRIMARY KEY (hour, item_id))',
  'CREATE TABLE IF NOT EXISTS vital_hours (hour INTEGER NOT NULL, path TEXT NOT NULL, metric TEXT NOT NULL, bucket INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (hour, path, metric, bucket))',
];

export type RecordOutcome = { accepted: true } | { accepted: false; reason: 'quota' };

export class BeaconStore extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of SCHEMA) this.sql.exec(statement);
  }

  /** Adds one beacon (its updates, e.g. a batch of performance records) unless the hour's quota is spent. */
  record(updates: readonly BeaconUpdate[], hour: number, hourlyQuota: number): RecordOutcome {
    return this.ctx.storage.transactionSync(() => {
      const used = this.sql.exec<{ beacons: number }>('SELECT beacons FROM accepted_hours WHERE hour = ?', hour).toArray()[0]?.beacons ?? 0;
      if (used >= hourlyQuota) return { accepted: false, reason: 'quota' } as const;
      this.sql.exec('INSERT INTO accepted_hours (hour, beacons) VALUES (?, 1) ON CONFLICT (hour) DO UPDATE SET beacons = beacons + 1', hour);
      for (const update of updates) this.apply(update);
      return { accepted: true } as const;
    });
  }

  private apply(u: BeaconUpdate): void {
    this.sql.exec('INSERT INTO event_hours VALUES (?, ?, 1) ON CONFLICT (hour, event) DO UPDATE SET count = count + 1', u.hour, u.event);
    if (u.pageView) this.sql.exec('INSERT INTO page_hours VALUES (?, ?, 1) ON CONFLICT (hour, path) DO UPDATE SET views = views + 1', u.hour, u.path);
    if (u.visitorId !== null) this.sql.exec('INSERT OR IGNORE INTO visitor_hours VALUES (?, ?)', u.hour, u.visitorId);
    if (u.product !== null) {
      const { id, title, views, adds } = u.product;
      this.sql.exec(
        'INSERT INTO product_hours VALUES (?, ?, ?, ?, ?) ON CONFLICT (hour, item_id) DO UPDATE SET title = excluded.title, views = views + excluded.views, adds = adds + excluded.adds',
        u.hour,
        id,
        title,
        views,
        adds,
      );
    }
    for (const { metric, bucket } of u.vitals) {
      this.sql.exec('INSERT INTO vital_hours VALUES (?, ?, ?, ?, 1) ON CONFLICT (hour, path, metric, bucket) DO UPDATE SET count = count + 1', u.hour, u.path, metric, bucket);
    }
  }

  /** Beacons accepted in the hours [fromHour, toHour]. */
  acceptedBetween(fromHour: number, toHour: number): number {
    return this.sql.exec<{ n: number }>('SELECT COALESCE(SUM(beacons), 0) AS n FROM accepted_hours WHERE hour BETWEEN ? AND ?', fromHour, toHour).one().n;
  }

  /** What the dashboard shows for the hours [fromHour, toHour]: read from the hourly counts only. */
  summary(fromHour: number, toHour: number): DashboardSummary {
    const range = [fromHour, toHour] as const;
    const traffic = this.sql
      .exec<{ hour: number; views: number; visitors: number }>(
        `SELECT p.hour AS hour, p.views AS views, (SELECT COUNT(*) FROM visitor_hours v WHERE v.hour = p.hour) AS visitors
         FROM (SELECT hour, SUM(views) AS views FROM page_hours WHERE hour BETWEEN ? AND ? GROUP BY hour) p ORDER BY hour`,
        ...range,
      )
      .toArray();
    const topPages = this.sql
      .exec<{ path: string; views: number }>('SELECT path, SUM(views) AS views FROM page_hours WHERE hour BETWEEN ? AND ? GROUP BY path ORDER BY views DESC, path LIMIT ?', ...range, TOP)
      .toArray();
    const topProducts = this.sql
      .exec<{ id: string; title: string; views: number; adds: number }>(
        'SELECT item_id AS id, MAX(title) AS title, SUM(views) AS views, SUM(adds) AS adds FROM product_hours WHERE hour BETWEEN ? AND ? GROUP BY item_id ORDER BY adds + views DESC, item_id LIMIT ?',
        ...range,
        TOP,
      )
      .toArray();
    const eventCount = (event: string) =>
      this.sql.exec<{ n: number }>('SELECT COALESCE(SUM(count), 0) AS n FROM event_hours WHERE event = ? AND hour BETWEEN ? AND ?', event, ...range).one().n;
    const funnel = FUNNEL_STEPS.map((step) => ({ ...step, count: eventCount(step.event) }));
    return { fromHour, toHour, traffic, topPages, topProducts, funnel, vitals: this.vitalsOf(topPages.map((p) => p.path), range), accepted: this.acceptedBetween(...range) };
  }

  private vitalsOf(paths: readonly string[], range: readonly [number, number]): DashboardSummary['vitals'] {
    const result: DashboardSummary['vitals'] = [];
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
        if (p75 !== null) result.push({ path, metric, p75, samples: histogram.reduce((sum, row) => sum + row.count, 0) });
      }
    }
    return result;
  }
}
