/**
 * The console's blog posts (pages are src/routes/console/pages.ts). A post is one item row (saved
 * through the SiteContent object's `saveItem`, validated and its rich text sanitized by the site
 * schema, its code blocks kept to the code-injection roles by src/site/model/code-injection.ts). Lists and
 * reads show every status; shoppers see only published posts and scheduled ones past their publish
 * date (src/site/editor/content-status.ts).
 *
 *   GET    /api/console/posts?collectionId=&offset=   the blog's posts, newest first
 *   GET    /api/console/posts/{id}
 *   POST   /api/console/posts                          a new post in `collectionId`
 *   PUT    /api/console/posts/{id}
 *   DELETE /api/console/posts/{id}
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { ApiError } from '../../http/errors';
import { z } from 'zod';
import { CODE_INJECTION_MESSAGES } from '../../site/model/code-injection';
import { CONTENT_STATUSES } from '../../site/editor/content-status';
import { pageFormSchema } from '../../site/editor/page-form';
import { EDIT_MESSAGES, URL_ID } from '../../site/edits/edits';
import { randomHex } from '../../ids';
import { slugOf } from '../../site/editor/product-form';
import { IMAGE_ADDRESS_MESSAGE, isImageUrl, MAX_IMAGE_URL } from '../../site/model/image-url';
import { nameTooLongMessage } from '../../site/model/limits';
import { nameField, type Collection, type Item } from '../../site/model/schema';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { merchantEdit } from './site-edits';
import { requirePermission } from './merchant-session';

const PAGE_SIZE = 20;
/** A post's text fits well within this (the schema caps rich text at 100,000 characters). */
const MAX_POST_BYTES = 256 * 1024;
const POST_RECORD_TYPE = 1;

export const CONTENT_MESSAGES = {
  codeBlocks: CODE_INJECTION_MESSAGES.codeBlocks,
  notAPost: 'That post does not exist.',
  tagTooLong: nameTooLongMessage('tag'),
  categoryTooLong: nameTooLongMessage('category'),
} as const;

const postSchema = z.object({
  title: z.string().trim().min(1, EDIT_MESSAGES.titleRequired).max(200, EDIT_MESSAGES.titleTooLong),
  urlId: z.string().max(100).regex(URL_ID, EDIT_MESSAGES.urlIdInvalid).optional(),
  body: z.string().max(100_000),
  excerpt: z.string().max(5_000),
  tags: z.array(z.string().trim().min(1).pipe(nameField('tag'))).max(50),
  categories: z.array(z.string().trim().min(1).pipe(nameField('category'))).max(50),
  status: z.enum(CONTENT_STATUSES),
  /** The publish date, epoch ms. */
  publishOn: z.number().int().min(0).max(8_640_000_000_000_000),
  /** The post's main image: a file of the store's file manager or another image address (src/site/model/image-url.ts), or none. */
  assetUrl: z.string().max(MAX_IMAGE_URL).refine(isImageUrl, IMAGE_ADDRESS_MESSAGE).nullable(),
  /** Its size as the editor measured it ('WIDTHxHEIGHT'; absent: a wide default) and its description for screen readers. */
  originalSize: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/, 'must be WIDTHxHEIGHT')
    .optional(),
  altText: z.string().trim().max(250).optional(),
  /** Its search engine listing (the pages' rules, src/site/editor/page-form.ts); left out, it stays as it was. */
  seoTitle: pageFormSchema.shape.seoTitle,
  seoDescription: pageFormSchema.shape.seoDescription,
});
type PostInput = z.infer<typeof postSchema>;

const newPostSchema = postSchema.extend({ collectionId: z.string().min(1).max(64) });

function blogNamed(c: Context<AppEnv>, collectionId: string): Collection {
  const blog = c.var.site.collections.find(
    (collection) => collection.id === collectionId && collection.typeName === 'blog',
  );
  if (blog === undefined) throw new ApiError(404, EDIT_MESSAGES.unknownCollection);
  return blog;
}

async function storedPost(c: Context<AppEnv>, id: string): Promise<Item> {
  const { value } = await storeOf(c).objects.content.consoleItem(id);
  const item = value === null ? null : (JSON.parse(value) as Item);
  if (item === null || item.recordType !== POST_RECORD_TYPE) throw new ApiError(404, CONTENT_MESSAGES.notAPost);
  return item;
}

/** A post's URL slug from its title (the products' rule), or a random one for a title with no letters or digits. */
function postSlugOf(title: string): string {
  return slugOf(title) || `post-${randomHex(3)}`;
}

/** The post `input` makes of `base` (the stored post, or a new one's id and author); product fields a stored post should not have are dropped. */
function postItem(
  base: Record<string, unknown>,
  blog: Collection,
  input: PostInput,
  urlId: string,
): Record<string, unknown> {
  const { assetUrl, originalSize, altText, publishOn, urlId: _urlId, ...fields } = input;
  const {
    structuredContent: _notAPost,
    assetUrl: before,
    originalSize: beforeSize,
    altText: _alt,
    mainImageId: _main,
    ...kept
  } = base;
  const item: Record<string, unknown> = {
    ...kept,
    ...fields,
    collectionId: blog.id,
    recordType: POST_RECORD_TYPE,
    urlId,
    fullUrl: `${blog.fullUrl}/${urlId}`,
    addedOn: publishOn,
  };
  if (assetUrl === null) return item;
  // The theme sizes a post's image by its originalSize: a picture the editor did not measure keeps its size, or gets a wide default.
  const size = originalSize ?? (assetUrl === before ? beforeSize : undefined) ?? '1500x1000';
  // Its main image's name is the site's rule (src/site/model/main-image.ts), applied to every item stored.
  return { ...item, assetUrl, originalSize: size, ...(altText === undefined || altText === '' ? {} : { altText }) };
}

function summary(item: Item) {
  return {
    id: item.id,
    title: item.title,
    status: item.status ?? 'published',
    publishOn: item.addedOn ?? 0,
    fullUrl: item.fullUrl,
    collectionId: item.collectionId,
  };
}

export const consoleContent = new Hono<AppEnv>();

const CONSOLE = areas.console;
const read = requirePermission('read');
const content = requirePermission('content');

consoleContent.get(pathIn(CONSOLE, api.posts), read, async (c) => {
  const blog = blogNamed(c, c.req.query('collectionId') ?? '');
  const offset = Number(c.req.query('offset') ?? '0');
  if (!Number.isSafeInteger(offset) || offset < 0) return apiError(400, 'offset is not valid');
  const { value } = await storeOf(c).objects.content.consoleItems(blog.id, offset, PAGE_SIZE);
  c.header('cache-control', 'no-store');
  return answer(c, api.posts, {
    posts: value.items.map((json) => summary(JSON.parse(json) as Item)),
    total: value.total,
    pageSize: PAGE_SIZE,
  });
});

consoleContent.get(pathIn(CONSOLE, api.post), read, async (c) => {
  c.header('cache-control', 'no-store');
  return answer(c, api.post, await storedPost(c, c.req.param('id')));
});

consoleContent.post(pathIn(CONSOLE, api.addPost), content, async (c) => {
  const { collectionId, ...input } = await readJson(c, newPostSchema, MAX_POST_BYTES);
  const blog = blogNamed(c, collectionId);
  const id = `b-${randomHex(6)}`;
  const base = { id, author: { id: 'console', displayName: c.var.site.website.siteTitle } };
  const urlId = input.urlId ?? postSlugOf(input.title);
  try {
    await merchantEdit(c, { kind: 'saveItem', item: postItem(base, blog, input, urlId) });
  } catch (error) {
    // A slug made from the title may be taken: the post gets it with a short suffix instead.
    if (input.urlId !== undefined || !(error instanceof ApiError) || error.message !== EDIT_MESSAGES.urlIdTaken)
      throw error;
    await merchantEdit(c, { kind: 'saveItem', item: postItem(base, blog, input, `${urlId}-${randomHex(2)}`) });
  }
  return answer(c, api.addPost, await storedPost(c, id), 201);
});

consoleContent.put(pathIn(CONSOLE, api.savePost), content, async (c) => {
  const input = await readJson(c, postSchema, MAX_POST_BYTES);
  const before = await storedPost(c, c.req.param('id'));
  const blog = blogNamed(c, before.collectionId);
  await merchantEdit(c, { kind: 'saveItem', item: postItem(before, blog, input, input.urlId ?? before.urlId) });
  return answer(c, api.savePost, await storedPost(c, before.id));
});

consoleContent.delete(pathIn(CONSOLE, api.removePost), content, async (c) => {
  const before = await storedPost(c, c.req.param('id'));
  await merchantEdit(c, { kind: 'removeItem', itemId: before.id });
  return answer(c, api.removePost, { deleted: true });
});
