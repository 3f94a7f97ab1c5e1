/**
 * What a site folder must be before anything is sent: the site schema (the same zod schema the
 * worker validates with), plus what the schema cannot see item by item: unique ids, unique item
 * URLs, and at most 200 products in a collection (the spec's limit). `publish` also compiles every
 * theme template with our engine, so a template syntax error stops it here with its line.
 */
import { compile } from '../../src/engine/index.ts';
import { siteSchema } from '../../src/site/model/schema.ts';
import { STORE_PAGE_FORMATTERS } from '../../src/storefront/page-formatters.ts';
import { locate, type FolderProblem, type SiteJson, type SiteSources } from './folder.ts';

/** The spec's limit on products in one collection (engine-analytics-editor.txt §5 "Limits"). */
export const MAX_PRODUCTS_PER_COLLECTION = 200;

export function schemaProblems(site: SiteJson, sources: SiteSources): FolderProblem[] {
  const result = siteSchema.safeParse(site);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ ...locate(issue.path, sources), message: issue.message }));
}

export function consistencyProblems(site: SiteJson, sources: SiteSources): FolderProblem[] {
  const problems: FolderProblem[] = [];
  const collectionIds = new Map<unknown, number>();
  for (const [i, collection] of site.collections.entries()) {
    if (collectionIds.has(collection.id))
      problems.push({
        file: sources.collections[i] ?? 'collections',
        where: 'id',
        message: `id ${String(collection.id)} is also the id of ${sources.collections[collectionIds.get(collection.id) as number]}`,
      });
    else collectionIds.set(collection.id, i);
  }
  const products = new Map<unknown, number>();
  const itemIds = new Map<unknown, number>();
  const urls = new Map<unknown, number>();
  const at = (i: number) => sources.items[i] ?? { file: 'items', line: i + 1 };
  for (const [i, item] of site.items.entries()) {
    const { file, line } = at(i);
    const first = itemIds.get(item.id);
    if (first !== undefined)
      problems.push({
        file,
        where: `${line}: id`,
        message: `id ${String(item.id)} is also the id of ${at(first).file}:${at(first).line}`,
      });
    else itemIds.set(item.id, i);
    const seen = urls.get(item.fullUrl);
    if (seen !== undefined)
      problems.push({
        file,
        where: `${line}: fullUrl`,
        message: `${String(item.fullUrl)} is also the address of ${at(seen).file}:${at(seen).line}`,
      });
    else urls.set(item.fullUrl, i);
    if (item.structuredContent !== undefined)
      products.set(item.collectionId, (products.get(item.collectionId) ?? 0) + 1);
  }
  for (const [i, collection] of site.collections.entries()) {
    const count = products.get(collection.id) ?? 0;
    if (count > MAX_PRODUCTS_PER_COLLECTION) {
      problems.push({
        file: sources.collections[i] ?? 'collections',
        message: `holds ${count} products; a collection holds at most ${MAX_PRODUCTS_PER_COLLECTION}`,
      });
    }
  }
  return problems;
}

export function templateProblems(site: SiteJson): FolderProblem[] {
  const problems: FolderProblem[] = [];
  for (const [path, source] of Object.entries(site.theme)) {
    if (!path.endsWith('.html')) continue;
    // The formatters store pages render with (src/storefront/render.ts) are known names here too.
    for (const error of compile(source, { formatters: STORE_PAGE_FORMATTERS, cache: false }).errors) {
      problems.push({
        file: `theme/${path}`,
        ...(error.line === undefined ? {} : { where: `${error.line}:${error.column ?? 1}` }),
        message: error.message,
      });
    }
  }
  return problems;
}

/** Every problem of a read folder: the schema's, the consistency checks', and with `templates` the theme's. */
export function checkSite(site: SiteJson, sources: SiteSources, options: { templates: boolean }): FolderProblem[] {
  const problems = [...schemaProblems(site, sources), ...consistencyProblems(site, sources)];
  if (options.templates) problems.push(...templateProblems(site));
  return problems;
}
