/**
 * The dashboard's figures arranged for its charts: hourly aggregates into one point per hour (a
 * range of up to 2 days) or per day of the store's time zone (Intl; an hour counts on the local day
 * it starts in, so a zone half an hour off UTC moves that half hour with it), every bucket present
 * (a quiet hour is a 0, not a gap), and the range's totals with the conversion rate (orders per
 * visitor), refunds on their own line and net revenue (sales less refunds); and whole, distinct
 * ticks for an axis of counts.
 */
import type { Sale } from '../../../api/console-answers';
import { HOUR_MS, type DashboardSummary } from '../../../beacon/aggregate';

export interface Series {
  /** Each bucket's start, in seconds (uPlot's time scale). */
  times: number[];
  views: number[];
  visitors: number[];
  orders: number[];
  revenueCents: number[];
  refundedCents: number[];
  bucket: 'hour' | 'day';
  /** The IANA zone the days are the store's of, and the labels are shown in. */
  timeZone: string;
}

export interface Totals {
  views: number;
  visitors: number;
  orders: number;
  /** Gross sales: the totals of the orders placed, refunded ones included. */
  revenueCents: number;
  refunds: number;
  refundedCents: number;
  /** Gross sales less refunds. */
  netRevenueCents: number;
  /** Orders per visitor; null when there were no visitors. */
  conversion: number | null;
}

/** The bucket index of each hour from `fromHour` (one per hour, or one per local day) and each bucket's start in seconds. */
function buckets(
  bucket: 'hour' | 'day',
  fromHour: number,
  toHour: number,
  timeZone: string,
): { index: number[]; times: number[] } {
  const index: number[] = [];
  const times: number[] = [];
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let last = '';
  for (let hour = fromHour; hour <= toHour; hour++) {
    const key = bucket === 'hour' ? String(hour) : day.format(hour * HOUR_MS);
    if (key !== last) {
      times.push((hour * HOUR_MS) / 1000);
      last = key;
    }
    index.push(times.length - 1);
  }
  return { index, times };
}

export function seriesOf(
  days: number,
  summary: Pick<DashboardSummary, 'fromHour' | 'toHour' | 'traffic'>,
  sales: readonly Sale[],
  timeZone: string,
): Series {
  const bucket = days <= 2 ? 'hour' : 'day';
  const { index, times } = buckets(bucket, summary.fromHour, summary.toHour, timeZone);
  const empty = () => times.map(() => 0);
  const series: Series = {
    times,
    views: empty(),
    visitors: empty(),
    orders: empty(),
    revenueCents: empty(),
    refundedCents: empty(),
    bucket,
    timeZone,
  };
  const at = (hour: number) => index[hour - summary.fromHour] ?? -1;
  for (const t of summary.traffic) {
    const i = at(t.hour);
    if (i < 0) continue;
    series.views[i] = (series.views[i] ?? 0) + t.views;
    series.visitors[i] = (series.visitors[i] ?? 0) + t.visitors;
  }
  for (const s of sales) {
    const i = at(s.hour);
    if (i < 0) continue;
    series.orders[i] = (series.orders[i] ?? 0) + s.orders;
    series.revenueCents[i] = (series.revenueCents[i] ?? 0) + s.revenueCents;
    series.refundedCents[i] = (series.refundedCents[i] ?? 0) + (s.refundedCents ?? 0);
  }
  return series;
}

/** A bucket's start as the store reads it: the day, or the day and hour, in its time zone. */
export function bucketText(seconds: number, bucket: 'hour' | 'day', timeZone: string): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'hour' ? { timeZone, dateStyle: 'medium', timeStyle: 'short' } : { timeZone, dateStyle: 'medium' };
  return new Intl.DateTimeFormat('en-US', options).format(seconds * 1000);
}

export function totalsOf(series: Series, sales: readonly Sale[]): Totals {
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const visitors = sum(series.visitors);
  const orders = sum(series.orders);
  const revenueCents = sum(series.revenueCents);
  const refundedCents = sum(series.refundedCents);
  const refunds = sum(sales.map((s) => s.refunds ?? 0));
  return {
    views: sum(series.views),
    visitors,
    orders,
    revenueCents,
    refunds,
    refundedCents,
    netRevenueCents: revenueCents - refundedCents,
    conversion: visitors === 0 ? null : orders / visitors,
  };
}

const STEPS = [1, 2, 5];

/**
 * Ticks for an axis of counts from `min` to `max`: whole numbers a whole step apart (1, 2, 5, 10,
 * 20, …), at most about `count` of them, so an axis never reads '0, 1, 1, 2, 2'.
 */
export function wholeTicks(min: number, max: number, count = 5): number[] {
  const span = Math.max(1, max - min);
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const found = STEPS.map((s) => s * scale).find((s) => span / s <= count);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const ticks: number[] = [];
  for (let tick = Math.ceil(Math.max(0, min) / step) * step; tick <= max + 1e-9; tick += step) ticks.push(tick);
  return ticks;
}
