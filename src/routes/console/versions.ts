/**
 * The version history of a product or a page (`/api/console/versions/{product|page}/{id}…`): the
 * last saves (when, by whom), one of them as it was, and restoring one. A product needs the commerce
 * permission, a page the content permission. Restoring is an edit like a save, through applyEdit
 * (site-edits.ts), so the content version moves on and the storefront shows it at once; stock stays
 * the stock ledger's.
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { VersionSubject } from '../../durable/content-versions';
import { ITEM_MESSAGES } from '../../durable/site-content';
import { ApiError } from '../../http/errors';
import { formFromProduct, type Merchandising } from '../../site/editor/product-item';
import type { Collection, Item } from '../../site/model/schema';
import { readJson, type AppEnv, storeOf } from '../shared/http';
import { requirePermission } from './merchant-session';
import { merchantEdit } from './site-edits';

/** Each subject's guard: a product's history is commerce, a page's content. */
const GUARDS: Readonly<Record<VersionSubject, MiddlewareHandler<AppEnv>>> = {
  product: requirePermission('commerce'),
  page: requirePermission('content'),
};

const subjectOf = (c: Context<AppEnv>) => c.req.param('subject') as VersionSubject;

const guard: MiddlewareHandler<AppEnv> = (c, next) => {
  const subject = c.req.param('subject');
  if (subject !== 'product' && subject !== 'page') throw new ApiError(404, ITEM_MESSAGES.unknownVersion);
  return GUARDS[subject](c, next);
};

const versionId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

function versionOf(c: Context<AppEnv>): number {
  const parsed = versionId.safeParse(c.req.param('versionId'));
  if (!parsed.success) throw new ApiError(404, ITEM_MESSAGES.unknownVersion);
  return parsed.data;
}

const subjectId = (c: Context<AppEnv>) => c.req.param('id') ?? '';

/** What the console shows of one version: a product's form, or a page's title, text and status. */
function shownVersion(subject: VersionSubject, json: string) {
  if (subject === 'product') {
    const { item, merchandising } = JSON.parse(json) as { item: Item; merchandising: Merchandising | null };
    return { title: item.title, product: formFromProduct(item, merchandising) };
  }
  const page = JSON.parse(json) as Collection;
  return { title: page.title, page: { body: page.body ?? '', status: page.status ?? 'published' } };
}

export const versions = new Hono<AppEnv>();

const CONSOLE = areas.console;

versions.get(pathIn(CONSOLE, api.versions), guard, async (c) => {
  const { value } = await storeOf(c).objects.content.versions(subjectOf(c), subjectId(c));
  return answer(c, api.versions, { versions: value });
});

versions.get(pathIn(CONSOLE, api.version), guard, async (c) => {
  const id = versionOf(c);
  const { value } = await storeOf(c).objects.content.savedVersion(subjectOf(c), subjectId(c), id);
  if (value === null) throw new ApiError(404, ITEM_MESSAGES.unknownVersion);
  return answer(c, api.version, { id, ...shownVersion(subjectOf(c), value) });
});

versions.post(pathIn(CONSOLE, api.restoreVersion), guard, async (c) => {
  await readJson(c, z.object({}), 1024);
  await merchantEdit(c, { kind: 'restoreVersion', subject: subjectOf(c), id: subjectId(c), versionId: versionOf(c) });
  return answer(c, api.restoreVersion, { restored: true });
});
