/**
 * The local stand-in's record of what the trackers would have sent (development only): the last
 * events per website, in this isolate's memory, for /dev/trackers to show. Bounded twice (events
 * per website, websites kept) so a busy local store cannot grow it without end; `wrangler dev`
 * runs one isolate, so a page's events and the page that lists them meet here.
 */

export interface RecordedTrackerEvent {
  /** Which integration would have sent it. */
  integration: 'pixel';
  /** When it was recorded (ms since the epoch). */
  at: number;
  /** What would have been sent, as the real integration's request would carry it. */
  sent: unknown;
}

export const MAX_RECORDED_EVENTS = 200;
export const MAX_RECORDED_WEBSITES = 20;

const recordings = new Map<string, RecordedTrackerEvent[]>();

export function recordTrackerEvent(websiteId: string, event: RecordedTrackerEvent): void {
  const events = recordings.get(websiteId) ?? [];
  // Newest website last, so the one least recently written is the first dropped.
  recordings.delete(websiteId);
  recordings.set(websiteId, [...events.slice(-(MAX_RECORDED_EVENTS - 1)), event]);
  while (recordings.size > MAX_RECORDED_WEBSITES) recordings.delete(recordings.keys().next().value as string);
}

/** The website's recorded events, oldest first. */
export function recordedTrackerEvents(websiteId: string): readonly RecordedTrackerEvent[] {
  return recordings.get(websiteId) ?? [];
}
