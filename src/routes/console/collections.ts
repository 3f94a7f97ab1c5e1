/**
 * A products or blog collection's settings in the console (Squarespace's page settings for a shop or a blog): its
 * title, navigation title, URL slug, description and search engine listing. An empty slug is made from the title
 * (as a new page's or product's); a new slug is checked as a page's; the
 * edit (src/site/edits/edits.ts saveCollectionSettings) moves its navigation links and its items' addresses, and leaves
 * its old address answering 301 to the new one (src/durable/content-redirects.ts).
 *
 *   GET /api/console/collections/{collectionId}   → CollectionSettingsAnswer
 *   PUT /api/console/collections/{collectionId}   { urlId, title?, navigationTitle?, description?, seoTitle?, seoDescription? }
 *                                                 → CollectionSettingsAnswer (a field left out stays as it was)
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { api } from '../../api';
import { areas } from '../../api/areas';
import type { CollectionSettingsAnswer } from '../../api/console-answers';
import { isProductCollection } from '../../commerce/product';
import { ApiError } from '../../http/errors';
import { collectionSettingsSchema, pageFormProblems } from '../../site/editor/page-form';
import { PRODUCT_MESSAGES, slugOf } from '../../site/editor/product-form';
import { EDIT_MESSAGES } from '../../site/edits/edits';
import type { Collection, Site } from '../../site/model/schema';
import { answer, pathIn } from '../shared/contract';
import { apiError, readJson, type AppEnv } from '../shared/http';
import { requirePermission } from './merchant-session';
import { pageField, storedSite } from './pages';
import { merchantEdit } from './site-edits';

/** The description's 5,000 characters and the rest, as UTF-8 at worst. */
const MAX_BODY_BYTES = 24 * 1024;

export const consoleCollections = new Hono<AppEnv>();

const CONSOLE = areas.console;

function collectionIn(site: Site, id: string): Collection | undefined {
  return site.collections.find((c) => c.id === id && (isProductCollection(c) || c.typeName === 'blog'));
}

function collectionNamed(c: Context<AppEnv>): Collection {
  const collection = collectionIn(c.var.site, c.req.param('collectionId') ?? '');
  if (collection === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  return collection;
}

function settingsOf(collection: Collection): CollectionSettingsAnswer {
  return {
    id: collection.id,
    typeName: collection.typeName,
    title: collection.title,
    navigationTitle: (collection as { navigationTitle?: string }).navigationTitle ?? '',
    urlId: collection.urlId,
    fullUrl: collection.fullUrl,
    description: collection.description ?? '',
    seoTitle: collection.seoTitle ?? '',
    seoDescription: collection.seoDescription ?? '',
  };
}

consoleCollections.get(pathIn(CONSOLE, api.collectionSettings), requirePermission('read'), (c) =>
  answer(c, api.collectionSettings, settingsOf(collectionNamed(c))),
);

consoleCollections.put(pathIn(CONSOLE, api.saveCollectionSettings), requirePermission('content'), async (c) => {
  const input = collectionSettingsSchema.safeParse(await readJson(c, z.unknown(), MAX_BODY_BYTES));
  if (!input.success) return apiError(400, PRODUCT_MESSAGES.invalid, { fields: pageFormProblems(input.error) });
  const collection = collectionNamed(c);
  // A title with no letters or digits makes no slug: the collection keeps its own.
  const urlId = input.data.urlId || slugOf(input.data.title ?? collection.title) || collection.urlId;
  const id = collection.id;
  await merchantEdit(
    c,
    { kind: 'saveCollectionSettings', collectionId: id, input: { ...input.data, urlId } },
    pageField,
  );
  const saved = collectionIn((await storedSite(c)) ?? c.var.site, id);
  if (saved === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  return answer(c, api.saveCollectionSettings, settingsOf(saved));
});
