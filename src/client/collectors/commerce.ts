/**
 * Commerce events for the visitor analytics (spec engine-analytics-editor §7): sent through
 * RecordEvent with the crumb, only when the census cookie exists; a refused call logs a warning with
 * its status and nothing else happens. Islands
 * import this, so it is typed for the worker build too (no DOM library there).
 */
import { beaconRoutes as api } from '../../api/beacon-routes';
import { readCookie } from '../cookies';
import { crumb as visitorCrumb } from '../crumb';

export type CommerceEvent =
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'visit_product_page'
  | 'visit_product_listing'
  | 'related_product_display'
  | 'click_and_add'
  | 'reviews_vitals_anchor_click';

export const CENSUS_COOKIE = 'ss_cvr';

export function recordCommerceEvent(event: CommerceEvent, data: Record<string, unknown>): void {
  if (readCookie(CENSUS_COOKIE) === null) return;
  void visitorCrumb().then((crumb) => {
    const body = new URLSearchParams({ crumb, event, data: JSON.stringify(data) });
    // keepalive: the event survives the navigation an add may start (express checkout).
    const init = { method: 'POST', body, keepalive: true, credentials: 'same-origin' } as RequestInit;
    // Spec §8: a failed track logs a warning with the HTTP status; a failed connection is ignored.
    return fetch(api.recordEvent.path(), init).then(
      (res) => {
        if (!res.ok) console.warn(`Unable to track ${event}: HTTP ${res.status}`);
      },
      () => undefined,
    );
  });
}
