/**
 * A page as the console creates and saves it: the bodies of `POST /api/console/pages` (a title and
 * a URL slug, made from the title when left empty) and `PUT /api/console/pages/{id}` (title, slug,
 * text, status, publish date, SEO fields and the blocks, each block as the site stores it,
 * src/site/editor/page-blocks.ts), and a shop's or blog's new URL slug (`PUT /api/console/collections/{id}`).
 * The routes and the console's forms check with these schemas.
 */
import { z } from 'zod';
import { EDIT_MESSAGES, URL_ID } from '../edits';
import { CONTENT_LIMITS, LIMIT_MESSAGES } from '../limits';
import { CONTENT_STATUSES } from './content-status';
import { PAGE_BLOCK_MESSAGES, pageBlockSchema } from './page-blocks';
import { SEO_LIMITS } from './page-seo';
import { slugOf } from './product-form';

export const PAGE_TITLE_LIMIT = 100;
export const PAGE_FORM_MESSAGES = {
  seoTitleTooLong: `The SEO title can be at most ${SEO_LIMITS.title} characters`,
  seoDescriptionTooLong: `The SEO description can be at most ${SEO_LIMITS.description} characters`,
} as const;

const title = z.string().trim().min(1, EDIT_MESSAGES.titleRequired).max(PAGE_TITLE_LIMIT, EDIT_MESSAGES.titleTooLong);
const urlId = z.string().trim().max(100, EDIT_MESSAGES.urlIdInvalid).regex(URL_ID, EDIT_MESSAGES.urlIdInvalid);

/** A new page: its slug is made from the title when empty. */
export const newPageSchema = z.object({ title, urlId: z.union([z.literal(''), urlId]) });
export type NewPage = z.infer<typeof newPageSchema>;

/** A shop's or blog's settings as the console saves them: its URL slug, checked as a page's (src/site/edits.ts renameCollection). */
export const collectionSlugSchema = z.object({ urlId });

/** A field left out (urlId, the SEO fields, blocks) stays as it was, so older callers that send only the text keep working. */
export const pageFormSchema = z.object({
  title,
  urlId: urlId.optional(),
  body: z.string().max(100_000),
  status: z.enum(CONTENT_STATUSES),
  /** The publish date, epoch ms. */
  publishOn: z.number().int().min(0).max(8_640_000_000_000_000),
  seoTitle: z.string().trim().max(SEO_LIMITS.title, PAGE_FORM_MESSAGES.seoTitleTooLong).optional(),
  seoDescription: z.string().trim().max(SEO_LIMITS.description, PAGE_FORM_MESSAGES.seoDescriptionTooLong).optional(),
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
export function pageFormProblems(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

/** The slug a new page gets: the one typed, else one made from its title ('page' for a title with no letters or digits). */
export function pageSlugOf(page: NewPage): string {
  return page.urlId || slugOf(page.title) || 'page';
}
