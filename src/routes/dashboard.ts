/**
 * The merchant's analytics dashboard: `GET /config/analytics` (a page of inline SVG charts) and
 * `GET /api/census/summary` (the same figures as JSON). Both read the website's hourly aggregates
 * only. `analyticsArea` puts both behind the merchant `analytics` permission; the page, opened in a
 * browser, sends a signed-out visitor to the sign-in at /config and tells a role without analytics so
 * in a page (the JSON refusals are the API's).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { MERCHANT_MESSAGES } from '../accounts/messages';
import { z } from 'zod';
import { hourOf, type DashboardSummary, type StoredSummary } from '../beacon/aggregate';
import { barChart, trafficChart, vitalsChart } from '../beacon/charts';
import { itemsById } from '../site/catalog';
import type { Site } from '../site/schema';
import { htmlDocument, markup, raw } from './html-document';
import { beaconStore } from '../durable/stubs';
import { validate } from '../http/body';
import { type AppEnv, withSite } from './http';
import { allows } from '../site/roles';
import { merchantSessionOf, requirePermission } from './merchant-session';

const rangeQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });

const DASHBOARD_STYLE = 'body{font:14px/1.4 system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#111}section{margin:2rem 0}h2{font-size:1.1rem}';

export const dashboard = new Hono<AppEnv>();

/** Products under their titles in the published catalog (an item since removed, or '(other)', shows its id). */
async function withCatalogTitles(env: Env, site: Site, summary: StoredSummary): Promise<DashboardSummary> {
  const items = await itemsById(env, site.website.id, summary.topProducts.map((product) => product.id));
  return { ...summary, topProducts: summary.topProducts.map((product) => ({ ...product, title: items.get(product.id)?.title ?? product.id })) };
}

async function summaryFor(c: Context<AppEnv>): Promise<{ title: string; days: number; summary: DashboardSummary }> {
  const { days } = validate(rangeQuery, { days: c.req.query('days') });
  const site = c.var.site;
  const { id, siteTitle } = site.website;
  const toHour = hourOf(Date.now());
  return { title: String(siteTitle ?? id), days, summary: await withCatalogTitles(c.env, site, await beaconStore(c.env, id).summary(toHour - days * 24 + 1, toHour)) };
}

const SUMMARY_PATH = '/api/census/summary';
const PAGE_PATH = '/config/analytics';

dashboard.get(SUMMARY_PATH, withSite, async (c) => {
  const { summary } = await summaryFor(c);
  return c.json(summary);
});

dashboard.get(PAGE_PATH, withSite, async (c) => {
  const found = await summaryFor(c);
  const { title, days, summary } = found;
  const totals = summary.traffic.reduce((sum, t) => ({ views: sum.views + t.views, visitors: sum.visitors + t.visitors }), { views: 0, visitors: 0 });
  const charts: [string, string][] = [
    ['Page views and visitors', trafficChart(summary)],
    ['Top pages', barChart('Top pages by page views', summary.topPages.map((p) => ({ label: p.path, value: p.views })))],
    ['Top products', barChart('Top products by adds to cart', summary.topProducts.map((p) => ({ label: p.title, value: p.adds })))],
    ['Add-to-cart funnel', barChart('Add-to-cart funnel', summary.funnel.map((s) => ({ label: s.label, value: s.count })))],
    ['Web vitals (75th percentile)', vitalsChart(summary.vitals)],
  ];
  // The charts escape every label themselves (src/beacon/charts.ts).
  const sections = charts.map(([heading, chart]) => markup`<section><h2>${heading}</h2>${raw(chart)}</section>\n`);
  return htmlDocument(c, {
    title: `Analytics · ${title}`,
    style: DASHBOARD_STYLE,
    body: markup`<main>
<h1>Analytics</h1>
<p>Last ${days} days: <strong>${totals.views}</strong> page views, <strong>${totals.visitors}</strong> visitors (per hour, summed), ${summary.accepted} beacons.</p>
${sections}</main>`,
  });
});

const SIGN_IN_PATH = '/config';

const analyticsPageAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await merchantSessionOf(c);
  c.header('cache-control', 'no-store');
  if (session === null) return c.redirect(SIGN_IN_PATH, 302);
  if (!allows(session.profile.roles, 'analytics')) {
    return htmlDocument(
      c,
      {
        title: 'Analytics',
        style: DASHBOARD_STYLE,
        body: markup`<main>
<h1>Analytics</h1>
<p>${MERCHANT_MESSAGES.forbidden} Your role does not include the analytics dashboard; the site's owner can grant it.</p>
<p><a href="${SIGN_IN_PATH}">Back to the editor</a></p>
</main>`,
      },
      403,
    );
  }
  await next();
};

/** The area the worker mounts: the dashboard behind the merchant `analytics` permission. */
export const analyticsArea = new Hono<AppEnv>();
analyticsArea.get(SUMMARY_PATH, requirePermission('analytics'));
analyticsArea.get(PAGE_PATH, withSite, analyticsPageAccess);
analyticsArea.route('/', dashboard);
