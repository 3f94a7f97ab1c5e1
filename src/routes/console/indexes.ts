/**
 * The console's index pages (src/site/model/index-collections.ts): an index holds other pages and collections of the site,
 * its sections, in order, and a developer-platform template draws it with its index type's `.list`
 * (docs/templates.md, "Index collections"). Create one, read it with what may be its sections, save its title and
 * sections: the content roles, as for pages, with the crumb; the sections are checked by the import's rules, each
 * refusal shown at its section (`collectionIds.{n}`).
 *
 *   POST /api/console/indexes                   { title, urlId } a new index, no sections yet
 *   GET  /api/console/indexes/{collectionId}    → IndexAnswer
 *   PUT  /api/console/indexes/{collectionId}    { title, collectionIds } → IndexAnswer
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { api } from '../../api';
import { areas } from '../../api/areas';
import type { IndexAnswer } from '../../api/console-answers';
import { ApiError } from '../../http/errors';
import { indexFormSchema, newPageSchema, pageFormProblems, pageSlugOf } from '../../site/editor/page-form';
import { PRODUCT_MESSAGES } from '../../site/editor/product-form';
import { EDIT_MESSAGES, inNavigation } from '../../site/edits/edits';
import { indexProblems } from '../../site/model/index-collections';
import type { Collection, Site } from '../../site/model/schema';
import { answer, pathIn } from '../shared/contract';
import { apiError, readJson, type AppEnv } from '../shared/http';
import { requirePermission } from './merchant-session';
import { pageField, storedSite } from './pages';
import { merchantEdit } from './site-edits';

/** 50 ids of at most 64 characters and a title, with room to spare. */
const MAX_INDEX_BYTES = 8 * 1024;
const MAX_NEW_INDEX_BYTES = 4 * 1024;

export const consoleIndexes = new Hono<AppEnv>();

const CONSOLE = areas.console;

function indexIn(site: Site, id: string): Collection | undefined {
  return site.collections.find((collection) => collection.id === id && collection.typeName === 'index');
}

function indexNamed(c: Context<AppEnv>): Collection {
  const index = indexIn(c.var.site, c.req.param('collectionId') ?? '');
  if (index === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  return index;
}

function indexAnswer(site: Site, index: Collection): IndexAnswer {
  return {
    id: index.id,
    title: index.title,
    urlId: index.urlId,
    fullUrl: index.fullUrl,
    collectionIds: [...(index.collectionIds ?? [])],
    inNavigation: inNavigation(site.navigation, index),
    homepage: index.homepage === true,
    choices: site.collections
      .filter((collection) => collection.typeName !== 'index')
      .map(({ id, title, typeName, fullUrl }) => ({ id, title, typeName, fullUrl })),
  };
}

consoleIndexes.post(pathIn(CONSOLE, api.addIndex), requirePermission('content'), async (c) => {
  const input = newPageSchema.safeParse(await readJson(c, z.unknown(), MAX_NEW_INDEX_BYTES));
  if (!input.success) return apiError(400, PRODUCT_MESSAGES.invalid, { fields: pageFormProblems(input.error) });
  const urlId = pageSlugOf(input.data);
  const created = (await merchantEdit(
    c,
    { kind: 'addIndex', input: { title: input.data.title, urlId } },
    pageField,
  )) as {
    id: string;
  };
  return answer(c, api.addIndex, { id: created.id, urlId, fullUrl: `/${urlId}` }, 201);
});

consoleIndexes.get(pathIn(CONSOLE, api.index), requirePermission('read'), (c) =>
  answer(c, api.index, indexAnswer(c.var.site, indexNamed(c))),
);

consoleIndexes.put(pathIn(CONSOLE, api.saveIndex), requirePermission('content'), async (c) => {
  const input = indexFormSchema.safeParse(await readJson(c, z.unknown(), MAX_INDEX_BYTES));
  const index = indexNamed(c);
  if (!input.success) return apiError(400, PRODUCT_MESSAGES.invalid, { fields: pageFormProblems(input.error) });
  // Each section's problem at its row, by the import's rules; the edit checks the same against the stored site.
  const collections = c.var.site.collections.map((collection) =>
    collection === index ? { ...index, collectionIds: input.data.collectionIds } : collection,
  );
  const at = collections.indexOf(collections.find((collection) => collection.id === index.id) as Collection);
  const fields: Record<string, string> = {};
  for (const { path, message } of indexProblems(collections))
    if (path[0] === at && path[1] === 'collectionIds') fields[`collectionIds.${path[2]}`] ??= message;
  const first = Object.values(fields)[0];
  if (first !== undefined) return apiError(400, first, { fields });
  await merchantEdit(c, { kind: 'saveIndex', collectionId: index.id, input: input.data }, pageField);
  const site = (await storedSite(c)) ?? c.var.site;
  const saved = indexIn(site, index.id);
  if (saved === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  return answer(c, api.saveIndex, indexAnswer(site, saved));
});
