/**
 * Index collections (docs/templates.md, "Index collections"): a Squarespace index is a collection
 * that holds other pages and collections, its sections, and has no content of its own; a
 * developer-platform template draws it with its index type's `.list`, which repeats
 * `collection.collections`. A site names an index's sections by id (`collectionIds`, in order) and
 * may make one collection its home page (`homepage`). These are the rules a site's collections keep.
 */

/** The most sections one index holds. */
export const MAX_INDEX_SECTIONS = 50;

export const INDEX_MESSAGES = {
  notAnIndex: 'only an index collection (typeName "index") holds sections (collectionIds)',
  unknownSection: 'names no collection of the site',
  nestedIndex: 'an index cannot hold an index',
  ownSection: 'an index cannot hold itself',
  repeatedSection: 'names a section twice',
  twoHomepages: 'only one collection can be the home page',
  tooManySections: `an index holds at most ${MAX_INDEX_SECTIONS} sections`,
} as const;

interface IndexedCollection {
  id: string;
  typeName: string;
  collectionIds?: readonly string[] | undefined;
  homepage?: boolean | undefined;
}

/** Each problem of a site's collections with indexes and the home page, with its path under `collections`. */
export function indexProblems(
  collections: readonly IndexedCollection[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const byId = new Map(collections.map((collection) => [collection.id, collection]));
  collections.forEach((collection, i) => {
    const ids = collection.collectionIds;
    if (ids === undefined) return;
    if (collection.typeName !== 'index') {
      problems.push({ path: [i, 'collectionIds'], message: INDEX_MESSAGES.notAnIndex });
      return;
    }
    const seen = new Set<string>();
    ids.forEach((id, j) => {
      const section = byId.get(id);
      const message =
        section === undefined
          ? INDEX_MESSAGES.unknownSection
          : id === collection.id
            ? INDEX_MESSAGES.ownSection
            : section.typeName === 'index'
              ? INDEX_MESSAGES.nestedIndex
              : seen.has(id)
                ? INDEX_MESSAGES.repeatedSection
                : null;
      seen.add(id);
      if (message !== null) problems.push({ path: [i, 'collectionIds', j], message });
    });
  });
  const homepages = collections.flatMap((collection, i) => (collection.homepage === true ? [i] : []));
  for (const i of homepages.slice(1)) problems.push({ path: [i, 'homepage'], message: INDEX_MESSAGES.twoHomepages });
  return problems;
}

/** The sections of `index` in its order, each a collection of `collections` that `shown` keeps. */
export function indexSections<C extends { id: string }>(
  index: { collectionIds?: readonly string[] | undefined },
  collections: readonly C[],
  shown: (collection: C) => boolean,
): C[] {
  return (index.collectionIds ?? []).flatMap((id) => {
    const section = collections.find((collection) => collection.id === id);
    return section !== undefined && shown(section) ? [section] : [];
  });
}
