/**
 * The calls `npm run site` makes to move whole stores in and out (docs/contracts.md "Site admin"):
 *
 *   GET  /api/site-admin/site?host=H                    → { websiteId, version, itemCount, site } (site without items)
 *   GET  /api/site-admin/site/items?host=H&version=V&after=N&limit=L → { items, next } (next: the `after` of the next page, or null)
 *   POST /api/site-admin/imports { mode, host?, site }  → 201 { importId, websiteId }
 *   PUT  /api/site-admin/imports/:id/parts/:n { first, items } → { received }
 *   POST /api/site-admin/imports/:id/commit { parts, itemCount } → { websiteId, host, version }
 *   POST /api/site-admin/template-uploads { host? }     → 201 { uploadId, websiteId }
 *   PUT  /api/site-admin/template-uploads/:id/files { host?, path, data (base64) } → { path, size }
 *   PUT  /api/site-admin/template { host?, uploadId, theme, assets } → { websiteId, version }
 *   POST /api/site-admin/stores { host, name, owner }   → 201 { websiteId, host, url, owner }
 *   POST /api/site-admin/owners { host, owner }          → 201 { websiteId, host, url, owner }
 *
 * `stores` makes a new, empty store at a host (src/site/seed/new-store.ts, `npm run site -- new`) and invites
 * its owner by email to choose a password; the host is mapped last, so a failure leaves no store anyone reaches.
 * `owners` invites the owner of a store already at a host the same way (`npm run site -- import DIR --host NAME
 * --owner EMAIL`: an imported store has no team of its own).
 *
 * The template calls import a developer-platform template (docs/templates.md,
 * `npm run site -- import-template`): its static files go to R2 under a new upload id first, then
 * one call checks they all arrived and swaps the theme in with them, all or nothing; the previous
 * upload's files are deleted after.
 *
 * Without `host` the target is the development store (the demo store `npm start` serves, whose
 * team and accounts belong to its website id and so are kept). Who may call: in development only
 * requests to and from loopback (the local store); in production only a caller with the admin
 * token, a wrangler secret (`wrangler secret put SITE_ADMIN_TOKEN`), compared in constant time;
 * without that secret the area does not exist.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { ApiError } from '../../http/errors';
import { z } from 'zod';
import { NOT_FOUND } from '../../http/messages';
import { DEMO_SITE_ID } from '../../site/seed/demo';
import type { Site } from '../../site/model/schema';
import type { ContentObject } from '../../site/published/catalog';
import { randomHex, sameToken } from '../../ids';
import { ROLES } from '../../site/roles';
import { emptySite, NEW_STORE_MESSAGES, newStoreFields } from '../../site/seed/new-store';
import { importSite, loadSiteForHost, mapHost, markDevelopmentStoreImported } from '../../site/published/store';
import { contentObject, contentObjects, merchantAccounts } from '../../durable/stubs';
import { INVITATION_PATH } from '../console/console-team';
import {
  TEMPLATE_ASSET_LIMITS,
  templateAssetPath,
  templateAssetsSchema,
  themeSchema,
} from '../../site/theme/theme-schema';
import { deleteTemplateUploads, templateAssetKey, templateAssetPrefix } from '../pages/template-assets';
import {
  beginImport,
  commitImport,
  exportHead,
  exportItems,
  itemPartSchema,
  siteHeadSchema,
  stageItems,
  storeExists,
  TransferError,
  type TransferRefusal,
} from '../../site/transfer/transfer';
import { apiError, isDevelopment, readJson, type AppEnv } from '../shared/http';
import { applyEdit } from '../console/site-edits';

export const SITE_ADMIN_PATH = '/api/site-admin';

/** The site's head: settings, navigation, collections and the theme (themes are some 100 KB). */
const MAX_HEAD_BYTES = 4 * 1024 * 1024;
/** A part of the items: at most 1000 items (the schema's) in at most this many bytes. */
const MAX_PART_BYTES = 4 * 1024 * 1024;
const MAX_COMMIT_BYTES = 1024;
const MAX_EXPORT_PAGE = 1000;
/** A token shorter than this is treated as unset: the area stays closed rather than guessable. */
const MIN_TOKEN_LENGTH = 32;

export const SITE_ADMIN_MESSAGES = {
  localOnly: 'Site admin calls are answered on localhost only in development',
  token: 'A valid site admin token is required',
  hostRequired: 'host is required: production has no development store',
  noStore: 'No store at this address: import it first',
} as const;

type AdminEnv = Env & { SITE_ADMIN_TOKEN?: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackAddress(address: string): boolean {
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1';
}

/**
 * Who may move stores: loopback in development, the admin token in production. Writes must be
 * sent as application/json, which a page on another origin cannot do without a CORS preflight we
 * never grant: a web page the developer visits cannot import into their local store.
 */
const siteAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && !/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
    return apiError(415, 'Site admin calls send application/json');
  if (isDevelopment(c.env)) {
    const address = c.req.header('cf-connecting-ip');
    const local =
      LOOPBACK_HOSTS.has(new URL(c.req.url).hostname) && (address === undefined || isLoopbackAddress(address));
    if (!local) return apiError(403, SITE_ADMIN_MESSAGES.localOnly);
    return next();
  }
  const token = (c.env as AdminEnv).SITE_ADMIN_TOKEN;
  if (token === undefined || token.length < MIN_TOKEN_LENGTH) return apiError(404, NOT_FOUND);
  const given = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (given === undefined || !sameToken(given, token)) return apiError(401, SITE_ADMIN_MESSAGES.token);
  return next();
};

const hostName = z
  .string()
  .max(253)
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
    'host must be a host name such as shop.example.com',
  )
  .transform((host) => host.toLowerCase());

/** The key store.ts maps a host name under; read directly, since its per-isolate memory may be 30 s old. */
const hostKey = (host: string) => `host:${host}`;

function hostParam(c: Context<AppEnv>): string | null {
  const raw = c.req.query('host');
  if (raw === undefined || raw === '') return null;
  const parsed = hostName.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid host');
  return parsed.data;
}

/** The website a host (or, without one, the development store) holds; null when it holds none. */
async function storeAt(c: Context<AppEnv>, host: string | null): Promise<string | null> {
  if (host !== null) return c.env.SITE_CONTENT.get(hostKey(host));
  if (!isDevelopment(c.env)) throw new ApiError(400, SITE_ADMIN_MESSAGES.hostRequired);
  // What `npm start` serves: seeds the demo store when it is not there yet.
  await loadSiteForHost(c.env, contentObjects(c.env), 'localhost', true);
  return DEMO_SITE_ID;
}

/** The store a call names, with its content object (made once for the call's handler to use). */
interface NamedStore {
  websiteId: string;
  content: ContentObject;
}

/**
 * The store at `host` (or the development store) and its content object; a 404 when there is none. The call names
 * the website (the request's own host is localhost or the admin's), so its object is made here, not taken from the
 * request's context (`storeOf(c)`, which holds the website the request's host serves).
 */
async function existingStore(c: Context<AppEnv>, host: string | null): Promise<NamedStore> {
  const websiteId = await storeAt(c, host);
  if (websiteId === null) throw new ApiError(404, SITE_ADMIN_MESSAGES.noStore);
  const content = contentObject(c.env, websiteId);
  if (!(await storeExists(content))) throw new ApiError(404, SITE_ADMIN_MESSAGES.noStore);
  return { websiteId, content };
}

/**
 * The website an import or publish writes. `import` replaces the store at the target, or makes a
 * new one under the folder's website id (never one another store already has); `publish` updates
 * the store at the target, and only with a folder of that same store.
 */
async function importTarget(
  c: Context<AppEnv>,
  mode: 'import' | 'publish',
  host: string | null,
  folderId: string,
): Promise<string> {
  if (mode === 'publish') {
    const { websiteId } = await existingStore(c, host);
    if (folderId !== websiteId) {
      throw new ApiError(
        409,
        `The folder is the store ${folderId}, not ${websiteId}: publish updates the store it was exported from; use import to replace a store`,
      );
    }
    return websiteId;
  }
  const mapped = await storeAt(c, host);
  if (mapped !== null) return mapped;
  if (folderId === DEMO_SITE_ID || (await storeExists(contentObject(c.env, folderId)))) {
    throw new ApiError(
      409,
      `The website id ${folderId} is already another store's: give the folder's site.json another website.id to import it as a new store`,
    );
  }
  return folderId;
}

/** The one status for each refusal of an import or export step. */
const TRANSFER_STATUS = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
} as const satisfies Record<TransferRefusal, number>;

function transferFailure(error: unknown): never {
  if (error instanceof TransferError) throw new ApiError(TRANSFER_STATUS[error.code], error.message);
  throw error;
}

const importSchema = z.object({ mode: z.enum(['import', 'publish']), host: hostName.optional(), site: siteHeadSchema });
const commitSchema = z.object({
  parts: z.number().int().min(0).max(100_000),
  itemCount: z.number().int().min(0).max(10_000_000),
});
const importIdParam = (c: Context<AppEnv>) => {
  const id = c.req.param('importId') ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError(404, NOT_FOUND);
  return id;
};
const integerQuery = (c: Context<AppEnv>, name: string, fallback: number, max: number) => {
  const raw = c.req.query(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new ApiError(400, `${name} must be a whole number from 0 to ${max}`);
  return value;
};

export const siteAdmin = new Hono<AppEnv>();

siteAdmin.use('*', siteAdminOnly);

// The content object's JSON text goes out as it is stored: an export page is never parsed and written again.
siteAdmin.get('/site', async (c) => {
  const { websiteId, content } = await existingStore(c, hostParam(c));
  const head = await exportHead(content).catch(transferFailure);
  if (head === null) return apiError(404, SITE_ADMIN_MESSAGES.noStore);
  return c.body(
    `{"websiteId":${JSON.stringify(websiteId)},"version":${head.version},"itemCount":${head.itemCount},"site":${head.siteJson}}`,
    200,
    { 'content-type': 'application/json' },
  );
});

siteAdmin.get('/site/items', async (c) => {
  const { content } = await existingStore(c, hostParam(c));
  const version = integerQuery(c, 'version', -1, Number.MAX_SAFE_INTEGER);
  const after = integerQuery(c, 'after', 0, Number.MAX_SAFE_INTEGER);
  const page = await exportItems(
    content,
    version,
    after,
    integerQuery(c, 'limit', MAX_EXPORT_PAGE, MAX_EXPORT_PAGE),
  ).catch(transferFailure);
  return c.body(`{"items":[${page.itemsJson.join(',')}],"next":${page.next ?? 'null'}}`, 200, {
    'content-type': 'application/json',
  });
});

siteAdmin.post('/imports', async (c) => {
  const body = await readJson(c, importSchema, MAX_HEAD_BYTES);
  const host = body.host ?? null;
  const websiteId = await importTarget(c, body.mode, host, body.site.website.id);
  const importId = await beginImport(c.env, contentObjects(c.env), { websiteId, host }, body.site).catch(
    transferFailure,
  );
  return c.json({ importId, websiteId }, 201);
});

siteAdmin.put('/imports/:importId/parts/:part', async (c) => {
  const importId = importIdParam(c);
  const part = Number(c.req.param('part'));
  if (!Number.isInteger(part) || part < 0 || part >= 100_000) return apiError(404, NOT_FOUND);
  const body = await readJson(c, itemPartSchema, MAX_PART_BYTES);
  await stageItems(c.env, contentObjects(c.env), importId, part, body.first, body.items).catch(transferFailure);
  return c.json({ received: body.items.length });
});

siteAdmin.post('/imports/:importId/commit', async (c) => {
  const importId = importIdParam(c);
  const body = await readJson(c, commitSchema, MAX_COMMIT_BYTES);
  const committed = await commitImport(c.env, contentObjects(c.env), importId, body.parts, body.itemCount).catch(
    transferFailure,
  );
  return c.json(committed);
});

const newStoreSchema = z.object({ host: hostName, name: newStoreFields.name, owner: newStoreFields.owner });

/** Where a new store is served: this worker's address under the store's host in development, https in production. */
function storeOrigin(c: Context<AppEnv>, host: string): string {
  const url = new URL(c.req.url);
  return isDevelopment(c.env) ? `${url.protocol}//${host}${url.port === '' ? '' : `:${url.port}`}` : `https://${host}`;
}

/** Invites `owner` as an administrator of the store, by email with the team's invitation link; the refusal's message or null. */
async function inviteOwner(
  c: Context<AppEnv>,
  websiteId: string,
  origin: string,
  owner: string,
  storeName: string,
): Promise<string | null> {
  const invited = await merchantAccounts(c.env, websiteId).invite(
    owner,
    [ROLES.admin],
    `${origin}${INVITATION_PATH}`,
    storeName,
  );
  return invited.ok ? null : invited.message;
}

siteAdmin.post('/stores', async (c) => {
  const body = await readJson(c, newStoreSchema, 4096);
  if ((await c.env.SITE_CONTENT.get(hostKey(body.host))) !== null)
    return apiError(409, NEW_STORE_MESSAGES.hostTaken(body.host));
  const websiteId = `store-${randomHex(8)}`;
  const origin = storeOrigin(c, body.host);
  const imported = await importSite(
    contentObject(c.env, websiteId),
    websiteId,
    emptySite(websiteId, body.name, origin),
  );
  if ('error' in imported) return apiError(500, imported.error);
  const refused = await inviteOwner(c, websiteId, origin, body.owner, body.name);
  if (refused !== null) return apiError(409, refused);
  await mapHost(c.env.SITE_CONTENT, body.host, websiteId);
  return c.json({ websiteId, host: body.host, url: origin, owner: body.owner }, 201);
});

const ownerSchema = z.object({ host: hostName, owner: newStoreFields.owner });

siteAdmin.post('/owners', async (c) => {
  const body = await readJson(c, ownerSchema, 4096);
  const { websiteId, content } = await existingStore(c, body.host);
  const { value } = await content.shell();
  const storeName = value === null ? body.host : (JSON.parse(value) as Site).website.siteTitle;
  const origin = storeOrigin(c, body.host);
  const refused = await inviteOwner(c, websiteId, origin, body.owner, storeName);
  if (refused !== null) return apiError(409, refused);
  return c.json({ websiteId, host: body.host, url: origin, owner: body.owner }, 201);
});

/** A theme and its hundreds of files: at most the theme's own cap plus JSON's escaping. */
const MAX_TEMPLATE_BYTES = 8 * 1024 * 1024;
/** One static file as base64 in JSON. */
const MAX_TEMPLATE_FILE_BYTES = Math.ceil((TEMPLATE_ASSET_LIMITS.fileBytes * 4) / 3) + 4096;

const uploadIdParam = (c: Context<AppEnv>) => {
  const id = c.req.param('uploadId') ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError(404, NOT_FOUND);
  return id;
};

const templateUploadSchema = z.object({ host: hostName.optional() });
const templateFileSchema = z.object({
  host: hostName.optional(),
  path: templateAssetPath,
  data: z
    .string()
    .max(MAX_TEMPLATE_FILE_BYTES)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data is the file in base64'),
});
const templateSchema = z.object({
  host: hostName.optional(),
  uploadId: templateAssetsSchema.shape.generation,
  theme: themeSchema.refine((theme) => 'template.conf' in theme, 'a developer-platform template has a template.conf'),
  assets: z.array(templateAssetPath).max(TEMPLATE_ASSET_LIMITS.files),
});

/** The website a template call is for, and its current upload of static files. */
async function templateStore(
  c: Context<AppEnv>,
  host: string | null,
): Promise<{ websiteId: string; current: string | null }> {
  const { websiteId, content } = await existingStore(c, host);
  const head = await exportHead(content).catch(transferFailure);
  const current =
    head === null
      ? null
      : ((JSON.parse(head.siteJson) as { templateAssets?: { generation: string } }).templateAssets?.generation ?? null);
  return { websiteId, current };
}

siteAdmin.post('/template-uploads', async (c) => {
  const body = await readJson(c, templateUploadSchema, 1024);
  const { websiteId, current } = await templateStore(c, body.host ?? null);
  // Uploads that never reached their commit (a failed import) are removed as the next one starts.
  await deleteTemplateUploads(c.env.FILES, websiteId, (id) => id !== current);
  return c.json({ uploadId: randomHex(16), websiteId }, 201);
});

siteAdmin.put('/template-uploads/:uploadId/files', async (c) => {
  const uploadId = uploadIdParam(c);
  const body = await readJson(c, templateFileSchema, MAX_TEMPLATE_FILE_BYTES + 4096);
  const { websiteId } = await existingStore(c, body.host ?? null);
  const bytes = Uint8Array.from(atob(body.data), (ch) => ch.charCodeAt(0));
  if (bytes.byteLength > TEMPLATE_ASSET_LIMITS.fileBytes)
    return apiError(413, `${body.path} is larger than ${TEMPLATE_ASSET_LIMITS.fileBytes} bytes`);
  await c.env.FILES.put(templateAssetKey(websiteId, uploadId, body.path), bytes);
  return c.json({ path: body.path, size: bytes.byteLength });
});

siteAdmin.put('/template', async (c) => {
  const body = await readJson(c, templateSchema, MAX_TEMPLATE_BYTES);
  const host = body.host ?? null;
  const { websiteId, content } = await existingStore(c, host);
  const prefix = templateAssetPrefix(websiteId, body.uploadId);
  const arrived = new Set<string>();
  for (let cursor: string | undefined; ; ) {
    const listed = await c.env.FILES.list({ prefix, ...(cursor === undefined ? {} : { cursor }) });
    for (const object of listed.objects) arrived.add(object.key.slice(prefix.length));
    if (!listed.truncated) break;
    cursor = listed.cursor;
  }
  const missing = body.assets.filter((path) => !arrived.has(path));
  if (missing.length > 0)
    return apiError(
      409,
      `The template's files did not all arrive (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): import it again`,
    );
  const templateAssets = body.assets.length === 0 ? null : { generation: body.uploadId };
  // A theme is code; the site admin caller (loopback in development, the admin token in production) may write it as an administrator.
  const { version } = await applyEdit(content, websiteId, { kind: 'setTheme', theme: body.theme, templateAssets }, [
    ROLES.admin,
  ]);
  if (host === null) await markDevelopmentStoreImported(c.env.SITE_CONTENT);
  // The files the previous theme used go once no page renders with it.
  c.executionCtx.waitUntil(
    deleteTemplateUploads(c.env.FILES, websiteId, (id) => templateAssets === null || id !== body.uploadId).catch(
      () => undefined,
    ),
  );
  return c.json({ websiteId, version, files: body.assets.length });
});
