/**
 * The dashboard's figures arranged for its charts: hourly aggregates into one point per hour (a
 * range of up to 2 days) or per UTC day, every bucket present (a quiet hour is a 0, not a gap), and
 * the range's totals with the conversion rate (orders per visitor).
 */
import { HOUR_MS, type DashboardSummary } from '../../../beacon/aggregate';

export interface Sale {
  hour: number;
  orders: number;
  revenueCents: number;
}

export interface Series {
  /** Each bucket's start, in seconds (uPlot's time scale). */
  times: number[];
  views: number[];
  visitors: number[];
  orders: number[];
  revenueCents: number[];
  bucket: 'hour' | 'day';
}

export interface Totals {
  views: number;
  visitors: number;
  orders: number;
  revenueCents: number;
  /** Orders per visitor; null when there were no visitors. */
  conversion: number | null;
}

const DAY_HOURS = 24;

export function seriesOf(days: number, summary: Pick<DashboardSummary, 'fromHour' | 'toHour' | 'traffic'>, sales: readonly Sale[]): Series {
  const bucket = days <= 2 ? 'hour' : 'day';
  const size = bucket === 'hour' ? 1 : DAY_HOURS;
  const first = Math.floor(summary.fromHour / size);
  const count = Math.floor(summary.toHour / size) - first + 1;
  const empty = () => Array.from({ length: count }, () => 0);
  const series: Series = { times: Array.from({ length: count }, (_, i) => ((first + i) * size * HOUR_MS) / 1000), views: empty(), visitors: empty(), orders: empty(), revenueCents: empty(), bucket };
  const at = (hour: number) => Math.floor(hour / size) - first;
  for (const t of summary.traffic) {
    const i = at(t.hour);
    if (i < 0 || i >= count) continue;
    series.views[i] = (series.views[i] ?? 0) + t.views;
    series.visitors[i] = (series.visitors[i] ?? 0) + t.visitors;
  }
  for (const s of sales) {
    const i = at(s.hour);
    if (i < 0 || i >= count) continue;
    series.orders[i] = (series.orders[i] ?? 0) + s.orders;
    series.revenueCents[i] = (series.revenueCents[i] ?? 0) + s.revenueCents;
  }
  return series;
}

export function totalsOf(series: Series): Totals {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const visitors = sum(series.visitors);
  const orders = sum(series.orders);
  return { views: sum(series.views), visitors, orders, revenueCents: sum(series.revenueCents), conversion: visitors === 0 ? null : orders / visitors };
}
