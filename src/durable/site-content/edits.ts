/**
 * An edit, one at a time behind the object's queue: applied by its kind (items: item-edits.ts; the
 * shell: shell-edits.ts; a product or page put back as one of its versions, here), then published.
 */
import { NO_STORE } from '../../http/messages';
import { refused } from '../../result';
import type { Merchandising } from '../../site/editor/product-item';
import type { Item, Site } from '../../site/model/schema';
import { versionJson, type VersionSubject } from '../content-versions';
import { itemJson, shellJson } from './rows';
import type { ContentContext } from './context';
import { bulkProducts, changeNames, importProducts, removeItem, saveItem, saveProduct } from './item-edits';
import { ITEM_MESSAGES, type Edit, type EditOutcome } from './model';
import { publishVersion, scheduleAlarm } from './publishing';
import { editShell, writeShellEdit } from './shell-edits';

/** A product version saved before its collection moved (a new URL slug) comes back under the collection's address now. */
function underCollection(shell: Site, item: Item): Item {
  const collection = shell.collections.find((c) => c.id === item.collectionId);
  const rest = item.fullUrl.indexOf('/', 1);
  if (collection === undefined || rest === -1 || item.fullUrl.startsWith(`${collection.fullUrl}/`)) return item;
  return { ...item, fullUrl: `${collection.fullUrl}${item.fullUrl.slice(rest)}` };
}

/**
 * `roles` are the editing merchant's: an edit that changes code-injection fields needs that permission.
 * `who` (their email) names the versions it records.
 */
export function applyEdit(
  self: ContentContext,
  websiteId: string,
  edit: Edit,
  roles: readonly number[],
  who: string | null = null,
): Promise<EditOutcome> {
  return self.queue.run(async (): Promise<EditOutcome> => {
    const json = shellJson(self.sql);
    if (json === null) return refused('no-store', NO_STORE);
    const shell = JSON.parse(json) as Site;
    self.editor = who;
    const outcome = apply(self, shell, edit, roles);
    if (outcome.ok && outcome.version !== null) {
      await publishVersion(self, websiteId, outcome.version);
      await scheduleAlarm(self);
    }
    return outcome;
  });
}

function apply(self: ContentContext, shell: Site, edit: Edit, roles: readonly number[]): EditOutcome {
  switch (edit.kind) {
    case 'saveItem':
      return saveItem(self, shell, edit.item, roles);
    case 'removeItem':
      return removeItem(self, shell, edit.itemId, roles);
    case 'saveProduct':
      return saveProduct(self, shell, edit.item, edit.merchandising, roles);
    case 'bulkProducts':
      return bulkProducts(self, shell, edit.ids, edit.change);
    case 'changeNames':
      return changeNames(self, shell, edit.collectionId, edit.tagType, edit.change);
    case 'restoreVersion':
      return restoreVersion(self, shell, edit.subject, edit.id, edit.versionId, roles);
    case 'importProducts':
      return importProducts(self, shell, edit.products, roles);
    default:
      return editShell(self, shell, edit, roles);
  }
}

/**
 * Puts a product or page back as one of its versions: a save like any other (checked, refused as
 * any save would be, recorded as the newest version), so the site's version moves on.
 */
export function restoreVersion(
  self: ContentContext,
  shell: Site,
  subject: VersionSubject,
  id: string,
  versionId: number,
  roles: readonly number[],
): EditOutcome {
  const json = versionJson(self.sql, subject, id, versionId);
  if (json === null) return refused('not-found', ITEM_MESSAGES.unknownVersion);
  if (subject === 'page') {
    if (!shell.collections.some((c) => c.id === id && c.typeName === 'page'))
      return refused('not-found', ITEM_MESSAGES.unknownItem);
    const page = JSON.parse(json) as Site['collections'][number];
    const site = { ...shell, collections: shell.collections.map((c) => (c.id === id ? page : c)) };
    return writeShellEdit(self, shell, site, { changed: true }, roles, null);
  }
  if (itemJson(self.sql, id) === null) return refused('not-found', ITEM_MESSAGES.unknownItem);
  const { item, merchandising } = JSON.parse(json) as { item: Item; merchandising: Merchandising | null };
  return saveProduct(self, shell, underCollection(shell, item), merchandising, roles);
}
