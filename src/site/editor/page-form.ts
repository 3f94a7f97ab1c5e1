/**
 * A page as the console creates and saves it: the bodies of `POST /api/console/pages` (a title and
 * a URL slug, made from the title when left empty) and `PUT /api/console/pages/{id}` (title, slug,
 * text, status, publish date, SEO fields and the blocks, each block as the site stores it,
 * src/site/editor/page-blocks.ts), and a shop's or blog's settings (`PUT /api/console/collections/{id}`).
 * The routes and the console's forms check with these schemas.
 */
import { z } from 'zod';
import { EDIT_MESSAGES, URL_ID } from '../edits/edits';
import { INDEX_MESSAGES, MAX_INDEX_SECTIONS } from '../model/index-collections';
import { CONTENT_LIMITS, LIMIT_MESSAGES } from '../model/limits';
import { CONTENT_STATUSES } from './content-status';
import { PAGE_BLOCK_MESSAGES, pageBlockSchema } from './page-blocks';
import { SEO_LIMITS } from './page-seo';
import { slugOf } from './product-form';

export const PAGE_TITLE_LIMIT = 100;
/** A shop's or blog's description: rich text shown above its products or posts. */
export const COLLECTION_DESCRIPTION_LIMIT = 5000;
export const PAGE_FORM_MESSAGES = {
  seoTitleTooLong: `The SEO title can be at most ${SEO_LIMITS.title} characters`,
  seoDescriptionTooLong: `The SEO description can be at most ${SEO_LIMITS.description} characters`,
  navigationTitleTooLong: `The navigation title can be at most ${PAGE_TITLE_LIMIT} characters`,
  descriptionTooLong: `The description can be at most ${COLLECTION_DESCRIPTION_LIMIT.toLocaleString('en-US')} characters`,
} as const;

const title = z.string().trim().min(1, EDIT_MESSAGES.titleRequired).max(PAGE_TITLE_LIMIT, EDIT_MESSAGES.titleTooLong);
const urlId = z.string().trim().max(100, EDIT_MESSAGES.urlIdInvalid).regex(URL_ID, EDIT_MESSAGES.urlIdInvalid);
const seoTitle = z.string().trim().max(SEO_LIMITS.title, PAGE_FORM_MESSAGES.seoTitleTooLong);
const seoDescription = z.string().trim().max(SEO_LIMITS.description, PAGE_FORM_MESSAGES.seoDescriptionTooLong);

/** A new page: its slug is made from the title when empty. */
export const newPageSchema = z.object({ title, urlId: z.union([z.literal(''), urlId]) });
export type NewPage = z.infer<typeof newPageSchema>;

/**
 * A shop's or blog's settings as the console saves them (src/site/edits/edits.ts saveCollectionSettings): its URL slug,
 * checked as a page's (empty: made from the title, src/routes/console/collections.ts), its title, the title its navigation links show (empty: its title), its description and its
 * search engine listing. A field left out stays as it was, so a caller that sends only the slug keeps working.
 */
export const collectionSettingsSchema = z.object({
  urlId: z.union([z.literal(''), urlId]),
  title: title.optional(),
  navigationTitle: z.string().trim().max(PAGE_TITLE_LIMIT, PAGE_FORM_MESSAGES.navigationTitleTooLong).optional(),
  description: z.string().trim().max(COLLECTION_DESCRIPTION_LIMIT, PAGE_FORM_MESSAGES.descriptionTooLong).optional(),
  seoTitle: seoTitle.optional(),
  seoDescription: seoDescription.optional(),
});
export type CollectionSettings = z.infer<typeof collectionSettingsSchema>;

/** A field left out (urlId, the SEO fields, blocks) stays as it was, so older callers that send only the text keep working. */
export const pageFormSchema = z.object({
  title,
  urlId: urlId.optional(),
  body: z.string().max(100_000),
  status: z.enum(CONTENT_STATUSES),
  /** The publish date, epoch ms. */
  publishOn: z.number().int().min(0).max(8_640_000_000_000_000),
  seoTitle: seoTitle.optional(),
  seoDescription: seoDescription.optional(),
  blocks: z
    .array(pageBlockSchema)
    .max(CONTENT_LIMITS.blocksPerLayout, LIMIT_MESSAGES.blocksPerLayout)
    .refine(
      (blocks) => new Set(blocks.map((block) => block.id)).size === blocks.length,
      PAGE_BLOCK_MESSAGES.duplicateBlock,
    )
    .optional(),
});
export type PageForm = z.infer<typeof pageFormSchema>;

/** Each problem of a page form by its field's path ('title', 'blocks.2.assetUrl'), the first one per field. */
/**
 * An index as the console saves it (`PUT /api/console/indexes/{id}`): its title and its sections' ids in order, each
 * section checked by the import's rules (src/site/model/index-collections.ts) when the edit is applied.
 */
export const indexFormSchema = z.object({
  title,
  collectionIds: z.array(z.string().min(1).max(64)).max(MAX_INDEX_SECTIONS, INDEX_MESSAGES.tooManySections),
  /** The store's home page (`/`): true makes it this index (and no other collection), false makes it none; left out, as it was. */
  homepage: z.boolean().optional(),
});

export function pageFormProblems(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

/** The slug a new page gets: the one typed, else one made from its title ('page' for a title with no letters or digits). */
export function pageSlugOf(page: NewPage): string {
  return page.urlId || slugOf(page.title) || 'page';
}
