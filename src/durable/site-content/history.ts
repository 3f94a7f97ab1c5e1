/** The saved versions an edit records (src/durable/content-versions.ts): each page it changed, each product it saved. */
import type { Item, Site } from '../../site/model/schema';
import { forgetVersions, recordVersion } from '../content-versions';
import type { ContentContext } from './context';

/** A version of every page whose collection the edit changed; a removed page's history goes with it. */
export function recordPages(self: ContentContext, before: Site, after: Site): void {
  const now = Date.now();
  for (const old of before.collections) {
    if (old.typeName !== 'page') continue;
    const page = after.collections.find((c) => c.id === old.id);
    if (page === undefined) forgetVersions(self.sql, 'page', old.id);
    else if (JSON.stringify(page) !== JSON.stringify(old))
      recordVersion(self.sql, 'page', page.id, JSON.stringify(page), self.editor, now, JSON.stringify(old));
  }
  for (const page of after.collections)
    if (page.typeName === 'page' && !before.collections.some((c) => c.id === page.id))
      recordVersion(self.sql, 'page', page.id, JSON.stringify(page), self.editor, now, null);
}

/** A product's version: its item and merchandising texts. */
export function recordProduct(
  self: ContentContext,
  shell: Site,
  item: Item,
  merchandising: unknown,
  before: Item | null,
): void {
  const entry = (product: Item, texts: unknown) => JSON.stringify({ item: product, merchandising: texts ?? null });
  recordVersion(
    self.sql,
    'product',
    item.id,
    entry(item, merchandising),
    self.editor,
    Date.now(),
    before === null ? null : entry(before, shell.productMerchandisingContext[before.id]),
  );
}
