/**
 * Tracker integrations in workerd (issue 36): the pixel events the browser reports (validated,
 * recorded by the analytics rules, handed to the configured pixel: the local stand-in records them
 * for /dev/trackers, the Conversions API gets its decimal value), and the session-recording answer
 * of getId. The development pages are a 404 in production.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../src/site/roles';
import {
  MAX_RECORDED_EVENTS,
  recordTrackerEvent,
  recordedTrackerEvents,
} from '../../src/integrations/tracker-recorder';
import { conversionsApiEvent, pixelSender } from '../../src/integrations/pixel';
import {
  FULLSTORY_SCRIPT,
  LOCAL_RECORDING_SCRIPT,
  LOCAL_SESSION_RECORDING_ID,
  MOCK_SESSION_RECORDING_ID,
  sessionRecordingAnswer,
} from '../../src/integrations/session-recording';
import { NOT_THIS_STORE } from '../../src/routes/shop/trackers';
import { CANDLE, merchant, placeOrder, readyToPay } from './checkout-support';
import { demoStoreOnHost } from './demo-on-host';
import { PRODUCTION_VARS, Visitor } from './visitor';

const PIXEL = '/api/trackers/pixel';
let ips = 0;

afterEach(() => vi.restoreAllMocks());

/** A visitor of its own store who viewed a page, so has the census cookie; its visitor id. */
async function countedVisitor(name: string, change?: Parameters<typeof demoStoreOnHost>[2]) {
  const { origin, websiteId } = await demoStoreOnHost('trackers', name, change);
  const visitor = new Visitor(origin, { headers: { 'cf-connecting-ip': `10.19.${(ips >> 8) & 255}.${ips++ & 255}` } });
  const hit = await visitor.fetch('/api/census/RecordHit', {
    method: 'POST',
    body: new URLSearchParams({
      event: 'view',
      data: JSON.stringify({ websiteId, url: `${origin}/shop`, pageType: 1, title: 'Shop' }),
    }),
  });
  expect(hit.status).toBe(200);
  const visitorId = decodeURIComponent(visitor.cookies.get('ss_cvr') ?? '').split('|')[0] ?? '';
  expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
  return { origin, websiteId, visitor, visitorId };
}

function report(visitor: Visitor, event: unknown): Promise<Response> {
  return visitor.fetch(PIXEL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
}

async function recorded(visitor: Visitor, visitorId: string) {
  const res = await visitor.fetch(`/dev/trackers?visitor=${visitorId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: { integration: string; sent: Record<string, unknown> }[] }).events;
}

const purchase = (origin: string) => ({
  event_name: 'Purchase',
  event_id: 'order-1',
  event_source_url: `${origin}/commerce/orders/o1?token=abc`,
  custom_data: {
    content_ids: ['p-candle'],
    content_type: 'product',
    contents: [{ id: 'p-candle', quantity: 2 }],
    num_items: 2,
    value_cents: 6900,
    currency: 'USD',
  },
});

describe('pixel events', () => {
  it('records an event of a counted visitor as the Conversions API would get it: decimal value, the visitor in user_data', async () => {
    const { origin, visitor, visitorId } = await countedVisitor('records');
    const { num_items: _, ...cart } = purchase(origin).custom_data;
    const res = await report(visitor, { ...purchase(origin), event_name: 'AddToCart', custom_data: cart });
    expect(res.status).toBe(202);
    const search = {
      event_name: 'Search',
      event_id: 's1',
      event_source_url: `${origin}/search?q=mug`,
      custom_data: { search_string: 'mug' },
    };
    expect((await report(visitor, search)).status).toBe(202);
    const events = await recorded(visitor, visitorId);
    expect(events.map((event) => event.sent.event_name)).toEqual(['AddToCart', 'Search']);
    expect(events[0]).toMatchObject({
      integration: 'pixel',
      sent: {
        event_id: 'order-1',
        action_source: 'website',
        event_source_url: `${origin}/commerce/orders/o1?token=abc`,
        user_data: { external_id: visitorId },
        custom_data: {
          content_ids: ['p-candle'],
          content_type: 'product',
          contents: [{ id: 'p-candle', quantity: 2 }],
          value: 69,
          currency: 'USD',
        },
      },
    });
    expect(events[0]?.sent.custom_data).not.toHaveProperty('value_cents');
  });

  it("sends a Purchase with its paid order's contents, value and currency, whatever the browser posted; none for an order not paid", async () => {
    const { base, websiteId, visitor } = await readyToPay('pixel-purchase.trackers.test', 5, 2);
    const hit = await visitor.fetch('/api/census/RecordHit', {
      method: 'POST',
      body: new URLSearchParams({
        event: 'view',
        data: JSON.stringify({ websiteId, url: `${base}/shop`, pageType: 1, title: 'Shop' }),
      }),
    });
    expect(hit.status).toBe(200);
    const visitorId = decodeURIComponent(visitor.cookies.get('ss_cvr') ?? '').split('|')[0] ?? '';
    const placed = await placeOrder(visitor);
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    expect(order.grandTotalCents).toBeGreaterThan(1);
    const posted = {
      ...purchase(base),
      event_id: order.id,
      custom_data: {
        content_ids: ['p-other'],
        content_type: 'product',
        contents: [{ id: 'p-other', quantity: 9 }],
        num_items: 9,
        value_cents: 1,
        currency: 'EUR',
      },
    };
    expect((await report(visitor, posted)).status).toBe(202);
    // An order id the store never placed is no purchase: dropped.
    expect((await report(visitor, { ...posted, event_id: 'no-such-order' })).status).toBe(204);
    const events = await recorded(visitor, visitorId);
    expect(events).toHaveLength(1);
    expect(events[0]?.sent).toMatchObject({
      event_name: 'Purchase',
      event_id: order.id,
      custom_data: {
        content_ids: [CANDLE.itemId],
        content_type: 'product',
        contents: [{ id: CANDLE.itemId, quantity: 2 }],
        num_items: 2,
        value: order.grandTotalCents / 100,
        currency: order.currencyCode,
      },
    });
  });

  it('refuses a body that is not one of the events, names another store, or is too large', async () => {
    const { origin, visitor, visitorId } = await countedVisitor('refuses');
    const bad = [
      { ...purchase(origin), event_name: 'Subscribe' },
      { ...purchase(origin), custom_data: { ...purchase(origin).custom_data, value_cents: undefined } },
      { ...purchase(origin), extra: 1 },
      { ...purchase(origin), custom_data: { ...purchase(origin).custom_data, value_cents: 12.5 } },
      { event_name: 'Lead', event_id: 'l1', event_source_url: `${origin}/`, custom_data: { content_name: 'other' } },
      { ...purchase(origin), event_source_url: 'javascript:alert(1)' },
    ];
    for (const body of bad) expect((await report(visitor, body)).status, JSON.stringify(body)).toBe(400);
    const elsewhere = await report(visitor, { ...purchase(origin), event_source_url: 'https://elsewhere.example/' });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { error: string }).error).toBe(NOT_THIS_STORE);
    const huge = { ...purchase(origin), event_id: 'x'.repeat(9000) };
    expect((await report(visitor, huge)).status).toBe(413);
    expect(await recorded(visitor, visitorId)).toEqual([]);
  });

  it('drops (204) the events of a visitor the census does not count: no census cookie, tracking off, a merchant signed in', async () => {
    const { origin } = await demoStoreOnHost('trackers', 'uncounted');
    const stranger = new Visitor(origin);
    expect((await report(stranger, purchase(origin))).status).toBe(204);

    const { origin: offOrigin } = await demoStoreOnHost('trackers', 'tracking-off', (site) => {
      site.websiteSettings.analytics = { tracking: false, restrictiveCookiePolicy: false };
    });
    // Tracking off sets no census cookie; one from before it was switched off counts for nothing either.
    const visitorId = crypto.randomUUID();
    const before = new Visitor(offOrigin);
    before.cookies.set('ss_cvr', `${visitorId}%7C1%7C1%7C1%7C1`);
    expect((await report(before, purchase(offOrigin))).status).toBe(204);
    expect(await recorded(before, visitorId)).toEqual([]);

    const { origin: mOrigin, websiteId } = await countedVisitor('merchant');
    const editor = await merchant(mOrigin, websiteId, ROLES.editor);
    editor.cookies.set('ss_cvr', `${visitorId}%7C1%7C1%7C1%7C1`);
    expect((await report(editor, purchase(mOrigin))).status).toBe(204);
  });

  it('sends nothing and lists nothing in production: no pixel configured is a 204, the development pages are 404s', async () => {
    const { origin } = await countedVisitor('production');
    const visitor = new Visitor(origin, { vars: PRODUCTION_VARS, headers: { 'cf-connecting-ip': '198.19.9.9' } });
    visitor.cookies.set('ss_cvr', `${crypto.randomUUID()}%7C1%7C1%7C1%7C1`);
    expect((await report(visitor, purchase(origin))).status).toBe(204);
    expect((await visitor.fetch('/dev/trackers')).status).toBe(404);
    expect((await visitor.fetch(LOCAL_RECORDING_SCRIPT)).status).toBe(404);
    const local = new Visitor(origin, { vars: { ...PRODUCTION_VARS, TRACKER_PROVIDER: 'local' } as Partial<Env> });
    local.cookies.set('ss_cvr', `${crypto.randomUUID()}%7C1%7C1%7C1%7C1`);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await report(local, purchase(origin))).status).toBe(204);
    expect(error).toHaveBeenCalledWith("TRACKER_PROVIDER 'local' sends no pixel events in production");
  });

  it('the Conversions API pixel posts the event with its pixel id and token, wired by configuration alone', async () => {
    expect(pixelSender({ ENVIRONMENT: 'production' })).toBeNull();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(pixelSender({ ENVIRONMENT: 'production', TRACKER_PROVIDER: 'meta', META_PIXEL_ID: '123' })).toBeNull();
    // wrangler.toml's empty pixel id is as missing as no id at all.
    expect(pixelSender({ TRACKER_PROVIDER: 'meta', META_PIXEL_ID: '', META_ACCESS_TOKEN: 'secret' })).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const sender = pixelSender({ TRACKER_PROVIDER: 'meta', META_PIXEL_ID: '123', META_ACCESS_TOKEN: 'secret' });
    const event = {
      event: purchase('https://shop.example') as never,
      eventTime: 1_800_000_000,
      clientIp: '198.51.100.7',
      userAgent: 'Chrome',
      visitorId: 'v1',
    };
    await sender?.send('w1', event);
    const [url, init] = fetched.mock.calls[0] ?? [];
    expect(url).toBe('https://graph.facebook.com/v21.0/123/events');
    expect(JSON.parse(String(init?.body))).toEqual({ data: [conversionsApiEvent(event)], access_token: 'secret' });
    expect(conversionsApiEvent(event).user_data).toEqual({
      external_id: 'v1',
      client_ip_address: '198.51.100.7',
      client_user_agent: 'Chrome',
    });
    fetched.mockResolvedValue(new Response('{}', { status: 500 }));
    await expect(sender?.send('w1', event)).rejects.toThrow('pixel API answered 500');
  });

  it('keeps at most the last MAX_RECORDED_EVENTS events of a website', () => {
    for (let i = 0; i < MAX_RECORDED_EVENTS + 5; i++)
      recordTrackerEvent('trackers-bound', { integration: 'pixel', at: i, sent: {} });
    const events = recordedTrackerEvents('trackers-bound');
    expect(events).toHaveLength(MAX_RECORDED_EVENTS);
    expect(events[0]?.at).toBe(5);
  });
});

describe('session recording: GET /api/commerce/fullstory/getId', () => {
  it('answers the local stand-in in development: the toggle, the sample and its script', async () => {
    const { origin } = await demoStoreOnHost('trackers', 'get-id');
    const res = await new Visitor(origin).fetch('/api/commerce/fullstory/getId');
    expect(await res.json()).toEqual({
      id: LOCAL_SESSION_RECORDING_ID,
      enabled: true,
      samplePercent: 100,
      scriptUrl: LOCAL_RECORDING_SCRIPT,
    });
    const script = await new Visitor(origin).fetch(LOCAL_RECORDING_SCRIPT);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('dataset.sessionRecording');
  });

  it('answers the mock id in production unless FullStory is configured, then its org id and script', async () => {
    const { origin } = await demoStoreOnHost('trackers', 'get-id-production');
    const production = new Visitor(origin, {
      vars: { ...PRODUCTION_VARS, SESSION_RECORDING_PROVIDER: 'local' } as Partial<Env>,
      headers: { 'cf-connecting-ip': '198.19.9.10' },
    });
    expect(await (await production.fetch('/api/commerce/fullstory/getId')).json()).toEqual({
      id: MOCK_SESSION_RECORDING_ID,
    });
    expect(
      sessionRecordingAnswer({
        ENVIRONMENT: 'production',
        FULLSTORY_ORG_ID: 'o-1ABC',
        SESSION_RECORDING_SAMPLE_PERCENT: '15',
      }),
    ).toEqual({ id: 'o-1ABC', enabled: false, samplePercent: 15, scriptUrl: FULLSTORY_SCRIPT });
    expect(sessionRecordingAnswer({ FULLSTORY_ORG_ID: '<script>' })).toEqual({ id: MOCK_SESSION_RECORDING_ID });
  });

  it("allows FullStory's origins in the store page's CSP only with its org id set and recording on", async () => {
    const csp = async (name: string, vars: Partial<Env>) => {
      const { origin } = await demoStoreOnHost('trackers', name);
      const page = await new Visitor(origin, { vars: { ...PRODUCTION_VARS, ...vars } as Partial<Env> }).fetch('/shop');
      expect(page.status).toBe(200);
      return page.headers.get('content-security-policy') ?? '';
    };
    const recorded = await csp('csp-fullstory', { FULLSTORY_ORG_ID: 'o-1ABC', SESSION_RECORDING: 'on' });
    expect(recorded).toMatch(/script-src 'self'[^;]* https:\/\/edge\.fullstory\.com https:\/\/rs\.fullstory\.com;/);
    expect(recorded).toContain("connect-src 'self' https://edge.fullstory.com https://rs.fullstory.com;");
    for (const [name, vars] of [
      ['csp-no-org', { SESSION_RECORDING: 'on' }],
      ['csp-toggle-off', { FULLSTORY_ORG_ID: 'o-1ABC', SESSION_RECORDING: 'off' }],
    ] as const) {
      const plain = await csp(name, vars);
      expect(plain).not.toContain('fullstory');
      expect(plain).toContain("connect-src 'self';");
    }
  });
});
