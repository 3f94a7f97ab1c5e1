/**
 * Store pages over HTTP: the 414 rule, `?format=json|json-pretty` (the page context), the ETag,
 * the edge cache under the site's content version, `/sitemap.xml` and `/robots.txt`. Rendering is
 * the storefront's (src/storefront/render.ts).
 */
import { Hono } from 'hono';
import { fingerprint } from '../site/fingerprint';
import { sitePaths } from '../site/paths';
import { canonicalUrl, PER_BUYER_KINDS, resolvePage } from '../storefront/page-context';
import { clientEntry, streamPage, themeFingerprint } from '../storefront/render';
import { countedStock, freshnessSlot, PRODUCT_PAGE_FRESH_SECONDS, withAvailableStock } from '../storefront/available-stock';
import { stockLedger } from '../durable/stubs';
import { messagePage } from './html-document';
import { NO_STORE, NOT_FOUND } from '../http/messages';
import { isDevelopment, loadedSite, type AppEnv } from './http';

/** Browsers and proxies cap URLs at about this length (the 414 rule). */
export const MAX_URL_LENGTH = 2083;
const FORMATS = new Set(['json', 'json-pretty']);
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** Product pages show available stock: no stale copies past their freshness slot. */
const PRODUCT_CACHE_CONTROL = `public, max-age=${PRODUCT_PAGE_FRESH_SECONDS}`;

export const pages = new Hono<AppEnv>();

pages.get('/robots.txt', async (c) => {
  const base = new URL(c.req.url).origin;
  return c.text(`User-agent: *\nDisallow: /api/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /commerce/\nDisallow: /account\nDisallow: /config\nSitemap: ${base}/sitemap.xml\n`);
});

pages.get('/sitemap.xml', async (c) => {
  const loaded = await loadedSite(c);
  if (loaded === null) return c.text(NOT_FOUND, 404);
  const base = new URL(c.req.url).origin;
  const urls = sitePaths(loaded.site)
    .filter((path) => path !== '/cart' && path !== '/search')
    .map((path) => `<url><loc>${base}${path}</loc></url>`)
    .join('');
  return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`, 200, {
    'content-type': 'application/xml; charset=utf-8',
  });
});

pages.get('*', async (c) => {
  if (c.req.url.length > MAX_URL_LENGTH) return messagePage(c, 414, 'URI too long');
  let url: URL;
  let query: Record<string, string>;
  try {
    url = new URL(c.req.url);
    query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v]));
  } catch {
    return messagePage(c, 400, 'Bad request');
  }
  const format = query.format;
  if (format !== undefined && !FORMATS.has(format)) return messagePage(c, 400, `Unknown format '${format.slice(0, 40)}'`);

  const loaded = await loadedSite(c);
  if (loaded === null) return messagePage(c, 404, NO_STORE);
  const { site, version } = loaded;
  const development = isDevelopment(c.env);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return messagePage(c, 400, 'Bad request');
  }
  if (format !== undefined) {
    const page = resolvePage(site, path, query);
    const body = JSON.stringify(page.context, null, format === 'json-pretty' ? 2 : undefined);
    return c.body(body, page.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  }

  // The page depends on the content version, the theme and the client build (its entry's hashed name);
  // a product page also on the stock available now, so it lives in a short freshness slot.
  const page = resolvePage(site, path, query);
  const stocked = page.kind === 'product';
  // A buyer's order page is theirs alone (its URL carries the order's capability token): never stored or revalidated.
  const perBuyer = PER_BUYER_KINDS.has(page.kind);
  const slot = stocked ? `-s${freshnessSlot(Date.now())}` : '';
  const script = await clientEntry(c.env.ASSETS, development);
  const build = `${themeFingerprint(site)}-${fingerprint(script ?? '')}${slot}`;
  const etag = `W/"${site.website.id}-v${version}-${build}-${fingerprint(url.origin + url.pathname + url.search)}"`;
  if (!perBuyer && c.req.header('if-none-match') === etag) return c.body(null, 304, { etag });

  // The origin is in the key: the page's canonical link names it.
  const cacheKey = new Request(`https://page-cache.internal/${site.website.id}/v${version}/${build}/${url.host}${url.pathname}${url.search}`);
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = perBuyer ? undefined : await cache.match(cacheKey);
  if (hit !== undefined) {
    const response = new Response(hit.body, hit);
    response.headers.set('x-page-cache', 'hit');
    return response;
  }

  page.context.integrations = { captchaProvider: c.env.CAPTCHA_PROVIDER, paymentProvider: c.env.PAYMENT_PROVIDER === 'stripe' ? 'stripe' : 'local' };
  page.context.canonicalUrl = canonicalUrl(url.origin, url.pathname, page);
  if (stocked) {
    const counted = countedStock(page.context.item);
    if (Object.keys(counted).length > 0) page.context.item = withAvailableStock(page.context.item, await stockLedger(c.env, site.website.id).available(counted));
  }
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': page.status !== 200 || perBuyer ? 'no-store' : stocked ? PRODUCT_CACHE_CONTROL : CACHE_CONTROL,
    ...(perBuyer ? {} : { etag }),
    'x-page-cache': 'miss',
  });
  const response = await streamPage(site, page, development, script, headers, c.env.CAPTCHA_PROVIDER);
  if (page.status !== 200 || perBuyer) return response;
  const [forClient, forCache] = (response.body as ReadableStream<Uint8Array>).tee();
  c.executionCtx.waitUntil(cache.put(cacheKey, new Response(forCache, { status: 200, headers })));
  return new Response(forClient, { status: 200, headers });
});
