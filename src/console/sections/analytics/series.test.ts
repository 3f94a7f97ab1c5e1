import { describe, expect, it } from 'vitest';
import { bucketText, seriesOf, totalsOf, wholeTicks } from './series';

describe('analytics series', () => {
  const day = 500_000 - (500_000 % 24);
  it('buckets a week by day (in UTC here) with every day present, and totals with the conversion rate', () => {
    const summary = {
      fromHour: day - 6 * 24,
      toHour: day + 23,
      traffic: [
        { hour: day + 1, views: 10, visitors: 4 },
        { hour: day + 5, views: 2, visitors: 1 },
        { hour: day - 20, views: 3, visitors: 3 },
      ],
    };
    const sales = [{ hour: day + 2, orders: 2, revenueCents: 5000 }];
    const series = seriesOf(7, summary, sales, 'UTC');
    expect(series.bucket).toBe('day');
    expect(series.times).toHaveLength(7);
    expect(series.views).toEqual([0, 0, 0, 0, 0, 3, 12]);
    expect(series.revenueCents.at(-1)).toBe(5000);
    expect(totalsOf(series, sales)).toEqual({
      views: 15,
      visitors: 8,
      orders: 2,
      revenueCents: 5000,
      refunds: 0,
      refundedCents: 0,
      netRevenueCents: 5000,
      conversion: 0.25,
    });
  });

  it('keeps hours for a one-day range and has no conversion without visitors', () => {
    const series = seriesOf(1, { fromHour: day, toHour: day + 23, traffic: [] }, [], 'UTC');
    expect(series.bucket).toBe('hour');
    expect(series.times).toHaveLength(24);
    expect(totalsOf(series, []).conversion).toBeNull();
  });

  it('counts days in the store’s time zone, not UTC', () => {
    // 2026-11-26 00:00 UTC is 19:00 on the 25th in New York (EST, UTC-5) and 09:00 on the 26th in Tokyo.
    const midnight = Date.UTC(2026, 10, 26) / 3_600_000;
    const summary = {
      fromHour: midnight - 48,
      toHour: midnight + 23,
      traffic: [
        { hour: midnight + 1, views: 5, visitors: 5 },
        { hour: midnight + 6, views: 1, visitors: 1 },
      ],
    };
    const newYork = seriesOf(3, summary, [{ hour: midnight + 2, orders: 1, revenueCents: 900 }], 'America/New_York');
    expect(newYork.times.map((t) => bucketText(t, 'day', 'America/New_York'))).toEqual([
      'Nov 23, 2026',
      'Nov 24, 2026',
      'Nov 25, 2026',
      'Nov 26, 2026',
    ]);
    expect(newYork.views).toEqual([0, 0, 5, 1]);
    expect(newYork.orders).toEqual([0, 0, 1, 0]);
    const utc = seriesOf(3, summary, [], 'UTC');
    expect(utc.views).toEqual([0, 0, 6]);
    const kolkata = seriesOf(3, summary, [], 'Asia/Kolkata');
    expect(kolkata.times.map((t) => bucketText(t, 'day', 'Asia/Kolkata'))).toEqual([
      'Nov 24, 2026',
      'Nov 25, 2026',
      'Nov 26, 2026',
      'Nov 27, 2026',
    ]);
    expect(bucketText(midnight * 3600, 'hour', 'Asia/Tokyo')).toBe('Nov 26, 2026, 9:00 AM');
  });

  it('shows a refund on its own line and takes it off net revenue; the refunded order stays a sale', () => {
    const sales = [
      { hour: day + 2, orders: 2, revenueCents: 5000 },
      { hour: day + 30, orders: 0, revenueCents: 0, refunds: 1, refundedCents: 2000 },
    ];
    const series = seriesOf(7, { fromHour: day - 6 * 24, toHour: day + 47, traffic: [] }, sales, 'UTC');
    expect(series.revenueCents.slice(-2)).toEqual([5000, 0]);
    expect(series.refundedCents.slice(-2)).toEqual([0, 2000]);
    expect(totalsOf(series, sales)).toMatchObject({
      orders: 2,
      revenueCents: 5000,
      refunds: 1,
      refundedCents: 2000,
      netRevenueCents: 3000,
    });
  });

  it('gives an axis of counts whole, distinct ticks (never 0, 1, 1, 2, 2)', () => {
    expect(wholeTicks(0, 2.2)).toEqual([0, 1, 2]);
    expect(wholeTicks(0, 1)).toEqual([0, 1]);
    expect(wholeTicks(0, 0)).toEqual([0]);
    expect(wholeTicks(0, 23)).toEqual([0, 5, 10, 15, 20]);
    expect(wholeTicks(0, 180)).toEqual([0, 50, 100, 150]);
    for (let max = 0.5; max < 400; max *= 1.7) {
      const ticks = wholeTicks(0, max);
      expect(ticks.every(Number.isInteger), String(max)).toBe(true);
      expect(new Set(ticks).size).toBe(ticks.length);
    }
  });
});
