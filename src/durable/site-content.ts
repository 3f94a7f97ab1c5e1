/**
 * One website's published content, in the object's own SQLite (tables in site-content/schema.ts): the
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
 *
 * The class is the object's list of RPC methods; the reads are one table function each, and the rest
 * delegates to the module of its concern in site-content/ (edits, item edits, shell edits, imports,
 * publishing and the alarm, history, addresses, reads), plain functions over `ContentContext`.
 */
import { DurableObject } from 'cloudflare:workers';
import type { VersionRow } from '../api/catalog-answers';
import type { Result } from '../result';
import type { TagType } from '../site/editor/tag-manager';
import type { ListingQuery } from '../site/published/catalog';
import type { ContentChange } from '../site/published/page-tags';
import { createRedirectTables, redirectOf } from './content-redirects';
import {
  collectionItems,
  namesUsed,
  productList,
  type ProductListQuery,
  type ProductListRow,
} from './site-content/console-reads';
import {
  countItemsIn,
  existingItemUrls,
  firstProducts,
  itemCount,
  itemPage,
  type ItemPageRows,
  itemsAfter,
  itemsJsonById,
  itemsWithForms,
  itemUrls,
  type ListingRows,
} from './site-content/item-reads';
import { itemJson, readMeta, shellJson, urlTaken, writeMeta } from './site-content/rows';
import { createTables } from './site-content/schema';
import { search } from './site-content/search';
import { createVersionTables, listVersions, versionJson, type VersionSubject } from './content-versions';
import { migrate } from './migrations';
import { SerialQueue } from './serial-queue';
import { changes, type ContentContext, versioned } from './site-content/context';
import { applyEdit } from './site-content/edits';
import { beginImport, commitImport, stageItems } from './site-content/imports';
import type { Edit, EditOutcome, ImportRefusal, Versioned } from './site-content/model';
import { runAlarm } from './site-content/publishing';
import { listing } from './site-content/reads';

export {
  type ContentRefusal,
  type Edit,
  type EditOutcome,
  type ImportRefusal,
  ITEM_MESSAGES,
  type Versioned,
} from './site-content/model';

const DESIGN_DRAFT = 'design-draft';

export class SiteContent extends DurableObject<Env> {
  /** What the modules of site-content/ work on: this object's storage, bindings, queue and the editing merchant. */
  private readonly self: ContentContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.self = { sql: ctx.storage.sql, ctx, env, queue: new SerialQueue(), editor: null };
    migrate(ctx.storage, {
      content: [createTables],
      versions: [createVersionTables],
      redirects: [createRedirectTables],
    });
  }

  /** The shell as JSON (null before the first import), with the last edits' page tags (src/site/published/page-tags.ts). */
  shell(): Versioned<string | null> & { changes: ContentChange[] } {
    return { ...versioned(this.self, shellJson(this.self.sql)), changes: changes(this.self) };
  }

  // Shoppers' reads: only items visible now (published, or scheduled and past their publish date).

  /** A listing of what is in stock asks the stock ledger (the one truth of stock) what its counted variants have available. */
  listing(query: ListingQuery): Promise<Versioned<ListingRows>> {
    return listing(this.self, query);
  }

  itemPage(collectionId: string, urlId: string, relatedLimit: number): Versioned<ItemPageRows | null> {
    return versioned(this.self, itemPage(this.self.sql, collectionId, urlId, relatedLimit, Date.now()));
  }

  search(query: string, limit: number, productsOnly = false): Versioned<string[]> {
    return versioned(this.self, search(this.self.sql, query, limit, Date.now(), productsOnly));
  }

  itemsById(ids: string[]): Versioned<string[]> {
    return versioned(this.self, itemsJsonById(this.self.sql, ids, Date.now()));
  }

  itemsWithForms(limit: number): Versioned<string[]> {
    return versioned(this.self, itemsWithForms(this.self.sql, limit, Date.now()));
  }

  firstProducts(limit: number): Versioned<string[]> {
    return versioned(this.self, firstProducts(this.self.sql, limit, Date.now()));
  }

  itemUrls(collectionIds: string[], offset: number, limit: number): Versioned<{ total: number; urls: string[] }> {
    const now = Date.now();
    return versioned(this.self, {
      total: countItemsIn(this.self.sql, collectionIds, now),
      urls: itemUrls(this.self.sql, collectionIds, offset, limit, now),
    });
  }

  existingItemUrls(paths: { collectionId: string; urlId: string; path: string }[]): Versioned<string[]> {
    return versioned(this.self, existingItemUrls(this.self.sql, paths, Date.now()));
  }

  /** Where a path that shows nothing has moved since its slug changed (src/durable/content-redirects.ts), or null. */
  redirectFor(path: string): Versioned<string | null> {
    return versioned(this.self, redirectOf(this.self.sql, path));
  }

  // The console's reads: every item, whatever its status.

  consoleItems(collectionId: string, offset: number, limit: number): Versioned<{ items: string[]; total: number }> {
    return versioned(this.self, collectionItems(this.self.sql, collectionId, offset, limit));
  }

  consoleItem(id: string): Versioned<string | null> {
    return versioned(this.self, itemJson(this.self.sql, id));
  }

  consoleItemsById(ids: string[]): Versioned<string[]> {
    return versioned(this.self, itemsJsonById(this.self.sql, ids, null));
  }

  /** Which of these item addresses an item has, drafts included (a new product's free address). */
  consoleUrlsTaken(paths: { collectionId: string; urlId: string; path: string }[]): Versioned<string[]> {
    return versioned(
      this.self,
      paths.filter((p) => urlTaken(this.self.sql, p.collectionId, p.urlId, '')).map((p) => p.path),
    );
  }

  /** A product's or page's saved versions, newest first (src/durable/content-versions.ts). */
  versions(subject: VersionSubject, id: string): Versioned<VersionRow[]> {
    return versioned(this.self, listVersions(this.self.sql, subject, id));
  }

  /** One saved version's JSON: a product's `{ item, merchandising }` or a page's collection; null when there is none. */
  savedVersion(subject: VersionSubject, id: string, versionId: number): Versioned<string | null> {
    return versioned(this.self, versionJson(this.self.sql, subject, id, versionId));
  }

  /** A page of the console's product list. */
  productList(query: ProductListQuery): Versioned<{ rows: ProductListRow[]; total: number }> {
    return versioned(this.self, productList(this.self.sql, query));
  }

  /** A collection's tags or categories in use, with counts. */
  namesUsed(collectionId: string, tagType: TagType): Versioned<{ name: string; count: number }[]> {
    return versioned(this.self, namesUsed(this.self.sql, collectionId, tagType));
  }

  /** Items in catalogue order after `afterSeq`, for export. */
  exportItems(afterSeq: number, limit: number): Versioned<{ items: string[]; lastSeq: number | null; total: number }> {
    const rows = itemsAfter(this.self.sql, afterSeq, limit);
    return versioned(this.self, {
      items: rows.map((row) => row.json),
      lastSeq: rows.at(-1)?.seq ?? null,
      total: itemCount(this.self.sql),
    });
  }

  /**
   * The design draft the console previews before publishing (JSON, or null): kept beside the
   * content, not in it, so saving a draft bumps no version and leaves every cached page alone.
   */
  designDraft(): string | null {
    return readMeta(this.self.sql, DESIGN_DRAFT);
  }

  saveDesignDraft(json: string | null): void {
    if (json === null) this.self.sql.exec('DELETE FROM meta WHERE key = ?', DESIGN_DRAFT);
    else writeMeta(this.self.sql, DESIGN_DRAFT, json);
  }

  /**
   * `roles` are the editing merchant's: an edit that changes code-injection fields needs that permission.
   * `who` (their email) names the versions it records.
   */
  edit(websiteId: string, edit: Edit, roles: readonly number[], who: string | null = null): Promise<EditOutcome> {
    return applyEdit(this.self, websiteId, edit, roles, who);
  }

  /** Publishes scheduled items and pages as they come due, and sends the second CDN purge (site-content/publishing.ts). */
  override async alarm(): Promise<void> {
    await runAlarm(this.self);
  }

  /**
   * Starts replacing the whole site: validates the shell and clears any import in progress. The
   * site is unchanged until `commitImport`.
   */
  beginImport(shellInput: unknown): Result<{ importId: string }, 'invalid'> {
    return beginImport(this.self, shellInput);
  }

  /** Validates and stages a batch of the import's items; `first` is the batch's position in the import. */
  stageItems(importId: string, first: number, items: unknown[]): Result<null, ImportRefusal> {
    return stageItems(this.self, importId, first, items);
  }

  /**
   * Swaps the staged site in, in one transaction with the version bump: all of it or (on a
   * duplicate item id or URL, or an item of a collection the site lacks) none of it.
   */
  commitImport(websiteId: string, importId: string): Promise<Result<{ version: number }, ImportRefusal>> {
    return commitImport(this.self, websiteId, importId);
  }
}
