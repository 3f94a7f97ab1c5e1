/**
 * What the modules of site-content/ work on (the object's storage, bindings and queue, and the editing
 * merchant), a read's version, the last edits' page tags, and the commit every write goes through.
 */
import { CHANGES_KEPT, MAX_CHANGE_TAGS, type ContentChange } from '../../site/published/page-tags';
import { readMeta, readVersion, recordChanges, writeMeta } from './rows';
import type { SerialQueue } from '../serial-queue';
import type { Versioned } from './model';

export interface ContentContext {
  readonly sql: SqlStorage;
  readonly ctx: DurableObjectState;
  readonly env: Env;
  /** Orders commits with their KV pointer writes, so the pointer never goes back to an older version. */
  readonly queue: SerialQueue;
  /** The email of the merchant whose edit is being applied (null: a system change), for the version history. */
  editor: string | null;
}

/** The last CHANGES_KEPT edits' versions and page tags (src/site/published/page-tags.ts), oldest first, as JSON. */
const CHANGES = 'changes';

export function versioned<T>(self: ContentContext, value: T): Versioned<T> {
  return { version: readVersion(self.sql), value };
}

export function changes(self: ContentContext): ContentChange[] {
  return JSON.parse(readMeta(self.sql, CHANGES) ?? '[]') as ContentChange[];
}

/**
 * Runs `write` and bumps the version past the stored one and `floor`, in one transaction, noting
 * the page tags its writes changed (src/site/published/page-tags.ts; null: the whole site) beside the new version.
 */
export function commit(self: ContentContext, write: () => void, floor = 0): number {
  return self.ctx.storage.transactionSync(() => {
    const tags = recordChanges(write);
    const version = Math.max(readVersion(self.sql), floor) + 1;
    writeMeta(self.sql, 'version', String(version));
    const change = { version, tags: tags === null || tags.length > MAX_CHANGE_TAGS ? null : [...new Set(tags)] };
    writeMeta(self.sql, CHANGES, JSON.stringify([...changes(self), change].slice(-CHANGES_KEPT)));
    return version;
  });
}
