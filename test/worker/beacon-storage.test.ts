/**
 * The beacon store stays bounded whatever beacons say: made-up paths count under '(other)', keys
 * per hour are capped, titles come from the catalog, quantities are capped, old hours are deleted
 * by the store's alarm, and a beacon batch looks a merchant session up once.
 */
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { beaconUpdate, hourOf, type BeaconUpdate, type DashboardSummary } from '../../src/beacon/aggregate';
import {
  EXACT_VISITORS_PER_HOUR,
  KEYS_PER_HOUR,
  MAX_COUNTED_QUANTITY,
  MAX_KEY_CHARS,
  OTHER_KEY,
  PRUNE_INTERVAL_MS,
} from '../../src/beacon/store-limits';
import { VITAL_METRICS, vitalBucket } from '../../src/beacon/vitals';
import { cookieName } from '../../src/cookies';
import { Hono } from 'hono';
import { performanceBeacons } from '../../src/routes/shop/beacons';
import { type AppEnv, storeContext } from '../../src/routes/shared/http';
import { areas } from '../../src/api/areas';
import { dashboard as dashboardArea } from '../../src/routes/console/dashboard';
import { prng } from '../../scripts/prng';
import { delivered } from './beacons-delivered';
import { demoStoreOnHost } from './demo-on-host';

/** The dashboard's figures at their path, without the permission the worker's mount puts them behind. */
const dashboard = new Hono<AppEnv>().route(areas.analytics, dashboardArea);

const CRUMB = 'c'.repeat(32);
const PAGE_LOAD_ID = 'V1StGXR8_Z5jdHi6B-myT';
const DAY_HOURS = 24;
let ips = 0;

function randomText(next: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += Math.floor(next() * 2 ** 32).toString(36);
  return text.slice(0, length);
}

const storeOnHost = (name: string) => demoStoreOnHost('storage', name);

function post(
  origin: string,
  path: string,
  body: BodyInit,
  cookies: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return exports.default.fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'cf-connecting-ip': `10.9.${(ips >> 8) & 255}.${ips++ & 255}`,
      ...(cookie === '' ? {} : { cookie }),
      ...headers,
    },
    body,
  });
}

function store(websiteId: string) {
  return env.BEACONS.get(env.BEACONS.idFromName(websiteId));
}

async function dashboardSummary(origin: string): Promise<DashboardSummary> {
  const res = await dashboard.request(`${origin}/api/census/summary?days=1`, {}, env);
  expect(res.status).toBe(200);
  return (await res.json()) as DashboardSummary;
}

const speedRecord = (path: string, metrics: Record<string, number>) => ({
  app: 'storefront',
  event: 'page_speed',
  pageLoadId: PAGE_LOAD_ID,
  ts: Date.now(),
  raw: false,
  data: { path, pageType: 50, metrics },
});

/** Rows per table, and the SQLite file's size, of a website's store. */
async function footprint(websiteId: string): Promise<{ rows: Record<string, number>; bytes: number }> {
  return runInDurableObject(store(websiteId), (_instance, state) => {
    const sql = state.storage.sql;
    const tables = sql
      .exec<{ name: string }>(
        // schema_migrations holds one row per schema part, written as the object starts, never by a beacon.
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'schema_migrations'",
      )
      .toArray();
    const rows = Object.fromEntries(
      tables.map(({ name }) => [name, sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${name}`).one().n]),
    );
    return { rows, bytes: sql.databaseSize };
  });
}

describe('what the store keeps', () => {
  it("counts made-up paths under '(other)' and the site's pages by their path", async () => {
    const { origin, websiteId } = await storeOnHost('paths');
    const next = prng(1);
    const hit = (url: string) =>
      new URLSearchParams({ event: 'view', data: JSON.stringify({ websiteId, url, pageType: 1 }) });
    for (const url of [
      '/shop',
      '/shop/',
      'http://x/shop/p/linen-shirt?ref=mail',
      `/${randomText(next, 2000)}`,
      '/shop/p/no-such-shirt',
    ]) {
      expect((await post(origin, '/api/census/RecordHit', hit(url))).status, url.slice(0, 40)).toBe(200);
    }
    const batch = Array.from({ length: 50 }, () => speedRecord(`/${randomText(next, 2000)}`, { LCP: next() * 10_000 }));
    expect((await post(origin, '/api/1/performance/records', JSON.stringify(batch))).status).toBe(200);
    // '/shop/p/no-such-shirt' is shaped like a product page: the queue's consumer asks the content and counts it as '(other)'.
    await delivered(websiteId, 6);
    const summary = await dashboardSummary(origin);
    expect(summary.topPages).toEqual([
      { path: OTHER_KEY, views: 2 },
      { path: '/shop', views: 2 },
      { path: '/shop/p/linen-shirt', views: 1 },
    ]);
    expect(summary.vitals).toEqual([expect.objectContaining({ path: OTHER_KEY, metric: 'LCP', samples: 50 })]);
  });

  it('counts products by catalog id under the catalog title, drops unknown items, and counts at most 10 units an add', async () => {
    const { origin, websiteId } = await storeOnHost('products');
    const add = (itemId: string, quantity: number) =>
      new URLSearchParams({
        crumb: CRUMB,
        event: 'add_to_cart',
        data: JSON.stringify({
          website_id: websiteId,
          cart_id: null,
          product_page: 'pdp',
          product: { item_id: itemId, item_type: 1, item_title: '<b>Scam</b> deal', item_quantity: quantity },
        }),
      });
    for (let i = 0; i < 3; i++)
      expect((await post(origin, '/api/events/RecordEvent', add('p-linen-shirt', 9999), { crumb: CRUMB })).status).toBe(
        200,
      );
    expect((await post(origin, '/api/events/RecordEvent', add('p-made-up', 9999), { crumb: CRUMB })).status).toBe(200);
    await delivered(websiteId, 4);
    const summary = await dashboardSummary(origin);
    expect(summary.topProducts).toEqual([
      { id: 'p-linen-shirt', title: 'Linen Shirt', views: 0, adds: 3 * MAX_COUNTED_QUANTITY },
    ]);
    // The unknown item's add still counts as an add-to-cart event, for no product.
    expect(summary.funnel.find((step) => step.event === 'add_to_cart')?.count).toBe(4);
    // The dashboard (the console's analytics section) shows these titles; the visitor-sent title never reaches it.
    expect(JSON.stringify(summary)).not.toContain('Scam');
  });
});

describe('merchant sessions on beacons', () => {
  it('looks a MerchantSession cookie up once for a batch of 100 records', async () => {
    const { origin, websiteId } = await storeOnHost('merchant-once');
    let lookups = 0;
    // The accounts namespace as the worker sees it, counting session lookups.
    const countingMerchants = {
      idFromName: (name: string) => env.MERCHANTS.idFromName(name),
      get: (id: DurableObjectId) => {
        const accounts = env.MERCHANTS.get(id);
        return {
          session: (token: string) => {
            lookups++;
            return accounts.session(token);
          },
        };
      },
    } as unknown as Env['MERCHANTS'];
    const batch = Array.from({ length: 100 }, (_, i) =>
      speedRecord(i % 2 === 0 ? '/shop' : `/made-up/${i}`, { LCP: 1000 + i }),
    );
    const res = await new Hono<AppEnv>()
      .use('*', storeContext)
      .route('/', performanceBeacons)
      .request(
        `${origin}/records`,
        {
          method: 'POST',
          body: JSON.stringify(batch),
          headers: {
            cookie: `${cookieName('merchantSession', false)}=${'f'.repeat(64)}`,
            'cf-connecting-ip': '10.8.0.1',
          },
        },
        { ...env, MERCHANTS: countingMerchants },
        createExecutionContext(),
      );
    expect(res.status).toBe(200);
    expect(lookups).toBe(1);
    // An unknown session is no merchant: the batch is recorded as a visitor's.
    expect(await delivered(websiteId, 1)).toBe(1);
  });
});

describe('retention', () => {
  const pageView = (hour: number, path = '/shop'): BeaconUpdate => ({
    ...beaconUpdate({ path, event: 'page_view', visitorId: `v-${hour}`, pageView: true }, 0),
    hour,
  });

  it('deletes hours older than 90 days when the alarm runs, and keeps coming back while rows remain', async () => {
    const websiteId = 'storage-retention';
    // The object's clock is pinned to the time the expectations are made from: on the wall clock, the alarm
    // could run in the next hour, so the first hour kept would move one on and delete 'now - 90 days'.
    const at = Date.now();
    await runInDurableObject(store(websiteId), (instance) => {
      instance.clock = () => at;
    });
    const now = hourOf(at);
    const expired = now - 90 * DAY_HOURS - 1;
    const kept = [now - 90 * DAY_HOURS, now - DAY_HOURS, now];
    for (const hour of [expired, ...kept])
      expect(await store(websiteId).record([pageView(hour)], hour, 10)).toEqual({ accepted: true });
    const alarmAt = await runInDurableObject(store(websiteId), (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).toBe(at + PRUNE_INTERVAL_MS);
    expect(await runDurableObjectAlarm(store(websiteId))).toBe(true);
    const hours = await runInDurableObject(store(websiteId), (_instance, state) => {
      const sql = state.storage.sql;
      return {
        accepted: sql
          .exec<{ hour: number }>('SELECT hour FROM accepted_hours ORDER BY hour')
          .toArray()
          .map((r) => r.hour),
        pages: sql
          .exec<{ hour: number }>('SELECT DISTINCT hour FROM page_hours ORDER BY hour')
          .toArray()
          .map((r) => r.hour),
        visitors: sql
          .exec<{ hour: number }>('SELECT DISTINCT hour FROM visitor_sketches ORDER BY hour')
          .toArray()
          .map((r) => r.hour),
        events: sql
          .exec<{ hour: number }>('SELECT DISTINCT hour FROM event_hours ORDER BY hour')
          .toArray()
          .map((r) => r.hour),
      };
    });
    expect(hours).toEqual({ accepted: kept, pages: kept, visitors: kept, events: kept });
    // Rows remain, so the alarm is set again.
    expect(await runInDurableObject(store(websiteId), (_instance, state) => state.storage.getAlarm())).toBe(
      at + PRUNE_INTERVAL_MS,
    );
  });

  it('leaves no alarm once every row has expired', async () => {
    const websiteId = 'storage-retention-empty';
    const expired = hourOf(Date.now()) - 100 * DAY_HOURS;
    await store(websiteId).record([pageView(expired)], expired, 10);
    expect(await runDurableObjectAlarm(store(websiteId))).toBe(true);
    expect((await footprint(websiteId)).rows.accepted_hours).toBe(0);
    expect(await runInDurableObject(store(websiteId), (_instance, state) => state.storage.getAlarm())).toBeNull();
  });
});

/**
 * The bound: whatever is sent, one hour of one website holds at most these rows (caps in
 * src/beacon/store-limits.ts; events are a closed set in the schemas). Vitals past their cap fold
 * into '(other)' with their metric and bucket: 6 metrics × at most 452 buckets.
 */
// The schemas allow values up to 3,600,000; layout shift, scaled finest, has the most buckets.
const VITAL_BUCKETS = vitalBucket('CLS', 3_600_000) + 1;
const MAX_ROWS_PER_HOUR = {
  accepted_hours: 1,
  // Beacons past the hourly quota, counted per hour.
  refused_hours: 1,
  event_hours: KEYS_PER_HOUR.event + 1,
  page_hours: KEYS_PER_HOUR.page + 1,
  item_hours: KEYS_PER_HOUR.product + 1,
  vital_hours: KEYS_PER_HOUR.vital + VITAL_METRICS.length * VITAL_BUCKETS,
  visitor_hours: EXACT_VISITORS_PER_HOUR,
  visitor_sketches: 1,
  // One per beacon delivered through the queue (src/durable/beacon-delivery.ts): this test's 50 HTTP
  // beacons. Bounded by the hourly quota, not a cap; the store keeps them 2 hours (src/durable/beacons.ts).
  beacon_ids: 50,
};
/**
 * The SQLite file for one hour of the worst input: measured 0.9 MB below, with a third of the keys
 * at the 200-character limit; every key at the limit comes to about 1.5 MB.
 */
const MAX_BYTES_PER_HOUR = 2 * 1024 * 1024;

describe('10,000 hostile batches', () => {
  const HTTP_CALLS = 10;
  const BATCHES = 10_000;
  const RECORDS_PER_BATCH = 3;
  const EVENTS = [
    'page_view',
    'census:button-click',
    'census:button-render',
    'census:overlay',
    'census:form-render',
    'census:quick-view',
    'add_to_cart',
    'remove_from_cart',
    'view_cart',
    'visit_product_page',
    'visit_product_listing',
    'clanker:page_view',
    'clanker:interface_click',
    'clanker:frontend_error',
    'performance:page_speed',
    'performance:image',
    'performance:user',
    'performance:a11y',
  ];

  it('leave the store under its bound', { timeout: 600_000 }, async () => {
    const { origin, websiteId } = await storeOnHost('hostile');
    const next = prng(14);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const long = () => `/${randomText(next, 1000)}`;

    // Through HTTP first: every beacon endpoint with random paths, referrers, visitors, items and titles.
    const calls: Array<() => Promise<Response>> = [];
    const answered = (status: number) => (res: Response) => expect(res.status).toBe(status);
    const checks: Array<(res: Response) => void> = [];
    for (let i = 0; i < HTTP_CALLS; i++) {
      const visitor = { ss_cvr: `${randomText(next, 40)}|1|2|3|4`, crumb: CRUMB };
      const referer = { referer: `${origin}${long()}` };
      calls.push(
        () =>
          post(
            origin,
            '/api/census/RecordHit',
            new URLSearchParams({
              event: 'view',
              data: JSON.stringify({
                websiteId,
                url: long(),
                pageType: 50,
                referrer: `https://${randomText(next, 30)}.example/`,
              }),
            }),
            visitor,
          ),
        () =>
          post(
            origin,
            '/api/census/button-click',
            new URLSearchParams({ buttonId: randomText(next, 60), url: long() }),
            visitor,
          ),
        () =>
          post(
            origin,
            '/api/events/RecordEvent',
            new URLSearchParams({
              crumb: CRUMB,
              event: 'add_to_cart',
              data: JSON.stringify({
                website_id: websiteId,
                cart_id: null,
                product_page: 'pdp',
                product: {
                  item_id: randomText(next, 64),
                  item_type: 1,
                  item_title: `<b>${randomText(next, 400)}</b>`,
                  item_quantity: 9999,
                },
              }),
            }),
            visitor,
            referer,
          ),
        () =>
          post(
            origin,
            '/api/events/RecordEvent',
            new URLSearchParams({
              crumb: CRUMB,
              event: 'visit_product_page',
              data: JSON.stringify({ websiteId, pagePath: long(), itemId: randomText(next, 64) }),
            }),
            visitor,
          ),
        () =>
          post(
            origin,
            '/api/v1/clanker/events',
            JSON.stringify({
              eventSchemaName: pick(['page_view', 'interface_click']),
              eventContent: {
                context_website_id: websiteId,
                page_path: long(),
                event_occurrence_timestamp: Date.now(),
                object_identifier: randomText(next, 200),
              },
            }),
            visitor,
          ),
        () =>
          post(
            origin,
            '/api/1/performance/records',
            JSON.stringify(
              Array.from({ length: 100 }, () =>
                speedRecord(long(), { LCP: next() * 3_600_000, CLS: next() * 1000, INP: next() * 3_600_000 }),
              ),
            ),
            visitor,
          ),
      );
      // A product page visit naming no product is answered 204 and stored as nothing.
      checks.push(answered(200), answered(200), answered(200), answered(204), answered(202), answered(200));
    }
    for (let i = 0; i < calls.length; i += 12) {
      const answers = await Promise.all(calls.slice(i, i + 12).map((call) => call()));
      for (const [j, res] of answers.entries()) checks[i + j]?.(res);
    }
    // Five of each six answered 2xx, each one beacon through the queue.
    await delivered(websiteId, HTTP_CALLS * 5);
    // One '(other)' page row an hour (the calls may straddle an hour), and no product.
    const afterHttp = await footprint(websiteId);
    expect(afterHttp.rows.page_hours).toBe(afterHttp.rows.accepted_hours);
    expect(afterHttp.rows.item_hours).toBe(0);
    const summary = await dashboardSummary(origin);
    expect(summary.topPages).toEqual([{ path: OTHER_KEY, views: HTTP_CALLS }]);

    // Then straight to the store, skipping the route's page and catalog checks, so the store's own
    // caps are what holds: raw 2 KB paths, random item ids, random visitors, huge counts, all in one hour.
    const hour = hourOf(Date.now());
    const hostileBatch = (): BeaconUpdate[] =>
      Array.from({ length: RECORDS_PER_BATCH }, () => ({
        hour,
        // Too long to keep, as long as a key may be, and short.
        path: pick([
          `/${randomText(next, 2000)}`,
          `/${randomText(next, MAX_KEY_CHARS - 1)}`,
          `/p/${randomText(next, 8)}`,
        ]),
        event: pick(EVENTS),
        visitorId: randomText(next, 36),
        pageView: next() < 0.5,
        product: { id: randomText(next, 1 + Math.floor(next() * MAX_KEY_CHARS)), views: 1, adds: 100_000 },
        vitals: VITAL_METRICS.map((metric) => ({ metric, bucket: Math.floor(next() * VITAL_BUCKETS) })),
      }));
    // Inside the object: the same record() its RPC runs, without a call's overhead per batch.
    const accepted = await runInDurableObject(store(websiteId), async (instance) => {
      let n = 0;
      for (let sent = 0; sent < BATCHES; sent++)
        if ((await instance.record(hostileBatch(), hour, 3_600_000)).accepted) n++;
      return n;
    });
    expect(accepted).toBe(BATCHES);

    const { rows, bytes } = await footprint(websiteId);
    console.log(
      `after ${HTTP_CALLS * 6} hostile calls and ${BATCHES} hostile batches: ${(bytes / 1024 / 1024).toFixed(2)} MB`,
      rows,
    );
    const hours = rows.accepted_hours ?? 0;
    expect(hours).toBeLessThanOrEqual(2);
    for (const [table, max] of Object.entries(MAX_ROWS_PER_HOUR))
      expect(rows[table], table).toBeLessThanOrEqual(max * hours);
    expect(Object.keys(rows).sort()).toEqual(Object.keys(MAX_ROWS_PER_HOUR).sort());
    expect(bytes).toBeLessThan(MAX_BYTES_PER_HOUR * hours);
    // The visitors are many, but their sketch has a fixed size and still estimates them.
    const traffic = (await dashboardSummary(origin)).traffic.find((t) => t.hour === hour);
    expect(traffic?.visitors).toBeGreaterThan(1000);
  });
});
