/**
 * Reports the social-ads pixel's events (src/beacon/pixel-events.ts) to the worker, which hands them
 * to the configured pixel (src/integrations/pixel.ts). Sent only where the site tracks (the page has
 * the collector script) and the census cookie exists, as every tracker event (engine spec §7); a
 * refused report logs a warning with its status, a failed connection is ignored (spec §8). Islands
 * import this, so it is typed for the worker build too (no DOM library there).
 */
import { beaconRoutes as api } from '../../api/beacon-routes';
import type { PixelData, PixelEventName } from '../../beacon/pixel-events';
import { type PurchasedOrder, purchaseData } from '../../beacon/pixel-purchase';
import { readCookie } from '../cookies';
import { CENSUS_COOKIE } from './commerce';
import { pageAttributes } from './page-attributes';

const page = globalThis as unknown as { location?: { href: string } };

/** 16 random bytes in hex: `crypto.randomUUID` exists only in secure contexts. */
function randomEventId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function reportPixel(eventName: PixelEventName, customData: PixelData, eventId = randomEventId()): void {
  if (pageAttributes().websiteId === undefined || readCookie(CENSUS_COOKIE) === null || page.location === undefined)
    return;
  const body = {
    event_name: eventName,
    event_id: eventId,
    event_source_url: page.location.href.slice(0, 2083),
    custom_data: customData,
  };
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    // keepalive: an add or a sign-up may be followed at once by a navigation.
    keepalive: true,
    credentials: 'same-origin',
  } as RequestInit;
  fetch(api.pixelEvent.path(), init).then(
    (res) => {
      if (!res.ok) console.warn(`Unable to track ${eventName}: HTTP ${res.status}`);
    },
    () => undefined,
  );
}

/** A placed order's `Purchase`, its event id the order's own so a reloaded confirmation is one purchase to the pixel. */
export function reportPurchase(order: PurchasedOrder): void {
  const data = purchaseData(order);
  if (data !== null) reportPixel('Purchase', data, order.id);
}
