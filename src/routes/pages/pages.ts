/**
 * Store pages over HTTP: the 414 rule, `?format=json|json-pretty` (the page context; `html` is the page), the ETag,
 * the page cache under the site's content version (src/routes/pages/page-cache.ts), `/sitemap.xml` and
 * `/robots.txt`. Rendering is the storefront's (src/storefront/render.ts).
 */
import { Hono, type Context } from 'hono';
import { escapeHtml } from '../../html/escape';
import { ContentMoved, siteCatalog, type Catalog } from '../../site/published/catalog';
import { fingerprint } from '../../fingerprint';
import { shellPaths } from '../../site/model/paths';
import { reloadSite, type LoadedSite } from '../../site/published/store';
import { canonicalUrl, pageShape, resolvePage, showsStock } from '../../storefront/page-context';
import { buildPage, clientEntry, themeFingerprint } from '../../storefront/render';
import { freshnessSlot, showAvailableStock, STOCK_FRESH_SECONDS } from '../../storefront/available-stock';
import { isDesignPreview, previewDesign } from './design-preview';
import { messagePage } from './html-document';
import { keepAgain, keepPage, keptPage, lastGoodPage, noteAddress, type PageSource } from './page-cache';
import { pageFormat, pageRequestOf, type PageRequest } from './page-address';
import { slugRedirect } from './slug-redirect';
import { edgeStock } from '../shared/edge-stock';
import { faultable } from '../../faults';
import { isUnavailable } from '../../http/unavailable';
import { cdnTags, stillCurrent } from '../../site/published/page-tags';
import { recordingCatalog } from '../../site/published/recording-catalog';
import { paymentSetup } from '../../integrations/payments';
import { withStripeSources } from '../../integrations/payments-stripe';
import { CHECKOUT_PATH } from '../../commerce/cart';
import { sessionRecordingOrigins } from '../../integrations/session-recording';
import { NO_STORE, NOT_FOUND } from '../../http/messages';
import { isDevelopment, loadedSite, type AppEnv, storeOf } from '../shared/http';
import { mayRead, mayRender, refusedRead } from '../shared/rate-limit';

/** Browsers and proxies cap URLs at about this length (the 414 rule). */
export const MAX_URL_LENGTH = 2083;
/**
 * A page is the same for every visitor (no cookie, no per-visitor markup), so shared caches may keep
 * it: browsers revalidate each time (a 304 on the ETag, which names the content version), a CDN in
 * front keeps it `s-maxage` seconds, so a publish shows there within a minute.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400';
/** Pages showing products' stock show what is available now: shared caches keep them one freshness slot, with no stale copies. */
const STOCKED_CACHE_CONTROL = `public, max-age=0, s-maxage=${STOCK_FRESH_SECONDS}`;

export const pages = new Hono<AppEnv>();

pages.get('/robots.txt', async (c) => {
  const base = new URL(c.req.url).origin;
  return c.text(
    `User-agent: *\nDisallow: /api/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /commerce/\nDisallow: /account\nDisallow: /config\nSitemap: ${base}/sitemap.xml\n`,
  );
});

/** The data centre's cache (through the fault layer), where item pages at a version are kept (`site/published/item-pages.ts`). */
const edgeOf = (c: Context<AppEnv>) => ({
  cache: faultable('cache', (caches as unknown as { default: Cache }).default, 'item pages'),
  waitUntil: (work: Promise<unknown>) => c.executionCtx.waitUntil(work),
});

/** How often a page read may find the content moved on before the request gives up. */
const READ_ATTEMPTS = 3;

/**
 * Runs `read` against the site's catalogue at the loaded version; when the content moved on
 * meanwhile, reloads the site and reads again, so what it gives back is all of one version.
 */
async function atOneVersion<T>(
  c: Context<AppEnv>,
  loaded: LoadedSite,
  read: (loaded: LoadedSite, catalog: Catalog) => Promise<T>,
): Promise<{ loaded: LoadedSite; value: T }> {
  let current = loaded;
  const content = storeOf(c).objects.content;
  for (let attempt = 1; ; attempt++) {
    try {
      return {
        loaded: current,
        value: await read(current, siteCatalog(content, current.site.website.id, current.version, edgeOf(c))),
      };
    } catch (error) {
      if (!(error instanceof ContentMoved) || attempt === READ_ATTEMPTS) throw error;
      current = (await reloadSite(content, current.site.website.id, isDevelopment(c.env))) ?? current;
    }
  }
}

/** URLs per sitemap file; a store with more has a sitemap index at /sitemap.xml and files at /sitemap.xml?page=N. */
export const SITEMAP_URLS = 10_000;

function xml(c: Context<AppEnv>, body: string): Response {
  return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, 200, {
    'content-type': 'application/xml; charset=utf-8',
  });
}

pages.get('/sitemap.xml', async (c) => {
  const loaded = await loadedSite(c);
  if (loaded === null) return c.text(NOT_FOUND, 404);
  const base = new URL(c.req.url).origin;
  const rawPage = c.req.query('page');
  const pageNo = rawPage === undefined ? 0 : Number(rawPage);
  if (!Number.isInteger(pageNo) || pageNo < 0 || pageNo > 10_000) return c.text(NOT_FOUND, 404);
  // Read from the content object on every request (a file is up to SITEMAP_URLS rows), never kept.
  if (!(await mayRead(c)) || !(await mayRender(c))) return refusedRead(c);
  // The site's pages come first, then its items: each file holds SITEMAP_URLS of that one list, so
  // a store of any number of collections keeps every file within the protocol's 50,000 URLs.
  const start = pageNo <= 1 ? 0 : (pageNo - 1) * SITEMAP_URLS;
  const { value } = await atOneVersion(c, loaded, async ({ site }, catalog) => {
    const collections = site.collections.map((collection) => collection.id);
    const pagePaths = shellPaths(site).filter((path) => path !== '/cart' && path !== '/search');
    const here = pagePaths.slice(start, start + SITEMAP_URLS);
    const items = await catalog.itemUrls(
      collections,
      Math.max(0, start - pagePaths.length),
      SITEMAP_URLS - here.length,
    );
    return { total: pagePaths.length + items.total, paths: [...here, ...items.urls] };
  });
  const files = Math.max(1, Math.ceil(value.total / SITEMAP_URLS));
  if (pageNo === 0 && files > 1) {
    const entries = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${escapeHtml(`${base}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
    ).join('');
    return xml(c, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`);
  }
  if (pageNo > files) return c.text(NOT_FOUND, 404);
  const urls = value.paths.map((path) => `<url><loc>${escapeHtml(base + path)}</loc></url>`).join('');
  return xml(c, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
});

pages.get('*', async (c) => {
  if (c.req.url.length > MAX_URL_LENGTH) return messagePage(c, 414, 'URI too long');
  let url: URL;
  try {
    url = new URL(c.req.url);
  } catch {
    return messagePage(c, 400, 'Bad request');
  }
  const asked = pageFormat(url);
  if (asked === null)
    return messagePage(c, 400, `Unknown format '${(url.searchParams.get('format') ?? '').slice(0, 40)}'`);
  const format = asked === 'page' ? undefined : asked;
  const request = pageRequestOf(url);
  if (request === null) return messagePage(c, 400, 'Bad request');
  try {
    return await storePage(c, url, request, format);
  } catch (error) {
    // Content storage failing: the last good copy of this page, else the 503 page (src/worker.ts).
    if (!isUnavailable(error) || format !== undefined || pageShape(request.path) === 'per-buyer') throw error;
    const stale = await lastGoodPage(request.address);
    if (stale === null) throw error;
    console.error('serving the last good page', error);
    return stale;
  }
});

async function storePage(
  c: Context<AppEnv>,
  url: URL,
  { path, query, address }: PageRequest,
  format: string | undefined,
): Promise<Response> {
  const loaded = await loadedSite(c);
  if (loaded === null) return messagePage(c, 404, NO_STORE);
  const { site } = loaded;
  // The page tags of what the page shows (src/site/published/page-tags.ts): which edits make it a miss.
  const tags = new Set<string>();
  const resolve = () =>
    atOneVersion(c, loaded, (at, catalog) => resolvePage(at.site, recordingCatalog(catalog, tags), path, query));
  const development = isDevelopment(c.env);
  if (format !== undefined) {
    // The page context is never kept: each one is a read and a render.
    if (!(await mayRead(c)) || !(await mayRender(c))) return refusedRead(c);
    const { value: page } = await resolve();
    await showAvailableStock(edgeStock(c, site.website.id), page);
    const body = JSON.stringify(page.context, null, format === 'json-pretty' ? 2 : undefined);
    return c.body(body, page.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
  }

  // The page depends on the content version, the theme and the client build (its entry's hashed name);
  // a page showing products' stock also on the stock available now, so it lives in a short freshness slot.
  const shape = pageShape(path);
  const stocked = showsStock(site, path);
  // A buyer's order page is theirs alone (its URL carries the order's capability token): never stored or revalidated.
  // A design preview (the console's) shows a merchant's draft: never stored or revalidated either.
  const perBuyer = shape === 'per-buyer' || isDesignPreview(url);
  // The checkout page may load Stripe.js and its frames when the website takes cards with Stripe (its settings, else the
  // deployment's): its policy and so its cached copy depend on the provider. That costs this page one orders call.
  const stripe = path === CHECKOUT_PATH && (await storeOf(c).objects.orders.paymentSetup()).provider === 'stripe';
  const slot = `${stocked ? `-s${freshnessSlot(Date.now())}` : ''}${stripe ? '-stripe' : ''}`;
  const script = await clientEntry(c.env.ASSETS, development);
  const builtWith = (at: LoadedSite) => `${themeFingerprint(at.site)}-${fingerprint(script ?? '')}`;
  const build = (at: LoadedSite) => `${builtWith(at)}${slot}`;
  const etagAt = (at: LoadedSite) => `W/"${site.website.id}-v${at.version}-${build(at)}-${fingerprint(address)}"`;
  // The origin is in the key: the page's canonical link names it. The version is not: a kept page is
  // found while no edit since it was rendered touched what it shows (src/site/published/page-tags.ts).
  const keyAt = (built: string) => `${site.website.id}/${built}/${address}`;
  const currentAt = (at: LoadedSite) => (source: PageSource) =>
    stillCurrent(source.version, source.tags, at.version, at.changes);
  const cacheKeyAt = (at: LoadedSite) => keyAt(build(at));
  const etag = etagAt(loaded);
  if (!perBuyer && c.req.header('if-none-match') === etag)
    return c.body(null, 304, { etag, 'cache-control': stocked ? STOCKED_CACHE_CONTROL : PAGE_CACHE_CONTROL });

  // The next requests for this URL are answered before the router while this stays true (src/routes/pages/page-cache.ts).
  const until = stocked ? (freshnessSlot(Date.now()) + 1) * STOCK_FRESH_SECONDS * 1000 : Infinity;
  const noteKept = (at: LoadedSite) =>
    noteAddress(address, { key: cacheKeyAt(at), websiteId: site.website.id, version: at.version, development }, until);
  const hit = perBuyer ? null : await keptPage(cacheKeyAt(loaded), currentAt(loaded));
  if (hit !== null) {
    noteKept(loaded);
    // A page rendered before an edit that left it as it was keeps its ETag.
    const kept = hit.headers.get('etag');
    if (kept !== null && c.req.header('if-none-match') === kept)
      return c.body(null, 304, { etag: kept, 'cache-control': hit.headers.get('cache-control') ?? PAGE_CACHE_CONTROL });
    return hit;
  }

  // Past the cache every page reads the content object (and a page showing stock the stock ledger, once). A
  // render the cache will not answer next time (a query the visitor chose, a buyer's or a preview
  // page, a 404, whose paths are endless) counts against the render limit too.
  const uncachedRender = perBuyer || Object.keys(query).length > 0;
  if (!(await mayRead(c)) || (uncachedRender && !(await mayRender(c)))) return refusedRead(c);
  // Rendered and cached under the version its content was read at (newer than the pointer's when that lags).
  const { loaded: at, value: page } = await resolve();
  const moved = page.status === 404 && !perBuyer ? await slugRedirect(c, path) : null;
  if (moved !== null) return moved;
  if (page.status !== 200 && !uncachedRender && !(await mayRender(c))) return refusedRead(c);
  const deploymentPayments = paymentSetup(c.env);
  page.context.integrations = {
    captchaProvider: c.env.CAPTCHA_PROVIDER,
    paymentProvider: deploymentPayments.provider,
    paymentMode: deploymentPayments.mode,
  };
  page.context.canonicalUrl = canonicalUrl(url.origin, url.pathname, page);
  // The promo popup opens by itself and takes the keyboard focus: in the console's design preview (a frame), from the
  // merchant typing a colour beside it.
  if (isDesignPreview(url)) page.context.promoPopup = null;
  const available = await showAvailableStock(edgeStock(c, site.website.id), page);
  const waitUntil = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
  // A page showing stock is the same bytes for the same content and available stock: in a new slot whose
  // stock has not moved it is the last slot's page again, not a new render.
  const sameStock =
    stocked && page.status === 200 && !perBuyer
      ? keyAt(`${builtWith(at)}/stock-${fingerprint(JSON.stringify(available))}`)
      : null;
  const again = sameStock === null ? null : keepAgain(sameStock, cacheKeyAt(at), etagAt(at), waitUntil, currentAt(at));
  if (again !== null) {
    noteKept(at);
    return again;
  }
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control':
      page.status !== 200 || perBuyer ? 'no-store' : stocked ? STOCKED_CACHE_CONTROL : PAGE_CACHE_CONTROL,
    ...(perBuyer ? {} : { etag: etagAt(at), 'cache-tag': cdnTags(site.website.id, tags).join(',') }),
    'x-page-cache': 'miss',
  });
  const draft = isDesignPreview(url) ? await previewDesign(c) : null;
  const shown = draft === null ? at.site : { ...at.site, design: draft };
  if (shown !== at.site) headers.set('x-robots-tag', 'noindex');
  const built = await buildPage(
    shown,
    page,
    development,
    script,
    headers,
    c.env.CAPTCHA_PROVIDER,
    sessionRecordingOrigins(c.env),
  );
  const policy = built.response.headers.get('content-security-policy');
  if (stripe && policy !== null) built.response.headers.set('content-security-policy', withStripeSources(policy));
  if (page.status !== 200 || perBuyer) return built.response;
  return keepPage(
    cacheKeyAt(at),
    address,
    built,
    { version: at.version, tags },
    waitUntil,
    () => noteKept(at),
    sameStock,
  );
}
