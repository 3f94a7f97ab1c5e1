/**
 * Web vitals as the collector measures them and the dashboard judges them: the spec's good/poor
 * thresholds (§9), and the log-scale buckets the store aggregates values into, so a 75th
 * percentile per page is read from counts rather than from every value ever sent.
 */

export const VITAL_METRICS = ['FCP', 'LCP', 'CLS', 'FID', 'INP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** Good at or below the first value, poor above the second (milliseconds; layout shift is unitless). */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, readonly [good: number, poor: number]>> = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  FID: [100, 300],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  // Not in the spec's list: web-vitals' own thresholds for time to first byte.
  TTFB: [800, 1800],
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Layout shift is a score around 0.1: scaled so its buckets are as fine as the timings'. */
const SCALE: Readonly<Record<VitalMetric, number>> = { FCP: 1, LCP: 1, FID: 1, INP: 1, TTFB: 1, CLS: 1000 };
/** Each bucket is 5% wider than the one before: a percentile read from buckets is within 5%. */
const GROWTH = 1.05;

export function vitalBucket(metric: VitalMetric, value: number): number {
  return Math.ceil(Math.log1p(Math.max(0, value) * SCALE[metric]) / Math.log(GROWTH));
}

/** The upper bound of a bucket, in the metric's unit. */
export function bucketValue(metric: VitalMetric, bucket: number): number {
  return Math.expm1(bucket * Math.log(GROWTH)) / SCALE[metric];
}

/** The `p`th percentile (0..1) of a histogram given as bucket → count. */
export function percentileOf(
  metric: VitalMetric,
  histogram: ReadonlyArray<{ bucket: number; count: number }>,
  p: number,
): number | null {
  const sorted = [...histogram].sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const row of sorted) {
    seen += row.count;
    if (seen >= rank) return bucketValue(metric, row.bucket);
  }
  return null;
}
