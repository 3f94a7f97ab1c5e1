/**
 * Beacon ingestion in workerd: every endpoint, its schema and size cap, the recording rules, the
 * visitor cookies, and the per-visitor and exact per-website limits. The 10,000-beacon burst runs
 * over loopback HTTP in test/e2e/beacons.test.ts (a call through this pool costs about 30 ms).
 * Accepted beacons reach the store through the beacon queue after their answer: reads wait for
 * `delivered` first.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hourOf, type DashboardSummary } from '../../src/beacon/aggregate';
import type { demoSite } from '../../src/site/seed/demo';
import { HOURLY_QUOTA } from '../../src/routes/shop/beacons';
import { Hono } from 'hono';
import { areas } from '../../src/api/areas';
import { dashboard as dashboardArea } from '../../src/routes/console/dashboard';
import type { AppEnv } from '../../src/routes/shared/http';
import { CRUMB_FAIL_MESSAGE } from '../../src/routes/shared/csrf';
import { ROLES } from '../../src/site/roles';
import { inOneRateWindow } from '../support/rate-window';
import { beaconStoreOf as store, delivered } from './beacons-delivered';
import { merchant } from './checkout-support';
import { demoStoreOnHost } from './demo-on-host';
import { PRODUCTION_VARS, Visitor } from './visitor';

/** The dashboard's figures at their path, without the permission the worker's mount puts them behind. */
const dashboard = new Hono<AppEnv>().route(areas.analytics, dashboardArea);

const TRY_AGAIN = 'Please try again in a few seconds.';
const CRUMB = 'a'.repeat(32);
const PAGE_LOAD_ID = 'V1StGXR8_Z5jdHi6B-myT';
let ips = 0;

type Site = ReturnType<typeof demoSite>;

/** A store on its own host and website id, so each test reads only its own counts. */
const storeOnHost = (name: string, change?: (site: Site) => void) => demoStoreOnHost('beacons', name, change);

interface Send {
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** Each call comes from a new address unless one is given, so per-visitor limits stay out of the way. */
  ip?: string;
}

function post(
  origin: string,
  path: string,
  body: BodyInit,
  { cookies = {}, headers = {}, ip = `10.0.${(ips >> 8) & 255}.${ips++ & 255}` }: Send = {},
): Promise<Response> {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return exports.default.fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': ip, ...(cookie === '' ? {} : { cookie }), ...headers },
    body,
  });
}

const hitForm = (websiteId: string, data: Record<string, unknown> = {}, event = 'view') =>
  new URLSearchParams({
    event,
    data: JSON.stringify({ websiteId, url: 'http://x/shop', pageType: 1, title: 'Shop', ...data }),
  });

const pageSpeed = (path: string, metrics: Record<string, number>, pageType = 50) => ({
  app: 'storefront',
  event: 'page_speed',
  pageLoadId: PAGE_LOAD_ID,
  ts: Date.now(),
  raw: false,
  data: { path, pageType, metrics },
});

/** What the store holds now: for beacons never answered 2xx, which send nothing to the queue. */
async function stored(websiteId: string): Promise<number> {
  const hour = hourOf(Date.now());
  return store(websiteId).acceptedBetween(hour - 1, hour + 1);
}

async function summary(websiteId: string) {
  const hour = hourOf(Date.now());
  return store(websiteId).summary(hour - 24, hour);
}

async function errorOf(res: Response): Promise<string> {
  return ((await res.json()) as { error: string }).error;
}

function setCookies(res: Response): Map<string, string> {
  return new Map(res.headers.getAll('set-cookie').map((line) => [line.slice(0, line.indexOf('=')), line]));
}

describe('RecordHit', () => {
  it('records a page view and gives the visitor ss_cvr (2 years), ss_cvt (30 minutes) and ss_cid (390 days)', async () => {
    const { origin, websiteId } = await storeOnHost('hit');
    const res = await post(origin, '/api/census/RecordHit', hitForm(websiteId));
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.get('ss_cvr')).toMatch(
      /^ss_cvr=[0-9a-f-]{36}%7C(\d+)%7C\1%7C\1%7C1; Max-Age=63072000; Path=\/; SameSite=Lax$/,
    );
    expect(cookies.get('ss_cvt')).toMatch(/^ss_cvt=\d+; Max-Age=1800; Path=\/; SameSite=Lax$/);
    expect(cookies.get('ss_cid')).toMatch(/^ss_cid=[0-9a-f]{32}; Max-Age=33696000; Path=\/; SameSite=Lax$/);
    await delivered(websiteId, 1);
    const result = await summary(websiteId);
    expect(result.topPages).toEqual([{ path: '/shop', views: 1 }]);
    expect(result.traffic).toEqual([{ hour: hourOf(Date.now()), views: 1, visitors: 1 }]);
  });

  it('keeps the visit within a session, starts a new one after it lapses, and counts one visitor', async () => {
    const { origin, websiteId } = await storeOnHost('visits');
    const record = 'abc-123|1000|2000|3000|4';
    const sameSession = await post(origin, '/api/census/RecordHit', hitForm(websiteId), {
      cookies: { ss_cvr: record, ss_cvt: String(Date.now() - 60_000) },
    });
    expect(decodeURIComponent(setCookies(sameSession).get('ss_cvr') ?? '')).toContain(`ss_cvr=${record};`);
    const lapsed = await post(origin, '/api/census/RecordHit', hitForm(websiteId), {
      cookies: { ss_cvr: record, ss_cvt: String(Date.now() - 31 * 60_000) },
    });
    expect(decodeURIComponent(setCookies(lapsed).get('ss_cvr') ?? '')).toMatch(
      /^ss_cvr=abc-123\|1000\|3000\|\d{13}\|5;/,
    );
    await delivered(websiteId, 2);
    const result = await summary(websiteId);
    expect(result.traffic[0]).toMatchObject({ views: 2, visitors: 1 });
  });

  it('treats malformed visitor cookies as absent, never as an error, and takes ss_cvr from the body', async () => {
    const { origin, websiteId } = await storeOnHost('malformed');
    for (const bad of ['x|1|2|3', 'abc|0|1|2|3', 'abc|1|2|3|-4', 'a b|1|2|3|4', '%E0%A4%A']) {
      const res = await post(origin, '/api/census/RecordHit', hitForm(websiteId), {
        cookies: { ss_cvr: bad, ss_cvt: 'soon' },
      });
      expect(res.status).toBe(200);
      expect(decodeURIComponent(setCookies(res).get('ss_cvr') ?? '')).toMatch(
        /^ss_cvr=[0-9a-f-]{36}\|\d+\|\d+\|\d+\|1;/,
      );
    }
    const form = hitForm(websiteId);
    form.set('ss_cvr', 'from-body|1|2|3|7');
    const res = await post(origin, '/api/census/RecordHit', form);
    expect(decodeURIComponent(setCookies(res).get('ss_cvr') ?? '')).toMatch(/^ss_cvr=from-body\|1\|3\|\d+\|8;/);
  });

  it('under a restrictive cookie policy clears the tracking cookies unless ss_cookieAllowed consents', async () => {
    const { origin, websiteId } = await storeOnHost('restrictive', (site) => {
      site.websiteSettings.analytics = { tracking: true, restrictiveCookiePolicy: true };
    });
    const tracking = { ss_cid: 'x', ss_cpvisit: '1', ss_cvisit: '1', ss_cvr: 'abc|1|2|3|4', ss_cvt: '5' };
    const res = await post(origin, '/api/census/RecordHit', hitForm(websiteId), { cookies: tracking });
    expect(res.status).toBe(200);
    const cleared = setCookies(res);
    expect([...cleared.keys()].sort()).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    for (const line of cleared.values()) expect(line).toMatch(/=; Max-Age=0; Path=\/; SameSite=Lax$/);
    const consented = await post(origin, '/api/census/RecordHit', hitForm(websiteId), {
      cookies: { ...tracking, ss_cookieAllowed: '1' },
    });
    // ss_cvt '5' is long past: a new visit of the same visitor.
    expect(setCookies(consented).get('ss_cvr')).toMatch(/^ss_cvr=abc%7C1%7C3%7C\d+%7C5;/);
    // A refusal clears them even where the policy is permissive.
    const permissive = await storeOnHost('permissive');
    const refused = await post(permissive.origin, '/api/census/RecordHit', hitForm(permissive.websiteId), {
      cookies: { ss_cvr: 'abc|1|2|3|4', ss_cookieAllowed: '0' },
    });
    expect(setCookies(refused).get('ss_cvr')).toMatch(/^ss_cvr=; Max-Age=0;/);
    // Page views are still counted, without a visitor.
    await delivered(websiteId, 2);
    expect((await summary(websiteId)).traffic[0]).toMatchObject({ views: 2, visitors: 1 });
  });

  it('rejects bad bodies with the reason: unknown event, bad JSON, missing fields, another website, unknown fields', async () => {
    const { origin, websiteId } = await storeOnHost('hit-bad');
    const cases: Array<[URLSearchParams | string, number, string | RegExp]> = [
      [hitForm(websiteId, {}, 'click'), 400, /^event: /],
      [new URLSearchParams({ event: 'view', data: '{' }), 400, 'data: not valid JSON'],
      [new URLSearchParams({ event: 'view', data: JSON.stringify({ websiteId, url: '/' }) }), 400, /^data\.pageType: /],
      [hitForm('another'), 400, 'data.websiteId: not this website'],
      [hitForm(websiteId, { colour: 'red' }), 400, /Unrecognized key/],
      [new URLSearchParams({ event: 'view' }), 400, /^data: /],
      ['x'.repeat(17 * 1024), 413, 'Request body is larger than 16384 bytes'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(origin, '/api/census/RecordHit', body);
      expect(res.status, String(body).slice(0, 80)).toBe(status);
      expect(await errorOf(res)).toMatch(message);
    }
    expect(await stored(websiteId)).toBe(0);
  });

  it('answers 404 for a host with no store in production', async () => {
    // Development serves the demo store on every host; production knows only the hosts mapped to a store.
    const visitor = new Visitor('http://no-store.beacons.test', { vars: PRODUCTION_VARS });
    const res = await visitor.fetch('/api/census/RecordHit', { method: 'POST', body: hitForm('no-store') });
    expect(res.status).toBe(404);
  });
});

describe('recording rules', () => {
  it('records nothing on /config paths, not-found, lock-screen and access-denied pages, or /search page views (204)', async () => {
    const { origin, websiteId } = await storeOnHost('rules');
    const skipped = [
      { url: '/config', pageType: 2 },
      { url: 'http://x/config/pages', pageType: 2 },
      { url: '/missing', pageType: 100 },
      { url: '/locked', pageType: 103 },
      { url: '/members', pageType: 106 },
      { url: '/search?q=shirt', pageType: 102 },
    ];
    for (const data of skipped) {
      const res = await post(origin, '/api/census/RecordHit', hitForm(websiteId, data));
      expect(res.status, data.url).toBe(204);
      expect(res.headers.getAll('set-cookie')).toEqual([]);
    }
    // /configuration is not the editor; search performance is recorded (only its page views are not).
    expect((await post(origin, '/api/census/RecordHit', hitForm(websiteId, { url: '/configuration' }))).status).toBe(
      200,
    );
    const perf = await post(
      origin,
      '/api/1/performance/records',
      JSON.stringify([pageSpeed('/search', { FCP: 900 }, 102)]),
    );
    expect(perf.status).toBe(200);
    const notFoundPerf = await post(
      origin,
      '/api/1/performance/records',
      JSON.stringify([pageSpeed('/missing', { FCP: 900 }, 100)]),
    );
    expect(notFoundPerf.status).toBe(204);
    const editorEvent = await post(
      origin,
      '/api/census/button-click',
      new URLSearchParams({ buttonId: 'b1', url: '/config/x' }),
    );
    expect(editorEvent.status).toBe(204);
    expect(await delivered(websiteId, 2)).toBe(2);
  });

  it('records nothing when the site turns tracking off', async () => {
    const { origin, websiteId } = await storeOnHost('off', (site) => {
      site.websiteSettings.analytics = { tracking: false, restrictiveCookiePolicy: false };
    });
    expect((await post(origin, '/api/census/RecordHit', hitForm(websiteId))).status).toBe(204);
    expect(
      (await post(origin, '/api/1/performance/records', JSON.stringify([pageSpeed('/shop', { LCP: 1 })]))).status,
    ).toBe(204);
    expect(await stored(websiteId)).toBe(0);
  });
});

describe('census widget calls', () => {
  it('counts button clicks and renders, overlays, form renders and quick views, with their schemas', async () => {
    const { origin, websiteId } = await storeOnHost('census');
    const ok: Array<[string, Record<string, string>]> = [
      ['/api/census/button-click', { buttonId: 'hero', label: 'Shop now', url: '/' }],
      ['/api/census/button-render', { buttonId: 'hero', blockType: '53' }],
      ['/api/census/overlay', { overlayId: 'promo', action: 'open', websiteId }],
      ['/api/census/form-render', { formId: 'contact-form', ss_cvr: 'abc|1|2|3|4' }],
      ['/api/census/RecordQuickView/p-linen-shirt', {}],
    ];
    for (const [path, fields] of ok) {
      const res = await post(origin, path, new URLSearchParams(fields), { headers: { referer: `${origin}/shop` } });
      expect(res.status, path).toBe(200);
    }
    const bad: Array<[string, Record<string, string>, number, string | RegExp]> = [
      ['/api/census/button-click', {}, 400, /^buttonId: /],
      ['/api/census/overlay', { overlayId: 'promo', action: 'dance' }, 400, /^action: /],
      ['/api/census/form-render', { formId: 'x', websiteId: 'another' }, 400, 'websiteId: not this website'],
      ['/api/census/form-render', { formId: 'has space' }, 400, /^formId: /],
      ['/api/census/RecordQuickView/p-unknown', {}, 404, 'Unknown item'],
    ];
    for (const [path, fields, status, message] of bad) {
      const res = await post(origin, path, new URLSearchParams(fields));
      expect(res.status, path).toBe(status);
      expect(await errorOf(res)).toMatch(message);
    }
    expect(await delivered(websiteId, 5)).toBe(5);
    // The store keeps catalog ids only; the dashboard adds the catalog's titles.
    expect((await summary(websiteId)).topProducts).toEqual([{ id: 'p-linen-shirt', views: 1, adds: 0 }]);
  });
});

describe('RecordEvent', () => {
  const product = {
    item_id: 'p-linen-shirt',
    item_type: 1,
    item_title: 'Linen Shirt',
    item_collection_id: 'c-shop',
    item_collection_name: 'Shop',
    item_price: 68,
    item_quantity: 2,
  };
  const event = (name: string, data: unknown, crumb = CRUMB) =>
    new URLSearchParams({ crumb, event: name, data: JSON.stringify(data) });
  const send = (origin: string, body: URLSearchParams, cookies: Record<string, string> = { crumb: CRUMB }) =>
    post(origin, '/api/events/RecordEvent', body, { cookies, headers: { referer: `${origin}/shop/p/linen-shirt` } });

  it('records the commerce events and feeds the funnel and top products', async () => {
    const { origin, websiteId } = await storeOnHost('events');
    const cart = { website_id: websiteId, cart_id: 'f'.repeat(32), logged_in: false };
    const calls = [
      event('visit_product_page', { pagePath: '/shop/p/linen-shirt', websiteId, itemId: 'p-linen-shirt' }),
      event('visit_product_page', {
        pagePath: '/shop/p/linen-shirt',
        websiteId,
        itemId: 'p-linen-shirt',
        pageHash: 'h',
        website_locale: 'en-US',
      }),
      event('visit_product_listing', { pagePath: '/shop', websiteId }),
      event('add_to_cart', {
        ...cart,
        page_id: 'c-shop',
        product_page: 'pdp',
        product,
        pdp_layout: 'simple',
        end_user_session_id: 's1',
        ss_cvr: 'abc|1|2|3|4',
      }),
      event('view_cart', {
        ...cart,
        items: [{ productType: 1 }],
        number_of_items: 2,
        cart_value: 136,
        currency_code: 'USD',
      }),
      event('remove_from_cart', { ...cart, product }),
    ];
    for (const body of calls) expect((await send(origin, body)).status, body.get('event') ?? '').toBe(200);
    await delivered(websiteId, calls.length);
    const result = await summary(websiteId);
    expect(result.funnel).toEqual([
      { event: 'visit_product_page', label: 'Product page visits', count: 2 },
      { event: 'add_to_cart', label: 'Added to cart', count: 1 },
      { event: 'view_cart', label: 'Viewed cart', count: 1 },
    ]);
    expect(result.topProducts).toEqual([{ id: 'p-linen-shirt', views: 2, adds: 2 }]);
  });

  it("counts products only: a product page visit, an add or a quick view naming a post is no product's", async () => {
    const { origin, websiteId } = await storeOnHost('events-not-product');
    const postId = 'b-opening-the-studio';
    // A visit of a post's page is accepted and recorded as nothing: the funnel's product page visits do not count it.
    expect(
      (
        await send(
          origin,
          event('visit_product_page', { pagePath: '/blog/opening-the-studio', websiteId, itemId: postId }),
        )
      ).status,
    ).toBe(204);
    expect(
      (
        await send(
          origin,
          event('add_to_cart', {
            website_id: websiteId,
            cart_id: null,
            product_page: 'pdp',
            product: { ...product, item_id: postId },
          }),
        )
      ).status,
    ).toBe(200);
    const quickView = await post(origin, `/api/census/RecordQuickView/${postId}`, new URLSearchParams({}), {
      headers: { referer: `${origin}/blog` },
    });
    expect(quickView.status).toBe(404);
    await delivered(websiteId, 1);
    const result = await summary(websiteId);
    expect(result.topProducts).toEqual([]);
    expect(result.funnel.find((step) => step.event === 'visit_product_page')?.count ?? 0).toBe(0);
  });

  it('checks the crumb in the form body against the crumb cookie (403 crumbFail)', async () => {
    const { origin, websiteId } = await storeOnHost('events-crumb');
    const body = event('visit_product_listing', { pagePath: '/shop', websiteId });
    for (const cookies of [{}, { crumb: 'b'.repeat(32) }] as Array<Record<string, string>>) {
      const res = await send(origin, body, cookies);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ crumbFail: true, error: CRUMB_FAIL_MESSAGE });
    }
    expect(await stored(websiteId)).toBe(0);
  });

  it('rejects unknown events and bad data with the reason', async () => {
    const { origin, websiteId } = await storeOnHost('events-bad');
    const cart = { website_id: websiteId, cart_id: null };
    const cases: Array<[URLSearchParams, string | RegExp]> = [
      [event('purchase', {}), /^event: /],
      [new URLSearchParams({ crumb: CRUMB, event: 'view_cart', data: 'nope' }), 'data: not valid JSON'],
      [event('add_to_cart', { ...cart, page_id: 'p', product_page: 'home', product }), /^product_page: /],
      [
        event('add_to_cart', {
          ...cart,
          page_id: 'p',
          product_page: 'plp',
          product: { ...product, item_quantity: 10000 },
        }),
        /^product\.item_quantity: /,
      ],
      [
        event('add_to_cart', { ...cart, page_id: 'p', product_page: 'plp', product: { ...product, item_type: 9 } }),
        /^product\.item_type: /,
      ],
      [
        event('view_cart', { ...cart, items: [], number_of_items: 0, cart_value: 0, currency_code: 'usd' }),
        /^currency_code: must be a currency code/,
      ],
      [event('remove_from_cart', { ...cart, website_id: 'another', product }), 'website_id: not this website'],
      [event('visit_product_listing', { websiteId }), /^pagePath: /],
    ];
    for (const [body, message] of cases) {
      const res = await send(origin, body);
      expect(res.status, body.toString().slice(0, 80)).toBe(400);
      expect(await errorOf(res)).toMatch(message);
    }
  });
});

describe('the newer tracker', () => {
  const content = (websiteId: string, extra: Record<string, unknown> = {}) => ({
    context_website_id: websiteId,
    page_path: '/shop',
    event_occurrence_timestamp: Date.now(),
    browser_language: 'en',
    source_environment: 'prod',
    ...extra,
  });

  it('answers 202 for a known schema and stores it; frontend errors keep at most 5000 stack characters', async () => {
    const { origin, websiteId } = await storeOnHost('clanker');
    const json = { 'content-type': 'application/json' };
    const ok = [
      { eventSchemaName: 'page_view', eventContent: content(websiteId) },
      {
        eventSchemaName: 'interface_click',
        eventContent: content(websiteId, { object_identifier: 'cart-page-product-form-open' }),
      },
      {
        eventSchemaName: 'frontend_error',
        eventContent: content(websiteId, {
          error_message: 'x is undefined',
          error_stack: 's'.repeat(5000),
          error_kind: 'error',
        }),
      },
    ];
    for (const body of ok)
      expect((await post(origin, '/api/v1/clanker/events', JSON.stringify(body), { headers: json })).status).toBe(202);
    const bad: Array<[unknown, string | RegExp]> = [
      [{ eventSchemaName: 'nope', eventContent: {} }, 'Unknown event schema: nope'],
      [
        {
          eventSchemaName: 'frontend_error',
          eventContent: content(websiteId, { error_message: 'x', error_stack: 's'.repeat(5001), error_kind: 'error' }),
        },
        /^error_stack: /,
      ],
      [{ eventSchemaName: 'interface_click', eventContent: content(websiteId) }, /^object_identifier: /],
      [{ eventSchemaName: 'page_view', eventContent: content('another') }, 'context_website_id: not this website'],
      [{ eventSchemaName: 'page_view' }, /^eventContent: /],
    ];
    for (const [body, message] of bad) {
      const res = await post(origin, '/api/v1/clanker/events', JSON.stringify(body), { headers: json });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(message);
    }
    expect(await delivered(websiteId, 3)).toBe(3);
  });

  it('validates event content against a schema without storing it', async () => {
    const { origin, websiteId } = await storeOnHost('validate');
    const ok = await post(
      origin,
      '/api/v1/clanker/validate-event-content/page_view',
      JSON.stringify(content(websiteId)),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ valid: true });
    const bad = await post(
      origin,
      '/api/v1/clanker/validate-event-content/page_view',
      JSON.stringify(content(websiteId, { source_environment: 'moon' })),
    );
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatch(/^source_environment: /);
    const unknown = await post(origin, '/api/v1/clanker/validate-event-content/toString', '{}');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe('Unknown event schema: toString');
    expect(await stored(websiteId)).toBe(0);
  });
});

describe('performance records', () => {
  it('stores a batch as one beacon and gives the 75th percentile per page and metric', async () => {
    const { origin, websiteId } = await storeOnHost('perf');
    const lcps = [1000, 1200, 1400, 1600, 2000, 2400, 3000, 5000];
    const batch = [
      ...lcps.map((LCP) => pageSpeed('/shop/p/linen-shirt', { LCP })),
      pageSpeed('/shop/p/linen-shirt', { CLS: 0.12, FID: 20, INP: 180, FCP: 900, TTFB: 120 }),
      {
        app: 'storefront',
        event: 'image',
        pageLoadId: PAGE_LOAD_ID,
        ts: Date.now(),
        raw: true,
        data: { path: '/shop', images: [{ url: '/images/a.svg', visible: true, loadMs: 30, width: 400, height: 300 }] },
      },
      {
        app: 'storefront',
        event: 'user',
        pageLoadId: PAGE_LOAD_ID,
        ts: Date.now(),
        raw: false,
        data: { path: '/shop', connectionType: '4g', hardwareConcurrency: 8 },
      },
      {
        app: 'storefront',
        event: 'a11y',
        pageLoadId: PAGE_LOAD_ID,
        ts: Date.now(),
        raw: false,
        data: { path: '/shop', reducedMotion: true, contrast: 'more', forcedColors: false, colorScheme: 'dark' },
      },
    ];
    // sendBeacon sends text/plain.
    const res = await post(origin, '/api/1/performance/records', JSON.stringify(batch), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status).toBe(200);
    expect(await delivered(websiteId, 1)).toBe(1);
    // A page must have views to be listed; one hit for it.
    await post(origin, '/api/census/RecordHit', hitForm(websiteId, { url: '/shop/p/linen-shirt', pageType: 50 }));
    await delivered(websiteId, 2);
    const vitals = (await summary(websiteId)).vitals.filter((v) => v.path === '/shop/p/linen-shirt');
    const lcp = vitals.find((v) => v.metric === 'LCP');
    expect(lcp?.samples).toBe(8);
    // The 6th of 8 values (2400 ms), read from 5% buckets.
    expect(lcp?.p75).toBeGreaterThanOrEqual(2400);
    expect(lcp?.p75).toBeLessThan(2400 * 1.05);
    expect(vitals.find((v) => v.metric === 'CLS')?.p75).toBeCloseTo(0.12, 2);
    expect(vitals.map((v) => v.metric).sort()).toEqual(['CLS', 'FCP', 'FID', 'INP', 'LCP', 'TTFB']);
  });

  it('rejects bad batches with the reason', async () => {
    const { origin } = await storeOnHost('perf-bad');
    const record = pageSpeed('/shop', { LCP: 1 });
    const cases: Array<[string, number, string | RegExp]> = [
      ['[', 400, 'Request body is not valid JSON'],
      ['[]', 400, /at least 1|>=1/],
      [JSON.stringify(Array.from({ length: 101 }, () => record)), 400, /at most 100|<=100/],
      [JSON.stringify([{ ...record, pageLoadId: 'short' }]), 400, '0.pageLoadId: must be 21 URL-safe characters'],
      [JSON.stringify([{ ...record, event: 'paint' }]), 400, /^0\.event: /],
      [JSON.stringify([{ ...record, data: { ...record.data, metrics: { XYZ: 1 } } }]), 400, /^0\.data\.metrics/],
      [
        JSON.stringify([{ ...record, data: { ...record.data, interactions: Array(11).fill(1) } }]),
        400,
        /^0\.data\.interactions: /,
      ],
      [JSON.stringify([record]).padEnd(129 * 1024, ' '), 413, 'Request body is larger than 131072 bytes'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(origin, '/api/1/performance/records', body);
      expect(res.status, body.slice(0, 60)).toBe(status);
      expect(await errorOf(res)).toMatch(message);
    }
  });
});

describe('limits', () => {
  // 600 limiter calls (twice if a minute ends among them): slow on a loaded machine.
  it('answers 429 past 600 beacons a minute from one visitor', { timeout: 180_000 }, async () => {
    const { origin, websiteId, last, over } = await inOneRateWindow(async (attempt) => {
      const { origin, websiteId } = await storeOnHost(`visitor-limit-${attempt}`);
      const ip = `192.0.2.${77 + attempt}`;
      // Use up the visitor's 600 directly (a call through this pool is slow), under the key the route uses.
      for (let i = 0; i < 599; i++)
        expect((await env.BEACON_VISITOR_LIMITER.limit({ key: `beacons:${ip}` })).success).toBe(true);
      const last = await post(origin, '/api/census/RecordHit', hitForm(websiteId), { ip });
      const over = await post(origin, '/api/census/RecordHit', hitForm(websiteId), { ip });
      return { origin, websiteId, last, over };
    });
    expect(last.status).toBe(200);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('10');
    expect(await over.json()).toEqual({ error: TRY_AGAIN });
    // Another visitor is not affected, and nothing past the limit was stored.
    expect((await post(origin, '/api/census/RecordHit', hitForm(websiteId))).status).toBe(200);
    expect(await delivered(websiteId, 2)).toBe(2);
  });

  it('counts a beacon past the exact hourly quota as refused, not stored (answered at the edge before the store counts)', {
    timeout: 120_000,
  }, async () => {
    const { origin, websiteId } = await storeOnHost('quota');
    expect((await post(origin, '/api/census/RecordHit', hitForm(websiteId))).status).toBe(200);
    await delivered(websiteId, 1);
    await runInDurableObject(store(websiteId), (_instance, state) => {
      state.storage.sql.exec('UPDATE accepted_hours SET beacons = ?', HOURLY_QUOTA - 1);
    });
    expect((await post(origin, '/api/census/RecordHit', hitForm(websiteId))).status).toBe(200);
    expect((await post(origin, '/api/census/RecordHit', hitForm(websiteId))).status).toBe(200);
    expect(await delivered(websiteId, HOURLY_QUOTA + 1)).toBe(HOURLY_QUOTA);
    const result = await summary(websiteId);
    expect(result.topPages).toEqual([{ path: '/shop', views: 2 }]);
    expect(result.refused).toBe(1);
    // The console's analytics section says so under its figures: its answer carries the count, for a viewer too.
    const viewer = await merchant(origin, websiteId, ROLES.viewer);
    const answer = await viewer.json<{ summary: DashboardSummary }>('GET', '/api/console/analytics?days=1');
    expect(answer.status).toBe(200);
    expect(answer.body.summary).toMatchObject({ accepted: HOURLY_QUOTA, refused: 1 });
  });
});

describe('merchant dashboard', () => {
  it('sums traffic, top pages and products, the funnel and vitals p75 from the aggregates', async () => {
    // The catalog's title is given, never the one the beacon sends.
    const { origin, websiteId } = await storeOnHost('dash', (site) => {
      const board = site.items.find((item) => item.id === 'p-oak-board');
      if (board !== undefined) board.title = 'Oak <Board>';
    });
    for (const url of ['/shop', '/shop', '/shop/p/linen-shirt'])
      await post(origin, '/api/census/RecordHit', hitForm(websiteId, { url }));
    const add = {
      website_id: websiteId,
      cart_id: null,
      page_id: 'c',
      product_page: 'plp',
      product: {
        item_id: 'p-oak-board',
        item_type: 1,
        item_title: '<b>Scam</b>',
        item_collection_id: 'c',
        item_collection_name: 'Shop',
      },
    };
    await post(
      origin,
      '/api/events/RecordEvent',
      new URLSearchParams({ crumb: CRUMB, event: 'add_to_cart', data: JSON.stringify(add) }),
      { cookies: { crumb: CRUMB } },
    );
    await post(origin, '/api/1/performance/records', JSON.stringify([pageSpeed('/shop', { LCP: 5000, FCP: 1000 })]));
    await delivered(websiteId, 5);

    const json = await dashboard.request(`${origin}/api/census/summary?days=1`, {}, env);
    expect(json.status).toBe(200);
    const figures = (await json.json()) as DashboardSummary;
    expect(figures.topPages).toEqual([
      { path: '/shop', views: 2 },
      { path: '/shop/p/linen-shirt', views: 1 },
    ]);
    expect(figures.traffic).toEqual([{ hour: hourOf(Date.now()), views: 3, visitors: 3 }]);
    expect(figures.funnel.map((step) => step.count)).toEqual([0, 1, 0]);
    expect(figures.accepted).toBe(5);
    expect(figures.topProducts).toEqual([{ id: 'p-oak-board', title: 'Oak <Board>', views: 0, adds: 1 }]);
    expect(figures.vitals.map((v) => `${v.path} ${v.metric}`)).toEqual(
      expect.arrayContaining(['/shop LCP', '/shop FCP']),
    );
  });

  it('refuses a bad range with 400', async () => {
    for (const days of ['0', '91', 'week']) {
      const res = await dashboard.request(`/api/census/summary?days=${days}`, {}, env);
      expect(res.status).toBe(400);
    }
  });
});
