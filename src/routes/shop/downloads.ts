/**
 * GET /downloads/{token}: a paid order's digital file (src/commerce/downloads.ts). The commerce object
 * counts the download (or says why not) before the file is streamed from the file manager's R2
 * bucket as an attachment under its name; a link that gives no file answers a page saying why (410
 * expired, used up or revoked; 404 unknown) in the shopper's language. Reads are limited per address like every
 * visitor read.
 */
import { type Context, Hono } from 'hono';
import { attachmentDisposition, DOWNLOAD_MESSAGE_KEYS, DOWNLOAD_TOKEN } from '../../commerce/downloads';
import { digitalFileOf } from '../../commerce/product';
import { storefrontLanguage } from '../../commerce/storefront-text';
import { loadStorefrontText } from '../../commerce/storefront-text/load';
import { consoleItemsById } from '../../site/published/catalog';
import { storedFileBody } from '../console/console-files';
import { clientEntry } from '../../storefront/render';
import { htmlDocument, markup } from '../pages/html-document';
import { type AppEnv, isDevelopment, withSite, storeOf } from '../shared/http';
import { readLimit, renderLimit } from '../shared/rate-limit';

export const downloads = new Hono<AppEnv>();

const PAGE_STYLE = `body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fafafa}
main{max-width:32rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e3e3e3;border-radius:8px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}p{margin:0 0 1.25rem}a{color:#1a1a1a}
nav{display:flex;gap:1.25rem;flex-wrap:wrap}`;

/**
 * The page saying why a link gives no file, written in the store's language; its texts are marked (`data-text`) and
 * the page loads the client entry, so a shopper's own language is set as on the store's pages (as error-page.ts does).
 */
async function refusal(c: Context<AppEnv>, status: 404 | 410, reason: keyof typeof DOWNLOAD_MESSAGE_KEYS) {
  c.header('cache-control', 'private, no-store');
  const { website } = c.var.site;
  const text = await loadStorefrontText(storefrontLanguage(website.language));
  const message = DOWNLOAD_MESSAGE_KEYS[reason];
  return htmlDocument(
    c,
    {
      title: `${text['download.unavailable']} · ${website.siteTitle}`,
      titleText: 'download.unavailable',
      lang: website.language,
      style: PAGE_STYLE,
      body: markup`<main><h1 data-text="download.unavailable">${text['download.unavailable']}</h1><p data-text="${message}">${text[message]}</p><nav><a href="/account" data-text="download.yourOrders">${text['download.yourOrders']}</a><a href="/" data-text="cart.continue">${text['cart.continue']}</a></nav></main>`,
      script: await clientEntry(c.env.ASSETS, isDevelopment(c.env)),
    },
    status,
  );
}

downloads.get('/downloads/:token', readLimit, renderLimit, withSite, async (c) => {
  const token = c.req.param('token');
  if (!DOWNLOAD_TOKEN.test(token)) return refusal(c, 404, 'unknown');
  const websiteId = c.var.site.website.id;
  const orders = storeOf(c).objects.orders;
  const use = await orders.takeDownload(token);
  if (!use.ok) return refusal(c, use.error === 'unknown' ? 404 : 410, use.error);
  // The product's file now: a file the merchant replaced is delivered as replaced.
  const item = (await consoleItemsById(storeOf(c).objects.content, [use.value.itemId])).get(use.value.itemId);
  const file = item === undefined ? null : digitalFileOf(item);
  const object = file === null ? null : await storedFileBody(c.env.FILES, websiteId, file.id);
  if (file === null || object === null) {
    await orders.returnDownload(token);
    return refusal(c, 404, 'missing');
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
