/**
 * `<squarespace:query collection="…" limit="N">` blocks read their items before the page renders:
 * each query of each file is one page of that collection (newest first, filtered by its `tag` or
 * `category`), kept under `squarespace.queries.{file}_{index}` (see source.ts).
 */
import type { Catalog } from '../../site/published/catalog';
import type { Site } from '../../site/model/schema';
import { queriesIn, queryKey } from './source';

/** At most this many queries are read for a page, whatever the template holds. */
const MAX_QUERIES = 20;

export async function templateQueries(site: Site, catalog: Catalog): Promise<Record<string, unknown>> {
  const wanted = Object.entries(site.theme)
    .filter(([file]) => /\.(?:region|list|item|page|block)$/.test(file))
    .flatMap(([file, source]) => queriesIn(source).map((query, index) => ({ key: queryKey(file, index), query })))
    .slice(0, MAX_QUERIES);
  const found = await Promise.all(
    wanted.map(async ({ key, query }) => {
      const collection = site.collections.find(
        (c) => c.urlId === query.collection && (c as { enabled?: boolean }).enabled !== false,
      );
      if (collection === undefined) return [key, { items: [] }] as const;
      const listing = await catalog.listing({
        collectionId: collection.id,
        sort: 'newest',
        tags: query.tag === null ? [] : [query.tag],
        categories: query.category === null ? [] : [query.category],
        offset: 0,
        limit: query.limit,
      });
      return [key, { collection, items: listing.items }] as const;
    }),
  );
  return Object.fromEntries(found);
}
