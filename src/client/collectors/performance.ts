/**
 * The performance collector (spec engine-analytics-editor §3, §4, §9): web vitals from the
 * `web-vitals` library (first contentful paint, largest contentful paint, layout shift in 5 s
 * windows split by 1 s gaps, interaction to next paint, time to first byte), first input delay
 * and the 10 slowest interactions from event timing, connection and server timings, image
 * visibility, accessibility preferences and the device. It starts after load, sends its queue
 * after 30 s or when the page is hidden, and waits at most 60 s for the vitals.
 */
import { beaconRoutes as api } from '../../api/beacon-routes';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  FLUSH_DELAY_MS,
  MAX_RECORDS_PER_BATCH,
  METRIC_WAIT_MS,
  SLOWEST_INTERACTIONS,
} from '../../beacon/collector-limits';
import type { VitalMetric } from '../../beacon/vitals';
import { isMeasuredImage } from './image-hosts';
import { SlowestInteractions } from './interactions';
import { newPageLoadId } from './page-load-id';
import type { PageInfo } from './page';
import { sendBeacon } from './send';

const APP = 'storefront';
const MAX_IMAGES = 50;

type PerformanceEvent = 'page_speed' | 'image' | 'user' | 'a11y';

export function startPerformanceCollector(page: PageInfo): void {
  const pageLoadId = newPageLoadId();
  const queue: unknown[] = [];
  const metrics: Partial<Record<VitalMetric, number>> = {};
  const slowest = new SlowestInteractions(SLOWEST_INTERACTIONS);
  let vitalsQueued = false;

  const record = (event: PerformanceEvent, data: Record<string, unknown>) =>
    queue.push({ app: APP, event, data: { path: page.path, ...data }, pageLoadId, ts: Date.now(), raw: false });
  const flush = () => {
    while (queue.length > 0)
      sendBeacon(api.performanceRecords.path(), JSON.stringify(queue.splice(0, MAX_RECORDS_PER_BATCH)));
  };
  const queueVitals = () => {
    if (vitalsQueued) return;
    vitalsQueued = true;
    record('page_speed', {
      pageType: page.pageType,
      metrics,
      ...navigationTimings(),
      interactions: slowest.durations(),
    });
  };

  const keep = (metric: Metric) => {
    if (!vitalsQueued) metrics[metric.name] = metric.value;
  };
  onFCP(keep);
  onLCP(keep);
  onCLS(keep);
  onINP(keep);
  onTTFB(keep);
  observe('first-input', (entry) => {
    const input = entry as PerformanceEventTiming;
    if (!vitalsQueued) metrics.FID = input.processingStart - input.startTime;
  });
  observe('event', (entry) => {
    const event = entry as PerformanceEventTiming;
    if (event.interactionId > 0) slowest.add(event.interactionId, event.duration);
  });

  // After web-vitals' own listeners, so the vitals it reports on hiding are in.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    queueMicrotask(() => {
      queueVitals();
      flush();
    });
  });
  afterLoad(() => {
    record('user', deviceData());
    record('a11y', accessibilityPreferences());
    record('image', { images: imageVisibility() });
    setTimeout(flush, FLUSH_DELAY_MS);
    setTimeout(() => {
      queueVitals();
      flush();
    }, METRIC_WAIT_MS);
  });
}

function observe(type: string, onEntry: (entry: PerformanceEntry) => void): void {
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
      type,
      buffered: true,
      ...(type === 'event' ? { durationThreshold: 16 } : {}),
    } as PerformanceObserverInit);
  } catch {
    // an entry type this browser does not support
  }
}

function afterLoad(start: () => void): void {
  if (document.readyState === 'complete') start();
  else addEventListener('load', () => setTimeout(start, 0), { once: true });
}

const nonNegative = (n: number) => Math.max(0, Math.round(n));

function navigationTimings(): Record<string, unknown> {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav === undefined) return {};
  return {
    connection: {
      dns: nonNegative(nav.domainLookupEnd - nav.domainLookupStart),
      connect: nonNegative(nav.connectEnd - nav.connectStart),
      tls: nav.secureConnectionStart > 0 ? nonNegative(nav.connectEnd - nav.secureConnectionStart) : 0,
      request: nonNegative(nav.responseStart - nav.requestStart),
      response: nonNegative(nav.responseEnd - nav.responseStart),
    },
    server: nav.serverTiming
      .slice(0, 20)
      .map((t) => ({ name: t.name.slice(0, 64), duration: nonNegative(t.duration) })),
  };
}

function imageVisibility(): Array<Record<string, unknown>> {
  const loads = new Map(performance.getEntriesByType('resource').map((r) => [r.name, r.duration]));
  return [...document.images]
    .filter((img) => isMeasuredImage(img.currentSrc, location.host))
    .slice(0, MAX_IMAGES)
    .map((img) => {
      const box = img.getBoundingClientRect();
      const visible =
        box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth && box.width > 0;
      const loadMs = loads.get(img.currentSrc);
      return {
        url: img.currentSrc.slice(0, 2083),
        visible,
        width: Math.round(box.width),
        height: Math.round(box.height),
        ...(loadMs === undefined ? {} : { loadMs: nonNegative(loadMs) }),
      };
    });
}

function accessibilityPreferences(): Record<string, unknown> {
  const matches = (query: string) => matchMedia(query).matches;
  const contrast =
    (['more', 'less', 'custom'] as const).find((c) => matches(`(prefers-contrast: ${c})`)) ?? 'no-preference';
  return {
    reducedMotion: matches('(prefers-reduced-motion: reduce)'),
    contrast,
    forcedColors: matches('(forced-colors: active)'),
    colorScheme: matches('(prefers-color-scheme: dark)') ? 'dark' : 'light',
  };
}

function deviceData(): Record<string, unknown> {
  const nav = navigator as Navigator & { connection?: { effectiveType?: string }; deviceMemory?: number };
  return {
    ...(nav.connection?.effectiveType === undefined
      ? {}
      : { connectionType: nav.connection.effectiveType.slice(0, 16) }),
    ...(nav.deviceMemory === undefined ? {} : { deviceMemory: nav.deviceMemory }),
    hardwareConcurrency: nav.hardwareConcurrency,
    language: nav.language.slice(0, 35),
  };
}
