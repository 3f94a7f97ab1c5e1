/**
 * The routes the page's collectors send beacons to (src/client/collectors): the page hit, commerce
 * events, performance records, error and widget events, the session recording's id, the pixel's
 * events, and the census widget calls by name.
 */
import { areas } from './areas';
import { route } from './route';

export const beaconRoutes = {
  recordHit: route('POST', `${areas.census}/RecordHit`),
  sessionRecordingId: route('GET', '/api/commerce/fullstory/getId'),
  recordEvent: route('POST', `${areas.events}/RecordEvent`),
  performanceRecords: route('POST', `${areas.performance}/records`),
  clankerEvents: route('POST', `${areas.clanker}/events`),
  censusButtonClick: route('POST', `${areas.census}/button-click`),
  censusButtonRender: route('POST', `${areas.census}/button-render`),
  censusOverlay: route('POST', `${areas.census}/overlay`),
  censusFormRender: route('POST', `${areas.census}/form-render`),
  /** A listing card's quick view opened, for the product `:id` (src/client/quick-view.ts). */
  censusQuickView: route('POST', `${areas.census}/RecordQuickView/:id`),
  /** A social-ads pixel event (src/client/collectors/pixel.ts, src/routes/shop/trackers.ts). */
  pixelEvent: route('POST', `${areas.trackers}/pixel`),
};

/** The census widget calls by name (src/client/collectors/widgets.ts). */
export const CENSUS_CALLS = {
  'button-click': beaconRoutes.censusButtonClick,
  'button-render': beaconRoutes.censusButtonRender,
  overlay: beaconRoutes.censusOverlay,
  'form-render': beaconRoutes.censusFormRender,
} as const;
