/**
 * The merchant's analytics figures: `GET /api/census/summary?days=1..90` (JSON, behind the merchant
 * `analytics` permission), read from the website's hourly aggregates only. The dashboard itself is
 * the console's analytics section (`/config/analytics`, src/console/sections/analytics/), which
 * adds the store's sales (src/routes/console/console-operations.ts).
 */
import { Hono, type Context } from 'hono';
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { z } from 'zod';
import { hourOf, type DashboardSummary, type StoredSummary } from '../../beacon/aggregate';
import { type ContentObject, itemsById } from '../../site/published/catalog';
import { validate } from '../../http/body';
import { type AppEnv, withSite, storeOf } from '../shared/http';
import { guardedArea } from '../shared/guarded-area';
import { requirePermission } from './merchant-session';

const rangeQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });

export const dashboard = new Hono<AppEnv>();

/** Products under their titles in the published catalog (an item since removed, or '(other)', shows its id). */
async function withCatalogTitles(content: ContentObject, summary: StoredSummary): Promise<DashboardSummary> {
  const items = await itemsById(
    content,
    summary.topProducts.map((product) => product.id),
  );
  return {
    ...summary,
    topProducts: summary.topProducts.map((product) => ({
      ...product,
      title: items.get(product.id)?.title ?? product.id,
    })),
  };
}

/** The last `days` days (the query's, 1 to 90, default 7) of the request's site, ending with the current hour. */
export async function summaryFor(c: Context<AppEnv>): Promise<{ days: number; summary: DashboardSummary }> {
  const { days } = validate(rangeQuery, { days: c.req.query('days') });
  const toHour = hourOf(Date.now());
  const objects = storeOf(c).objects;
  return {
    days,
    summary: await withCatalogTitles(objects.content, await objects.beacons.summary(toHour - days * 24 + 1, toHour)),
  };
}

dashboard.get(pathIn(areas.analytics, api.analyticsSummary), withSite, async (c) => {
  const { summary } = await summaryFor(c);
  c.header('cache-control', 'no-store');
  return answer(c, api.analyticsSummary, summary);
});

/** The area the worker mounts: the figures behind the merchant `analytics` permission, attached at the top of it. */
export const analyticsArea = guardedArea(requirePermission('analytics')).route('/', dashboard);
