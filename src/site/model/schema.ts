/**
 * The site model: what a published site holds, validated with zod at publish time so that a page
 * render never meets malformed content. Shapes are the ones templates read (spec §3 of
 * engine-analytics-editor.txt): money as `{ value: '12.50', currency }`, images with
 * `originalSize` 'WxH', products with `structuredContent.variants`, and only items of a products
 * collection may carry product fields (src/commerce/product.ts). Unknown extra fields are kept.
 * Rich text is sanitized on the way in; header, footer and post-submit HTML are code, kept as
 * written, and only some roles may change them (src/site/model/code-injection.ts).
 */
import { z } from 'zod';
import {
  inProductCollection,
  PRODUCT_RECORD_TYPE,
  PRODUCT_TYPE_CODES,
  PRODUCTS_COLLECTION_TYPE,
} from '../../commerce/product';
import { languageTag } from '../../commerce/language-tag';
import { FORM_FIELD_TYPES } from '../../forms/validate';
import { IMAGE_URL_MESSAGE, isImageUrl, SITE_PATH } from './image-url';
import { MAX_ITEM_PICTURES, withMainImage } from './main-image';
import {
  BLOCK_FIELD_ID,
  BLOCK_FIELD_LIMITS,
  BLOCK_FIELD_MESSAGES,
  blockFieldBlockSchema,
  pageBlockSchema,
  type PageBlockOf,
} from '../editor/page-blocks';
import { SEO_LIMITS } from '../editor/page-seo';
import { MAX_LINK_LENGTH } from '../editor/link-target';
import { CONTENT_STATUSES } from '../editor/content-status';
import { CONTENT_LIMITS, LIMIT_MESSAGES, NAME_LIMITS, nameTooLong, nameTooLongMessage, type NameKind } from './limits';
import { designSchema } from '../theme/design-schema';
import { indexProblems, MAX_INDEX_SECTIONS } from './index-collections';
import { footerSettingsSchema, headerSettingsSchema, POLICIES, storeDetailsSchema } from '../editor/store-settings';
import { MAX_MAILING_LISTS } from '../editor/mailing-list';
import { knownTimeZone } from '../editor/zoned-time';
import { sanitizeRichText } from './rich-text';
import { templateAssetsSchema, themeSchema } from '../theme/theme-schema';

const id = z.string().min(1).max(64);
/** A path on this site (src/site/model/image-url.ts): never `//` or `/\\`, which browsers read as another host. */
export const sitePath = z.string().regex(SITE_PATH, 'must be a site path starting with a single /');
/** HTML that merchants write and the theme outputs as HTML: sanitized here, before it is stored (src/site/model/rich-text.ts). */
const richText = z.string().max(100_000).transform(sanitizeRichText);
const sanitizedTextBlock = (block: PageBlockOf<'html'>) =>
  block.html === undefined ? block : { ...block, html: sanitizeRichText(block.html) };
/** An image's `assetUrl`: what templates print into src, srcset and style attributes (src/site/model/image-url.ts). */
export const imageUrl = z.string().refine(isImageUrl, IMAGE_URL_MESSAGE);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code');
/** A tag or category name within its limit (src/site/model/limits.ts), counted as the console counts it; no code point takes over two UTF-16 units. */
export const nameField = (kind: NameKind) =>
  z
    .string()
    .max(NAME_LIMITS[kind] * 2, { error: nameTooLongMessage(kind), abort: true })
    .superRefine((name, ctx) => {
      // A length issue, not a custom one, so an API error names the field ('tags.0: …') as a plain max would.
      if (nameTooLong(kind, name))
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: NAME_LIMITS[kind],
          inclusive: true,
          input: name,
          message: nameTooLongMessage(kind),
        });
    });

export const moneySchema = z.object({
  value: z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal amount such as "12.50"'),
  currency,
});

const focalPoint = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

export const imageFields = {
  assetUrl: imageUrl,
  originalSize: z.string().regex(/^\d+x\d+$/, 'must be WIDTHxHEIGHT'),
  mediaFocalPoint: focalPoint.optional(),
  altText: z.string().max(250).optional(),
};

/** One picture of an item's gallery: only what the engine's image formatters print, each checked. */
const galleryImage = z.object({
  ...imageFields,
  id: id.optional(),
  mainImageId: z.string().max(64).optional(),
  systemDataId: z.string().max(64).optional(),
});

const subscriptionPlan = z.object({
  billingPeriod: z.object({ value: z.number().int().min(1), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) }),
  numBillingCycles: z.number().int().min(0),
});

export const variantSchema = z.looseObject({
  id,
  sku: z.string().min(1),
  price: z.number().int().min(0),
  salePrice: z.number().int().min(0),
  priceMoney: moneySchema,
  salePriceMoney: moneySchema,
  onSale: z.boolean(),
  unlimited: z.boolean(),
  qtyInStock: z.number().int().min(0),
  attributes: z.record(z.string(), z.string()),
  optionValues: z.array(z.object({ optionName: z.string(), value: z.string() })),
  image: z.object({ assetUrl: imageUrl }).optional(),
  /** Shipping weight of one unit, for weight-based shipping rates. */
  weightGrams: z.number().int().min(0).max(1_000_000).optional(),
});

export const formFieldSchema = z.looseObject({
  id,
  type: z.enum(FORM_FIELD_TYPES),
  title: z.string(),
  required: z.boolean().default(false),
  options: z.array(z.string()).optional(),
  maxLength: z.number().int().min(1).optional(),
  showCountryCode: z.boolean().optional(),
  underline: z.boolean().optional(),
  key: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (a query parameter name)')
    .optional(),
  defaultValue: z.string().max(1000).optional(),
});

/**
 * Where a form sends the visitor after a submission (a site path or an http(s) URL) instead of showing its message:
 * the site import's check and the console's form settings' (src/site/editor/form-settings.ts).
 */
// A path may not start with `//` or `/\`: browsers read both as another host.
export const successRedirectUrl = z
  .string()
  .regex(/^(\/(?![/\\])|https?:\/\/)/, 'must be a site path or an http(s) URL')
  .max(MAX_LINK_LENGTH, `can be at most ${MAX_LINK_LENGTH.toLocaleString('en-US')} characters`);

export const formSchema = z.object({
  id,
  name: z.string().min(1),
  fields: z.array(formFieldSchema).min(1),
  submitButtonText: z.string().default('Submit'),
  submissionMessage: z.string().default('Thank you!'),
  /** After a submission the visitor goes here instead of seeing the message. */
  successRedirectUrl: successRedirectUrl.optional(),
  /** Shown (and its scripts run) after the submission message: code injection (src/site/model/code-injection.ts), stored as written. */
  postSubmitHtml: z.string().max(20_000).optional(),
});

const structuredContent = z.looseObject({
  productType: z.literal(PRODUCT_TYPE_CODES),
  variants: z.array(variantSchema),
  variantOptionOrdering: z.array(z.string()),
  isSubscribable: z.boolean(),
  subscriptionPlan: subscriptionPlan.optional(),
  additionalFieldsFormId: z.string().optional(),
  additionalFieldsForm: formSchema.optional(),
  /** Sold one per order (`perOrderLimit`, src/commerce/product.ts). */
  onePerOrder: z.boolean().optional(),
  priceMoney: moneySchema.optional(),
  salePriceMoney: moneySchema.optional(),
  onSale: z.boolean().optional(),
});

export const itemSchema = z.looseObject({
  id,
  collectionId: id,
  recordType: z.number().int(),
  title: z.string().min(1),
  urlId: z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and dashes'),
  fullUrl: sitePath,
  /** The publish date (epoch ms): what a post shows and sorts by, and when a scheduled one appears. */
  addedOn: z.number().int().optional(),
  /** Absent means published (src/site/editor/content-status.ts). */
  status: z.enum(CONTENT_STATUSES).optional(),
  excerpt: richText.optional(),
  body: richText.optional(),
  tags: z.array(nameField('tag')).default([]),
  categories: z.array(nameField('category')).default([]),
  /** Featured by the merchant (Squarespace's `starred`): an item's `featured` class, and the featured product templates show. */
  starred: z.boolean().optional(),
  publicCommentCount: z.number().int().min(0).optional(),
  ...imageFields,
  assetUrl: imageUrl.optional(),
  /** Read by the engine's social buttons when an item has no assetUrl. */
  mainImage: z.looseObject({ assetUrl: imageUrl.optional() }).optional(),
  originalSize: z
    .string()
    .regex(/^\d+x\d+$/, 'must be WIDTHxHEIGHT')
    .optional(),
  /** A product's pictures in order, the first also the item's own (Squarespace's child image items; src/site/model/main-image.ts). */
  items: z.array(galleryImage).max(MAX_ITEM_PICTURES, `at most ${MAX_ITEM_PICTURES} pictures`).optional(),
  structuredContent: structuredContent.optional(),
  /** A product's search engine listing (src/site/editor/page-seo.ts) and the picture its shared links show. */
  seoTitle: z.string().max(SEO_LIMITS.title).optional(),
  seoDescription: z.string().max(SEO_LIMITS.description).optional(),
  socialImage: imageUrl.optional(),
  reviews: z
    .array(
      z.object({
        author: z.string().min(1).max(80),
        rating: z.number().int().min(1).max(5),
        text: z.string().max(2000),
        date: z.number().int(),
      }),
    )
    .optional(),
});

/** Collection types by code (spec §3). */
export const CollectionType = { Blog: 1, Page: 10, Products: PRODUCTS_COLLECTION_TYPE } as const;

export const collectionSchema = z.looseObject({
  id,
  type: z.number().int(),
  typeName: z.enum(['products', 'blog', 'page', 'index']),
  title: z.string().min(1),
  urlId: z.string().regex(/^[a-z0-9-]+$/),
  fullUrl: sitePath,
  description: richText.optional(),
  body: richText.optional(),
  /** The page's blocks (src/site/editor/page-blocks.ts); a text block's rich text is sanitized here. */
  blocks: z
    .array(pageBlockSchema.transform((block) => (block.type === 'html' ? sanitizedTextBlock(block) : block)))
    .max(CONTENT_LIMITS.blocksPerLayout, LIMIT_MESSAGES.blocksPerLayout)
    .optional(),
  /** A page's status and publish date (epoch ms); absent means published (src/site/editor/content-status.ts). */
  status: z.enum(CONTENT_STATUSES).optional(),
  addedOn: z.number().int().min(0).optional(),
  /** A page's SEO title and description: the storefront's <title> and <meta name="description"> (src/site/editor/page-seo.ts). */
  seoTitle: z.string().max(SEO_LIMITS.title).optional(),
  seoDescription: z.string().max(SEO_LIMITS.description).optional(),
  /** An index's sections, the ids of the pages and collections it holds in order (src/site/model/index-collections.ts). */
  collectionIds: z.array(id).max(MAX_INDEX_SECTIONS).optional(),
  /** The collection the store's home page (`/`) shows; without one, the first products collection. */
  homepage: z.boolean().optional(),
  /** The page's thumbnail, Squarespace's `collection.mainImage`: what an index's tile for it shows. */
  mainImage: z.object(imageFields).optional(),
  /** A products collection's categories (merchant edits add them, src/site/edits/edits.ts). */
  categories: z
    .array(z.looseObject({ id, displayName: nameField('category') }))
    .max(CONTENT_LIMITS.nestedCategories, LIMIT_MESSAGES.nestedCategories)
    .optional(),
});

export const websiteSchema = z.looseObject({
  id,
  siteTitle: z.string().min(1),
  baseUrl: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL'),
  timeZone: z.string().refine(knownTimeZone, 'must be an IANA time zone'),
  language: z.string().default('en-US'),
  storeCurrency: currency.default('USD'),
  useCLDRMoneyFormat: z.boolean().default(false),
  /** Feature flag: form fields' maximum lengths apply (engine spec §3; src/forms/validate.ts fieldsUnderFlags). */
  formFieldMaxLength: z.boolean().default(false),
  captchaSettings: z.object({ siteKey: z.string() }).optional(),
  instalments: z
    .object({
      provider: z.enum(['afterpay', 'clearpay']),
      minimum: z.number().int().min(0),
      maximum: z.number().int().min(1),
      /** The payment configuration offers this provider at checkout (src/commerce/instalments.ts instalmentsOffered; none does yet). */
      offeredAtCheckout: z.boolean().default(false),
    })
    .optional(),
});

const mailingListId = z.string().min(1).max(64);

/** The mailing-list connection and lists (src/site/mailing-list.ts). */
const mailingListSchema = z.object({
  lists: z
    .array(z.object({ id: mailingListId, name: z.string().min(1).max(100), automation: z.boolean() }))
    .max(MAX_MAILING_LISTS),
  connection: z.discriminatedUnion('state', [
    z.object({ state: z.literal('disconnected') }),
    z.object({
      state: z.literal('awaiting'),
      listId: mailingListId,
      doubleOptIn: z.boolean(),
      requestedAt: z.number().int(),
    }),
    z.object({
      state: z.literal('connected'),
      listId: mailingListId,
      doubleOptIn: z.boolean(),
      connectedAt: z.number().int(),
    }),
  ]),
});

/**
 * A main-navigation link: a site path, an http(s) address, a `mailto:` or `tel:` link, with optional
 * nested links; a folder has nested links and no address of its own.
 */
export interface NavigationEntry {
  title: string;
  url?: string | undefined;
  collectionId?: string | undefined;
  children?: NavigationEntry[] | undefined;
}

/**
 * How many levels a main navigation may have: top-level links and nine levels of links under them.
 * The spec sets no limit; ours keeps menus usable and keeps everything that walks the navigation
 * once per level (validation, editing, rendering) far from the end of the stack.
 */
export const MAX_NAVIGATION_DEPTH = 10;
export const NAVIGATION_TOO_DEEP = `navigation links nest at most ${MAX_NAVIGATION_DEPTH} levels deep`;

const navigationLink = {
  title: z.string().min(1).max(100),
  url: z
    .union([
      sitePath,
      z
        .string()
        .regex(
          /^(?:https?:\/\/|mailto:|tel:)[^\s]+$/,
          'must be a site path, an http(s) address, a mailto: or a tel: link',
        )
        .max(2083),
    ])
    .optional(),
  collectionId: z.string().optional(),
};

const NAVIGATION_LINK_NEEDS_ADDRESS = 'a navigation link needs a url unless it is a folder of links';

/**
 * The links at `level` (1 is the top). The schema is built one level at a time down to the limit,
 * so validating input nested any deeper stops at the limit instead of recursing with it.
 */
function navigationLevel(level: number): z.ZodType<NavigationEntry, NavigationEntry> {
  const children =
    level === MAX_NAVIGATION_DEPTH
      ? z.undefined({ error: NAVIGATION_TOO_DEEP }).optional()
      : z
          .array(navigationLevel(level + 1))
          .max(50)
          .optional();
  return z
    .object({ ...navigationLink, children })
    .refine((entry) => entry.url !== undefined || (entry.children?.length ?? 0) > 0, NAVIGATION_LINK_NEEDS_ADDRESS);
}

const siteObject = z.object({
  website: websiteSchema,
  websiteSettings: z.looseObject({
    storeSettings: z.looseObject({ multipleQuantityAllowedForServices: z.boolean().default(true) }).default({
      multipleQuantityAllowedForServices: true,
    }),
    commentsEnabled: z.boolean().default(true),
    simpleLikingEnabled: z.boolean().default(false),
    /** Visitor analytics (src/beacon): `tracking` false records nothing; a restrictive cookie policy keeps tracking cookies only with consent. */
    analytics: z
      .object({ tracking: z.boolean().default(true), restrictiveCookiePolicy: z.boolean().default(false) })
      .default({ tracking: true, restrictiveCookiePolicy: false }),
  }),
  navigation: z.array(navigationLevel(1)).min(1, 'the main navigation must exist'),
  /**
   * The links of a developer-platform template's navigations by name (template.conf's `navigations`), as Squarespace
   * keeps one set of links for each: a navigation named here shows these, the template's first otherwise the store's
   * `navigation`, the others none (src/storefront/developer-platform/context.ts).
   */
  templateNavigations: z
    .record(
      z.string().regex(/^[A-Za-z][\w-]{0,63}$/, 'must be a navigation name of template.conf'),
      z.array(navigationLevel(1)),
    )
    .refine((named) => Object.keys(named).length <= 10, 'at most 10 navigations')
    .optional(),
  /** The header's code (code injection) and its settings: the announcement bar and social links (src/site/editor/store-settings.ts). */
  header: z
    .object({
      html: z.string().max(20_000),
      announcement: headerSettingsSchema.shape.announcement.optional(),
      social: headerSettingsSchema.shape.social.optional(),
    })
    .optional(),
  /** The store's logo, contact email, business address and policies (rich text, sanitized here). */
  storeDetails: storeDetailsSchema
    .omit({ name: true })
    .extend({
      policies: z.object(Object.fromEntries(POLICIES.map(({ kind }) => [kind, richText.default('')]))).default({}),
    })
    .optional(),
  commercePreferences: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  multilingual: z.object({ connected: z.boolean(), languages: z.array(languageTag).max(20) }).optional(),
  /** The footer's code (code injection) and its settings: its text (rich text, sanitized here) and links. */
  footer: z
    .object({
      html: z.string().max(20_000),
      text: richText.optional(),
      links: footerSettingsSchema.shape.links.optional(),
    })
    .optional(),
  /** The published design: colours, fonts and gallery options as theme variables (src/site/design.ts). */
  design: designSchema.optional(),
  /** The mailing list the newsletter sign-ups go to (src/site/mailing-list.ts). */
  mailingList: mailingListSchema.optional(),
  /** A newsletter sign-up in a popup overlay on the home page (shown again 7 days after it is closed, never after a sign-up). */
  promoPopup: z
    .object({
      id,
      title: z.string().min(1).max(200),
      body: z.string().max(1000),
      delayMs: z.number().int().min(0).max(60_000).default(1500),
      /** Off: the popup is kept but no page shows it. */
      enabled: z.boolean().default(true),
    })
    .optional(),
  collections: z
    .array(collectionSchema)
    .min(1)
    .superRefine((collections, ctx) => {
      for (const { path, message } of indexProblems(collections)) ctx.addIssue({ code: 'custom', path, message });
    }),
  items: z.array(itemSchema),
  forms: z.array(formSchema).default([]),
  productMerchandisingContext: z.record(z.string(), z.looseObject({})).default({}),
  localizedStrings: z.record(z.string(), z.string()).default({}),
  /** Site-wide block fields' content by field id (src/site/editor/page-blocks.ts); a text block's rich text is sanitized here. */
  blockFields: z
    .record(
      z.string().regex(BLOCK_FIELD_ID, BLOCK_FIELD_MESSAGES.fieldId),
      z
        .array(blockFieldBlockSchema.transform((block) => (block.type === 'html' ? sanitizedTextBlock(block) : block)))
        .max(BLOCK_FIELD_LIMITS.blocksPerField, BLOCK_FIELD_MESSAGES.tooManyBlocks),
    )
    .refine((fields) => Object.keys(fields).length <= BLOCK_FIELD_LIMITS.fields, BLOCK_FIELD_MESSAGES.tooManyFields)
    .optional(),
  /** Theme files by path under the theme folder (themes/default/README.md, or a developer-platform template: docs/templates.md). */
  theme: themeSchema,
  /** Where an imported developer-platform template's static files are (src/routes/pages/template-assets.ts). */
  templateAssets: templateAssetsSchema.optional(),
});

/** The site without its items: what every page reads, kept whole per isolate and version. */
export const shellSchema = siteObject.omit({ items: true });

export const ITEM_PROBLEMS = {
  productFieldsOutsideProducts: 'only an item of a products collection may have product details (structuredContent)',
  productRecordOutsideProducts: `only an item of a products collection may be a product (recordType ${PRODUCT_RECORD_TYPE})`,
} as const;

/** Why an item's product fields do not fit its collection (as `{ path, message }`), or null. */
export function productFieldsProblem(
  item: { collectionId: string; recordType: number; structuredContent?: unknown },
  collections: readonly { id: string; typeName: string }[],
): { path: string; message: string } | null {
  // One definition of a product (src/commerce/product.ts): outside a products collection nothing may look like one.
  if (inProductCollection(item, collections)) return null;
  if (item.structuredContent !== undefined)
    return { path: 'structuredContent', message: ITEM_PROBLEMS.productFieldsOutsideProducts };
  if (item.recordType === PRODUCT_RECORD_TYPE)
    return { path: 'recordType', message: ITEM_PROBLEMS.productRecordOutsideProducts };
  return null;
}

/** The whole site, each item's product fields checked against its collection. */
export const siteSchema = siteObject.superRefine((site, ctx) => {
  site.items.forEach((item, i) => {
    const problem = productFieldsProblem(item, site.collections);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['items', i, problem.path], message: problem.message });
  });
});

/** The whole published site, items included: what import and export move (src/site/published/store.ts). */
export type WholeSite = z.infer<typeof siteObject>;
/** The site as a page or a call sees it: everything but the items, which are read a page at a time (src/site/published/catalog.ts). */
export type Site = Omit<WholeSite, 'items'>;
export type SiteInput = z.input<typeof siteObject>;
export type ShellInput = Omit<SiteInput, 'items'>;
export type Item = z.infer<typeof itemSchema>;
export type Variant = z.infer<typeof variantSchema>;
export type Collection = z.infer<typeof collectionSchema>;

function problemsOf(error: z.ZodError): string {
  const problems = error.issues.map((issue) => `${issue.path.join('.') || '(site)'}: ${issue.message}`);
  return `Invalid site content: ${problems.slice(0, 10).join('; ')}`;
}

/** Validates site content; the error lists each problem with its path ('items.3.urlId: ...'). */
export function parseSite(input: unknown): { site: WholeSite } | { error: string } {
  const result = siteSchema.safeParse(input);
  return result.success ? { site: result.data } : { error: problemsOf(result.error) };
}

/** Validates a site without its items (a merchant edit's result). */
export function parseShell(input: unknown): { site: Site } | { error: string } {
  const result = shellSchema.safeParse(input);
  return result.success ? { site: result.data } : { error: problemsOf(result.error) };
}

/**
 * Validates one item, and with the site's `collections` its product fields against its collection;
 * the error names its fields under `at` (its id, or its position in an import: 'items.3.urlId: ...').
 */
export function parseItem(
  input: unknown,
  at: string | number,
  collections: readonly { id: string; typeName: string }[],
): { item: Item } | { error: string } {
  const result = itemSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `items.${at}.${issue.path.join('.')}: ${issue.message}`);
    return { error: `Invalid site content: ${problems.slice(0, 10).join('; ')}` };
  }
  const problem = productFieldsProblem(result.data, collections);
  return problem === null
    ? { item: withMainImage(result.data) }
    : { error: `Invalid site content: items.${at}.${problem.path}: ${problem.message}` };
}
