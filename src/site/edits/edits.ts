/**
 * Merchant edits to a site (engine spec §7): each takes the current site and a request and answers as every step
 * that may refuse does (src/result.ts): `{ ok: true, value, site }`, its value with the changed site without its
 * items beside it (validated again before it is written), or the refusal: a domain code with the message to show
 * (the console's route maps the code to an HTTP status).
 * Pure: the website's SiteContent object applies them one at a time and writes the parts that changed.
 */
import { isProductCollection, PRODUCTS_COLLECTION, PRODUCTS_COLLECTION_TYPE } from '../../commerce/product';
import { escapeHtml } from '../../html/escape';
import { refused, type Done, type Refused } from '../../result';
import type { ChartDataset } from '../editor/chart';
import type { Design } from '../editor/design';
import { randomHex } from '../../ids';
import { indexProblems } from '../model/index-collections';
import { COLLECTION_TYPES } from '../../values/enumerations';
import { CONTENT_LIMITS, LIMIT_MESSAGES } from '../model/limits';
import { MEMBER_AREA_PATH } from '../model/paths';
import { changeMailingList, NO_MAILING_LIST, type MailingListChange } from '../editor/mailing-list';
import type { PageBlock } from '../editor/page-blocks';
import type { ContentStatus } from '../editor/content-status';
import type { NavigationEntry, ShellInput } from '../model/schema';
import type { TemplateAssets } from '../theme/theme-schema';

/** What an edit gives back to the caller (plain data: it crosses an RPC boundary). */
export type EditValue = { id: string } | { changed: boolean } | null;

/** Why an edit was refused: what it names is not there, input that does not check, an address taken, a limit hit. */
export type EditRefusal = 'not-found' | 'invalid' | 'url-taken' | 'over-limit';

/** A done edit: the ground's success (src/result.ts) with the changed site beside its value (the same site when nothing changed). */
export type Edited<T extends EditValue = EditValue> = Done<T> & { site: ShellInput };

export type EditResult<T extends EditValue = EditValue> = Edited<T> | Refused<EditRefusal>;

const RESERVED_PATHS = new Set([
  'cart',
  'checkout',
  'search',
  'account',
  'config',
  'api',
  'images',
  'build',
  'integrations',
  'sitemap.xml',
  'robots.txt',
  'files',
  'commerce',
  'assets',
  'scripts',
  'dev',
  'confirm-subscription',
]);
export const URL_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const EDIT_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: 'Title must be at most 100 characters.',
  urlIdInvalid: 'URL slug may only contain lowercase letters, numbers and single dashes.',
  urlIdTaken: 'That URL slug is already in use.',
  urlIdReserved: 'That URL slug is reserved.',
  categoryTooLong: LIMIT_MESSAGES.categoryLength,
  tooManyCategories: LIMIT_MESSAGES.nestedCategories,
  categoryRequired: 'Category name is required.',
  unknownCollection: 'That collection does not exist.',
  unknownForm: 'That form does not exist.',
  unknownParentCategory: 'The parent category does not exist.',
  unknownNavigationCollection: (id: string) => `Navigation refers to a collection that does not exist: ${id}`,
} as const;

type ShellCollection = ShellInput['collections'][number];

function randomId(prefix: string): string {
  return `${prefix}-${randomHex(6)}`;
}

export interface NewProductCollection {
  navigationTitle: string;
  title: string;
  urlId: string;
  description: string;
  enabled: boolean;
}

export function addProductCollection(site: ShellInput, input: NewProductCollection): EditResult<{ id: string }> {
  const title = input.title.trim();
  if (title === '') return refused('invalid', EDIT_MESSAGES.titleRequired);
  if (title.length > 100 || input.navigationTitle.length > 100) return refused('invalid', EDIT_MESSAGES.titleTooLong);
  if (!URL_ID.test(input.urlId) || input.urlId.length > 100) return refused('invalid', EDIT_MESSAGES.urlIdInvalid);
  if (RESERVED_PATHS.has(input.urlId)) return refused('invalid', EDIT_MESSAGES.urlIdReserved);
  if (site.collections.some((c) => c.urlId === input.urlId)) return refused('url-taken', EDIT_MESSAGES.urlIdTaken);
  const id = randomId('c');
  const collection = {
    id,
    type: PRODUCTS_COLLECTION_TYPE,
    typeName: PRODUCTS_COLLECTION,
    title,
    navigationTitle: input.navigationTitle.trim() || title,
    urlId: input.urlId,
    fullUrl: `/${input.urlId}`,
    description: input.description.trim() === '' ? '' : `<p>${escapeHtml(input.description.trim())}</p>`,
    enabled: input.enabled,
    categories: [],
  };
  return { ok: true, site: { ...site, collections: [...site.collections, collection] }, value: { id } };
}

export function removeCollection(site: ShellInput, collectionId: string): EditResult<null> {
  const collection = site.collections.find((c) => c.id === collectionId);
  if (collection === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  return {
    ok: true,
    site: {
      ...site,
      // An index that held it holds the rest of its sections.
      collections: site.collections.flatMap((c) =>
        c === collection
          ? []
          : c.collectionIds?.includes(collectionId)
            ? [{ ...c, collectionIds: c.collectionIds.filter((id) => id !== collectionId) }]
            : [c],
      ),
      navigation: withoutLinksTo(site.navigation, collection),
    },
    value: null,
  };
}

/** Whether a navigation entry links to `collection`: by id, or by its address (the console's links name the address). */
/** A collection as navigation links name it. */
type Linked = { id: string; fullUrl: string };

function linksTo(entry: NavigationEntry, collection: Linked): boolean {
  return (entry as { collectionId?: string }).collectionId === collection.id || entry.url === collection.fullUrl;
}

/** The navigation without its links to `collection`, at every level; a folder left with no links goes too. */
function withoutLinksTo(entries: readonly NavigationEntry[], collection: Linked): NavigationEntry[] {
  return entries.flatMap((entry) => {
    if (linksTo(entry, collection)) return [];
    if (entry.children === undefined) return [entry];
    const children = withoutLinksTo(entry.children, collection);
    if (children.length === 0 && entry.url === undefined) return [];
    return [{ ...entry, children }];
  });
}

/** Whether the navigation links to `collection` anywhere in its tree. */
export function inNavigation(entries: readonly NavigationEntry[], collection: Linked): boolean {
  return entries.some((entry) => linksTo(entry, collection) || inNavigation(entry.children ?? [], collection));
}

/** The navigation with its links to `collection` pointing at `fullUrl` (its slug changed). */
function relinked(entries: readonly NavigationEntry[], collection: Linked, fullUrl: string): NavigationEntry[] {
  return entries.map((entry) => {
    const children = entry.children === undefined ? {} : { children: relinked(entry.children, collection, fullUrl) };
    return { ...entry, ...(linksTo(entry, collection) ? { url: fullUrl } : {}), ...children };
  });
}

/** Why `urlId` cannot be a collection's (other than `exceptId`) slug, or null. */
function slugProblem(site: ShellInput, urlId: string, exceptId?: string): Refused<EditRefusal> | null {
  if (!URL_ID.test(urlId) || urlId.length > 100) return refused('invalid', EDIT_MESSAGES.urlIdInvalid);
  if (RESERVED_PATHS.has(urlId)) return refused('invalid', EDIT_MESSAGES.urlIdReserved);
  if (site.collections.some((c) => c.urlId === urlId && c.id !== exceptId))
    return refused('url-taken', EDIT_MESSAGES.urlIdTaken);
  return null;
}

/** A new page (published, like Shopify's, and in no navigation until the merchant adds it). */
export function addPage(site: ShellInput, input: { title: string; urlId: string }): EditResult<{ id: string }> {
  const title = input.title.trim();
  if (title === '') return refused('invalid', EDIT_MESSAGES.titleRequired);
  if (title.length > 100) return refused('invalid', EDIT_MESSAGES.titleTooLong);
  const problem = slugProblem(site, input.urlId);
  if (problem !== null) return problem;
  const id = randomId('c');
  const page = { id, type: 10, typeName: 'page' as const, title, urlId: input.urlId, fullUrl: `/${input.urlId}` };
  return { ok: true, site: { ...site, collections: [...site.collections, page] }, value: { id } };
}

/** A new index (src/site/model/index-collections.ts): no sections yet, published, in no navigation until the merchant adds it. */
export function addIndex(site: ShellInput, input: { title: string; urlId: string }): EditResult<{ id: string }> {
  const made = addPage(site, input);
  if (!made.ok) return made;
  const { id } = made.value;
  const index = {
    ...made.site.collections.at(-1),
    type: COLLECTION_TYPES.generic,
    typeName: 'index',
    collectionIds: [],
  };
  return { ok: true, site: { ...site, collections: [...site.collections, index as ShellCollection] }, value: { id } };
}

/**
 * An index's title and sections in order, saved from the console: checked with the import's rules (indexProblems,
 * the first problem's message), so the console and site.json refuse the same sections.
 */
export function saveIndex(
  site: ShellInput,
  collectionId: string,
  input: { title: string; collectionIds: readonly string[]; homepage?: boolean | undefined },
): EditResult<null> {
  const index = site.collections.find((c) => c.id === collectionId && c.typeName === 'index');
  if (index === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  const title = input.title.trim();
  if (title === '') return refused('invalid', EDIT_MESSAGES.titleRequired);
  if (title.length > 100) return refused('invalid', EDIT_MESSAGES.titleTooLong);
  const { homepage: _home, ...rest } = index;
  const home = input.homepage ?? index.homepage === true;
  // One home page: this index when it becomes it, taken from whichever collection was.
  const collections = site.collections.map((c) => {
    if (c === index)
      return { ...rest, title, collectionIds: [...input.collectionIds], ...(home ? { homepage: true } : {}) };
    if (input.homepage !== true || c.homepage !== true) return c;
    const { homepage: _was, ...other } = c;
    return other;
  });
  const problem = indexProblems(collections)[0];
  if (problem !== undefined) return refused('invalid', problem.message);
  return { ok: true, site: { ...site, collections }, value: null };
}

/** A page as the console saves it (src/site/editor/page-form.ts checks it first); a field left out stays as it was. */
export interface PageChanges {
  title: string;
  urlId?: string | undefined;
  body: string;
  status: ContentStatus;
  /** The publish date, epoch ms. */
  publishOn: number;
  seoTitle?: string | undefined;
  seoDescription?: string | undefined;
  blocks?: PageBlock[] | undefined;
}

/**
 * A page saved whole from the console (src/site/editor/page-form.ts): a field left out stays as it
 * was. A new slug moves the page's navigation links with it; the blocks are checked with the shell.
 */
export function savePage(site: ShellInput, collectionId: string, input: PageChanges): EditResult<null> {
  const page = site.collections.find((c) => c.id === collectionId && c.typeName === 'page');
  if (page === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  const urlId = input.urlId ?? page.urlId;
  if (urlId !== page.urlId) {
    const problem = slugProblem(site, urlId, page.id);
    if (problem !== null) return problem;
  }
  const { body: _body, seoTitle: _seoTitle, seoDescription: _seoDescription, ...kept } = page;
  const optional = {
    body: input.body,
    seoTitle: input.seoTitle ?? page.seoTitle ?? '',
    seoDescription: input.seoDescription ?? page.seoDescription ?? '',
  };
  const changed: ShellCollection = {
    ...kept,
    title: input.title,
    urlId,
    fullUrl: `/${urlId}`,
    status: input.status,
    addedOn: input.publishOn,
    ...(input.blocks === undefined ? {} : { blocks: input.blocks }),
    // An empty text or SEO field is left out, as a page that never had one.
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== '')),
  };
  if (JSON.stringify(changed) === JSON.stringify(page)) return { ok: true, site, value: null };
  return {
    ok: true,
    site: {
      ...site,
      collections: site.collections.map((c) => (c === page ? changed : c)),
      navigation: urlId === page.urlId ? site.navigation : relinked(site.navigation, page, changed.fullUrl),
    },
    value: null,
  };
}

/** A shop's or blog's settings as the console saves them (src/site/editor/page-form.ts checks them first); a field left out stays as it was. */
export interface CollectionSettingsChange {
  urlId: string;
  title?: string | undefined;
  /** Empty: its navigation links show its title. */
  navigationTitle?: string | undefined;
  /** Rich text; the site schema sanitizes it as every stored description. */
  description?: string | undefined;
  seoTitle?: string | undefined;
  seoDescription?: string | undefined;
}

/** The navigation with the links to `collection` that still show `before` showing `after` (a link the merchant retitled keeps its title). */
function retitled(
  entries: readonly NavigationEntry[],
  collection: Linked,
  before: string,
  after: string,
): NavigationEntry[] {
  return entries.map((entry) => {
    const children =
      entry.children === undefined ? {} : { children: retitled(entry.children, collection, before, after) };
    return { ...entry, ...(linksTo(entry, collection) && entry.title === before ? { title: after } : {}), ...children };
  });
}

/**
 * A products or blog collection's settings (Squarespace's page settings: title, navigation title, URL slug,
 * description, SEO). A new slug has the checks a page's has, and its navigation links follow it; the SiteContent
 * object moves its items' addresses and leaves the old one redirected. A new navigation title retitles the links
 * that showed the old one. An empty optional field is left out, as a collection that never had one.
 */
export function saveCollectionSettings(
  site: ShellInput,
  collectionId: string,
  input: CollectionSettingsChange,
): EditResult<null> {
  const collection = site.collections.find(
    (c) => c.id === collectionId && (isProductCollection(c) || c.typeName === 'blog'),
  );
  if (collection === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  if (input.urlId !== collection.urlId) {
    const problem = slugProblem(site, input.urlId, collection.id);
    if (problem !== null) return problem;
  }
  const stored = collection as typeof collection & { navigationTitle?: string };
  const changed: Record<string, unknown> = {
    ...collection,
    title: input.title ?? collection.title,
    urlId: input.urlId,
    fullUrl: `/${input.urlId}`,
    navigationTitle: input.navigationTitle ?? stored.navigationTitle,
    description: input.description ?? collection.description,
    seoTitle: input.seoTitle ?? collection.seoTitle,
    seoDescription: input.seoDescription ?? collection.seoDescription,
  };
  for (const key of ['navigationTitle', 'description', 'seoTitle', 'seoDescription'])
    if (changed[key] === undefined || changed[key] === '') delete changed[key];
  const after = changed as typeof stored;
  if (JSON.stringify(after) === JSON.stringify(collection)) return { ok: true, site, value: null };
  const linkTitle = (c: typeof stored) => c.navigationTitle || c.title;
  // Retitled first: a link naming only the old address is found by it.
  let navigation = site.navigation;
  if (linkTitle(after) !== linkTitle(stored))
    navigation = retitled(navigation, collection, linkTitle(stored), linkTitle(after));
  if (after.fullUrl !== collection.fullUrl) navigation = relinked(navigation, collection, after.fullUrl);
  return {
    ok: true,
    site: { ...site, collections: site.collections.map((c) => (c === collection ? after : c)), navigation },
    value: null,
  };
}

/** A form's success URL (checked by src/site/editor/form-settings.ts); empty, the form shows its message again. */
export function setFormSuccessUrl(site: ShellInput, formId: string, url: string): EditResult<null> {
  const forms = site.forms ?? [];
  const form = forms.find((f) => f.id === formId);
  if (form === undefined) return refused('not-found', EDIT_MESSAGES.unknownForm);
  if ((form.successRedirectUrl ?? '') === url) return { ok: true, site, value: null };
  const { successRedirectUrl: _old, ...rest } = form;
  const changed = url === '' ? rest : { ...rest, successRedirectUrl: url };
  return { ok: true, site: { ...site, forms: forms.map((f) => (f === form ? changed : f)) }, value: null };
}

export interface NewCategory {
  displayName: string;
  parentCategoryId: string | null;
  type: 'ROOT';
  pageRendering: 'LIST_VIEW';
  displayIndex: number;
}

type Category = NewCategory & { id: string; [field: string]: unknown };

export function addCategory(site: ShellInput, collectionId: string, input: NewCategory): EditResult<{ id: string }> {
  const collection = site.collections.find((c) => c.id === collectionId);
  if (collection === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  const name = input.displayName.trim();
  if (name === '') return refused('invalid', EDIT_MESSAGES.categoryRequired);
  if (name.length > CONTENT_LIMITS.categoryLength) return refused('invalid', EDIT_MESSAGES.categoryTooLong);
  const categories = ((collection as { categories?: Category[] }).categories ?? []) as Category[];
  if (categories.length >= CONTENT_LIMITS.nestedCategories)
    return refused('over-limit', EDIT_MESSAGES.tooManyCategories);
  if (input.parentCategoryId !== null && !categories.some((c) => c.id === input.parentCategoryId))
    return refused('invalid', EDIT_MESSAGES.unknownParentCategory);
  const id = randomId('cat');
  const updated = { ...collection, categories: [...categories, { ...input, displayName: name, id }] };
  return {
    ok: true,
    site: { ...site, collections: site.collections.map((c) => (c.id === collectionId ? updated : c)) },
    value: { id },
  };
}

export interface NavigationItem {
  title?: string;
  /** A site path (our addition: links to pages that are not collections, such as /contact). */
  url?: string;
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  children?: NavigationItem[];
}

function navigationEntry(site: ShellInput, item: NavigationItem): NavigationEntry | Refused<EditRefusal> {
  let entry: { title: string; url?: string; collectionId?: string };
  if (item.collectionId !== undefined) {
    const collection = site.collections.find((c) => c.id === item.collectionId);
    if (collection === undefined)
      return refused('invalid', EDIT_MESSAGES.unknownNavigationCollection(item.collectionId));
    entry = {
      title: item.title ?? ((collection as { navigationTitle?: string }).navigationTitle || collection.title),
      url: collection.fullUrl,
      collectionId: collection.id,
    };
  } else if (item.url !== undefined) {
    entry = { title: item.title ?? item.url, url: item.url };
  } else if (item.externalLink !== undefined) {
    entry = { title: item.title ?? item.externalLink, url: item.externalLink };
  } else if (item.memberAreaId !== undefined) {
    entry = { title: item.title ?? 'Members', url: `${MEMBER_AREA_PATH}${encodeURIComponent(item.memberAreaId)}` };
  } else if (item.title !== undefined && (item.children?.length ?? 0) > 0) {
    entry = { title: item.title };
  } else {
    return refused(
      'invalid',
      'Each navigation item needs a collectionId, a url, an externalLink or a memberAreaId, or a title and links under it (a folder).',
    );
  }
  const children: NavigationEntry[] = [];
  for (const child of item.children ?? []) {
    const built = navigationEntry(site, child);
    if ('error' in built) return built;
    children.push(built);
  }
  return children.length === 0 ? entry : { ...entry, children };
}

export function updateNavigation(site: ShellInput, items: readonly NavigationItem[]): EditResult<null> {
  const navigation: NavigationEntry[] = [];
  for (const item of items) {
    const entry = navigationEntry(site, item);
    if ('error' in entry) return entry;
    navigation.push(entry);
  }
  return { ok: true, site: { ...site, navigation }, value: null };
}

/** Adds a link to the collection at the end of the navigation, unless it already has one. */
export function appendToNavigation(site: ShellInput, collectionId: string): EditResult<null> {
  const collection = site.collections.find((c) => c.id === collectionId);
  if (collection === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  if (inNavigation(site.navigation, collection)) return { ok: true, site, value: null };
  const title = (collection as { navigationTitle?: string }).navigationTitle || collection.title;
  return {
    ok: true,
    site: { ...site, navigation: [...site.navigation, { title, url: collection.fullUrl, collectionId }] },
    value: null,
  };
}

/** Unchanged header and footer give back the same site, so nothing is published. */
export function setHeaderFooter(site: ShellInput, input: { header: string; footer: string }): EditResult<null> {
  if ((site.header?.html ?? '') === input.header && (site.footer?.html ?? '') === input.footer)
    return { ok: true, site, value: null };
  // The header's settings (announcement, social links: src/site/edits/store-settings.ts) stay as they are.
  return {
    ok: true,
    site: { ...site, header: { ...site.header, html: input.header }, footer: { ...site.footer, html: input.footer } },
    value: null,
  };
}

/** A chart block as the console saves it: a new one has no id yet. */
export interface PageChart {
  id: string | null;
  title: string;
  dataset: ChartDataset;
}

/**
 * A page's chart blocks: each existing one replaced in place (by id), those left out removed, new
 * ones added after the page's other blocks. The page's block limit is checked with the shell.
 */
export function setPageCharts(site: ShellInput, collectionId: string, charts: readonly PageChart[]): EditResult<null> {
  const page = site.collections.find((c) => c.id === collectionId && c.typeName === 'page');
  if (page === undefined) return refused('not-found', EDIT_MESSAGES.unknownCollection);
  const byId = new Map(charts.flatMap((chart) => (chart.id === null ? [] : [[chart.id, chart] as const])));
  const block = (id: string, chart: PageChart) => ({
    id,
    type: 'chart' as const,
    title: chart.title,
    columns: chart.dataset.columns,
    rows: chart.dataset.rows,
  });
  const kept = (page.blocks ?? []).flatMap((b): PageBlock[] => {
    if (b.type !== 'chart') return [b];
    const chart = byId.get(b.id);
    return chart === undefined ? [] : [block(b.id, chart)];
  });
  const keptIds = new Set(kept.map((b) => b.id));
  const added = charts
    .filter((chart) => chart.id === null || !keptIds.has(chart.id))
    .map((chart) => block(`chart-${randomHex(8)}`, chart));
  const blocks = [...kept, ...added];
  const changed = { ...page, blocks };
  return {
    ok: true,
    site: { ...site, collections: site.collections.map((c) => (c === page ? changed : c)) },
    value: null,
  };
}

/** Saves a namespace's preferences; `value.changed` is false (and nothing is published) when they are the same. */
export function setCommercePreferences(
  site: ShellInput,
  namespace: string,
  preferences: Record<string, unknown>,
): EditResult<{ changed: boolean }> {
  const current = site.commercePreferences?.[namespace] ?? {};
  if (JSON.stringify(current) === JSON.stringify(preferences)) return { ok: true, site, value: { changed: false } };
  return {
    ok: true,
    site: { ...site, commercePreferences: { ...(site.commercePreferences ?? {}), [namespace]: preferences } },
    value: { changed: true },
  };
}

/**
 * The currency the store's prices are read in and its totals shown in. Prices are not converted:
 * like the merchant's own price list, the amounts stay and their currency changes.
 */
export function setStoreCurrency(site: ShellInput, currency: string): EditResult<{ changed: boolean }> {
  if (site.website.storeCurrency === currency) return { ok: true, site, value: { changed: false } };
  return {
    ok: true,
    site: { ...site, website: { ...site.website, storeCurrency: currency } },
    value: { changed: true },
  };
}

export function setLanguages(site: ShellInput, languages: readonly string[]): EditResult<null> {
  return {
    ok: true,
    site: { ...site, multilingual: { connected: true, languages: [...new Set(languages)] } },
    value: null,
  };
}

export function disconnectMultilingual(site: ShellInput): EditResult<null> {
  return { ok: true, site: { ...site, multilingual: { connected: false, languages: [] } }, value: null };
}

/** Publishes a design (src/site/design.ts), or with null goes back to the theme's own; the same again publishes nothing. */
export function setDesign(site: ShellInput, design: Design | null): EditResult<{ changed: boolean }> {
  if (JSON.stringify(site.design ?? null) === JSON.stringify(design))
    return { ok: true, site, value: { changed: false } };
  if (design === null) {
    const { design: _removed, ...rest } = site;
    return { ok: true, site: rest, value: { changed: true } };
  }
  return { ok: true, site: { ...site, design }, value: { changed: true } };
}

/** Connects, confirms or disconnects the mailing list, or adds a list (src/site/mailing-list.ts). */
export function setMailingList(site: ShellInput, change: MailingListChange, now: number): EditResult<null> {
  const outcome = changeMailingList(site.mailingList ?? NO_MAILING_LIST, change, now, () => randomId('list'));
  if ('error' in outcome) return outcome;
  return { ok: true, site: { ...site, mailingList: outcome.mailingList }, value: null };
}

/**
 * Replaces the store's theme whole (an imported developer-platform template, docs/templates.md),
 * with the upload of its static files; without `templateAssets` the store has none.
 */
export function setTheme(
  site: ShellInput,
  theme: Record<string, string>,
  templateAssets: TemplateAssets | null,
): EditResult<{ changed: boolean }> {
  const { templateAssets: _previous, ...rest } = site;
  const next = { ...rest, theme, ...(templateAssets === null ? {} : { templateAssets }) };
  if (
    JSON.stringify(site.theme) === JSON.stringify(theme) &&
    JSON.stringify(site.templateAssets ?? null) === JSON.stringify(templateAssets)
  )
    return { ok: true, site, value: { changed: false } };
  return { ok: true, site: next, value: { changed: true } };
}
