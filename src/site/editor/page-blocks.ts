/**
 * A page's blocks, the one definition of each (the storefront renders them with
 * themes/default/blocks/ and partials/block.html; the site schema stores them; the console's page
 * editor sends them as they are): text (rich text, sanitized when the site is validated), image,
 * gallery, product, products grid, form, newsletter, chart (src/site/editor/chart.ts) and code, which is served as
 * written and so kept to the code-injection roles (src/site/model/code-injection.ts).
 */
import { z } from 'zod';
import { IMAGE_URL_MESSAGE, isImageUrl } from '../model/image-url';
import { MAX_CHART_COLUMNS, MAX_CHART_LABEL, MAX_CHART_ROWS } from './chart';

export const PAGE_BLOCK_TYPES = [
  'html',
  'image',
  'gallery',
  'product',
  'products',
  'form',
  'newsletter',
  'chart',
  'code',
] as const;
export type PageBlockType = (typeof PAGE_BLOCK_TYPES)[number];

/** What the console calls each block. */
export const PAGE_BLOCK_LABELS: Readonly<Record<PageBlockType, string>> = {
  html: 'Text',
  image: 'Image',
  gallery: 'Gallery',
  product: 'Product',
  products: 'Products grid',
  form: 'Form',
  newsletter: 'Newsletter',
  chart: 'Chart',
  code: 'Code',
};

export const MAX_GALLERY_IMAGES = 20;
/** A products grid shows at most this many products, in 2 to 4 columns on wide screens. */
export const PRODUCTS_GRID = { maxCount: 24, minColumns: 2, maxColumns: 4 } as const;
/** A code block's source, as written (header and footer code injection take 20,000 characters too). */
export const MAX_CODE_BLOCK = 20_000;

export const PAGE_BLOCK_MESSAGES = {
  imageRequired: 'Please choose an image',
  galleryEmpty: 'Add at least one image to the gallery',
  tooManyImages: `A gallery holds at most ${MAX_GALLERY_IMAGES} images`,
  productRequired: 'Please choose a product',
  collectionRequired: 'Please choose a collection',
  formRequired: 'Please choose a form',
  codeTooLong: `Code blocks can be at most ${MAX_CODE_BLOCK.toLocaleString('en-US')} characters`,
  duplicateBlock: 'Two blocks have the same id',
} as const;

const id = z.string().min(1).max(64);
const image = z.string().min(1, PAGE_BLOCK_MESSAGES.imageRequired).refine(isImageUrl, IMAGE_URL_MESSAGE);
const altText = z.string().max(250).optional();
const originalSize = z
  .string()
  .regex(/^\d{1,5}x\d{1,5}$/, 'must be WIDTHxHEIGHT')
  .optional();
const title = z.string().max(200).optional();

/** Each block's fields; extra fields an imported store carries are kept. */
export const pageBlockSchema = z.discriminatedUnion('type', [
  /** Text: rich text, sanitized when the site is validated (src/site/model/schema.ts). */
  z.looseObject({ id, type: z.literal('html'), html: z.string().max(100_000).optional() }),
  z.looseObject({
    id,
    type: z.literal('image'),
    assetUrl: image,
    altText,
    originalSize,
    caption: z.string().max(500).optional(),
  }),
  z.looseObject({
    id,
    type: z.literal('gallery'),
    title,
    images: z
      .array(z.object({ assetUrl: image, altText, originalSize }))
      .min(1, PAGE_BLOCK_MESSAGES.galleryEmpty)
      .max(MAX_GALLERY_IMAGES, PAGE_BLOCK_MESSAGES.tooManyImages),
  }),
  z.looseObject({
    id,
    type: z.literal('product'),
    title,
    productId: z.string().min(1, PAGE_BLOCK_MESSAGES.productRequired).max(64),
    /** 'express': the block's button goes straight to checkout. */
    buttonType: z.enum(['cart', 'express']).optional(),
  }),
  /** The products of a collection (with a tag, when given), newest first, drawn as the shop listing's cards. */
  z.looseObject({
    id,
    type: z.literal('products'),
    title,
    collectionId: z.string().min(1, PAGE_BLOCK_MESSAGES.collectionRequired).max(64),
    tag: z.string().max(50).optional(),
    count: z.number().int().min(1).max(PRODUCTS_GRID.maxCount),
    columns: z.number().int().min(PRODUCTS_GRID.minColumns).max(PRODUCTS_GRID.maxColumns),
  }),
  z.looseObject({
    id,
    type: z.literal('form'),
    title,
    formId: z.string().min(1, PAGE_BLOCK_MESSAGES.formRequired).max(64),
  }),
  z.looseObject({ id, type: z.literal('newsletter'), title, description: z.string().max(1000).optional() }),
  z.looseObject({
    id,
    type: z.literal('chart'),
    title,
    columns: z.array(z.string().min(1).max(MAX_CHART_LABEL)).min(1).max(MAX_CHART_COLUMNS).optional(),
    rows: z
      .array(
        z.object({
          label: z.string().min(1).max(MAX_CHART_LABEL),
          values: z.array(z.number().finite()).max(MAX_CHART_COLUMNS),
        }),
      )
      .min(1)
      .max(MAX_CHART_ROWS)
      .optional(),
  }),
  z.looseObject({ id, type: z.literal('code'), code: z.string().max(MAX_CODE_BLOCK, PAGE_BLOCK_MESSAGES.codeTooLong) }),
]);
export type PageBlock = z.infer<typeof pageBlockSchema>;
export type PageBlockOf<T extends PageBlockType> = Extract<PageBlock, { type: T }>;

/**
 * Site-wide block fields: a developer-platform template's `<squarespace:block-field id>` outside
 * `pages/` (a region, a block) holds the same content on every page, by its id (docs/templates.md).
 * It takes the page blocks that need no per-page lookups (text and newsletter; products, forms, images
 * and code are pages' only for now) and the platform's search block, which a template may draw itself
 * (a `blocks/{name}.block.conf` naming `"type": "search"`).
 */
export const BLOCK_FIELD_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const BLOCK_FIELD_LIMITS = { fields: 50, blocksPerField: 20 } as const;
export const BLOCK_FIELD_MESSAGES = {
  fieldId: 'a block field id is 1 to 64 letters, digits, _ or -',
  tooManyFields: `A site holds at most ${BLOCK_FIELD_LIMITS.fields} site-wide block fields`,
  tooManyBlocks: `A site-wide block field holds at most ${BLOCK_FIELD_LIMITS.blocksPerField} blocks`,
  pageOnly: 'A site-wide block field holds text, newsletter and search blocks only',
} as const;
const searchBlockSchema = z.looseObject({
  id,
  type: z.literal('search'),
  /** The collection it searches (Squarespace's `collectionId`); none: the whole site. */
  collectionId: z.string().max(64).optional(),
  placeholder: z.string().max(200).optional(),
});
export type SearchBlock = z.infer<typeof searchBlockSchema>;
const SITE_WIDE_PAGE_BLOCKS: readonly PageBlockType[] = ['html', 'newsletter'];
export const blockFieldBlockSchema = z.union([
  pageBlockSchema.refine((block) => SITE_WIDE_PAGE_BLOCKS.includes(block.type), BLOCK_FIELD_MESSAGES.pageOnly),
  searchBlockSchema,
]);
export type BlockFieldBlock = PageBlockOf<'html' | 'newsletter'> | SearchBlock;
