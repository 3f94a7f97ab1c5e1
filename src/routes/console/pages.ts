/**
 * The console's pages (collections of type page): list, create, read, save whole (title, slug,
 * text, status, SEO fields and blocks, src/site/editor/page-form.ts), delete (its navigation links
 * go with it), add to the navigation, and the chart blocks' own call. Every change is a shell edit
 * through merchantEdit, which refuses code blocks to roles without code injection (403).
 *
 *   GET    /api/console/pages                          the site's pages (and blogs, for the lists)
 *   POST   /api/console/pages                          { title, urlId } a new page
 *   GET    /api/console/pages/{collectionId}
 *   PUT    /api/console/pages/{collectionId}           the page form
 *   DELETE /api/console/pages/{collectionId}
 *   POST   /api/console/pages/{collectionId}/navigation  a link to it at the end of the navigation
 *   PUT    /api/console/pages/{collectionId}/charts    { charts: [{ id, title, columns, rows }] }, the page's chart blocks
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isProductCollection } from '../../commerce/product';
import { ApiError } from '../../http/errors';
import {
  CHART_MESSAGES,
  datasetOf,
  MAX_CHART_COLUMNS,
  MAX_CHART_ROWS,
  MAX_CHARTS_PER_PAGE,
} from '../../site/editor/chart';
import { newPageSchema, pageFormProblems, pageFormSchema, pageSlugOf } from '../../site/editor/page-form';
import { PRODUCT_MESSAGES } from '../../site/editor/product-form';
import { EDIT_MESSAGES, inNavigation, type PageChart } from '../../site/edits/edits';
import type { Collection, Site } from '../../site/model/schema';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { requirePermission } from './merchant-session';
import { merchantEdit, type RefusalField } from './site-edits';

/** A page's text and blocks fit well within this (the schema caps rich text at 100,000 characters). */
const MAX_PAGE_BYTES = 256 * 1024;
const MAX_NEW_PAGE_BYTES = 4 * 1024;

/** Where the page form (and a shop's or blog's slug, collections.ts) shows an edit's refusal. */
export const pageField: RefusalField = (error) =>
  error === EDIT_MESSAGES.urlIdTaken || error === EDIT_MESSAGES.urlIdReserved || error === EDIT_MESSAGES.urlIdInvalid
    ? 'urlId'
    : error === EDIT_MESSAGES.titleRequired || error === EDIT_MESSAGES.titleTooLong
      ? 'title'
      : undefined;

export const consolePages = new Hono<AppEnv>();

const CONSOLE = areas.console;
const read = requirePermission('read');
const content = requirePermission('content');

consolePages.get(pathIn(CONSOLE, api.pages), read, (c) => {
  const listed = c.var.site.collections.filter((collection) => !isProductCollection(collection));
  return answer(c, api.pages, {
    pages: listed.map(({ id, title, typeName, fullUrl, status, addedOn }) => ({
      id,
      title,
      typeName,
      fullUrl,
      status: status ?? 'published',
      publishOn: addedOn ?? 0,
      inNavigation: inNavigation(c.var.site.navigation, { id, fullUrl }),
    })),
    // What a products grid block may list, for page editors without the commerce permission.
    productCollections: c.var.site.collections
      .filter(isProductCollection)
      .map(({ id, title, fullUrl }) => ({ id, title, fullUrl })),
  });
});

/** The site as stored after an edit (the request's site was loaded before it). */
export async function storedSite(c: Context<AppEnv>): Promise<Site | null> {
  const { value } = await storeOf(c).objects.content.shell();
  return value === null ? null : (JSON.parse(value) as Site);
}

consolePages.post(pathIn(CONSOLE, api.addPage), content, async (c) => {
  const input = newPageSchema.safeParse(await readJson(c, z.unknown(), MAX_NEW_PAGE_BYTES));
  if (!input.success) {
    const fields = pageFormProblems(input.error);
    return apiError(400, PRODUCT_MESSAGES.invalid, { fields });
  }
  const urlId = pageSlugOf(input.data);
  const created = (await merchantEdit(
    c,
    { kind: 'addPage', input: { title: input.data.title, urlId } },
    pageField,
  )) as {
    id: string;
  };
  return answer(c, api.addPage, { id: created.id, urlId, fullUrl: `/${urlId}` }, 201);
});

/** A page's chart blocks as the chart call answers them. */
function chartsOf(
  page: Collection,
): { id: string; title: string; columns: string[]; rows: { label: string; values: number[] }[] }[] {
  return (page.blocks ?? []).flatMap((block) =>
    block.type === 'chart'
      ? [{ id: block.id, title: block.title ?? '', columns: block.columns ?? [], rows: block.rows ?? [] }]
      : [],
  );
}

function pageIn(site: Site, id: string): Collection | undefined {
  return site.collections.find((collection) => collection.id === id && collection.typeName === 'page');
}

function pageNamed(c: Context<AppEnv>): Collection {
  const page = pageIn(c.var.site, c.req.param('collectionId') ?? '');
  if (page === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  return page;
}

/** The page as the console's editor loads it. */
function pageAnswer(site: Site, page: Collection) {
  return {
    id: page.id,
    title: page.title,
    urlId: page.urlId,
    body: page.body ?? '',
    fullUrl: page.fullUrl,
    status: page.status ?? 'published',
    publishOn: page.addedOn ?? 0,
    seoTitle: page.seoTitle ?? '',
    seoDescription: page.seoDescription ?? '',
    blocks: page.blocks ?? [],
    inNavigation: inNavigation(site.navigation, page),
  };
}

consolePages.get(pathIn(CONSOLE, api.page), read, (c) => answer(c, api.page, pageAnswer(c.var.site, pageNamed(c))));

consolePages.put(pathIn(CONSOLE, api.savePage), content, async (c) => {
  const input = pageFormSchema.safeParse(await readJson(c, z.unknown(), MAX_PAGE_BYTES));
  const page = pageNamed(c);
  if (!input.success) return apiError(400, PRODUCT_MESSAGES.invalid, { fields: pageFormProblems(input.error) });
  await merchantEdit(c, { kind: 'savePage', collectionId: page.id, input: input.data }, pageField);
  const site = await storedSite(c);
  const saved = site === null ? undefined : pageIn(site, page.id);
  return answer(
    c,
    api.savePage,
    site === null || saved === undefined ? { saved: true } : { saved: true, page: pageAnswer(site, saved) },
  );
});

consolePages.delete(pathIn(CONSOLE, api.removePage), content, async (c) => {
  const page = pageNamed(c);
  await merchantEdit(c, { kind: 'removeCollection', collectionId: page.id });
  return answer(c, api.removePage, { deleted: true });
});

consolePages.post(pathIn(CONSOLE, api.addPageToNavigation), content, async (c) => {
  const page = pageNamed(c);
  await merchantEdit(c, { kind: 'appendToNavigation', collectionId: page.id });
  return answer(c, api.addPageToNavigation, { inNavigation: true });
});

/** Cells arrive as the editor holds them (text): datasetOf checks them with the spec's messages; the caps only bound the body. */
const chartsSchema = z.object({
  charts: z
    .array(
      z.object({
        id: z.string().max(64).nullable(),
        title: z.string().max(200),
        columns: z.array(z.string().max(200)).max(MAX_CHART_COLUMNS + 1),
        rows: z
          .array(
            z.object({ label: z.string().max(200), values: z.array(z.string().max(40)).max(MAX_CHART_COLUMNS + 1) }),
          )
          .max(MAX_CHART_ROWS + 1),
      }),
    )
    .max(MAX_CHARTS_PER_PAGE),
});

consolePages.put(pathIn(CONSOLE, api.saveCharts), content, async (c) => {
  const input = await readJson(c, chartsSchema, MAX_PAGE_BYTES);
  const page = pageNamed(c);
  const fields: Record<string, string> = {};
  const charts: PageChart[] = [];
  input.charts.forEach((chart, i) => {
    const title = chart.title.trim();
    if (title === '') fields[`charts.${i}.title`] = CHART_MESSAGES.titleRequired;
    const made = datasetOf(chart);
    if ('error' in made) fields[`charts.${i}.dataset`] = made.error;
    else charts.push({ id: chart.id, title, dataset: made.dataset });
  });
  const first = Object.values(fields)[0];
  if (first !== undefined) return apiError(400, first, { fields });
  await merchantEdit(c, { kind: 'setPageCharts', collectionId: page.id, charts });
  const site = await storedSite(c);
  const stored = site === null ? undefined : pageIn(site, page.id);
  return answer(c, api.saveCharts, { charts: stored === undefined ? [] : chartsOf(stored) });
});
