/**
 * The content limits of engine spec §9 and their messages. The schema (src/site/model/schema.ts) holds
 * the limits a site's own shape can check (blocks per page, categories per collection, tag and
 * category lengths); the SiteContent object holds the ones that count items across the catalogue
 * (products per collection), on import and on a merchant's item save alike.
 *
 * Not applicable here, so not enforced: tracks per album (60), items in a user-orderable
 * collection (250) and the external photo service galleries (20 galleries of 50): the store has
 * no albums, no merchant-ordered collections and no external galleries.
 */
export const CONTENT_LIMITS = {
  blocksPerLayout: 60,
  productsPerCollection: 200,
  nestedCategories: 10_000,
  tagLength: 50,
  categoryLength: 25,
} as const;

export const LIMIT_MESSAGES = {
  blocksPerLayout: `A page holds at most ${CONTENT_LIMITS.blocksPerLayout} blocks.`,
  productsPerCollection: `A collection holds at most ${CONTENT_LIMITS.productsPerCollection} products.`,
  nestedCategories: `A collection holds at most ${CONTENT_LIMITS.nestedCategories} categories.`,
  tagLength: `A tag can be at most ${CONTENT_LIMITS.tagLength} characters`,
  categoryLength: `A category can be at most ${CONTENT_LIMITS.categoryLength} characters`,
} as const;

/** The two kinds of name an item is filed under. */
export type NameKind = 'tag' | 'category';

/** Longest name of each kind (spec §9: tag 50, category 25), in characters as a person counts them (an emoji is one). */
export const NAME_LIMITS: Readonly<Record<NameKind, number>> = {
  tag: CONTENT_LIMITS.tagLength,
  category: CONTENT_LIMITS.categoryLength,
};

/** The one message for a name over its limit, wherever it is typed or sent (tag manager, product and post editors, the API, an import). */
export function nameTooLongMessage(kind: NameKind): string {
  return kind === 'tag' ? LIMIT_MESSAGES.tagLength : LIMIT_MESSAGES.categoryLength;
}

/** Whether `name` is longer than its kind allows, counted in code points. */
export function nameTooLong(kind: NameKind, name: string): boolean {
  return [...name].length > NAME_LIMITS[kind];
}

/** An import's refusal for a collection past the product limit. */
export function tooManyProducts(collectionId: string, count: number): string {
  return `collection ${collectionId} holds ${count} products; a collection holds at most ${CONTENT_LIMITS.productsPerCollection}`;
}
