/**
 * A products or blog collection's settings in the console: its URL slug, checked as a page's. The
 * edit (src/site/edits.ts renameCollection) moves its navigation links and its items' addresses, and
 * leaves its old address answering 301 to the new one (src/durable/content-redirects.ts).
 *
 *   PUT /api/console/collections/{collectionId}   { urlId }   → { id, urlId, fullUrl }
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { collectionSlugSchema, pageFormProblems } from '../../site/editor/page-form';
import { PRODUCT_MESSAGES } from '../../site/editor/product-form';
import { apiError, readJson, type AppEnv } from '../shared/http';
import { requirePermission } from './merchant-session';
import { pageField } from './pages';
import { merchantEdit } from './site-edits';

const MAX_BODY_BYTES = 1024;

export const consoleCollections = new Hono<AppEnv>();

const CONSOLE = areas.console;

consoleCollections.put(pathIn(CONSOLE, api.renameCollection), requirePermission('content'), async (c) => {
  const input = collectionSlugSchema.safeParse(await readJson(c, z.unknown(), MAX_BODY_BYTES));
  if (!input.success) return apiError(400, PRODUCT_MESSAGES.invalid, { fields: pageFormProblems(input.error) });
  const id = c.req.param('collectionId');
  const { urlId } = input.data;
  await merchantEdit(c, { kind: 'renameCollection', collectionId: id, urlId }, pageField);
  return answer(c, api.renameCollection, { id, urlId, fullUrl: `/${urlId}` });
});
