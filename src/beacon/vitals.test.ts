import { describe, expect, it } from 'vitest';
import { vitalsOf } from './aggregate';
import { bucketValue, percentileOf, rateVital, vitalBucket } from './vitals';

describe('web vitals', () => {
  it('rates against the good and poor thresholds, inclusive', () => {
    expect(rateVital('LCP', 2500)).toBe('good');
    expect(rateVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateVital('LCP', 4001)).toBe('poor');
    expect(rateVital('CLS', 0.1)).toBe('good');
    expect(rateVital('CLS', 0.3)).toBe('poor');
  });

  it('buckets values so a bucket bound is within 5% above the value', () => {
    for (const [metric, value] of [
      ['LCP', 1234],
      ['INP', 87],
      ['CLS', 0.07],
      ['TTFB', 5000],
    ] as const) {
      const bound = bucketValue(metric, vitalBucket(metric, value));
      expect(bound).toBeGreaterThanOrEqual(value * 0.9999);
      expect(bound).toBeLessThanOrEqual(value * 1.05 + 1e-9);
    }
    expect(vitalBucket('FCP', -5)).toBe(0);
  });

  it('reads a percentile from the bucket counts', () => {
    const histogram = [
      { bucket: vitalBucket('LCP', 3000), count: 1 },
      { bucket: vitalBucket('LCP', 1000), count: 3 },
    ];
    expect(percentileOf('LCP', histogram, 0.75)).toBeCloseTo(bucketValue('LCP', vitalBucket('LCP', 1000)));
    expect(percentileOf('LCP', histogram, 1)).toBeCloseTo(bucketValue('LCP', vitalBucket('LCP', 3000)));
    expect(percentileOf('LCP', [], 0.75)).toBeNull();
  });

  it('turns a record of metrics into the buckets a beacon adds, in the metrics order', () => {
    expect(vitalsOf({ TTFB: 100, FCP: 900 })).toEqual([
      { metric: 'FCP', bucket: vitalBucket('FCP', 900) },
      { metric: 'TTFB', bucket: vitalBucket('TTFB', 100) },
    ]);
  });
});
