import { describe, expect, it } from 'vitest';
import { seriesOf, totalsOf } from './series';

describe('analytics series', () => {
  const day = 500_000 - (500_000 % 24);
  it('buckets a week by UTC day with every day present, and totals with the conversion rate', () => {
    const summary = { fromHour: day - 6 * 24, toHour: day + 23, traffic: [{ hour: day + 1, views: 10, visitors: 4 }, { hour: day + 5, views: 2, visitors: 1 }, { hour: day - 20, views: 3, visitors: 3 }] };
    const series = seriesOf(7, summary, [{ hour: day + 2, orders: 2, revenueCents: 5000 }]);
    expect(series.bucket).toBe('day');
    expect(series.times).toHaveLength(7);
    expect(series.views).toEqual([0, 0, 0, 0, 0, 3, 12]);
    expect(series.revenueCents.at(-1)).toBe(5000);
    expect(totalsOf(series)).toEqual({ views: 15, visitors: 8, orders: 2, revenueCents: 5000, conversion: 0.25 });
  });

  it('keeps hours for a one-day range and has no conversion without visitors', () => {
    const series = seriesOf(1, { fromHour: day, toHour: day + 23, traffic: [] }, []);
    expect(series.bucket).toBe('hour');
    expect(series.times).toHaveLength(24);
    expect(totalsOf(series).conversion).toBeNull();
  });
});
