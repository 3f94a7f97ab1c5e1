/**
 * One website's published content, in the object's own SQLite (tables in content-tables.ts): the
 * site's shell in parts, one row per item, and the indexes listings, pages and search read.
 *
 * Writes are row-sized and serial: a merchant edit (src/site/edits.ts) or an item save writes the
 * rows it changes and bumps the content version in one transaction, validated with the site's zod
 * schemas first, and refused when it changes code the merchant's roles may not write
 * (src/site/code-injection.ts). An import stages its items and swaps them all in at its commit.
 * After each commit the new version is written to KV (`site:{id}:version`, src/site/store.ts),
 * the pointer edge reads start from.
 *
 * Every read answers with the version it read at, in one synchronous step, so a caller that
 * renders from one version can tell when the content moved on (src/site/catalog.ts).
 */
import { DurableObject } from 'cloudflare:workers';
import { NO_STORE } from '../http/messages';
import type { ListingQuery } from '../site/catalog';
import { changedCodeInjection } from '../site/code-injection';
import * as edits from '../site/edits';
import { allows, ROLE_MESSAGES } from '../site/roles';
import { parseItem, parseShell, type Item, type ShellInput, type Site } from '../site/schema';
import { versionKey } from '../site/store';
import * as tables from './content-tables';
import { SerialQueue } from './serial-queue';

export type Edit =
  | { kind: 'addProductCollection'; input: edits.NewProductCollection }
  | { kind: 'removeCollection'; collectionId: string }
  | { kind: 'addCategory'; collectionId: string; input: edits.NewCategory }
  | { kind: 'appendToNavigation'; collectionId: string }
  | { kind: 'updateNavigation'; items: edits.NavigationItem[] }
  | { kind: 'setHeaderFooter'; input: { header: string; footer: string } }
  | { kind: 'setCommercePreferences'; namespace: string; preferences: Record<string, unknown> }
  | { kind: 'setLanguages'; languages: string[] }
  | { kind: 'disconnectMultilingual' }
  | { kind: 'saveItem'; item: unknown }
  | { kind: 'removeItem'; itemId: string };

export type EditOutcome = { ok: true; value: edits.EditValue; version: number | null } | { ok: false; status: 400 | 403 | 404; error: string };

/** A read and the content version it was read at. */
export interface Versioned<T> {
  version: number;
  value: T;
}

export const ITEM_MESSAGES = {
  unknownItem: 'That item does not exist.',
  importReplaced: 'Another import started before this one was committed.',
} as const;

type ShellEdit = Exclude<Edit, { kind: 'saveItem' } | { kind: 'removeItem' }>;

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
    case 'setCommercePreferences':
      return edits.setCommercePreferences(site, edit.namespace, edit.preferences);
    case 'setLanguages':
      return edits.setLanguages(site, edit.languages);
    case 'disconnectMultilingual':
      return edits.disconnectMultilingual(site);
  }
}

export class SiteContent extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** Orders commits with their KV pointer writes, so the pointer never goes back to an older version. */
  private readonly queue = new SerialQueue();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    tables.createTables(this.sql);
  }

  private versioned<T>(value: T): Versioned<T> {
    return { version: tables.readVersion(this.sql), value };
  }

  /** The shell as JSON (null before the first import). */
  shell(): Versioned<string | null> {
    return this.versioned(tables.shellJson(this.sql));
  }

  listing(query: ListingQuery): Versioned<tables.ListingRows> {
    return this.versioned(tables.listing(this.sql, query));
  }

  itemPage(collectionId: string, urlId: string, relatedLimit: number): Versioned<tables.ItemPageRows | null> {
    return this.versioned(tables.itemPage(this.sql, collectionId, urlId, relatedLimit));
  }

  search(query: string, limit: number): Versioned<string[]> {
    return this.versioned(tables.search(this.sql, query, limit));
  }

  itemsById(ids: string[]): Versioned<string[]> {
    return this.versioned(tables.itemsJsonById(this.sql, ids));
  }

  itemsWithForms(limit: number): Versioned<string[]> {
    return this.versioned(tables.itemsWithForms(this.sql, limit));
  }

  firstProducts(limit: number): Versioned<string[]> {
    return this.versioned(tables.firstProducts(this.sql, limit));
  }

  itemUrls(collectionIds: string[], offset: number, limit: number): Versioned<{ total: number; urls: string[] }> {
    return this.versioned({ total: tables.countItemsIn(this.sql, collectionIds), urls: tables.itemUrls(this.sql, collectionIds, offset, limit) });
  }

  existingItemUrls(paths: { collectionId: string; urlId: string; path: string }[]): Versioned<string[]> {
    return this.versioned(tables.existingItemUrls(this.sql, paths));
  }

  /** Items in catalogue order after `afterSeq`, for export. */
  exportItems(afterSeq: number, limit: number): Versioned<{ items: string[]; lastSeq: number | null; total: number }> {
    const rows = tables.itemsAfter(this.sql, afterSeq, limit);
    return this.versioned({ items: rows.map((row) => row.json), lastSeq: rows.at(-1)?.seq ?? null, total: tables.itemCount(this.sql) });
  }

  /** `roles` are the editing merchant's: an edit that changes code-injection fields needs that permission. */
  edit(websiteId: string, edit: Edit, roles: readonly number[]): Promise<EditOutcome> {
    return this.queue.run(async (): Promise<EditOutcome> => {
      const json = tables.shellJson(this.sql);
      if (json === null) return { ok: false, status: 404, error: NO_STORE };
      const shell = JSON.parse(json) as Site;
      const outcome = edit.kind === 'saveItem' ? this.saveItem(shell, edit.item, roles) : edit.kind === 'removeItem' ? this.removeItem(shell, edit.itemId, roles) : this.editShell(shell, edit, roles);
      if (outcome.ok && outcome.version !== null) await this.publishVersion(websiteId, outcome.version);
      return outcome;
    });
  }

  /** Runs `write` and bumps the version past the stored one and `floor`, in one transaction. */
  private commit(write: () => void, floor = 0): number {
    return this.ctx.storage.transactionSync(() => {
      write();
      const version = Math.max(tables.readVersion(this.sql), floor) + 1;
      tables.writeMeta(this.sql, 'version', String(version));
      return version;
    });
  }

  private async publishVersion(websiteId: string, version: number): Promise<void> {
    await this.env.SITE_CONTENT.put(versionKey(websiteId), String(version));
  }

  private editShell(shell: Site, edit: ShellEdit, roles: readonly number[]): EditOutcome {
    const result = applyToShell(shell, edit);
    if ('error' in result) return { ok: false, status: result.status ?? 400, error: result.error };
    if (result.site === shell) return { ok: true, value: result.value, version: null };
    if (changedCodeInjection(shell, result.site).length > 0 && !allows(roles, 'codeInjection')) {
      return { ok: false, status: 403, error: ROLE_MESSAGES.codeInjection };
    }
    const parsed = parseShell(result.site);
    if ('error' in parsed) return { ok: false, status: 400, error: parsed.error };
    const removed = edit.kind === 'removeCollection' ? edit.collectionId : null;
    let written = 0;
    const version = this.commit(() => {
      written = tables.writeShell(this.sql, parsed.site).length;
      if (removed !== null) for (const id of tables.itemIdsOf(this.sql, removed)) tables.deleteItem(this.sql, id);
    });
    return { ok: true, value: result.value, version: written === 0 && removed === null ? null : version };
  }

  private saveItem(shell: Site, input: unknown, roles: readonly number[]): EditOutcome {
    const parsed = parseItem(input);
    if ('error' in parsed) return { ok: false, status: 400, error: parsed.error };
    const item = parsed.item;
    if (!shell.collections.some((c) => c.id === item.collectionId)) return { ok: false, status: 404, error: edits.EDIT_MESSAGES.unknownCollection };
    if (tables.urlTaken(this.sql, item.collectionId, item.urlId, item.id)) return { ok: false, status: 400, error: edits.EDIT_MESSAGES.urlIdTaken };
    const before = tables.itemJson(this.sql, item.id);
    if (before === JSON.stringify(item)) return { ok: true, value: { changed: false }, version: null };
    const old = before === null ? [] : [JSON.parse(before) as Item];
    if (changedCodeInjection({ ...shell, items: old }, { ...shell, items: [item] }).length > 0 && !allows(roles, 'codeInjection')) {
      return { ok: false, status: 403, error: ROLE_MESSAGES.codeInjection };
    }
    const version = this.commit(() => tables.writeItem(this.sql, item));
    return { ok: true, value: { changed: true }, version };
  }

  private removeItem(shell: Site, itemId: string, roles: readonly number[]): EditOutcome {
    const before = tables.itemJson(this.sql, itemId);
    if (before === null) return { ok: false, status: 404, error: ITEM_MESSAGES.unknownItem };
    if (changedCodeInjection({ ...shell, items: [JSON.parse(before) as Item] }, { ...shell, items: [] }).length > 0 && !allows(roles, 'codeInjection')) {
      return { ok: false, status: 403, error: ROLE_MESSAGES.codeInjection };
    }
    const version = this.commit(() => tables.deleteItem(this.sql, itemId));
    return { ok: true, value: null, version };
  }

  /**
   * Starts replacing the whole site: validates the shell and clears any import in progress. The
   * site is unchanged until `commitImport`.
   */
  beginImport(shellInput: unknown): { importId: string } | { error: string } {
    const parsed = parseShell(shellInput);
    if ('error' in parsed) return parsed;
    const importId = crypto.randomUUID();
    this.ctx.storage.transactionSync(() => {
      this.sql.exec('DELETE FROM staged_items');
      this.sql.exec("DELETE FROM meta WHERE key LIKE 'import:%'");
      tables.writeMeta(this.sql, `import:${importId}`, JSON.stringify(parsed.site));
    });
    return { importId };
  }

  /** Validates and stages a batch of the import's items; `first` is the batch's position in the import. */
  stageItems(importId: string, first: number, items: unknown[]): { ok: true } | { error: string } {
    if (tables.readMeta(this.sql, `import:${importId}`) === null) return { error: ITEM_MESSAGES.importReplaced };
    const valid: string[] = [];
    for (const input of items) {
      const parsed = parseItem(input);
      if ('error' in parsed) return parsed;
      valid.push(JSON.stringify(parsed.item));
    }
    this.ctx.storage.transactionSync(() => {
      valid.forEach((json, i) => this.sql.exec('INSERT OR REPLACE INTO staged_items (import_id, n, json) VALUES (?, ?, ?)', importId, first + i, json));
    });
    return { ok: true };
  }

  /**
   * Swaps the staged site in, in one transaction with the version bump: all of it or (on a
   * duplicate item id or URL, or an item of a collection the site lacks) none of it.
   */
  commitImport(websiteId: string, importId: string): Promise<{ version: number } | { error: string }> {
    return this.queue.run(async () => {
      const shellText = tables.readMeta(this.sql, `import:${importId}`);
      if (shellText === null) return { error: ITEM_MESSAGES.importReplaced };
      const shell = JSON.parse(shellText) as Site;
      const collections = new Set(shell.collections.map((c) => c.id));
      // Past the KV pointer too: a site moved here from KV or another object keeps its versions rising,
      // so no page cached under an earlier version number is served for it.
      const pointer = Number((await this.env.SITE_CONTENT.get(versionKey(websiteId))) ?? 0);
      let version: number;
      try {
        version = this.commit(() => {
          tables.writeShell(this.sql, shell);
          tables.deleteAllItems(this.sql);
          for (const row of this.sql.exec<{ json: string }>('SELECT json FROM staged_items WHERE import_id = ? ORDER BY n', importId)) {
            const item = JSON.parse(row.json) as Item;
            if (!collections.has(item.collectionId)) throw new ImportRefused(`Invalid site content: items.${item.id}.collectionId: no collection ${item.collectionId}`);
            if (tables.itemJson(this.sql, item.id) !== null) throw new ImportRefused(`Invalid site content: items.${item.id}: the id is used twice`);
            if (tables.urlTaken(this.sql, item.collectionId, item.urlId, item.id)) throw new ImportRefused(`Invalid site content: items.${item.id}.urlId: ${item.urlId} is used twice in ${item.collectionId}`);
            tables.writeItem(this.sql, item);
          }
          tables.writeMeta(this.sql, 'websiteId', websiteId);
        }, Number.isInteger(pointer) ? pointer : 0);
      } catch (error) {
        if (error instanceof ImportRefused) return { error: error.message };
        throw error;
      } finally {
        this.ctx.storage.transactionSync(() => {
          this.sql.exec('DELETE FROM staged_items WHERE import_id = ?', importId);
          this.sql.exec('DELETE FROM meta WHERE key = ?', `import:${importId}`);
        });
      }
      await this.publishVersion(websiteId, version);
      return { version };
    });
  }
}

class ImportRefused extends Error {}
