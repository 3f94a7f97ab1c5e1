/**
 * The console's file manager (R2 bucket `FILES`) and the store's files at `/files/...`.
 *
 *   GET    /api/console/files?cursor=            newest first, 30 a page ('load more')
 *   POST   /api/console/files?name=               upload: the file's bytes as the body
 *   PUT    /api/console/files/{id}?name=          replace: new bytes, a new revision
 *   PATCH  /api/console/files/{id}                rename: { name }
 *   DELETE /api/console/files/{id}
 *   PUT    /api/console/files/{id}/{rev}/w{width} an image's width variant, made by the browser
 *   GET    /files/{id}/{rev}/{name}[?w=300|750|1500]
 *
 * A file's address names its revision and name, so it is served immutable for a year; an old
 * address (before a replace or a rename) redirects to the current one. Workers cannot resize
 * images without Cloudflare Images, so the console draws the widths with a canvas at upload and
 * sends them here; `?w=` serves that width, or the original when there is none.
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { ApiError } from '../../http/errors';
import { z } from 'zod';
import { readBytes } from '../../http/body';
import { NOT_FOUND } from '../../http/messages';
import {
  DELIVERED_ONLY,
  fileKey,
  fileType,
  fileUrl,
  FILE_MESSAGES,
  IMAGE_WIDTHS,
  isImageType,
  MAX_FILE_BYTES,
  MAX_FILE_NAME,
  urlName,
  type StoredFile,
} from '../../site/editor/files';
import { randomHex } from '../../ids';
import { apiError, readJson, withSite, type AppEnv } from '../shared/http';
import { requirePermission } from './merchant-session';

const PAGE_SIZE = 30;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE_ID = /^[0-9a-z]{11}[0-9a-f]{8}$/;

const originalKey = fileKey;
const variantPrefix = (websiteId: string, id: string) => `v/${websiteId}/${id}/`;
const variantKey = (websiteId: string, id: string, rev: number, width: number) =>
  `${variantPrefix(websiteId, id)}${rev}/${width}`;

/** Ids sort newest first: the time counted down from the largest safe integer, then randomness. */
function newFileId(): string {
  return (Number.MAX_SAFE_INTEGER - Date.now()).toString(36).padStart(11, '0') + randomHex(4);
}

/**
 * A file of the store by id made a digital product's delivery: marked so its public address serves
 * it no more (written again once, as R2 keeps metadata with the object); its name and size, or null when there is none.
 */
export async function deliveredFileInfo(
  bucket: R2Bucket,
  websiteId: string,
  id: string,
): Promise<{ id: string; name: string; size: number } | null> {
  if (!FILE_ID.test(id)) return null;
  const key = originalKey(websiteId, id);
  const head = await bucket.head(key);
  if (head === null) return null;
  if (head.customMetadata?.[DELIVERED_ONLY] !== '1') {
    const object = await bucket.get(key);
    if (object === null) return null;
    await bucket.put(key, await object.arrayBuffer(), {
      httpMetadata: object.httpMetadata ?? {},
      customMetadata: { ...object.customMetadata, [DELIVERED_ONLY]: '1' },
    });
  }
  return { id, name: head.customMetadata?.['name'] ?? id, size: head.size };
}

/** A file of the store by id, its bytes to stream (the download route); null when there is none. */
export function storedFileBody(bucket: R2Bucket, websiteId: string, id: string): Promise<R2ObjectBody | null> {
  return FILE_ID.test(id) ? bucket.get(originalKey(websiteId, id)) : Promise.resolve(null);
}

function storedFile(object: R2Object, id: string): StoredFile {
  const meta = object.customMetadata ?? {};
  const file = { id, name: meta['name'] ?? id, rev: Number(meta['rev'] ?? 1) };
  return {
    ...file,
    type: object.httpMetadata?.contentType ?? 'application/octet-stream',
    size: object.size,
    uploaded: object.uploaded.getTime(),
    url: fileUrl(file),
  };
}

/** The first bytes of each image and PDF type; a file that claims one of these types must start so. */
const SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => ascii(b, 1, 4) === 'PNG',
  'image/gif': (b) => ascii(b, 0, 4) === 'GIF8',
  'image/webp': (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  'image/avif': (b) => ascii(b, 4, 8) === 'ftyp',
  'application/pdf': (b) => ascii(b, 0, 5) === '%PDF-',
};

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The file's bytes and content type, or the spec's message for a name it cannot be, a type it is not or a size over the cap. */
async function uploadedFile(c: Context<AppEnv>, name: string): Promise<{ bytes: Uint8Array; type: string }> {
  const type = fileType(name);
  if (type === null) throw new ApiError(415, FILE_MESSAGES.unsupported(name));
  const bytes = await readBytes(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge(name));
  const signature = SIGNATURES[type];
  if (bytes.byteLength === 0 || (signature !== undefined && !signature(bytes)))
    throw new ApiError(415, FILE_MESSAGES.unsupported(name));
  return { bytes, type };
}

/** A file name from the query or a body: trimmed, not empty, no path in it. */
function validName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '') throw new ApiError(400, FILE_MESSAGES.nameRequired);
  if (name.length > MAX_FILE_NAME) throw new ApiError(400, FILE_MESSAGES.nameTooLong);
  if (/[\u0000-\u001f/\\]/.test(name)) throw new ApiError(400, FILE_MESSAGES.unsupported(name));
  return name;
}

function fileIdOf(c: Context<AppEnv>): string {
  const id = c.req.param('fileId') ?? '';
  if (!FILE_ID.test(id)) throw new ApiError(404, FILE_MESSAGES.unknownFile);
  return id;
}

async function existing(c: Context<AppEnv>, id: string): Promise<R2Object> {
  const object = await c.env.FILES.head(originalKey(c.var.site.website.id, id));
  if (object === null) throw new ApiError(404, FILE_MESSAGES.unknownFile);
  return object;
}

async function deleteVariants(bucket: R2Bucket, websiteId: string, id: string): Promise<void> {
  const listed = await bucket.list({ prefix: variantPrefix(websiteId, id) });
  if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
}

async function put(
  c: Context<AppEnv>,
  id: string,
  name: string,
  rev: number,
  body: Uint8Array | ArrayBuffer,
  type: string,
  before?: R2Object,
): Promise<StoredFile> {
  // A file a digital product delivers stays private when it is renamed or replaced.
  const delivered: Record<string, string> =
    before?.customMetadata?.[DELIVERED_ONLY] === '1' ? { [DELIVERED_ONLY]: '1' } : {};
  const object = await c.env.FILES.put(originalKey(c.var.site.website.id, id), body, {
    httpMetadata: { contentType: type },
    customMetadata: { name, rev: String(rev), ...delivered },
  });
  return storedFile(object, id);
}

/** Mounted at `areas.console`. */
export const consoleFiles = new Hono<AppEnv>();

const CONSOLE = areas.console;
const read = requirePermission('read');
const content = requirePermission('content');
/** Adding a file: also a product's pictures, which the commerce roles edit (a store manager has no content permission). */
const adding = requirePermission(['content', 'commerce']);

consoleFiles.get(pathIn(CONSOLE, api.files), read, async (c) => {
  const cursor = c.req.query('cursor');
  if (cursor !== undefined && cursor.length > 1024) return apiError(400, 'cursor is not valid');
  const prefix = originalKey(c.var.site.website.id, '');
  // `include` is honoured from compatibility date 2022-08-04 on; the oldest workers-types lack it.
  const options = {
    prefix,
    limit: PAGE_SIZE,
    include: ['httpMetadata', 'customMetadata'],
    ...(cursor ? { cursor } : {}),
  } as R2ListOptions;
  const listed = await c.env.FILES.list(options);
  c.header('cache-control', 'no-store');
  return answer(c, api.files, {
    files: listed.objects.map((object) => storedFile(object, object.key.slice(prefix.length))),
    cursor: listed.truncated ? listed.cursor : null,
  });
});

consoleFiles.post(pathIn(CONSOLE, api.upload), adding, async (c) => {
  const name = validName(c.req.query('name'));
  const { bytes, type } = await uploadedFile(c, name);
  return answer(c, api.upload, await put(c, newFileId(), name, 1, bytes, type), 201);
});

consoleFiles.put(pathIn(CONSOLE, api.replaceFile), content, async (c) => {
  const id = fileIdOf(c);
  const before = await existing(c, id);
  const name = validName(c.req.query('name'));
  const { bytes, type } = await uploadedFile(c, name);
  const websiteId = c.var.site.website.id;
  await deleteVariants(c.env.FILES, websiteId, id);
  return answer(
    c,
    api.replaceFile,
    await put(c, id, name, Number(before.customMetadata?.['rev'] ?? 1) + 1, bytes, type, before),
  );
});

const renameSchema = z.object({ name: z.string().max(1000) });

consoleFiles.patch(pathIn(CONSOLE, api.renameFile), content, async (c) => {
  const id = fileIdOf(c);
  const name = validName((await readJson(c, renameSchema, 4096)).name);
  const object = await c.env.FILES.get(originalKey(c.var.site.website.id, id));
  if (object === null) return apiError(404, FILE_MESSAGES.unknownFile);
  const type = object.httpMetadata?.contentType ?? 'application/octet-stream';
  // The name must keep a type the store takes: the file is served as that type.
  if (fileType(name) !== type) {
    await object.body.cancel();
    return apiError(400, FILE_MESSAGES.unsupported(name));
  }
  // R2 keeps metadata with the object: a rename writes the object again.
  return answer(
    c,
    api.renameFile,
    await put(c, id, name, Number(object.customMetadata?.['rev'] ?? 1), await object.arrayBuffer(), type, object),
  );
});

consoleFiles.delete(pathIn(CONSOLE, api.removeFile), content, async (c) => {
  const id = fileIdOf(c);
  await existing(c, id);
  const websiteId = c.var.site.website.id;
  await deleteVariants(c.env.FILES, websiteId, id);
  await c.env.FILES.delete(originalKey(websiteId, id));
  return answer(c, api.removeFile, { deleted: true });
});

consoleFiles.put(pathIn(CONSOLE, api.fileVariant), adding, async (c) => {
  const id = fileIdOf(c);
  const width = Number(/^w(\d+)$/.exec(c.req.param('width'))?.[1]);
  if (!IMAGE_WIDTHS.some((allowed) => allowed === width))
    return apiError(400, `Width must be one of ${IMAGE_WIDTHS.join(', ')}`);
  const before = await existing(c, id);
  const type = before.httpMetadata?.contentType ?? '';
  if (!isImageType(type)) return apiError(400, FILE_MESSAGES.unsupported(before.customMetadata?.['name'] ?? id));
  // A variant made from an earlier revision (a replace came between) is refused, not served with the new image.
  if (c.req.param('rev') !== (before.customMetadata?.['rev'] ?? '1'))
    return apiError(409, 'The file was replaced: make its widths again.');
  const name = before.customMetadata?.['name'] ?? id;
  const variantType = c.req.header('content-type') ?? '';
  const signature = SIGNATURES[variantType];
  const bytes = await readBytes(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge(name));
  // A width of an image is an image: served in the original's place, it must not be a PDF or anything else.
  if (!isImageType(variantType) || signature === undefined || !signature(bytes))
    return apiError(415, FILE_MESSAGES.unsupported(name));
  await c.env.FILES.put(variantKey(c.var.site.website.id, id, Number(c.req.param('rev')), width), bytes, {
    httpMetadata: { contentType: variantType },
  });
  return answer(c, api.fileVariant, { width });
});

/** The store's files, for shoppers (mounted at `/`): immutable at their current address, redirected from an old one. */
export const storeFiles = new Hono<AppEnv>();

storeFiles.get('/files/:fileId/:rev/:name', withSite, async (c) => {
  const id = c.req.param('fileId');
  if (!FILE_ID.test(id)) return c.text(NOT_FOUND, 404);
  const websiteId = c.var.site.website.id;
  const head = await c.env.FILES.head(originalKey(websiteId, id));
  if (head === null || head.customMetadata?.[DELIVERED_ONLY] === '1')
    return c.text(NOT_FOUND, 404, { 'cache-control': 'no-store' });
  const rev = Number(head.customMetadata?.['rev'] ?? 1);
  const name = head.customMetadata?.['name'] ?? id;
  const current = fileUrl({ id, rev, name });
  if (c.req.param('rev') !== String(rev) || urlName(c.req.param('name')) !== urlName(name)) {
    const query = new URL(c.req.url).search;
    return c.redirect(`${current}${query}`, 301);
  }
  const width = Number(c.req.query('w'));
  const wanted = IMAGE_WIDTHS.some((allowed) => allowed === width) && isImageType(head.httpMetadata?.contentType ?? '');
  const object =
    (wanted ? await c.env.FILES.get(variantKey(websiteId, id, rev, width)) : null) ??
    (await c.env.FILES.get(originalKey(websiteId, id)));
  if (object === null) return c.text(NOT_FOUND, 404);
  const headers = new Headers({
    'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'cache-control': IMMUTABLE,
    etag: object.httpEtag,
    'content-length': String(object.size),
    // Served from the store's origin: nothing in a file may run or frame anything.
    'content-security-policy':
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    'content-disposition': `inline; filename*=UTF-8''${urlName(name)}`,
  });
  if (c.req.header('if-none-match') === object.httpEtag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body, { headers });
});
