/**
 * What the content object's callers send and get back: the edits it applies, its refusals and
 * outcomes, a read with its version, and the messages of its own refusals.
 */
import type { NamesChange } from '../../site/edits/catalog-names';
import type { TagType } from '../../site/editor/tag-manager';
import type { BulkChange, Merchandising } from '../../site/editor/product-item';
import type { Design } from '../../site/editor/design';
import type { MailingListChange } from '../../site/editor/mailing-list';
import type * as edits from '../../site/edits/edits';
import type { PageChart } from '../../site/edits/edits';
import type { NewPage, PageForm } from '../../site/editor/page-form';
import type { TemplateAssets } from '../../site/theme/theme-schema';
import type { StoreSettingsChange } from '../../site/edits/store-settings';
import type { Done, Refused } from '../../result';
import type { VersionSubject } from '../content-versions';

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

/** The edits of items (item-edits.ts); every other edit changes the shell (shell-edits.ts). */
export type ItemEdit = Extract<
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
export type ShellEdit = Exclude<Edit, ItemEdit>;
