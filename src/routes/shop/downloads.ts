/**
 * GET /downloads/{token}: a paid order's digital file (src/commerce/downloads.ts). The commerce object
 * counts the download (or says why not) before the file is streamed from the file manager's R2
 * bucket as an attachment under its name; a link that gives no file answers a page saying why (410
 * expired, used up or revoked; 404 unknown). Reads are limited per address like every visitor read.
 */
import { Hono } from 'hono';
import { attachmentDisposition, DOWNLOAD_MESSAGES, DOWNLOAD_TOKEN } from '../../commerce/downloads';
import { digitalFileOf } from '../../commerce/product';
import { consoleItemsById } from '../../site/catalog';
import { storedFileBody } from '../console/console-files';
import { htmlDocument, markup } from '../pages/html-document';
import { type AppEnv, withSite, storeOf } from '../shared/http';
import { readLimit, renderLimit } from '../shared/rate-limit';

export const downloads = new Hono<AppEnv>();

const PAGE_STYLE = `body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fafafa}
main{max-width:32rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e3e3e3;border-radius:8px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}p{margin:0 0 1.25rem}a{color:#1a1a1a}
nav{display:flex;gap:1.25rem;flex-wrap:wrap}`;

function refusal(c: Parameters<typeof htmlDocument>[0], status: 404 | 410, message: string) {
  c.header('cache-control', 'private, no-store');
  return htmlDocument(
    c,
    {
      title: 'Download unavailable',
      style: PAGE_STYLE,
      body: markup`<main><h1>Download unavailable</h1><p>${message}</p><nav><a href="/account">Your orders</a><a href="/">Continue shopping</a></nav></main>`,
    },
    status,
  );
}

downloads.get('/downloads/:token', readLimit, renderLimit, withSite, async (c) => {
  const token = c.req.param('token');
  if (!DOWNLOAD_TOKEN.test(token)) return refusal(c, 404, DOWNLOAD_MESSAGES.unknown);
  const websiteId = c.var.site.website.id;
  const orders = storeOf(c).objects.orders;
  const use = await orders.takeDownload(token);
  if (!use.ok) return refusal(c, use.state === 'unknown' ? 404 : 410, DOWNLOAD_MESSAGES[use.state]);
  // The product's file now: a file the merchant replaced is delivered as replaced.
  const item = (await consoleItemsById(c.env, websiteId, [use.itemId])).get(use.itemId);
  const file = item === undefined ? null : digitalFileOf(item);
  const object = file === null ? null : await storedFileBody(c.env.FILES, websiteId, file.id);
  if (file === null || object === null) {
    await orders.returnDownload(token);
    return refusal(c, 404, DOWNLOAD_MESSAGES.missing);
  }
  return new Response(object.body, {
    headers: {
      'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'content-length': String(object.size),
      'content-disposition': attachmentDisposition(object.customMetadata?.['name'] ?? file.name),
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
});
