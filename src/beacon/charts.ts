/**
 * Inline SVG charts for the analytics dashboard: a line chart of hourly traffic, horizontal bars
 * (top pages, products, the funnel) and vitals bars coloured by the spec's good/poor thresholds.
 * Plain strings, no chart library; every label is escaped.
 */
import { escapeHtmlAll } from '../html/escape';
import { HOUR_MS, type DashboardSummary } from './aggregate';
import { rateVital, VITAL_THRESHOLDS } from './vitals';

const WIDTH = 640;
const RATING_COLOURS = { good: '#0a7d3b', 'needs-improvement': '#a15c00', poor: '#b3261e' } as const;

/** Page views and visitors per hour over the whole range (hours with nothing count 0). */
export function trafficChart(summary: DashboardSummary): string {
  const hours = summary.toHour - summary.fromHour + 1;
  const byHour = new Map(summary.traffic.map((t) => [t.hour, t]));
  const max = Math.max(1, ...summary.traffic.map((t) => t.views));
  const height = 160;
  const x = (i: number) => ((i / Math.max(1, hours - 1)) * (WIDTH - 40) + 30).toFixed(1);
  const y = (v: number) => (height - 20 - (v / max) * (height - 30)).toFixed(1);
  const line = (pick: (t: { views: number; visitors: number }) => number) =>
    Array.from({ length: hours }, (_, i) => `${x(i)},${y(pick(byHour.get(summary.fromHour + i) ?? { views: 0, visitors: 0 }))}`).join(' ');
  const day = (hour: number) => new Date(hour * HOUR_MS).toISOString().slice(0, 10);
  return `<svg role="img" aria-labelledby="traffic-title" viewBox="0 0 ${WIDTH} ${height}" width="100%">
<title id="traffic-title">Page views and visitors per hour, ${day(summary.fromHour)} to ${day(summary.toHour)}</title>
<text x="2" y="12" font-size="10">${max}</text><text x="2" y="${height - 20}" font-size="10">0</text>
<polyline fill="none" stroke="#1a56db" stroke-width="2" points="${line((t) => t.views)}"><title>Page views</title></polyline>
<polyline fill="none" stroke="#9333ea" stroke-width="2" stroke-dasharray="4 3" points="${line((t) => t.visitors)}"><title>Visitors</title></polyline>
<text x="30" y="${height - 4}" font-size="10">${day(summary.fromHour)}</text><text x="${WIDTH - 70}" y="${height - 4}" font-size="10">${day(summary.toHour)}</text>
</svg>`;
}

/** Horizontal bars, one per row, scaled to the largest value. */
export function barChart(title: string, rows: ReadonlyArray<{ label: string; value: number }>): string {
  if (rows.length === 0) return `<p>No data yet.</p>`;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const rowHeight = 22;
  const bars = rows
    .map((row, i) => {
      const width = ((row.value / max) * (WIDTH - 260)).toFixed(1);
      const top = i * rowHeight;
      return `<g><text x="0" y="${top + 15}" font-size="12">${escapeHtmlAll(row.label.slice(0, 40))}</text><rect x="220" y="${top + 4}" width="${width}" height="14" fill="#1a56db"/><text x="${226 + Number(width)}" y="${top + 15}" font-size="12">${row.value}</text></g>`;
    })
    .join('\n');
  return `<svg role="img" aria-label="${escapeHtmlAll(title)}" viewBox="0 0 ${WIDTH} ${rows.length * rowHeight}" width="100%">\n${bars}\n</svg>`;
}

/** Each page's 75th percentile per metric, as a bar against the poor threshold, coloured by its rating. */
export function vitalsChart(vitals: DashboardSummary['vitals']): string {
  if (vitals.length === 0) return `<p>No web vitals yet.</p>`;
  const rowHeight = 22;
  const bars = vitals
    .map((v, i) => {
      const [good, poor] = VITAL_THRESHOLDS[v.metric];
      const scale = (WIDTH - 300) / (poor * 1.5);
      const top = i * rowHeight;
      const rating = rateVital(v.metric, v.p75);
      const shown = v.metric === 'CLS' ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`;
      const width = Math.min(WIDTH - 300, v.p75 * scale).toFixed(1);
      return `<g><text x="0" y="${top + 15}" font-size="12">${escapeHtmlAll(v.path.slice(0, 28))} ${v.metric}</text><rect x="220" y="${top + 4}" width="${width}" height="14" fill="${RATING_COLOURS[rating]}"><title>${rating}</title></rect><line x1="${(220 + good * scale).toFixed(1)}" x2="${(220 + good * scale).toFixed(1)}" y1="${top + 2}" y2="${top + 20}" stroke="#0a7d3b"/><line x1="${(220 + poor * scale).toFixed(1)}" x2="${(220 + poor * scale).toFixed(1)}" y1="${top + 2}" y2="${top + 20}" stroke="#b3261e"/><text x="${WIDTH - 70}" y="${top + 15}" font-size="12" data-rating="${rating}">${shown}</text></g>`;
    })
    .join('\n');
  return `<svg role="img" aria-label="Web vitals, 75th percentile per page, with good and poor thresholds" viewBox="0 0 ${WIDTH} ${vitals.length * rowHeight}" width="100%">\n${bars}\n</svg>`;
}
