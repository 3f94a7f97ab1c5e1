/**
 * One website's published content, in the object's own SQLite (tables in content-tables.ts): the
 * site's shell in parts, one row per item, and the indexes listings, pages and search read.
 *
 * Writes are row-sized and serial: a merchant edit (src/site/edits/edits.ts) or an item save writes the
 * rows it changes and bumps the content version in one transaction, validated with the site's zod
 * schemas first, and refused when it changes code the merchant's roles may not write
 * (src/site/model/code-injection.ts). An import stages its items and swaps them all in at its commit.
 * After each commit the new version is written to KV (`site:{id}:version`, src/site/published/store.ts),
 * the pointer edge reads start from.
 *
 * Every read answers with the version it read at, in one synchronous step, so a caller that
 * renders from one version can tell when the content moved on (src/site/published/catalog.ts).
 */
import { DurableObject } from 'cloudflare:workers';
import { MERCHANT_MESSAGES } from '../accounts/messages';
import { NO_STORE } from '../http/messages';
import type { ListingQuery } from '../site/published/catalog';
import { changeNames, type NamesChange } from '../site/edits/catalog-names';
import { replaceNames, type TagType } from '../site/editor/tag-manager';
import { inProductCollection } from '../commerce/product';
import { bulkChanged, type BulkChange, type Merchandising } from '../site/editor/product-item';
import { codeInjectionRefusal } from '../site/model/code-injection';
import { nextScheduledPage } from '../site/editor/content-status';
import type { Design } from '../site/editor/design';
import type { MailingListChange } from '../site/editor/mailing-list';
import * as edits from '../site/edits/edits';
import type { PageChart } from '../site/edits/edits';
import type { NewPage, PageForm } from '../site/editor/page-form';
import { CONTENT_LIMITS, LIMIT_MESSAGES, tooManyProducts } from '../site/model/limits';
import { allows } from '../site/roles';
import { parseItem, parseShell, type Item, type ShellInput, type Site } from '../site/model/schema';
import type { TemplateAssets } from '../site/theme/theme-schema';
import { noteVersion, versionKey } from '../site/published/store';
import { setStoreSettings, type StoreSettingsChange } from '../site/edits/store-settings';
import { purgeCdn } from '../integrations/cdn-purge';
import { CHANGES_KEPT, cdnTags, MAX_CHANGE_TAGS, pageCacheTag, type ContentChange } from '../site/published/page-tags';
import * as tables from './content-tables';
import { refused, type Done, type Refused, type Result } from '../result';
import {
  createVersionTables,
  forgetVersions,
  listVersions,
  recordVersion,
  versionJson,
  type VersionSubject,
} from './content-versions';
import type { VersionRow } from '../api/catalog-answers';
import { claimPath, createRedirectTables, recordRedirect, redirectOf } from './content-redirects';
import { migrate } from './migrations';
import { SerialQueue } from './serial-queue';
import { stockLedger } from './stubs';

/** How long KV takes at most to show a new version pointer everywhere. */
const KV_POINTER_SPREAD_MS = 60_000;
/** Meta keys of the alarm's two jobs: the next scheduled publish ('' for none) and the second CDN purge. */
const NEXT_PUBLISH_AT = 'nextPublishAt';
const PURGE_AGAIN_AT = 'cdnPurgeAgainAt';
/** The page tags the second CDN purge drops (JSON; null: the whole site). */
const PURGE_AGAIN_TAGS = 'cdnPurgeAgainTags';
/** The last CHANGES_KEPT edits' versions and page tags (src/site/published/page-tags.ts), oldest first, as JSON. */
const CHANGES = 'changes';

export type Edit =
  | { kind: 'addProductCollection'; input: edits.NewProductCollection }
  | { kind: 'removeCollection'; collectionId: string }
  | { kind: 'addCategory'; collectionId: string; input: edits.NewCategory }
  | { kind: 'appendToNavigation'; collectionId: string }
  | { kind: 'updateNavigation'; items: edits.NavigationItem[] }
  | { kind: 'setHeaderFooter'; input: { header: string; footer: string } }
  | { kind: 'addPage'; input: NewPage }
  | { kind: 'addIndex'; input: NewPage }
  | {
      kind: 'saveIndex';
      collectionId: string;
      input: { title: string; collectionIds: string[]; homepage?: boolean | undefined };
    }
  | { kind: 'savePage'; collectionId: string; input: PageForm }
  | { kind: 'saveCollectionSettings'; collectionId: string; input: edits.CollectionSettingsChange }
  | { kind: 'setFormSuccessUrl'; formId: string; url: string }
  | { kind: 'setPageCharts'; collectionId: string; charts: PageChart[] }
  | { kind: 'setCommercePreferences'; namespace: string; preferences: Record<string, unknown> }
  | { kind: 'setStoreCurrency'; currency: string }
  | { kind: 'setStoreSettings'; change: StoreSettingsChange }
  | { kind: 'setLanguages'; languages: string[] }
  | { kind: 'disconnectMultilingual' }
  | { kind: 'setDesign'; design: Design | null }
  | { kind: 'setTheme'; theme: Record<string, string>; templateAssets: TemplateAssets | null }
  | { kind: 'setMailingList'; change: MailingListChange; now: number }
  | { kind: 'saveItem'; item: unknown }
  | { kind: 'removeItem'; itemId: string }
  | { kind: 'saveProduct'; item: unknown; merchandising: Merchandising | null }
  | { kind: 'bulkProducts'; ids: string[]; change: BulkChange }
  | { kind: 'changeNames'; collectionId: string; tagType: TagType; change: NamesChange }
  | { kind: 'restoreVersion'; subject: VersionSubject; id: string; versionId: number }
  | { kind: 'importProducts'; products: { item: unknown; merchandising: Merchandising | null }[] };

/** Why an edit was refused: a site edit's reason (src/site/edits/edits.ts), no store yet, or a change the roles forbid. */
export type ContentRefusal = edits.EditRefusal | 'no-store' | 'forbidden';

/** An edit applied: the ground's success (src/result.ts) with the content version it made beside its value (null: nothing changed). */
export type EditOutcome = (Done<edits.EditValue> & { version: number | null }) | Refused<ContentRefusal>;

/** Why an import step was refused: content that does not check, or another import started since (it replaced this one). */
export type ImportRefusal = 'invalid' | 'replaced';

/** A read and the content version it was read at. */
export interface Versioned<T> {
  version: number;
  value: T;
}

export const ITEM_MESSAGES = {
  unknownItem: 'That item does not exist.',
  unknownVersion: 'That version does not exist.',
  importReplaced: 'Another import started before this one was committed.',
} as const;

const DESIGN_DRAFT = 'design-draft';

type ItemEdit = Extract<
  Edit,
  {
    kind:
      | 'saveItem'
      | 'removeItem'
      | 'saveProduct'
      | 'bulkProducts'
      | 'changeNames'
      | 'restoreVersion'
      | 'importProducts';
  }
>;
type ShellEdit = Exclude<Edit, ItemEdit>;

function applyToShell(site: ShellInput, edit: ShellEdit): edits.EditResult {
  switch (edit.kind) {
    case 'addProductCollection':
      return edits.addProductCollection(site, edit.input);
    case 'removeCollection':
      return edits.removeCollection(site, edit.collectionId);
    case 'addCategory':
      return edits.addCategory(site, edit.collectionId, edit.input);
    case 'appendToNavigation':
      return edits.appendToNavigation(site, edit.collectionId);
    case 'updateNavigation':
      return edits.updateNavigation(site, edit.items);
    case 'setHeaderFooter':
      return edits.setHeaderFooter(site, edit.input);
    case 'addPage':
      return edits.addPage(site, edit.input);
    case 'addIndex':
      return edits.addIndex(site, edit.input);
    case 'saveIndex':
      return edits.saveIndex(site, edit.collectionId, edit.input);
    case 'savePage':
      return edits.savePage(site, edit.collectionId, edit.input);
    case 'saveCollectionSettings':
      return edits.saveCollectionSettings(site, edit.collectionId, edit.input);
    case 'setFormSuccessUrl':
      return edits.setFormSuccessUrl(site, edit.formId, edit.url);
    case 'setPageCharts':
      return edits.setPageCharts(site, edit.collectionId, edit.charts);
    case 'setCommercePreferences':
      return edits.setCommercePreferences(site, edit.namespace, edit.preferences);
    case 'setStoreCurrency':
      return edits.setStoreCurrency(site, edit.currency);
    case 'setStoreSettings':
      return setStoreSettings(site, edit.change);
    case 'setLanguages':
      return edits.setLanguages(site, edit.languages);
    case 'disconnectMultilingual':
      return edits.disconnectMultilingual(site);
    case 'setDesign':
      return edits.setDesign(site, edit.design);
    case 'setMailingList':
      return edits.setMailingList(site, edit.change, edit.now);
    case 'setTheme':
      return edits.setTheme(site, edit.theme, edit.templateAssets);
  }
}

/** A product version saved before its collection moved (a new URL slug) comes back under the collection's address now. */
function underCollection(shell: Site, item: Item): Item {
  const collection = shell.collections.find((c) => c.id === item.collectionId);
  const rest = item.fullUrl.indexOf('/', 1);
  if (collection === undefined || rest === -1 || item.fullUrl.startsWith(`${collection.fullUrl}/`)) return item;
  return { ...item, fullUrl: `${collection.fullUrl}${item.fullUrl.slice(rest)}` };
}

export class SiteContent extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** Orders commits with their KV pointer writes, so the pointer never goes back to an older version. */
  private readonly queue = new SerialQueue();
  /** The email of the merchant whose edit is being applied (null: a system change), for the version history. */
  private editor: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, {
      content: [tables.createTables],
      versions: [createVersionTables],
      redirects: [createRedirectTables],
    });
  }

  private versioned<T>(value: T): Versioned<T> {
    return { version: tables.readVersion(this.sql), value };
  }

  /** The shell as JSON (null before the first import), with the last edits' page tags (src/site/published/page-tags.ts). */
  shell(): Versioned<string | null> & { changes: ContentChange[] } {
    return { ...this.versioned(tables.shellJson(this.sql)), changes: this.changes() };
  }

  private changes(): ContentChange[] {
    return JSON.parse(tables.readMeta(this.sql, CHANGES) ?? '[]') as ContentChange[];
  }

  // Shoppers' reads: only items visible now (published, or scheduled and past their publish date).

  /** A listing of what is in stock asks the stock ledger (the one truth of stock) what its counted variants have available. */
  async listing(query: ListingQuery): Promise<Versioned<tables.ListingRows>> {
    const websiteId = tables.readMeta(this.sql, 'websiteId');
    const counted = query.inStock === true ? tables.countedStock(this.sql, query.collectionId, Date.now()) : {};
    const available =
      websiteId === null || Object.keys(counted).length === 0
        ? {}
        : await stockLedger(this.env, websiteId).available(counted);
    return this.versioned(tables.listing(this.sql, query, Date.now(), available));
  }

  itemPage(collectionId: string, urlId: string, relatedLimit: number): Versioned<tables.ItemPageRows | null> {
    return this.versioned(tables.itemPage(this.sql, collectionId, urlId, relatedLimit, Date.now()));
  }

  search(query: string, limit: number, productsOnly = false): Versioned<string[]> {
    return this.versioned(tables.search(this.sql, query, limit, Date.now(), productsOnly));
  }

  itemsById(ids: string[]): Versioned<string[]> {
    return this.versioned(tables.itemsJsonById(this.sql, ids, Date.now()));
  }

  itemsWithForms(limit: number): Versioned<string[]> {
    return this.versioned(tables.itemsWithForms(this.sql, limit, Date.now()));
  }

  firstProducts(limit: number): Versioned<string[]> {
    return this.versioned(tables.firstProducts(this.sql, limit, Date.now()));
  }

  itemUrls(collectionIds: string[], offset: number, limit: number): Versioned<{ total: number; urls: string[] }> {
    const now = Date.now();
    return this.versioned({
      total: tables.countItemsIn(this.sql, collectionIds, now),
      urls: tables.itemUrls(this.sql, collectionIds, offset, limit, now),
    });
  }

  existingItemUrls(paths: { collectionId: string; urlId: string; path: string }[]): Versioned<string[]> {
    return this.versioned(tables.existingItemUrls(this.sql, paths, Date.now()));
  }

  /** Where a path that shows nothing has moved since its slug changed (src/durable/content-redirects.ts), or null. */
  redirectFor(path: string): Versioned<string | null> {
    return this.versioned(redirectOf(this.sql, path));
  }

  // The console's reads: every item, whatever its status.

  consoleItems(collectionId: string, offset: number, limit: number): Versioned<{ items: string[]; total: number }> {
    return this.versioned(tables.collectionItems(this.sql, collectionId, offset, limit));
  }

  consoleItem(id: string): Versioned<string | null> {
    return this.versioned(tables.itemJson(this.sql, id));
  }

  consoleItemsById(ids: string[]): Versioned<string[]> {
    return this.versioned(tables.itemsJsonById(this.sql, ids, null));
  }

  /** Which of these item addresses an item has, drafts included (a new product's free address). */
  consoleUrlsTaken(paths: { collectionId: string; urlId: string; path: string }[]): Versioned<string[]> {
    return this.versioned(
      paths.filter((p) => tables.urlTaken(this.sql, p.collectionId, p.urlId, '')).map((p) => p.path),
    );
  }

  /** A product's or page's saved versions, newest first (src/durable/content-versions.ts). */
  versions(subject: VersionSubject, id: string): Versioned<VersionRow[]> {
    return this.versioned(listVersions(this.sql, subject, id));
  }

  /** One saved version's JSON: a product's `{ item, merchandising }` or a page's collection; null when there is none. */
  savedVersion(subject: VersionSubject, id: string, versionId: number): Versioned<string | null> {
    return this.versioned(versionJson(this.sql, subject, id, versionId));
  }

  /** A page of the console's product list. */
  productList(query: tables.ProductListQuery): Versioned<{ rows: tables.ProductListRow[]; total: number }> {
    return this.versioned(tables.productList(this.sql, query));
  }

  /** A collection's tags or categories in use, with counts. */
  namesUsed(collectionId: string, tagType: TagType): Versioned<{ name: string; count: number }[]> {
    return this.versioned(tables.namesUsed(this.sql, collectionId, tagType));
  }

  /** Items in catalogue order after `afterSeq`, for export. */
  exportItems(afterSeq: number, limit: number): Versioned<{ items: string[]; lastSeq: number | null; total: number }> {
    const rows = tables.itemsAfter(this.sql, afterSeq, limit);
    return this.versioned({
      items: rows.map((row) => row.json),
      lastSeq: rows.at(-1)?.seq ?? null,
      total: tables.itemCount(this.sql),
    });
  }

  /**
   * The design draft the console previews before publishing (JSON, or null): kept beside the
   * content, not in it, so saving a draft bumps no version and leaves every cached page alone.
   */
  designDraft(): string | null {
    return tables.readMeta(this.sql, DESIGN_DRAFT);
  }

  saveDesignDraft(json: string | null): void {
    if (json === null) this.sql.exec('DELETE FROM meta WHERE key = ?', DESIGN_DRAFT);
    else tables.writeMeta(this.sql, DESIGN_DRAFT, json);
  }

  /**
   * `roles` are the editing merchant's: an edit that changes code-injection fields needs that permission.
   * `who` (their email) names the versions it records.
   */
  edit(websiteId: string, edit: Edit, roles: readonly number[], who: string | null = null): Promise<EditOutcome> {
    return this.queue.run(async (): Promise<EditOutcome> => {
      const json = tables.shellJson(this.sql);
      if (json === null) return refused('no-store', NO_STORE);
      const shell = JSON.parse(json) as Site;
      this.editor = who;
      const outcome = this.apply(shell, edit, roles);
      if (outcome.ok && outcome.version !== null) {
        await this.publishVersion(websiteId, outcome.version);
        await this.scheduleAlarm();
      }
      return outcome;
    });
  }

  /**
   * The alarm serves two things, whichever is due first. A scheduled item or page appears when the
   * clock passes its publish date, with no edit to bump the version that pages are cached under: the
   * alarm bumps it then, so every cached page of the old version (which left the item out) is passed
   * over from that moment. And a CDN purge is sent again once KV's pointer has reached every location.
   */
  private async scheduleAlarm(): Promise<void> {
    const now = Date.now();
    const shell = tables.shellJson(this.sql);
    const items = tables.nextScheduled(this.sql, now);
    const pages = shell === null ? null : nextScheduledPage((JSON.parse(shell) as Site).collections, now);
    const publishAt = items === null ? pages : pages === null ? items : Math.min(items, pages);
    tables.writeMeta(this.sql, NEXT_PUBLISH_AT, publishAt === null ? '' : String(publishAt));
    const purgeAt = Number(tables.readMeta(this.sql, PURGE_AGAIN_AT) ?? Infinity);
    const next = Math.min(publishAt ?? Infinity, purgeAt);
    if (next === Infinity) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next);
  }

  override async alarm(): Promise<void> {
    await this.queue.run(async () => {
      const websiteId = tables.readMeta(this.sql, 'websiteId');
      if (websiteId === null) return;
      const now = Date.now();
      const publishAt = tables.readMeta(this.sql, NEXT_PUBLISH_AT);
      const purgeDue = Number(tables.readMeta(this.sql, PURGE_AGAIN_AT) ?? Infinity) <= now;
      // An alarm set before the purge existed was a publish's.
      const publishDue = publishAt === null ? !purgeDue : publishAt !== '' && Number(publishAt) <= now;
      if (publishDue)
        await this.publishVersion(
          websiteId,
          this.commit(() => undefined),
        );
      else if (purgeDue) {
        const tags = this.pendingPurge();
        this.sql.exec('DELETE FROM meta WHERE key IN (?, ?)', PURGE_AGAIN_AT, PURGE_AGAIN_TAGS);
        this.purgePages(websiteId, tags);
      }
      await this.scheduleAlarm();
    });
  }

  private apply(shell: Site, edit: Edit, roles: readonly number[]): EditOutcome {
    switch (edit.kind) {
      case 'saveItem':
        return this.saveItem(shell, edit.item, roles);
      case 'removeItem':
        return this.removeItem(shell, edit.itemId, roles);
      case 'saveProduct':
        return this.saveProduct(shell, edit.item, edit.merchandising, roles);
      case 'bulkProducts':
        return this.bulkProducts(shell, edit.ids, edit.change);
      case 'changeNames':
        return this.changeNames(shell, edit.collectionId, edit.tagType, edit.change);
      case 'restoreVersion':
        return this.restoreVersion(shell, edit.subject, edit.id, edit.versionId, roles);
      case 'importProducts':
        return this.importProducts(shell, edit.products, roles);
      default:
        return this.editShell(shell, edit, roles);
    }
  }

  /**
   * Runs `write` and bumps the version past the stored one and `floor`, in one transaction, noting
   * the page tags its writes changed (src/site/published/page-tags.ts; null: the whole site) beside the new version.
   */
  private commit(write: () => void, floor = 0): number {
    return this.ctx.storage.transactionSync(() => {
      const tags = tables.recordChanges(write);
      const version = Math.max(tables.readVersion(this.sql), floor) + 1;
      tables.writeMeta(this.sql, 'version', String(version));
      const change = { version, tags: tags === null || tags.length > MAX_CHANGE_TAGS ? null : [...new Set(tags)] };
      tables.writeMeta(this.sql, CHANGES, JSON.stringify([...this.changes(), change].slice(-CHANGES_KEPT)));
      return version;
    });
  }

  /** Purges pages with these tags (null: all the website's) from the CDN (src/integrations/cdn-purge.ts) after this call has answered. */
  private purgePages(websiteId: string, tags: readonly string[] | null): void {
    this.ctx.waitUntil(
      purgeCdn(this.env, tags === null ? [pageCacheTag(websiteId)] : cdnTags(websiteId, tags).slice(1)),
    );
  }

  /**
   * Points KV at `version` and purges the website's pages from the CDN (src/integrations/cdn-purge.ts):
   * now, and again once every location reads the new pointer (a location still reading the old one
   * may meanwhile have given the CDN a page of the old version). Callers then set the alarm.
   */
  private async publishVersion(websiteId: string, version: number): Promise<void> {
    const tags = this.changes().find((change) => change.version === version)?.tags ?? null;
    await this.env.SITE_CONTENT.put(versionKey(websiteId), String(version));
    // Where this object shares an isolate with the worker (local development, tests), pages see it at once.
    noteVersion(websiteId, version);
    this.purgePages(websiteId, tags);
    // The second purge drops what every edit since the last one changed.
    const pending = tables.readMeta(this.sql, PURGE_AGAIN_AT) === null ? [] : this.pendingPurge();
    const again = pending === null || tags === null ? null : [...new Set([...pending, ...tags])];
    tables.writeMeta(
      this.sql,
      PURGE_AGAIN_TAGS,
      JSON.stringify(again !== null && again.length > MAX_CHANGE_TAGS ? null : again),
    );
    tables.writeMeta(this.sql, PURGE_AGAIN_AT, String(Date.now() + KV_POINTER_SPREAD_MS));
  }

  private pendingPurge(): string[] | null {
    return JSON.parse(tables.readMeta(this.sql, PURGE_AGAIN_TAGS) ?? 'null') as string[] | null;
  }

  private editShell(shell: Site, edit: ShellEdit, roles: readonly number[]): EditOutcome {
    const result = applyToShell(shell, edit);
    if (!result.ok) return result;
    if (result.site === shell) return { ok: true, value: result.value, version: null };
    return this.writeShellEdit(
      shell,
      result.site,
      result.value,
      roles,
      edit.kind === 'removeCollection' ? edit.collectionId : null,
    );
  }

  /** Stores the shell an edit made (a removed collection's items go too); each page it changed gets a version. */
  private writeShellEdit(
    shell: Site,
    site: unknown,
    value: edits.EditValue,
    roles: readonly number[],
    removed: string | null,
  ): EditOutcome {
    // Checked as it will be stored: rich text sanitized.
    const parsed = parseShell(site);
    if ('error' in parsed) return refused('invalid', parsed.error);
    const refusal = codeInjectionRefusal(shell, parsed.site, roles);
    if (refusal !== null) return refused('forbidden', refusal);
    let written = 0;
    const version = this.commit(() => {
      written = tables.writeShell(this.sql, parsed.site).length;
      if (removed !== null) for (const id of tables.itemIdsOf(this.sql, removed)) tables.deleteItem(this.sql, id);
      this.recordPages(shell, parsed.site);
      this.redirectCollections(shell, parsed.site);
      this.moveCollectionItems(shell, parsed.site);
    });
    return { ok: true, value, version: written === 0 && removed === null ? null : version };
  }

  /** A version of every page whose collection the edit changed; a removed page's history goes with it. */
  private recordPages(before: Site, after: Site): void {
    const now = Date.now();
    for (const old of before.collections) {
      if (old.typeName !== 'page') continue;
      const page = after.collections.find((c) => c.id === old.id);
      if (page === undefined) forgetVersions(this.sql, 'page', old.id);
      else if (JSON.stringify(page) !== JSON.stringify(old))
        recordVersion(this.sql, 'page', page.id, JSON.stringify(page), this.editor, now, JSON.stringify(old));
    }
    for (const page of after.collections)
      if (page.typeName === 'page' && !before.collections.some((c) => c.id === page.id))
        recordVersion(this.sql, 'page', page.id, JSON.stringify(page), this.editor, now, null);
  }

  /** A collection whose address changed leaves a redirect behind; a new one claims its address. */
  private redirectCollections(before: Site, after: Site): void {
    const now = Date.now();
    for (const collection of after.collections) {
      const old = before.collections.find((c) => c.id === collection.id);
      if (old === undefined) claimPath(this.sql, collection.fullUrl);
      else recordRedirect(this.sql, old.fullUrl, collection.fullUrl, now);
    }
  }

  /** A merchant's edit that moved a collection (its URL slug) moves its items' addresses too; an import brings its own. */
  private moveCollectionItems(before: Site, after: Site): void {
    for (const collection of after.collections) {
      const old = before.collections.find((c) => c.id === collection.id);
      if (old !== undefined && old.fullUrl !== collection.fullUrl)
        tables.moveItemUrls(this.sql, collection.id, old.fullUrl, collection.fullUrl);
    }
  }

  /** An item whose address changed leaves a redirect behind; a new one claims its address. */
  private redirectItem(item: Item, before: Item | null): void {
    if (before === null) claimPath(this.sql, item.fullUrl);
    else recordRedirect(this.sql, before.fullUrl, item.fullUrl, Date.now());
  }

  /** A product's version: its item and merchandising texts. */
  private recordProduct(shell: Site, item: Item, merchandising: unknown, before: Item | null): void {
    const entry = (product: Item, texts: unknown) => JSON.stringify({ item: product, merchandising: texts ?? null });
    recordVersion(
      this.sql,
      'product',
      item.id,
      entry(item, merchandising),
      this.editor,
      Date.now(),
      before === null ? null : entry(before, shell.productMerchandisingContext[before.id]),
    );
  }

  /**
   * Puts a product or page back as one of its versions: a save like any other (checked, refused as
   * any save would be, recorded as the newest version), so the site's version moves on.
   */
  private restoreVersion(
    shell: Site,
    subject: VersionSubject,
    id: string,
    versionId: number,
    roles: readonly number[],
  ): EditOutcome {
    const json = versionJson(this.sql, subject, id, versionId);
    if (json === null) return refused('not-found', ITEM_MESSAGES.unknownVersion);
    if (subject === 'page') {
      if (!shell.collections.some((c) => c.id === id && c.typeName === 'page'))
        return refused('not-found', ITEM_MESSAGES.unknownItem);
      const page = JSON.parse(json) as Site['collections'][number];
      const site = { ...shell, collections: shell.collections.map((c) => (c.id === id ? page : c)) };
      return this.writeShellEdit(shell, site, { changed: true }, roles, null);
    }
    if (tables.itemJson(this.sql, id) === null) return refused('not-found', ITEM_MESSAGES.unknownItem);
    const { item, merchandising } = JSON.parse(json) as { item: Item; merchandising: Merchandising | null };
    return this.saveProduct(shell, underCollection(shell, item), merchandising, roles);
  }

  /**
   * `alsoWrite` runs in the same transaction when the item changed (a product's merchandising entry,
   * `merchandising`, which its version records; undefined: the one it has).
   */
  private saveItem(
    shell: Site,
    input: unknown,
    roles: readonly number[],
    alsoWrite?: () => void,
    merchandising?: Merchandising | null,
  ): EditOutcome {
    const { id, collectionId } = (input ?? {}) as { id?: unknown; collectionId?: unknown };
    if (typeof collectionId === 'string' && !shell.collections.some((c) => c.id === collectionId))
      return refused('not-found', edits.EDIT_MESSAGES.unknownCollection);
    const parsed = parseItem(input, typeof id === 'string' ? id : '?', shell.collections);
    if ('error' in parsed) return refused('invalid', parsed.error);
    const item = parsed.item;
    if (tables.urlTaken(this.sql, item.collectionId, item.urlId, item.id))
      return refused('url-taken', edits.EDIT_MESSAGES.urlIdTaken);
    const before = tables.itemJson(this.sql, item.id);
    const stored = before === null ? null : (JSON.parse(before) as Item);
    if (!mayChangeItem(shell, roles, item, stored)) return refused('forbidden', MERCHANT_MESSAGES.forbidden);
    const movesIn = stored === null || stored.collectionId !== item.collectionId;
    if (
      movesIn &&
      inProductCollection(item, shell.collections) &&
      tables.countItemsIn(this.sql, [item.collectionId], Date.now()) >= CONTENT_LIMITS.productsPerCollection
    ) {
      return refused('over-limit', LIMIT_MESSAGES.productsPerCollection);
    }
    if (before === JSON.stringify(item)) return { ok: true, value: { changed: false }, version: null };
    const refusal = codeInjectionRefusal(
      { ...shell, items: stored === null ? [] : [stored] },
      { ...shell, items: [item] },
      roles,
    );
    if (refusal !== null) return refused('forbidden', refusal);
    const version = this.commit(() => {
      tables.writeItem(this.sql, item);
      this.redirectItem(item, stored);
      alsoWrite?.();
      if (inProductCollection(item, shell.collections))
        this.recordProduct(
          shell,
          item,
          merchandising === undefined ? shell.productMerchandisingContext[item.id] : merchandising,
          stored,
        );
    });
    return { ok: true, value: { changed: true }, version };
  }

  private removeItem(shell: Site, itemId: string, roles: readonly number[]): EditOutcome {
    const before = tables.itemJson(this.sql, itemId);
    if (before === null) return refused('not-found', ITEM_MESSAGES.unknownItem);
    const stored = JSON.parse(before) as Item;
    if (!mayChangeItem(shell, roles, stored)) return refused('forbidden', MERCHANT_MESSAGES.forbidden);
    const refusal = codeInjectionRefusal({ ...shell, items: [stored] }, { ...shell, items: [] }, roles);
    if (refusal !== null) return refused('forbidden', refusal);
    // A product's merchandising texts go with it.
    const { [itemId]: removedContext, ...merchandising } = shell.productMerchandisingContext;
    const version = this.commit(() => {
      tables.deleteItem(this.sql, itemId);
      forgetVersions(this.sql, 'product', itemId);
      if (removedContext !== undefined)
        tables.writeShell(this.sql, { ...shell, productMerchandisingContext: merchandising });
    });
    return { ok: true, value: null, version };
  }

  /** A product and its merchandising entry (null: none), in one step. */
  private saveProduct(
    shell: Site,
    input: unknown,
    merchandising: Merchandising | null,
    roles: readonly number[],
  ): EditOutcome {
    const id = (input as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return refused('invalid', 'A product needs an id.');
    const { [id]: before, ...others } = shell.productMerchandisingContext;
    const context = merchandising === null ? others : { ...others, [id]: merchandising };
    const contextChanged = JSON.stringify(before ?? null) !== JSON.stringify(merchandising);
    const saved = this.saveItem(
      shell,
      input,
      roles,
      contextChanged
        ? () => tables.writeShell(this.sql, { ...shell, productMerchandisingContext: context })
        : undefined,
      merchandising,
    );
    if (!saved.ok || saved.version !== null || !contextChanged) return saved;
    const stored = JSON.parse(tables.itemJson(this.sql, id) ?? 'null') as Item | null;
    return {
      ok: true,
      value: { changed: true },
      version: this.commit(() => {
        tables.writeShell(this.sql, { ...shell, productMerchandisingContext: context });
        if (stored !== null) this.recordProduct(shell, stored, merchandising, stored);
      }),
    };
  }

  /** One change to several products, in one step; ids the site lacks are skipped. */
  private bulkProducts(shell: Site, ids: readonly string[], change: BulkChange): EditOutcome {
    const items = tables.itemsJsonById(this.sql, [...new Set(ids)], null).map((json) => JSON.parse(json) as Item);
    const changed = items.map((item) => bulkChanged(item, change)).filter((item, i) => item !== items[i]);
    const valid: Item[] = [];
    for (const item of changed) {
      const parsed = parseItem(item, item.id, shell.collections);
      if ('error' in parsed) return refused('invalid', parsed.error);
      valid.push(parsed.item);
    }
    if (valid.length === 0) return { ok: true, value: { changed: false }, version: null };
    const version = this.commit(() => {
      for (const item of valid) {
        tables.writeItem(this.sql, item);
        this.recordProduct(
          shell,
          item,
          shell.productMerchandisingContext[item.id],
          items.find((i) => i.id === item.id) ?? null,
        );
      }
    });
    return { ok: true, value: { changed: true }, version };
  }

  /**
   * Products from a CSV import (src/routes/console/products-csv.ts), all in one step or none: each
   * checked as a save is (schema, address free in its collection and within the import, roles, code,
   * the collection's product limit), each changed one written with its merchandising texts and a version.
   */
  private importProducts(
    shell: Site,
    products: readonly { item: unknown; merchandising: Merchandising | null }[],
    roles: readonly number[],
  ): EditOutcome {
    if (!allows(roles, 'commerce')) return refused('forbidden', MERCHANT_MESSAGES.forbidden);
    const valid: { item: Item; before: Item | null; merchandising: Merchandising | null }[] = [];
    const addresses = new Set<string>();
    const added = new Map<string, number>();
    for (const [i, product] of products.entries()) {
      const parsed = parseItem(product.item, i, shell.collections);
      if ('error' in parsed) return refused('invalid', parsed.error);
      const item = parsed.item;
      if (!inProductCollection(item, shell.collections))
        return refused('invalid', edits.EDIT_MESSAGES.unknownCollection);
      const address = `${item.collectionId}/${item.urlId}`;
      if (addresses.has(address) || tables.urlTaken(this.sql, item.collectionId, item.urlId, item.id))
        return refused('url-taken', `${item.urlId}: ${edits.EDIT_MESSAGES.urlIdTaken}`);
      addresses.add(address);
      const json = tables.itemJson(this.sql, item.id);
      const before = json === null ? null : (JSON.parse(json) as Item);
      if (before === null) added.set(item.collectionId, (added.get(item.collectionId) ?? 0) + 1);
      const refusal = codeInjectionRefusal(
        { ...shell, items: before === null ? [] : [before] },
        { ...shell, items: [item] },
        roles,
      );
      if (refusal !== null) return refused('forbidden', refusal);
      const unchanged =
        json === JSON.stringify(item) &&
        JSON.stringify(shell.productMerchandisingContext[item.id] ?? null) === JSON.stringify(product.merchandising);
      if (!unchanged) valid.push({ item, before, merchandising: product.merchandising });
    }
    for (const [collectionId, count] of added)
      if (tables.countItemsIn(this.sql, [collectionId], Date.now()) + count > CONTENT_LIMITS.productsPerCollection)
        return refused('over-limit', LIMIT_MESSAGES.productsPerCollection);
    if (valid.length === 0) return { ok: true, value: { changed: false }, version: null };
    const context = { ...shell.productMerchandisingContext };
    for (const { item, merchandising } of valid) {
      if (merchandising === null) delete context[item.id];
      else context[item.id] = merchandising;
    }
    const version = this.commit(() => {
      for (const { item, before, merchandising } of valid) {
        tables.writeItem(this.sql, item);
        this.redirectItem(item, before);
        this.recordProduct(shell, item, merchandising, before);
      }
      tables.writeShell(this.sql, { ...shell, productMerchandisingContext: context });
    });
    return { ok: true, value: { changed: true }, version };
  }

  /** A tag or category manager change: the collection's declared names and every item using a changed name, in one step. */
  private changeNames(shell: Site, collectionId: string, tagType: TagType, change: NamesChange): EditOutcome {
    const collection = shell.collections.find((c) => c.id === collectionId);
    if (collection === undefined) return refused('not-found', edits.EDIT_MESSAGES.unknownCollection);
    const used = tables.namesUsed(this.sql, collectionId, tagType).map((row) => row.name);
    const outcome = changeNames(collection, tagType, used, change);
    if (!outcome.ok) return outcome;
    const { collection: named, from, to } = outcome.value;
    const parsed = parseShell({
      ...shell,
      collections: shell.collections.map((c) => (c.id === collectionId ? named : c)),
    });
    if ('error' in parsed) return refused('invalid', parsed.error);
    const field = tagType === 'tag' ? 'tags' : 'categories';
    const items = tables
      .itemsJsonById(this.sql, tables.itemIdsNamed(this.sql, collectionId, tagType, from), null)
      .map((json) => {
        const item = JSON.parse(json) as Item;
        return { ...item, [field]: replaceNames(item[field], from, to) };
      });
    const version = this.commit(() => {
      tables.writeShell(this.sql, parsed.site);
      for (const item of items) tables.writeItem(this.sql, item);
    });
    return { ok: true, value: { changed: true }, version };
  }

  /**
   * Starts replacing the whole site: validates the shell and clears any import in progress. The
   * site is unchanged until `commitImport`.
   */
  beginImport(shellInput: unknown): Result<{ importId: string }, 'invalid'> {
    const parsed = parseShell(shellInput);
    if ('error' in parsed) return refused('invalid', parsed.error);
    const importId = crypto.randomUUID();
    this.ctx.storage.transactionSync(() => {
      this.sql.exec('DELETE FROM staged_items');
      this.sql.exec("DELETE FROM meta WHERE key LIKE 'import:%'");
      tables.writeMeta(this.sql, `import:${importId}`, JSON.stringify(parsed.site));
    });
    return { ok: true, value: { importId } };
  }

  /** Validates and stages a batch of the import's items; `first` is the batch's position in the import. */
  stageItems(importId: string, first: number, items: unknown[]): Result<null, ImportRefusal> {
    const shellText = tables.readMeta(this.sql, `import:${importId}`);
    if (shellText === null) return refused('replaced', ITEM_MESSAGES.importReplaced);
    const { collections } = JSON.parse(shellText) as Site;
    const valid: string[] = [];
    for (const [i, input] of items.entries()) {
      const parsed = parseItem(input, first + i, collections);
      if ('error' in parsed) return refused('invalid', parsed.error);
      valid.push(JSON.stringify(parsed.item));
    }
    this.ctx.storage.transactionSync(() => {
      for (const [i, json] of valid.entries()) {
        this.sql.exec(
          'INSERT OR REPLACE INTO staged_items (import_id, n, json) VALUES (?, ?, ?)',
          importId,
          first + i,
          json,
        );
      }
    });
    return { ok: true, value: null };
  }

  /**
   * Swaps the staged site in, in one transaction with the version bump: all of it or (on a
   * duplicate item id or URL, or an item of a collection the site lacks) none of it.
   */
  commitImport(websiteId: string, importId: string): Promise<Result<{ version: number }, ImportRefusal>> {
    return this.queue.run(async (): Promise<Result<{ version: number }, ImportRefusal>> => {
      const shellText = tables.readMeta(this.sql, `import:${importId}`);
      if (shellText === null) return refused('replaced', ITEM_MESSAGES.importReplaced);
      const shell = JSON.parse(shellText) as Site;
      const before = tables.shellJson(this.sql);
      const collections = new Set(shell.collections.map((c) => c.id));
      const products = new Map<string, number>();
      // Past the KV pointer too: a site moved here from KV or another object keeps its versions rising,
      // so no page cached under an earlier version number is served for it.
      const pointer = Number((await this.env.SITE_CONTENT.get(versionKey(websiteId))) ?? 0);
      let version: number;
      try {
        version = this.commit(
          () => {
            tables.writeShell(this.sql, shell);
            // A publish that moved a collection (its urlId in site.json) leaves the old address, and its items', redirected.
            if (before !== null) this.redirectCollections(JSON.parse(before) as Site, shell);
            tables.deleteAllItems(this.sql);
            for (const row of this.sql.exec<{ json: string }>(
              'SELECT json FROM staged_items WHERE import_id = ? ORDER BY n',
              importId,
            )) {
              const item = JSON.parse(row.json) as Item;
              if (!collections.has(item.collectionId))
                throw new ImportRefused(
                  `Invalid site content: items.${item.id}.collectionId: no collection ${item.collectionId}`,
                );
              if (inProductCollection(item, shell.collections)) {
                const count = (products.get(item.collectionId) ?? 0) + 1;
                if (count > CONTENT_LIMITS.productsPerCollection)
                  throw new ImportRefused(`Invalid site content: ${tooManyProducts(item.collectionId, count)}`);
                products.set(item.collectionId, count);
              }
              try {
                tables.writeItem(this.sql, item, true);
              } catch (error) {
                throw duplicateItem(item, error);
              }
            }
            tables.writeMeta(this.sql, 'websiteId', websiteId);
          },
          Number.isInteger(pointer) ? pointer : 0,
        );
      } catch (error) {
        if (error instanceof ImportRefused) return refused('invalid', error.message);
        throw error;
      } finally {
        this.ctx.storage.transactionSync(() => {
          this.sql.exec('DELETE FROM staged_items WHERE import_id = ?', importId);
          this.sql.exec('DELETE FROM meta WHERE key = ?', `import:${importId}`);
        });
      }
      await this.publishVersion(websiteId, version);
      await this.scheduleAlarm();
      return { ok: true, value: { version } };
    });
  }
}

class ImportRefused extends Error {}

/**
 * Products (their prices, stock and existence) are commerce: a role that may edit content but not
 * commerce (an editor) may not save, move or remove one through the generic item calls either. A
 * product is what src/commerce/product.ts says (an item of a products collection); product fields
 * anywhere else are refused for every role when the item is validated (parseItem).
 */
function mayChangeItem(shell: Site, roles: readonly number[], ...versions: (Item | null)[]): boolean {
  const product = versions.some((item) => item !== null && inProductCollection(item, shell.collections));
  return !product || allows(roles, 'commerce');
}

/** The refusal for an item the unique indexes turned away (its id or its URL in its collection taken), or the error itself. */
function duplicateItem(item: Item, error: unknown): unknown {
  const message = String((error as Error | null)?.message ?? '');
  if (!message.includes('UNIQUE constraint failed')) return error;
  if (message.includes('items.id'))
    return new ImportRefused(`Invalid site content: items.${item.id}: the id is used twice`);
  return new ImportRefused(
    `Invalid site content: items.${item.id}.urlId: ${item.urlId} is used twice in ${item.collectionId}`,
  );
}
