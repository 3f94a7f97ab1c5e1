/**
 * The census widget calls and the newer tracker's events (engine spec §7), sent once the page view
 * has set the census cookie (events go only to visitors the census counts):
 * - `button-render` for each add-to-cart button on the page, `button-click` when one is pressed;
 * - `form-render` for each form block;
 * - `overlay` when the promo popup opens, closes or is submitted;
 * - `RecordQuickView/{id}` when a listing card's quick view opens;
 * - `page_view` and `interface_click` (the cart page's product form opened, closed, submitted)
 *   through /api/v1/clanker/events.
 * Failures are ignored (spec §8: tracking failures are silent).
 */
import { beaconRoutes as api, CENSUS_CALLS } from '../../api/beacon-routes';
import { CENSUS_COOKIE } from './commerce';
import { onCensusAnnouncement } from '../census-events';
import { readCookie } from '../cookies';
import { PRODUCT_BLOCK_CODE } from '../../values/enumerations';
import type { PageInfo } from './page';
import { sendBeacon } from './send';

const ADD_TO_CART_BUTTON = '.sqs-add-to-cart-button';

/** A census call's form: the website and the page it came from, then its own fields. */
function censusForm(page: PageInfo, fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ websiteId: page.websiteId, url: location.href.slice(0, 2083), ...fields });
}

function censusCall(name: keyof typeof CENSUS_CALLS, page: PageInfo, fields: Record<string, string>): void {
  sendBeacon(CENSUS_CALLS[name].path(), censusForm(page, fields));
}

function buttonFields(button: Element): Record<string, string> | null {
  const buttonId = button.getAttribute('data-item-id');
  if (buttonId === null) return null;
  const place = button.closest('[data-place]')?.getAttribute('data-place');
  return {
    buttonId,
    label: (button.textContent ?? '').trim().slice(0, 200),
    ...(place === 'product_block' ? { blockType: String(PRODUCT_BLOCK_CODE) } : {}),
  };
}

/** The form ids of the page's form blocks, from their islands' props. */
function formIds(): string[] {
  const ids: string[] = [];
  for (const island of document.querySelectorAll<HTMLElement>('[data-island="SiteForm"]')) {
    try {
      const { formId } = JSON.parse(island.dataset.props ?? '{}') as { formId?: unknown };
      if (typeof formId === 'string') ids.push(formId);
    } catch {
      // a malformed island is the island loader's to report
    }
  }
  return ids;
}

function trackerEvent(
  page: PageInfo,
  eventSchemaName: 'page_view' | 'interface_click',
  extra: Record<string, string> = {},
): void {
  const eventContent = {
    context_website_id: page.websiteId,
    page_path: location.pathname,
    page_host: location.host,
    ...(location.search === '' ? {} : { page_query_params: location.search.slice(1, 2084) }),
    ...(document.referrer === '' ? {} : { page_referrer_url: document.referrer.slice(0, 2083) }),
    browser_language: navigator.language.slice(0, 35),
    browser_window_width: innerWidth,
    browser_window_height: innerHeight,
    enduser_user_agent: navigator.userAgent.slice(0, 512),
    event_occurrence_timestamp: Date.now(),
    ...(page.websiteLocale === null ? {} : { website_locale: page.websiteLocale }),
    client_name: 'storefront',
    ...extra,
  };
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventSchemaName, eventContent }),
    keepalive: true,
    credentials: 'same-origin',
  };
  fetch(api.clankerEvents.path(), init).catch(() => undefined);
}

export function startWidgetCensus(page: PageInfo): void {
  if (readCookie(CENSUS_COOKIE) === null) return;
  trackerEvent(page, 'page_view');
  for (const button of document.querySelectorAll(ADD_TO_CART_BUTTON)) {
    const fields = buttonFields(button);
    if (fields !== null) censusCall('button-render', page, fields);
  }
  for (const formId of formIds()) censusCall('form-render', page, { formId, ss_cvr: readCookie(CENSUS_COOKIE) ?? '' });
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.(ADD_TO_CART_BUTTON);
      const fields = button === null || button === undefined ? null : buttonFields(button);
      if (fields !== null) censusCall('button-click', page, fields);
    },
    { capture: true },
  );
  onCensusAnnouncement((announced) => {
    if (announced.kind === 'overlay')
      censusCall('overlay', page, { overlayId: announced.overlayId, action: announced.action });
    else if (announced.kind === 'quick-view')
      sendBeacon(api.censusQuickView.path(announced.itemId), censusForm(page, {}));
    else trackerEvent(page, 'interface_click', { object_identifier: announced.identifier });
  });
}
