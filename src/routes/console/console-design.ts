/**
 * The console's Design, Navigation and Mailing list sections (docs/merchant.md, "Console"): the
 * design draft, its preview and its publishing; the main navigation as a tree of links made with
 * the link editor; the mailing-list connection. Every call checks the merchant's role and the
 * crumb (`requirePermission`), reads a capped, zod-checked body and changes the site through its
 * SiteContent object, which writes only the row that changed (`design`, `navigation`,
 * `mailingList`). Header and footer go through `/api/site-header-footer` (src/routes/console/merchant.ts).
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { ApiError } from '../../http/errors';
import { z } from 'zod';
import { COLOUR_ROLES, DEFAULT_DESIGN, FONT_ROLES, type Design } from '../../site/editor/design';
import { designOf, designSchema } from '../../site/theme/design-schema';
import { linkHref, targetOfHref, type LinkTarget } from '../../site/editor/link-target';
import type { NavigationItem } from '../../site/edits/edits';
import { FONT_CATEGORIES, FONTS } from '../../site/editor/fonts';
import { PRODUCT_MESSAGES } from '../../site/editor/product-form';
import { MAILING_LIST_MESSAGES, NO_MAILING_LIST } from '../../site/editor/mailing-list';
import type { ContentObject } from '../../site/published/catalog';
import type { NavigationEntry, Site } from '../../site/model/schema';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { changedOf, merchantEdit } from './site-edits';
import { requirePermission } from './merchant-session';

const MAX_DESIGN_BYTES = 8 * 1024;
const MAX_NAVIGATION_BYTES = 64 * 1024;
const MAX_MAILING_BYTES = 2 * 1024;

export const consoleDesign = new Hono<AppEnv>();

const CONSOLE = areas.console;

const content = requirePermission('content');
const integrations = requirePermission('integrations');

/** The body's zod problems by field path ('colours.accent'), each with its message. */
function fieldProblems(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    fields[path] ??= issue.message;
  }
  return fields;
}

async function readDesign(c: Context<AppEnv>): Promise<Design> {
  const body = await readJson(c, z.object({ design: z.unknown() }), MAX_DESIGN_BYTES);
  const parsed = designSchema.safeParse(body.design);
  if (parsed.success) return parsed.data as Design;
  const fields = fieldProblems(parsed.error);
  return apiError(400, Object.values(fields)[0] ?? 'Invalid design', { fields });
}

/** The merchant's saved draft, if any (read leniently: fonts or options since removed fall back to defaults). */
async function designDraftOf(draftOf: ContentObject): Promise<Design | null> {
  const json = await draftOf.designDraft();
  return json === null ? null : designOf(JSON.parse(json));
}

consoleDesign.get(pathIn(CONSOLE, api.design), content, async (c) => {
  const site = c.var.site;
  return answer(c, api.design, {
    published: site.design === undefined ? DEFAULT_DESIGN : designOf(site.design),
    draft: await designDraftOf(storeOf(c).objects.content),
    defaults: DEFAULT_DESIGN,
    colourRoles: COLOUR_ROLES,
    fontRoles: FONT_ROLES,
    fonts: FONTS,
    fontCategories: FONT_CATEGORIES,
  });
});

consoleDesign.put(pathIn(CONSOLE, api.saveDesignDraft), content, async (c) => {
  const design = await readDesign(c);
  await storeOf(c).objects.content.saveDesignDraft(JSON.stringify(design));
  return answer(c, api.saveDesignDraft, { saved: true });
});

consoleDesign.delete(pathIn(CONSOLE, api.discardDesignDraft), content, async (c) => {
  await storeOf(c).objects.content.saveDesignDraft(null);
  return answer(c, api.discardDesignDraft, { discarded: true });
});

consoleDesign.post(pathIn(CONSOLE, api.publishDesign), content, async (c) => {
  const design = await readDesign(c);
  const value = await merchantEdit(c, { kind: 'setDesign', design });
  await storeOf(c).objects.content.saveDesignDraft(null);
  return answer(c, api.publishDesign, { published: true, ...changedOf(value) });
});

/** Back to the theme's own look: the published design and any draft removed. */
consoleDesign.delete(pathIn(CONSOLE, api.resetDesign), content, async (c) => {
  const value = await merchantEdit(c, { kind: 'setDesign', design: null });
  await storeOf(c).objects.content.saveDesignDraft(null);
  return answer(c, api.resetDesign, { reset: true, ...changedOf(value) });
});

/** A navigation item as the console edits it: a title, a link target (none for a folder) and the items under it. */
interface ConsoleNavigationItem {
  title: string;
  link: LinkTarget | null;
  children: ConsoleNavigationItem[];
}

const linkTargetSchema = z.object({ type: z.string().max(20), value: z.string().max(2083) });
const consoleItemSchema: z.ZodType<ConsoleNavigationItem> = z.lazy(() =>
  z.object({
    title: z.string().max(200),
    link: linkTargetSchema.nullable(),
    children: z.array(consoleItemSchema).max(50),
  }),
) as z.ZodType<ConsoleNavigationItem>;
const navigationBodySchema = z.object({
  items: z.array(consoleItemSchema).min(1, 'The main navigation needs at least one link.').max(50),
});

export const NAVIGATION_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: 'Titles can be at most 100 characters',
  folderEmpty: 'A folder needs at least one link under it',
} as const;

/** The items as the site's navigation edit takes them, or every problem by its item's path ('items.0.children.2'). */
function navigationItems(items: ConsoleNavigationItem[], at: string, fields: Record<string, string>): NavigationItem[] {
  return items.map((item, i) => {
    const path = `${at}.${i}`;
    const title = item.title.trim();
    if (title === '') fields[`${path}.title`] = NAVIGATION_MESSAGES.titleRequired;
    else if (title.length > 100) fields[`${path}.title`] = NAVIGATION_MESSAGES.titleTooLong;
    const children = navigationItems(item.children, `${path}.children`, fields);
    const built: NavigationItem = { title, ...(children.length > 0 ? { children } : {}) };
    if (item.link === null) {
      if (children.length === 0) fields[`${path}.link`] = NAVIGATION_MESSAGES.folderEmpty;
      return built;
    }
    const link = linkHref(item.link);
    if ('error' in link) {
      fields[`${path}.link`] = link.error;
      return built;
    }
    return /^https?:\/\//.test(link.href) ? { ...built, externalLink: link.href } : { ...built, url: link.href };
  });
}

function consoleItems(entries: readonly NavigationEntry[]): ConsoleNavigationItem[] {
  return entries.map((entry) => ({
    title: entry.title,
    link: entry.url === undefined ? null : targetOfHref(entry.url),
    children: consoleItems(entry.children ?? []),
  }));
}

/** The site's pages a Page link may choose: its collections (the navigation's usual links). */
function pageChoices(site: Site): { title: string; url: string }[] {
  return site.collections.map((collection) => ({ title: collection.title, url: collection.fullUrl }));
}

consoleDesign.get(pathIn(CONSOLE, api.navigation), content, async (c) => {
  const site = c.var.site;
  return answer(c, api.navigation, { items: consoleItems(site.navigation), pages: pageChoices(site) });
});

consoleDesign.put(pathIn(CONSOLE, api.saveNavigation), content, async (c) => {
  const body = await readJson(c, navigationBodySchema, MAX_NAVIGATION_BYTES);
  const fields: Record<string, string> = {};
  const items = navigationItems(body.items, 'items', fields);
  const first = Object.values(fields)[0];
  if (first !== undefined) return apiError(400, first, { fields });
  await merchantEdit(c, { kind: 'updateNavigation', items });
  return answer(c, api.saveNavigation, { items: consoleItems((await contentNavigation(c)) ?? []) });
});

/** The navigation as stored after the edit (the request's site was loaded before it). */
async function contentNavigation(c: Context<AppEnv>): Promise<NavigationEntry[] | null> {
  const { value } = await storeOf(c).objects.content.shell();
  return value === null ? null : (JSON.parse(value) as Site).navigation;
}

const mailingChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('connect'), listId: z.string().max(64).nullable(), doubleOptIn: z.boolean() }),
  z.object({ action: z.literal('disconnect') }),
  z.object({ action: z.literal('confirm') }),
  z.object({ action: z.literal('addList'), name: z.string().max(100) }),
]);

async function storedMailingList(c: Context<AppEnv>) {
  const { value } = await storeOf(c).objects.content.shell();
  return (value === null ? null : (JSON.parse(value) as Site).mailingList) ?? NO_MAILING_LIST;
}

consoleDesign.get(pathIn(CONSOLE, api.mailingList), integrations, async (c) =>
  answer(c, api.mailingList, await storedMailingList(c)),
);

const membersQuery = z.object({
  listId: z.string().min(1).max(64).optional(),
  cursor: z.coerce.number().int().min(1).optional(),
});

/** A list's members (the newsletter sign-ups copied while it was connected), 50 a page, newest first; the connected or awaiting list unless `listId` names another. */
consoleDesign.get(pathIn(CONSOLE, api.mailingListMembers), requirePermission('customerData'), async (c) => {
  const query = membersQuery.safeParse({ listId: c.req.query('listId'), cursor: c.req.query('cursor') });
  if (!query.success) return apiError(400, PRODUCT_MESSAGES.invalid);
  const mailingList = await storedMailingList(c);
  const connection = mailingList.connection;
  const listId = query.data.listId ?? (connection.state === 'disconnected' ? undefined : connection.listId);
  const list = mailingList.lists.find((entry) => entry.id === listId);
  if (list === undefined)
    return query.data.listId === undefined
      ? answer(c, api.mailingListMembers, { list: null, members: [], total: 0, nextCursor: null })
      : apiError(404, MAILING_LIST_MESSAGES.unknownList);
  const page = await storeOf(c).objects.forms.members(list.id, query.data.cursor ?? null);
  return answer(c, api.mailingListMembers, { list: { id: list.id, name: list.name }, ...page });
});

consoleDesign.post(pathIn(CONSOLE, api.changeMailingList), integrations, async (c) => {
  const change = await readJson(c, mailingChangeSchema, MAX_MAILING_BYTES);
  try {
    await merchantEdit(c, { kind: 'setMailingList', change, now: Date.now() });
  } catch (error) {
    if (error instanceof ApiError && error.message === MAILING_LIST_MESSAGES.listRequired)
      return apiError(400, error.message, { fields: { listId: error.message } });
    throw error;
  }
  return answer(c, api.changeMailingList, await storedMailingList(c));
});
