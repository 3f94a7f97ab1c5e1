/**
 * The social-ads pixel behind one interface. The browser reports its events to the worker
 * (`POST /api/trackers/pixel`), which hands them here with what only the server knows (the
 * connecting address, the user agent, the visitor id). `TRACKER_PROVIDER` chooses `local`
 * (development only: the event is recorded for /dev/trackers, nothing leaves the machine) or `meta`
 * (the Conversions API with the `META_PIXEL_ID` variable and the `META_ACCESS_TOKEN` secret, 5 s
 * timeout). Unset means no pixel; anything else, `local` outside development included, is a
 * configuration error, logged, and no pixel either: an ad pixel is never worth failing a page for.
 */
import type { PixelEventBody } from '../beacon/pixel-schema';
import { fromMinorUnits } from '../commerce/money';
import { recordTrackerEvent } from './tracker-recorder';

export interface PixelServerEvent {
  event: PixelEventBody;
  /** Seconds since the epoch. */
  eventTime: number;
  clientIp: string | null;
  userAgent: string | null;
  /** The census visitor id (`ss_cvr`). */
  visitorId: string;
}

export interface PixelSender {
  send(websiteId: string, event: PixelServerEvent): Promise<void>;
}

interface PixelEnv {
  ENVIRONMENT?: string;
  TRACKER_PROVIDER?: string;
  META_PIXEL_ID?: string;
  META_ACCESS_TOKEN?: string;
}

const GRAPH_API = 'https://graph.facebook.com/v21.0';
const TIMEOUT_MS = 5000;

/** The event as the Conversions API takes it: its decimal `value`, the browser's context in `user_data`. */
export function conversionsApiEvent({ event, eventTime, clientIp, userAgent, visitorId }: PixelServerEvent) {
  const { value_cents, ...customData } = event.custom_data as { value_cents?: number; currency?: string };
  return {
    event_name: event.event_name,
    event_time: eventTime,
    event_id: event.event_id,
    event_source_url: event.event_source_url,
    action_source: 'website',
    user_data: {
      external_id: visitorId,
      ...(clientIp === null ? {} : { client_ip_address: clientIp }),
      ...(userAgent === null ? {} : { client_user_agent: userAgent }),
    },
    custom_data: {
      ...customData,
      ...(value_cents === undefined || customData.currency === undefined
        ? {}
        : { value: Number(fromMinorUnits(value_cents, customData.currency)) }),
    },
  };
}

const localPixel: PixelSender = {
  async send(websiteId, event) {
    recordTrackerEvent(websiteId, { integration: 'pixel', at: Date.now(), sent: conversionsApiEvent(event) });
  },
};

function metaPixel(pixelId: string, accessToken: string): PixelSender {
  return {
    async send(_websiteId, event) {
      const res = await fetch(`${GRAPH_API}/${encodeURIComponent(pixelId)}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: [conversionsApiEvent(event)], access_token: accessToken }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`pixel API answered ${res.status}`);
    },
  };
}

/** The configured pixel, or null when the store has none (or it is misconfigured, which is logged). */
export function pixelSender(env: PixelEnv): PixelSender | null {
  const provider = env.TRACKER_PROVIDER;
  if (provider === undefined || provider === '' || provider === 'none') return null;
  if (provider === 'local' && env.ENVIRONMENT === 'development') return localPixel;
  if (provider === 'meta' && env.META_PIXEL_ID && env.META_ACCESS_TOKEN)
    return metaPixel(env.META_PIXEL_ID, env.META_ACCESS_TOKEN);
  console.error(
    `TRACKER_PROVIDER '${provider}' sends no pixel events in ${env.ENVIRONMENT ?? 'production'}` +
      (provider === 'meta' ? ' (META_PIXEL_ID or the META_ACCESS_TOKEN secret is missing)' : ''),
  );
  return null;
}
