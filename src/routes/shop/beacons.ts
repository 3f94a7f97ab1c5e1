/**
 * Beacon ingestion (spec engine-analytics-editor §7): census hits and widget calls, the older
 * tracker's RecordEvent, the newer tracker's events, and performance records. Each body is
 * size-capped and validated (400 with the reason); a beacon the rules do not record gets 204;
 * a recorded one is answered 200 (202 for the newer tracker) at once, and sent to the beacon queue after the
 * answer, which delivers it to the website's store. Visitors and websites over their limits get 429 here, at the edge. Four areas, each at its prefix in src/api/areas.ts.
 */
import type { Hono, Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { api, type Route } from '../../api';
import { areas } from '../../api/areas';
import type { BeaconAccepted } from '../../api/beacon-routes';
import { beaconUpdate, hourOf, vitalsOf, type BeaconUpdate, type ProductCount } from '../../beacon/aggregate';
import { writeToAnalyticsEngine } from '../../beacon/analytics-engine';
import { queueBeacon, type ItemPathCandidate, type QueuedBeacon } from '../../durable/beacon-delivery';
import {
  ANALYTICS_ID_COOKIE,
  CONSENT_COOKIE,
  COOKIE_MAX_AGE,
  formatVisitorRecord,
  parseSessionTimestamp,
  parseVisitorRecord,
  SESSION_COOKIE,
  TRACKING_COOKIES,
  trackingCookie,
  trackingCookiesAllowed,
  VISITOR_COOKIE,
  visitAt,
} from '../../beacon/cookies';
import { pathOf, shouldRecord, type BeaconContext } from '../../beacon/eligibility';
import { readForm } from '../../beacon/form';
import { countedPath, pagePath } from '../../beacon/page-paths';
import {
  buttonForm,
  clankerEvent,
  EVENT_SCHEMAS,
  formRenderForm,
  overlayForm,
  performanceRecords,
  quickViewForm,
  RECORD_EVENTS,
  recordEventForm,
  recordHitForm,
  type EventSchemaName,
} from '../../beacon/schemas';
import { MAX_COUNTED_QUANTITY } from '../../beacon/store-limits';
import { inProductCollection } from '../../commerce/product';
import type { Site } from '../../site/model/schema';
import { itemAtVersion } from '../../site/published/item-at-version';
import { itemPathOf } from '../../site/model/paths';
import { sameToken } from '../../ids';
import { answer, pathIn } from '../shared/contract';
import { CRUMB_FAIL_MESSAGE, currentCrumb, randomToken } from '../shared/csrf';
import { readText, validate } from '../../http/body';
import { apiError, isDevelopment, readJson, siteVersion, type AppEnv, storeOf, withSite } from '../shared/http';
import { merchantRolesOf } from '../console/merchant-session';
import { overLimit, rateLimit } from '../shared/rate-limit';
import { guardedArea } from '../shared/guarded-area';

/** Form-encoded census and event bodies. */
const MAX_FORM_BYTES = 16 * 1024;
/** A performance batch: up to 100 records. */
const MAX_PERFORMANCE_BYTES = 128 * 1024;
/** Beacons one website may store per hour, counted exactly by its store. */
export const HOURLY_QUOTA = 3_600_000;
export const NOT_THIS_WEBSITE = 'not this website';
export const UNKNOWN_SCHEMA = 'Unknown event schema';
const ANALYTICS_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A beacon area: every call behind the visitor limit. */
function beaconArea(): Hono<AppEnv> {
  return guardedArea(rateLimit((env) => env.BEACON_VISITOR_LIMITER, 'beacons'));
}

/** Census hits and widget calls, at `areas.census`. */
export const censusBeacons = beaconArea();
/** The older tracker's RecordEvent, at `areas.events`. */
export const eventBeacons = beaconArea();
/** The newer tracker's events, at `areas.clanker`. */
export const clankerBeacons = beaconArea();
/** Performance records, at `areas.performance`. */
export const performanceBeacons = beaconArea();

/**
 * Answers `route`'s `{ ok: true }` with `status` and sends one beacon's updates to the beacon queue after
 * the answer (`queueBeacon`, src/durable/beacon-delivery.ts: tried again, then logged), each under the page of
 * the site it counts for: the website's store gets it from the queue's consumer, so the request waits for
 * no round trip, to Queues or to a per-website object. An item-shaped path is sent as a candidate the consumer checks against the
 * site's content; the hourly quota is the store's, counted as it stores (docs/analytics.md).
 */
async function store(
  c: Context<AppEnv>,
  route: Route<BeaconAccepted>,
  beaconUpdates: readonly BeaconUpdate[],
  status: 200 | 202 = 200,
): Promise<Response> {
  if (beaconUpdates.length === 0) return c.body(null, 204);
  const site = c.var.site;
  const itemPaths = itemPathCandidates(
    site,
    beaconUpdates.map((update) => update.path),
  );
  const candidates = new Set(itemPaths.map((candidate) => candidate.path));
  const updates = beaconUpdates.map((update) => ({ ...update, path: countedPath(site, update.path, candidates) }));
  const websiteId = site.website.id;
  const { success } = await c.env.BEACON_WEBSITE_LIMITER.limit({ key: `beacons:${websiteId}` });
  if (!success) overLimit();
  const beacon: QueuedBeacon = {
    websiteId,
    hourlyQuota: HOURLY_QUOTA,
    entry: { id: crypto.randomUUID(), hour: hourOf(Date.now()), updates },
    ...(itemPaths.length === 0 ? {} : { itemPaths }),
  };
  c.executionCtx.waitUntil(queueBeacon(c.env.BEACON_QUEUE, beacon));
  writeToAnalyticsEngine(c.env, websiteId, updates);
  return answer(c, route, { ok: true }, status);
}

type BeaconPage = Omit<BeaconContext, 'merchantRoles' | 'trackingEnabled'>;

/**
 * The recording rules for this request's beacons. The merchant session is looked up once here, not
 * per record: a batch of 100 records with a made-up MerchantSession cookie costs one lookup.
 */
async function recordingRules(c: Context<AppEnv>): Promise<(page: BeaconPage) => boolean> {
  const trackingEnabled = c.var.site.websiteSettings.analytics.tracking;
  const merchantRoles = trackingEnabled ? await merchantRolesOf(c) : null;
  return (page) => shouldRecord({ ...page, merchantRoles, trackingEnabled });
}

async function recordable(c: Context<AppEnv>, page: BeaconPage): Promise<boolean> {
  return (await recordingRules(c))(page);
}

/** The paths among `paths` shaped like one of the site's item pages, for the queue's consumer to check against its content. */
function itemPathCandidates(site: Site, paths: readonly string[]): ItemPathCandidate[] {
  return paths.flatMap((path) => {
    const page = pagePath(path);
    const named = itemPathOf(site, page);
    return named === null ? [] : [{ ...named, path: page }];
  });
}

/** A product's counts by its catalog id (titles are the catalog's); null for an item that is not one of the site's products. */
async function catalogProduct(
  c: Context<AppEnv>,
  itemId: string | undefined,
  counts: { views: number; adds: number },
): Promise<ProductCount | null> {
  const site = c.var.site;
  const item =
    itemId === undefined
      ? undefined
      : await itemAtVersion(storeOf(c).objects.content, site.website.id, await siteVersion(c), itemId);
  return item === undefined || !inProductCollection(item, site.collections) ? null : { id: item.id, ...counts };
}

/** The visitor id of the `ss_cvr` cookie, when it is well formed. */
function visitorIdOf(c: Context<AppEnv>): string | null {
  return parseVisitorRecord(getCookie(c, VISITOR_COOKIE))?.id ?? null;
}

/** The page a beacon came from when its body does not say: the Referer's path. */
function refererPath(c: Context<AppEnv>): string {
  return pathOf(c.req.header('referer') ?? '/');
}

/**
 * Keeps the visitor cookies for a page view and gives the visitor id; under a restrictive policy
 * without consent (or a refusal) clears the tracking cookies instead and gives no id.
 */
function visitorForPageView(c: Context<AppEnv>, bodyRecord: string | undefined): string | null {
  const allowed = trackingCookiesAllowed(
    c.var.site.websiteSettings.analytics.restrictiveCookiePolicy,
    getCookie(c, CONSENT_COOKIE),
  );
  const secure = !isDevelopment(c.env);
  const set = (name: string, value: string, maxAge: number) =>
    c.header('set-cookie', trackingCookie(name, value, maxAge, secure), { append: true });
  if (!allowed) {
    for (const name of TRACKING_COOKIES) if (getCookie(c, name) !== undefined) set(name, '', 0);
    return null;
  }
  const now = Date.now();
  const record = parseVisitorRecord(getCookie(c, VISITOR_COOKIE)) ?? parseVisitorRecord(bodyRecord);
  const { record: visitor } = visitAt(record, parseSessionTimestamp(getCookie(c, SESSION_COOKIE)), now, () =>
    crypto.randomUUID(),
  );
  set(VISITOR_COOKIE, formatVisitorRecord(visitor), COOKIE_MAX_AGE[VISITOR_COOKIE]);
  set(SESSION_COOKIE, String(now), COOKIE_MAX_AGE[SESSION_COOKIE]);
  const analyticsId = getCookie(c, ANALYTICS_ID_COOKIE);
  set(
    ANALYTICS_ID_COOKIE,
    analyticsId !== undefined && ANALYTICS_ID.test(analyticsId) ? analyticsId : randomToken(),
    COOKIE_MAX_AGE[ANALYTICS_ID_COOKIE],
  );
  return visitor.id;
}

censusBeacons.post(pathIn(areas.census, api.recordHit), withSite, async (c) => {
  const site = c.var.site;
  const { data, ss_cvr } = await readForm(c, recordHitForm, MAX_FORM_BYTES);
  if (data.websiteId !== site.website.id) return apiError(400, `data.websiteId: ${NOT_THIS_WEBSITE}`);
  const path = pathOf(data.url);
  if (!(await recordable(c, { path, pageType: data.pageType, isPageView: true }))) return c.body(null, 204);
  const visitorId = visitorForPageView(c, ss_cvr);
  return store(c, api.recordHit, [beaconUpdate({ path, event: 'page_view', visitorId, pageView: true }, Date.now())]);
});

/** The census widget calls: counted by name on the page they came from. */
const CENSUS_CALLS = [
  { name: 'button-click', route: api.censusButtonClick, schema: buttonForm },
  { name: 'button-render', route: api.censusButtonRender, schema: buttonForm },
  { name: 'overlay', route: api.censusOverlay, schema: overlayForm },
  { name: 'form-render', route: api.censusFormRender, schema: formRenderForm },
] as const;

for (const { name, route, schema } of CENSUS_CALLS) {
  censusBeacons.post(pathIn(areas.census, route), withSite, async (c) => {
    const site = c.var.site;
    const body = await readForm(c, schema, MAX_FORM_BYTES);
    if (body.websiteId !== undefined && body.websiteId !== site.website.id)
      return apiError(400, `websiteId: ${NOT_THIS_WEBSITE}`);
    const path = body.url === undefined ? refererPath(c) : pathOf(body.url);
    if (!(await recordable(c, { path, pageType: null, isPageView: false }))) return c.body(null, 204);
    return store(c, route, [beaconUpdate({ path, event: `census:${name}`, visitorId: visitorIdOf(c) }, Date.now())]);
  });
}

censusBeacons.post(pathIn(areas.census, api.censusQuickView), withSite, async (c) => {
  const site = c.var.site;
  const body = await readForm(c, quickViewForm, MAX_FORM_BYTES);
  const itemId = c.req.param('id');
  const item = await itemAtVersion(storeOf(c).objects.content, site.website.id, await siteVersion(c), itemId);
  if (item === undefined || !inProductCollection(item, site.collections)) return apiError(404, 'Unknown item');
  const path = body.url === undefined ? refererPath(c) : pathOf(body.url);
  if (!(await recordable(c, { path, pageType: null, isPageView: false }))) return c.body(null, 204);
  const product = { id: item.id, views: 1, adds: 0 };
  return store(c, api.censusQuickView, [
    beaconUpdate({ path, event: 'census:quick-view', visitorId: visitorIdOf(c), product }, Date.now()),
  ]);
});

function crumbMatches(c: Context<AppEnv>, sent: string): boolean {
  const crumb = currentCrumb(c);
  return crumb !== null && sameToken(crumb, sent);
}

function parseEventData(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

eventBeacons.post(pathIn(areas.events, api.recordEvent), withSite, async (c) => {
  const site = c.var.site;
  const form = await readForm(c, recordEventForm, MAX_FORM_BYTES);
  if (!crumbMatches(c, form.crumb)) return apiError(403, CRUMB_FAIL_MESSAGE, { crumbFail: true });
  const raw = parseEventData(form.data);
  if (raw === undefined) return apiError(400, 'data: not valid JSON');
  const now = Date.now();
  const visitorId = visitorIdOf(c);
  let update: BeaconUpdate;
  switch (form.event) {
    case 'visit_product_page':
    case 'visit_product_listing': {
      const data = validate(RECORD_EVENTS[form.event], raw);
      if (data.websiteId !== site.website.id) return apiError(400, `websiteId: ${NOT_THIS_WEBSITE}`);
      const product =
        form.event === 'visit_product_page' ? await catalogProduct(c, data.itemId, { views: 1, adds: 0 }) : null;
      // A product page visit naming something other than a product (a blog post) is no product page visit.
      if (form.event === 'visit_product_page' && product === null) return c.body(null, 204);
      update = beaconUpdate({ path: pathOf(data.pagePath), event: form.event, visitorId, product }, now);
      break;
    }
    case 'add_to_cart': {
      const data = validate(RECORD_EVENTS.add_to_cart, raw);
      if (data.website_id !== site.website.id) return apiError(400, `website_id: ${NOT_THIS_WEBSITE}`);
      const adds = Math.min(data.product.item_quantity ?? 1, MAX_COUNTED_QUANTITY);
      const product = await catalogProduct(c, data.product.item_id, { views: 0, adds });
      update = beaconUpdate({ path: refererPath(c), event: form.event, visitorId, product }, now);
      break;
    }
    case 'remove_from_cart':
    case 'view_cart':
    case 'related_product_display':
    case 'click_and_add':
    case 'reviews_vitals_anchor_click': {
      const data = validate(RECORD_EVENTS[form.event], raw);
      if (data.website_id !== site.website.id) return apiError(400, `website_id: ${NOT_THIS_WEBSITE}`);
      update = beaconUpdate({ path: refererPath(c), event: form.event, visitorId }, now);
      break;
    }
  }
  if (!(await recordable(c, { path: update.path, pageType: null, isPageView: false }))) return c.body(null, 204);
  return store(c, api.recordEvent, [update]);
});

function eventSchema(name: string) {
  return Object.hasOwn(EVENT_SCHEMAS, name) ? EVENT_SCHEMAS[name as EventSchemaName] : undefined;
}

clankerBeacons.post(pathIn(areas.clanker, api.clankerEvents), withSite, async (c) => {
  const site = c.var.site;
  const { eventSchemaName, eventContent } = await readJson(c, clankerEvent, MAX_FORM_BYTES);
  const schema = eventSchema(eventSchemaName);
  if (schema === undefined) return apiError(400, `${UNKNOWN_SCHEMA}: ${eventSchemaName}`);
  const content = validate(schema, eventContent);
  if (content.context_website_id !== site.website.id) return apiError(400, `context_website_id: ${NOT_THIS_WEBSITE}`);
  const path = pathOf(content.page_path);
  if (!(await recordable(c, { path, pageType: null, isPageView: eventSchemaName === 'page_view' })))
    return c.body(null, 204);
  return store(
    c,
    api.clankerEvents,
    [beaconUpdate({ path, event: `clanker:${eventSchemaName}`, visitorId: visitorIdOf(c) }, Date.now())],
    202,
  );
});

/** Checks event content against a schema without recording it. */
clankerBeacons.post(pathIn(areas.clanker, api.validateEventContent), async (c) => {
  const schema = eventSchema(c.req.param('schemaName'));
  if (schema === undefined) return apiError(404, `${UNKNOWN_SCHEMA}: ${c.req.param('schemaName')}`);
  await readJson(c, schema, MAX_FORM_BYTES);
  return answer(c, api.validateEventContent, { valid: true });
});

performanceBeacons.post(pathIn(areas.performance, api.performanceRecords), withSite, async (c) => {
  const text = await readText(c, MAX_PERFORMANCE_BYTES);
  const parsed = parseEventData(text);
  if (parsed === undefined) return apiError(400, 'Request body is not valid JSON');
  const records = validate(performanceRecords, parsed);
  const now = Date.now();
  const visitorId = visitorIdOf(c);
  const recorded = await recordingRules(c);
  const updates: BeaconUpdate[] = [];
  for (const record of records) {
    const path = pathOf(record.data.path);
    const pageType = record.event === 'page_speed' ? record.data.pageType : null;
    if (!recorded({ path, pageType, isPageView: false })) continue;
    const vitals = record.event === 'page_speed' ? vitalsOf(record.data.metrics) : [];
    updates.push(beaconUpdate({ path, event: `performance:${record.event}`, visitorId, vitals }, now));
  }
  return store(c, api.performanceRecords, updates);
});
