/**
 * An imported developer-platform template's static files (docs/templates.md), stored in R2 by
 * `PUT /api/site-admin/template-uploads/…` and served on the store's own host as Squarespace
 * serves them: `assets/logo.png` at `/assets/logo.png`, `scripts/site.js` at `/scripts/site.js`
 * and at `/assets/scripts/site.js`. Each import is a new upload (R2 keys
 * `tpl/{websiteId}/{upload}/{path}`) that the site's shell names, so a page and its files always
 * come from the same import. The addresses carry no version, so production caches them for a day
 * (with an ETag to revalidate); development revalidates every time, so an edited file shows on the
 * next page load.
 */
import { Hono, type Context } from 'hono';
import { NOT_FOUND } from '../../http/messages';
import { TEMPLATE_ASSET_PATH } from '../../site/theme/theme-schema';
import { isDevelopment, withSite, type AppEnv } from '../shared/http';

const PRODUCTION_CACHE = 'public, max-age=86400';
const DEVELOPMENT_CACHE = 'no-cache';

export const templateUploadPrefix = (websiteId: string) => `tpl/${websiteId}/`;
export const templateAssetPrefix = (websiteId: string, upload: string) =>
  `${templateUploadPrefix(websiteId)}${upload}/`;
export const templateAssetKey = (websiteId: string, upload: string, path: string) =>
  `${templateAssetPrefix(websiteId, upload)}${path}`;

/** Deletes the website's uploads whose id `unwanted` picks, a thousand keys a call. */
export async function deleteTemplateUploads(
  bucket: R2Bucket,
  websiteId: string,
  unwanted: (upload: string) => boolean,
): Promise<void> {
  const prefix = templateUploadPrefix(websiteId);
  for (let cursor: string | undefined; ; ) {
    const listed = await bucket.list({ prefix, ...(cursor === undefined ? {} : { cursor }) });
    const keys = listed.objects
      .map((object) => object.key)
      .filter((key) => unwanted(key.slice(prefix.length).split('/')[0] ?? ''));
    if (keys.length > 0) await bucket.delete(keys);
    if (!listed.truncated) return;
    cursor = listed.cursor;
  }
}

/** Content types by extension; anything else is served as bytes. HTML is served as text: nothing on the store's origin runs from a template file but its scripts. */
const TYPES: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  html: 'text/plain; charset=utf-8',
};

export function templateAssetType(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}

/** The template paths an address may name, in the order they are looked for. */
function candidates(pathname: string): string[] {
  let path: string;
  try {
    path = decodeURIComponent(pathname.slice(1));
  } catch {
    return [];
  }
  if (!TEMPLATE_ASSET_PATH.test(path)) return [];
  return path.startsWith('assets/scripts/') ? [path, path.slice('assets/'.length)] : [path];
}

async function serveTemplateFile(c: Context<AppEnv>): Promise<Response> {
  const upload = c.var.site.templateAssets?.generation;
  const websiteId = c.var.site.website.id;
  const development = isDevelopment(c.env);
  const notFound = () => c.text(NOT_FOUND, 404, { 'cache-control': development ? 'no-store' : 'public, max-age=60' });
  if (upload === undefined) return notFound();
  for (const path of candidates(new URL(c.req.url).pathname)) {
    const object = await c.env.FILES.get(templateAssetKey(websiteId, upload, path), { onlyIf: c.req.raw.headers });
    if (object === null) continue;
    const headers = new Headers({
      'content-type': templateAssetType(path),
      'cache-control': development ? DEVELOPMENT_CACHE : PRODUCTION_CACHE,
      etag: object.httpEtag,
      'x-content-type-options': 'nosniff',
      // Opened on its own, an SVG or any other file runs nothing and frames nothing.
      'content-security-policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; font-src 'self'; sandbox",
    });
    if (!('body' in object)) return new Response(null, { status: 304, headers });
    headers.set('content-length', String(object.size));
    return new Response(object.body, { headers });
  }
  return notFound();
}

export const templateAssets = new Hono<AppEnv>();

templateAssets.get('/assets/*', withSite, serveTemplateFile);
templateAssets.get('/scripts/*', withSite, serveTemplateFile);
