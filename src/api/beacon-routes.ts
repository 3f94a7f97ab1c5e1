/**
 * The routes the page's collectors send beacons to (src/client/collectors): the page hit, commerce
 * events, performance records, error and widget events, the session recording's id, the pixel's
 * events, and the census widget calls by name.
 */
import type { SessionRecordingAnswer } from '../beacon/session-recording';
import { areas } from './areas';
import { route } from './route';

/** A beacon stored (200, or 202 for the newer tracker's events and the pixel's); one not recorded is a 204 with no body. */
export interface BeaconAccepted {
  ok: true;
}

export const beaconRoutes = {
  recordHit: route('POST', `${areas.census}/RecordHit`).answers<BeaconAccepted>(),
  sessionRecordingId: route('GET', '/api/commerce/fullstory/getId').answers<SessionRecordingAnswer>(),
  recordEvent: route('POST', `${areas.events}/RecordEvent`).answers<BeaconAccepted>(),
  performanceRecords: route('POST', `${areas.performance}/records`).answers<BeaconAccepted>(),
  clankerEvents: route('POST', `${areas.clanker}/events`).answers<BeaconAccepted>(),
  /** The newer tracker's event content checked against its schema, not recorded (no page calls it: a tool's check). */
  validateEventContent: route('POST', `${areas.clanker}/validate-event-content/:schemaName`).answers<{ valid: true }>(),
  censusButtonClick: route('POST', `${areas.census}/button-click`).answers<BeaconAccepted>(),
  censusButtonRender: route('POST', `${areas.census}/button-render`).answers<BeaconAccepted>(),
  censusOverlay: route('POST', `${areas.census}/overlay`).answers<BeaconAccepted>(),
  censusFormRender: route('POST', `${areas.census}/form-render`).answers<BeaconAccepted>(),
  /** A listing card's quick view opened, for the product `:id` (src/client/quick-view.ts). */
  censusQuickView: route('POST', `${areas.census}/RecordQuickView/:id`).answers<BeaconAccepted>(),
  /** A social-ads pixel event (src/client/collectors/pixel.ts, src/routes/shop/trackers.ts). */
  pixelEvent: route('POST', `${areas.trackers}/pixel`).answers<BeaconAccepted>(),
};

/** The census widget calls by name (src/client/collectors/widgets.ts). */
export const CENSUS_CALLS = {
  'button-click': beaconRoutes.censusButtonClick,
  'button-render': beaconRoutes.censusButtonRender,
  overlay: beaconRoutes.censusOverlay,
  'form-render': beaconRoutes.censusFormRender,
} as const;
