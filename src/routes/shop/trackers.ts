/**
 * Tracker events the browser reports for third-party integrations: the social-ads pixel's
 * (`POST /api/trackers/pixel`, src/integrations/pixel.ts). Validated and size-capped (400/413),
 * limited per visitor and per website like beacons (429); recorded by the same rules as analytics
 * (the census cookie, anonymous or viewer-only visitors, tracking on), else answered 204 and dropped.
 * A `Purchase` is sent with its paid order's contents, value and currency, never the ones posted (an
 * event naming no paid order is dropped, 204). Accepted events are answered 202 and sent after the
 * answer; a failed send is logged. Mounted at `areas.trackers`, every call behind the beacons' visitor limit.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { api } from '../../api';
import { areas } from '../../api/areas';
import { parseVisitorRecord, VISITOR_COOKIE } from '../../beacon/cookies';
import { pathOf, shouldRecord } from '../../beacon/eligibility';
import { purchaseData } from '../../beacon/pixel-purchase';
import { MAX_PIXEL_BODY_BYTES, type PixelEventBody, pixelEventBody } from '../../beacon/pixel-schema';
import { pixelSender } from '../../integrations/pixel';
import { apiError, readJson, storeOf, type AppEnv, withSite } from '../shared/http';
import { merchantRolesOf } from '../console/merchant-session';
import { overLimit, rateLimit } from '../shared/rate-limit';
import { answer, pathIn } from '../shared/contract';
import { guardedArea } from '../shared/guarded-area';

export const NOT_THIS_STORE = 'event_source_url: not a page of this store';

export const trackers = guardedArea(rateLimit((env) => env.BEACON_VISITOR_LIMITER, 'beacons'));

trackers.post(pathIn(areas.trackers, api.pixelEvent), withSite, async (c) => {
  const site = c.var.site;
  const event = await readJson(c, pixelEventBody, MAX_PIXEL_BODY_BYTES);
  if (new URL(event.event_source_url).host !== new URL(c.req.url).host) return apiError(400, NOT_THIS_STORE);
  const sender = pixelSender(c.env);
  const visitor = parseVisitorRecord(getCookie(c, VISITOR_COOKIE));
  if (sender === null || visitor === null) return c.body(null, 204);
  const trackingEnabled = site.websiteSettings.analytics.tracking;
  const merchantRoles = trackingEnabled ? await merchantRolesOf(c) : null;
  const path = pathOf(event.event_source_url);
  if (!shouldRecord({ merchantRoles, trackingEnabled, path, pageType: null, isPageView: false }))
    return c.body(null, 204);
  const { success } = await c.env.BEACON_WEBSITE_LIMITER.limit({ key: `pixel:${site.website.id}` });
  if (!success) overLimit();
  const sending = event.event_name === 'Purchase' ? await asPaid(c, event) : event;
  if (sending === null) return c.body(null, 204);
  const sent = sender.send(site.website.id, {
    event: sending,
    eventTime: Math.floor(Date.now() / 1000),
    clientIp: c.req.header('cf-connecting-ip') ?? null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    visitorId: visitor.id,
  });
  c.executionCtx.waitUntil(sent.catch((error) => console.warn(`Pixel event ${event.event_name} not sent: ${error}`)));
  return answer(c, api.pixelEvent, { ok: true }, 202);
});

/** A Purchase as its paid order says (its event id is the order's id), or null when no such order was paid. */
async function asPaid(c: Context<AppEnv>, event: PixelEventBody): Promise<PixelEventBody | null> {
  const order = await storeOf(c).objects.orders.order(event.event_id);
  const data = order === null ? null : purchaseData(order);
  return data === null ? null : ({ ...event, custom_data: data } as PixelEventBody);
}
