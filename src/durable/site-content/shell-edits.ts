/**
 * The edits of the shell (everything of a site but its items): a site edit of src/site/edits/ applied,
 * checked as it will be stored, and written with a version of each page it changed, the redirects
 * of each collection it moved and its items' new addresses (a removed collection's items go too).
 */
import { refused } from '../../result';
import * as edits from '../../site/edits/edits';
import { setStoreSettings } from '../../site/edits/store-settings';
import { codeInjectionRefusal } from '../../site/model/code-injection';
import { parseShell, type ShellInput, type Site } from '../../site/model/schema';
import { deleteItem, itemIdsOf, writeShell } from './rows';
import { moveCollectionItems, redirectCollections } from './addresses';
import { commit, type ContentContext } from './context';
import { recordPages } from './history';
import type { EditOutcome, ShellEdit } from './model';

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

export function editShell(self: ContentContext, shell: Site, edit: ShellEdit, roles: readonly number[]): EditOutcome {
  const result = applyToShell(shell, edit);
  if (!result.ok) return result;
  if (result.site === shell) return { ok: true, value: result.value, version: null };
  return writeShellEdit(
    self,
    shell,
    result.site,
    result.value,
    roles,
    edit.kind === 'removeCollection' ? edit.collectionId : null,
  );
}

/** Stores the shell an edit made (a removed collection's items go too); each page it changed gets a version. */
export function writeShellEdit(
  self: ContentContext,
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
  const version = commit(self, () => {
    written = writeShell(self.sql, parsed.site).length;
    if (removed !== null) for (const id of itemIdsOf(self.sql, removed)) deleteItem(self.sql, id);
    recordPages(self, shell, parsed.site);
    redirectCollections(self, shell, parsed.site);
    moveCollectionItems(self, shell, parsed.site);
  });
  return { ok: true, value, version: written === 0 && removed === null ? null : version };
}
