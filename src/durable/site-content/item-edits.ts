/**
 * The edits of items, each in one commit: an item saved or removed, a product with its merchandising
 * texts, one change to several products, a CSV import's products, and the tag and category manager's
 * renames across every item using a name. Each is validated as it will be stored and refused when the
 * merchant's roles may not make it (products are commerce; code-injection fields need their permission).
 */
import { MERCHANT_MESSAGES } from '../../accounts/messages';
import { inProductCollection } from '../../commerce/product';
import { refused } from '../../result';
import { changeNames as changedNames, type NamesChange } from '../../site/edits/catalog-names';
import * as edits from '../../site/edits/edits';
import { bulkChanged, type BulkChange, type Merchandising } from '../../site/editor/product-item';
import { replaceNames, type TagType } from '../../site/editor/tag-manager';
import { codeInjectionRefusal } from '../../site/model/code-injection';
import { CONTENT_LIMITS, LIMIT_MESSAGES } from '../../site/model/limits';
import { parseItem, parseShell, type Item, type Site } from '../../site/model/schema';
import { allows } from '../../site/roles';
import { forgetVersions } from '../content-versions';
import { itemIdsNamed, namesUsed } from './console-reads';
import { countItemsIn, itemsJsonById } from './item-reads';
import { deleteItem, itemJson, urlTaken, writeItem, writeShell } from './rows';
import { redirectItem } from './addresses';
import { commit, type ContentContext } from './context';
import { recordProduct } from './history';
import { ITEM_MESSAGES, type EditOutcome } from './model';

/**
 * `alsoWrite` runs in the same transaction when the item changed (a product's merchandising entry,
 * `merchandising`, which its version records; undefined: the one it has).
 */
export function saveItem(
  self: ContentContext,
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
  if (urlTaken(self.sql, item.collectionId, item.urlId, item.id))
    return refused('url-taken', edits.EDIT_MESSAGES.urlIdTaken);
  const before = itemJson(self.sql, item.id);
  const stored = before === null ? null : (JSON.parse(before) as Item);
  if (!mayChangeItem(shell, roles, item, stored)) return refused('forbidden', MERCHANT_MESSAGES.forbidden);
  const movesIn = stored === null || stored.collectionId !== item.collectionId;
  if (
    movesIn &&
    inProductCollection(item, shell.collections) &&
    countItemsIn(self.sql, [item.collectionId], Date.now()) >= CONTENT_LIMITS.productsPerCollection
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
  const version = commit(self, () => {
    writeItem(self.sql, item);
    redirectItem(self, item, stored);
    alsoWrite?.();
    if (inProductCollection(item, shell.collections))
      recordProduct(
        self,
        shell,
        item,
        merchandising === undefined ? shell.productMerchandisingContext[item.id] : merchandising,
        stored,
      );
  });
  return { ok: true, value: { changed: true }, version };
}

export function removeItem(self: ContentContext, shell: Site, itemId: string, roles: readonly number[]): EditOutcome {
  const before = itemJson(self.sql, itemId);
  if (before === null) return refused('not-found', ITEM_MESSAGES.unknownItem);
  const stored = JSON.parse(before) as Item;
  if (!mayChangeItem(shell, roles, stored)) return refused('forbidden', MERCHANT_MESSAGES.forbidden);
  const refusal = codeInjectionRefusal({ ...shell, items: [stored] }, { ...shell, items: [] }, roles);
  if (refusal !== null) return refused('forbidden', refusal);
  // A product's merchandising texts go with it.
  const { [itemId]: removedContext, ...merchandising } = shell.productMerchandisingContext;
  const version = commit(self, () => {
    deleteItem(self.sql, itemId);
    forgetVersions(self.sql, 'product', itemId);
    if (removedContext !== undefined) writeShell(self.sql, { ...shell, productMerchandisingContext: merchandising });
  });
  return { ok: true, value: null, version };
}

/** A product and its merchandising entry (null: none), in one step. */
export function saveProduct(
  self: ContentContext,
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
  const saved = saveItem(
    self,
    shell,
    input,
    roles,
    contextChanged ? () => writeShell(self.sql, { ...shell, productMerchandisingContext: context }) : undefined,
    merchandising,
  );
  if (!saved.ok || saved.version !== null || !contextChanged) return saved;
  const stored = JSON.parse(itemJson(self.sql, id) ?? 'null') as Item | null;
  return {
    ok: true,
    value: { changed: true },
    version: commit(self, () => {
      writeShell(self.sql, { ...shell, productMerchandisingContext: context });
      if (stored !== null) recordProduct(self, shell, stored, merchandising, stored);
    }),
  };
}

/** One change to several products, in one step; ids the site lacks are skipped. */
export function bulkProducts(
  self: ContentContext,
  shell: Site,
  ids: readonly string[],
  change: BulkChange,
): EditOutcome {
  const items = itemsJsonById(self.sql, [...new Set(ids)], null).map((json) => JSON.parse(json) as Item);
  const changed = items.map((item) => bulkChanged(item, change)).filter((item, i) => item !== items[i]);
  const valid: Item[] = [];
  for (const item of changed) {
    const parsed = parseItem(item, item.id, shell.collections);
    if ('error' in parsed) return refused('invalid', parsed.error);
    valid.push(parsed.item);
  }
  if (valid.length === 0) return { ok: true, value: { changed: false }, version: null };
  const version = commit(self, () => {
    for (const item of valid) {
      writeItem(self.sql, item);
      recordProduct(
        self,
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
export function importProducts(
  self: ContentContext,
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
    if (!inProductCollection(item, shell.collections)) return refused('invalid', edits.EDIT_MESSAGES.unknownCollection);
    const address = `${item.collectionId}/${item.urlId}`;
    if (addresses.has(address) || urlTaken(self.sql, item.collectionId, item.urlId, item.id))
      return refused('url-taken', `${item.urlId}: ${edits.EDIT_MESSAGES.urlIdTaken}`);
    addresses.add(address);
    const json = itemJson(self.sql, item.id);
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
    if (countItemsIn(self.sql, [collectionId], Date.now()) + count > CONTENT_LIMITS.productsPerCollection)
      return refused('over-limit', LIMIT_MESSAGES.productsPerCollection);
  if (valid.length === 0) return { ok: true, value: { changed: false }, version: null };
  const context = { ...shell.productMerchandisingContext };
  for (const { item, merchandising } of valid) {
    if (merchandising === null) delete context[item.id];
    else context[item.id] = merchandising;
  }
  const version = commit(self, () => {
    for (const { item, before, merchandising } of valid) {
      writeItem(self.sql, item);
      redirectItem(self, item, before);
      recordProduct(self, shell, item, merchandising, before);
    }
    writeShell(self.sql, { ...shell, productMerchandisingContext: context });
  });
  return { ok: true, value: { changed: true }, version };
}

/** A tag or category manager change: the collection's declared names and every item using a changed name, in one step. */
export function changeNames(
  self: ContentContext,
  shell: Site,
  collectionId: string,
  tagType: TagType,
  change: NamesChange,
): EditOutcome {
  const collection = shell.collections.find((c) => c.id === collectionId);
  if (collection === undefined) return refused('not-found', edits.EDIT_MESSAGES.unknownCollection);
  const used = namesUsed(self.sql, collectionId, tagType).map((row) => row.name);
  const outcome = changedNames(collection, tagType, used, change);
  if (!outcome.ok) return outcome;
  const { collection: named, from, to } = outcome.value;
  const parsed = parseShell({
    ...shell,
    collections: shell.collections.map((c) => (c.id === collectionId ? named : c)),
  });
  if ('error' in parsed) return refused('invalid', parsed.error);
  const field = tagType === 'tag' ? 'tags' : 'categories';
  const items = itemsJsonById(self.sql, itemIdsNamed(self.sql, collectionId, tagType, from), null).map((json) => {
    const item = JSON.parse(json) as Item;
    return { ...item, [field]: replaceNames(item[field], from, to) };
  });
  const version = commit(self, () => {
    writeShell(self.sql, parsed.site);
    for (const item of items) writeItem(self.sql, item);
  });
  return { ok: true, value: { changed: true }, version };
}

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
