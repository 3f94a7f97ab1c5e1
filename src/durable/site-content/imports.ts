/**
 * Replacing the whole site: an import begins with its shell, stages its items in batches, and swaps
 * them all in at its commit in one transaction with the version bump (all of it or none), then publishes.
 */
import { inProductCollection } from '../../commerce/product';
import { refused, type Result } from '../../result';
import { CONTENT_LIMITS, tooManyProducts } from '../../site/model/limits';
import { parseItem, parseShell, type Item, type Site } from '../../site/model/schema';
import { versionKey } from '../../site/published/store';
import { deleteAllItems, readMeta, shellJson, writeItem, writeMeta, writeShell } from './rows';
import { redirectCollections } from './addresses';
import { commit, type ContentContext } from './context';
import { ITEM_MESSAGES, type ImportRefusal } from './model';
import { publishVersion, scheduleAlarm } from './publishing';

/**
 * Starts replacing the whole site: validates the shell and clears any import in progress. The
 * site is unchanged until `commitImport`.
 */
export function beginImport(self: ContentContext, shellInput: unknown): Result<{ importId: string }, 'invalid'> {
  const parsed = parseShell(shellInput);
  if ('error' in parsed) return refused('invalid', parsed.error);
  const importId = crypto.randomUUID();
  self.ctx.storage.transactionSync(() => {
    self.sql.exec('DELETE FROM staged_items');
    self.sql.exec("DELETE FROM meta WHERE key LIKE 'import:%'");
    writeMeta(self.sql, `import:${importId}`, JSON.stringify(parsed.site));
  });
  return { ok: true, value: { importId } };
}

/** Validates and stages a batch of the import's items; `first` is the batch's position in the import. */
export function stageItems(
  self: ContentContext,
  importId: string,
  first: number,
  items: unknown[],
): Result<null, ImportRefusal> {
  const shellText = readMeta(self.sql, `import:${importId}`);
  if (shellText === null) return refused('replaced', ITEM_MESSAGES.importReplaced);
  const { collections } = JSON.parse(shellText) as Site;
  const valid: string[] = [];
  for (const [i, input] of items.entries()) {
    const parsed = parseItem(input, first + i, collections);
    if ('error' in parsed) return refused('invalid', parsed.error);
    valid.push(JSON.stringify(parsed.item));
  }
  self.ctx.storage.transactionSync(() => {
    for (const [i, json] of valid.entries()) {
      self.sql.exec(
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
export function commitImport(
  self: ContentContext,
  websiteId: string,
  importId: string,
): Promise<Result<{ version: number }, ImportRefusal>> {
  return self.queue.run(async (): Promise<Result<{ version: number }, ImportRefusal>> => {
    const shellText = readMeta(self.sql, `import:${importId}`);
    if (shellText === null) return refused('replaced', ITEM_MESSAGES.importReplaced);
    const shell = JSON.parse(shellText) as Site;
    const before = shellJson(self.sql);
    const collections = new Set(shell.collections.map((c) => c.id));
    const products = new Map<string, number>();
    // Past the KV pointer too: a site moved here from KV or another object keeps its versions rising,
    // so no page cached under an earlier version number is served for it.
    const pointer = Number((await self.env.SITE_CONTENT.get(versionKey(websiteId))) ?? 0);
    let version: number;
    try {
      version = commit(
        self,
        () => {
          writeShell(self.sql, shell);
          // A publish that moved a collection (its urlId in site.json) leaves the old address, and its items', redirected.
          if (before !== null) redirectCollections(self, JSON.parse(before) as Site, shell);
          deleteAllItems(self.sql);
          for (const row of self.sql.exec<{ json: string }>(
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
              writeItem(self.sql, item, true);
            } catch (error) {
              throw duplicateItem(item, error);
            }
          }
          writeMeta(self.sql, 'websiteId', websiteId);
        },
        Number.isInteger(pointer) ? pointer : 0,
      );
    } catch (error) {
      if (error instanceof ImportRefused) return refused('invalid', error.message);
      throw error;
    } finally {
      self.ctx.storage.transactionSync(() => {
        self.sql.exec('DELETE FROM staged_items WHERE import_id = ?', importId);
        self.sql.exec('DELETE FROM meta WHERE key = ?', `import:${importId}`);
      });
    }
    await publishVersion(self, websiteId, version);
    await scheduleAlarm(self);
    return { ok: true, value: { version } };
  });
}

class ImportRefused extends Error {}

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
