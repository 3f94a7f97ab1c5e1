/**
 * What a beacon adds to the aggregates, and what the dashboard reads back. The store keeps counts
 * per hour and page (page views, events, unique visitors, products, vitals buckets), never the raw
 * beacons, so reading a week costs the same at a thousand beacons as at millions.
 */
import { VITAL_METRICS, vitalBucket, type VitalMetric } from './vitals';

export const HOUR_MS = 60 * 60 * 1000;

export function hourOf(ms: number): number {
  return Math.floor(ms / HOUR_MS);
}

/** A catalog item's counts; its title is read from the catalog when shown, never from a beacon. */
export interface ProductCount {
  id: string;
  views: number;
  adds: number;
}

/** One accepted beacon's contribution, counted in the hour it arrived. */
export interface BeaconUpdate {
  hour: number;
  path: string;
  /** The counted event: a census or tracker event name, or `performance:{event}`. */
  event: string;
  visitorId: string | null;
  pageView: boolean;
  product: ProductCount | null;
  vitals: ReadonlyArray<{ metric: VitalMetric; bucket: number }>;
}

export function beaconUpdate(
  fields: Pick<BeaconUpdate, 'path' | 'event' | 'visitorId'> & Partial<BeaconUpdate>,
  now: number,
): BeaconUpdate {
  return { hour: hourOf(now), pageView: false, product: null, vitals: [], ...fields };
}

export function vitalsOf(metrics: Partial<Record<VitalMetric, number>>): BeaconUpdate['vitals'] {
  return VITAL_METRICS.flatMap((metric) => {
    const value = metrics[metric];
    return value === undefined ? [] : [{ metric, bucket: vitalBucket(metric, value) }];
  });
}

/** The funnel's steps, by the event each counts. */
export const FUNNEL_STEPS = [
  { event: 'visit_product_page', label: 'Product page visits' },
  { event: 'add_to_cart', label: 'Added to cart' },
  { event: 'view_cart', label: 'Viewed cart' },
] as const;

/** What the store keeps for a range of hours; the dashboard adds the products' catalog titles. */
export interface StoredSummary {
  fromHour: number;
  toHour: number;
  /** Per hour with any page view, ascending. */
  traffic: Array<{ hour: number; views: number; visitors: number }>;
  topPages: Array<{ path: string; views: number }>;
  topProducts: ProductCount[];
  funnel: Array<{ event: string; label: string; count: number }>;
  /** Per page (the most viewed first) and metric: the 75th percentile and how many samples. */
  vitals: Array<{ path: string; metric: VitalMetric; p75: number; samples: number }>;
  accepted: number;
  /** Beacons past the hourly quota: answered at the edge, then refused by the store (not in any figure above). */
  refused: number;
}

export interface DashboardSummary extends Omit<StoredSummary, 'topProducts'> {
  topProducts: Array<ProductCount & { title: string }>;
}
