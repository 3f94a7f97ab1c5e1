/**
 * The analytics section (`/config/analytics`): the last 1 to 90 days of page views and visitors,
 * sales, refunds and net revenue, orders with the conversion rate, top pages and products, the add-to-cart funnel and
 * the web vitals, from /api/console/analytics; under the figures, how many beacons the hourly limit left uncounted.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { rateVital } from '../../../beacon/vitals';
import { api } from '../../../api';
import type { SectionProps } from '../../section-types';
import { knownTimeZone } from '../../../site/editor/zoned-time';
import { FetchStatus, moneyText, StatusLabel, useFetch } from '../../ui';
import { TimeZoneProblem } from '../../ui/TimeZoneProblem';
import { seriesOf, totalsOf } from './series';
import { TimeChart, type ChartLine } from './TimeChart';

const PRESETS = [1, 7, 30, 90];
const COUNT = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function RangeControl({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const [text, setText] = useState(String(days));
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > 90) {
      setError('Choose 1 to 90 days');
      return;
    }
    setError('');
    onChange(value);
  };
  return (
    <form className="Toolbar" onSubmit={submit} aria-label="Date range" noValidate>
      <div className="Field">
        <label htmlFor="analytics-days">Last days (1–90)</label>
        <input
          id="analytics-days"
          type="number"
          min={1}
          max={90}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error === '' ? undefined : true}
          aria-describedby={error === '' ? undefined : 'analytics-days-error'}
        />
        {error !== '' && (
          <p id="analytics-days-error" className="FieldError">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="Button">
        Show
      </button>
      <div className="Presets" role="group" aria-label="Quick ranges">
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="Button Button--small"
            aria-pressed={preset === days}
            onClick={() => {
              setText(String(preset));
              setError('');
              onChange(preset);
            }}
          >
            {preset === 1 ? '24 hours' : `${preset} days`}
          </button>
        ))}
      </div>
    </form>
  );
}

function BarList({ title, rows }: { title: string; rows: { label: string; value: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <section className="Card" aria-labelledby={`${title}-title`.replace(/\W+/g, '-')}>
      <h2 id={`${title}-title`.replace(/\W+/g, '-')}>{title}</h2>
      {rows.length === 0 ? (
        <p className="Muted">Nothing recorded in this range.</p>
      ) : (
        <table className="BarList">
          <caption className="visually-hidden">{title}</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>
                  <span className="BarList-bar" style={{ width: `${(row.value / max) * 100}%` }} aria-hidden="true" />
                </td>
                <td className="is-end">{COUNT.format(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Beacons past the store's hourly quota: answered at the edge, then counted in no figure (docs/analytics.md, Limits). */
function refusedText(refused: number): string {
  return refused === 1
    ? '1 page view or event over the hourly limit was not counted.'
    : `${COUNT.format(refused)} page views and events over the hourly limit were not counted.`;
}

const RATING = {
  good: { label: 'Good', tone: 'success' },
  'needs-improvement': { label: 'Needs improvement', tone: 'warning' },
  poor: { label: 'Poor', tone: 'critical' },
} as const;

export default function AnalyticsSection(_props: SectionProps) {
  const [days, setDays] = useState(7);
  const fetched = useFetch(api.analytics.at({ days }));
  const answer = fetched.data;
  const view = useMemo(() => {
    if (answer === undefined || !knownTimeZone(answer.timeZone)) return null;
    const series = seriesOf(answer.days, answer.summary, answer.sales, answer.timeZone);
    const money = (cents: number) => moneyText(Math.round(cents), answer.currency);
    const count = (n: number) => COUNT.format(Math.round(n));
    const traffic: ChartLine[] = [
      { label: 'Page views', values: series.views, colour: '#1a56db', format: count },
      { label: 'Visitors', values: series.visitors, colour: '#7e22ce', format: count },
    ];
    const revenue: ChartLine[] = [
      { label: 'Sales', values: series.revenueCents, colour: '#0a7d3b', bars: true, format: money },
      { label: 'Refunds', values: series.refundedCents, colour: '#c5280c', bars: true, format: money },
    ];
    const orders: ChartLine[] = [
      { label: 'Orders', values: series.orders, colour: '#a15c00', bars: true, format: count },
    ];
    return { series, totals: totalsOf(series, answer.sales), traffic, revenue, orders, money };
  }, [answer]);

  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Analytics</h1>
      </header>
      <RangeControl days={days} onChange={setDays} />
      {fetched.state === 'failed' && answer !== undefined && <FetchStatus fetched={fetched} />}
      {answer !== undefined && !knownTimeZone(answer.timeZone) ? (
        <TimeZoneProblem timeZone={answer.timeZone} />
      ) : answer === undefined || view === null ? (
        <FetchStatus fetched={fetched} loading="Loading analytics…" />
      ) : (
        <>
          <p className="Muted" role="status">
            {fetched.state === 'pending'
              ? 'Updating…'
              : `Last ${answer.days === 1 ? '24 hours' : `${answer.days} days`}, in the store’s time zone (${answer.timeZone}).`}
          </p>
          <dl className="Figures">
            <div className="Card">
              <dt>Net revenue</dt>
              <dd>{view.money(view.totals.netRevenueCents)}</dd>
            </div>
            <div className="Card">
              <dt>Sales</dt>
              <dd>{view.money(view.totals.revenueCents)}</dd>
            </div>
            <div className="Card">
              <dt>Refunds</dt>
              <dd>
                {view.totals.refundedCents === 0 ? view.money(0) : `−${view.money(view.totals.refundedCents)}`}
                <span className="Figures-note">
                  {view.totals.refunds === 1 ? '1 refund' : `${COUNT.format(view.totals.refunds)} refunds`}
                </span>
              </dd>
            </div>
            <div className="Card">
              <dt>Orders</dt>
              <dd>{COUNT.format(view.totals.orders)}</dd>
            </div>
            <div className="Card">
              <dt>Conversion</dt>
              <dd>{view.totals.conversion === null ? '—' : PERCENT.format(view.totals.conversion)}</dd>
            </div>
            <div className="Card">
              <dt>Page views</dt>
              <dd>{COUNT.format(view.totals.views)}</dd>
            </div>
            <div className="Card">
              <dt>Visitors</dt>
              <dd>{COUNT.format(view.totals.visitors)}</dd>
            </div>
          </dl>
          {answer.summary.refused > 0 && (
            <p className="Muted" id="analytics-refused">
              {refusedText(answer.summary.refused)}
            </p>
          )}
          <div className="Card">
            <TimeChart
              id="revenue-chart"
              title="Sales and refunds"
              summary={`Sales ${view.money(view.totals.revenueCents)} from ${view.totals.orders} orders, refunds ${view.money(view.totals.refundedCents)}, net revenue ${view.money(view.totals.netRevenueCents)}`}
              times={view.series.times}
              lines={view.revenue}
              bucket={view.series.bucket}
              timeZone={view.series.timeZone}
            />
          </div>
          <div className="Columns Columns--even">
            <div className="Card">
              <TimeChart
                id="traffic-chart"
                title="Page views and visitors"
                summary={`${view.totals.views} page views, ${view.totals.visitors} visitors`}
                times={view.series.times}
                lines={view.traffic}
                bucket={view.series.bucket}
                timeZone={view.series.timeZone}
              />
            </div>
            <div className="Card">
              <TimeChart
                id="orders-chart"
                title="Orders"
                summary={`${view.totals.orders} orders`}
                times={view.series.times}
                lines={view.orders}
                bucket={view.series.bucket}
                timeZone={view.series.timeZone}
                whole
              />
            </div>
          </div>
          <div className="Columns Columns--even">
            <BarList title="Top pages" rows={answer.summary.topPages.map((p) => ({ label: p.path, value: p.views }))} />
            <BarList
              title="Top products by adds to cart"
              rows={answer.summary.topProducts.map((p) => ({ label: p.title, value: p.adds }))}
            />
          </div>
          <div className="Columns Columns--even">
            <BarList
              title="Add-to-cart funnel"
              rows={answer.summary.funnel.map((s) => ({ label: s.label, value: s.count }))}
            />
            <section className="Card" aria-labelledby="vitals-title">
              <h2 id="vitals-title">Web vitals (75th percentile)</h2>
              {answer.summary.vitals.length === 0 ? (
                <p className="Muted">No measurements in this range.</p>
              ) : (
                <table className="BarList">
                  <caption className="visually-hidden">Web vitals per page</caption>
                  <thead>
                    <tr>
                      <th scope="col">Page and metric</th>
                      <th scope="col" className="is-end">
                        p75
                      </th>
                      <th scope="col">Rating</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.summary.vitals.map((v) => {
                      const rating = RATING[rateVital(v.metric, v.p75)];
                      return (
                        <tr key={`${v.path}-${v.metric}`}>
                          <th scope="row">
                            {v.path} {v.metric}
                          </th>
                          <td className="is-end">
                            {v.metric === 'CLS' ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`}
                          </td>
                          <td>
                            <StatusLabel tone={rating.tone}>{rating.label}</StatusLabel>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
