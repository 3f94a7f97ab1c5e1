/**
 * Store pages: resolve the site by host, resolve the page, render the theme with our engine and
 * stream it (the head first, then the body), cached at the edge under the site's content version.
 * Also `?format=json|json-pretty` (the page context), `/sitemap.xml` and `/robots.txt`.
 */
import { Hono } from 'hono';
import { compile, render, type Formatter, type FormatterTable, type TemplateError } from '../engine/index';
import { DEFAULT_FORMATTERS } from '../engine/plugins/index';
import { fingerprint } from '../site/fingerprint';
import type { Site } from '../site/schema';
import { themePartials } from '../site/theme';
import { htmlCsp, mergeSources } from './content-security';
import { markup, messagePage } from './html-document';
import { NO_STORE, NOT_FOUND } from '../http/messages';
import { isDevelopment, loadedSite, type AppEnv } from './http';
import { resolvePage, sitePaths, type ResolvedPage } from './page-context';
import { ISLAND_FORMATTERS } from './islands';
import { codeInjection, keepTrusted, keepTrustedText, sourcesOf, trustedTheme, type CodeInjection } from './trusted-markup';

const coreSafe = DEFAULT_FORMATTERS.safe as Formatter;

/**
 * `safe` strips tags, but keeps a `<` that has no `>` after it; on a page that `<` would open a tag
 * with the markup that follows (`<img src=x onerror=…` before `</div>`), so store pages escape it.
 */
const safeText: Formatter = (value, args, ctx, vars) => {
  const text = coreSafe(value, args, ctx, vars);
  return typeof text === 'string' ? text.replaceAll('<', '&lt;') : text;
};

/** Widgets render as islands on store pages. */
const PAGE_FORMATTERS: FormatterTable = { ...ISLAND_FORMATTERS, safe: safeText };

/**
 * The browser entry's URL from the client build's manifest (null when the client is not built).
 * Read once per isolate; in development on every page, since the client may be rebuilt meanwhile.
 */
let islandEntry: Promise<string | null> | null = null;

function readClientEntry(assets: Fetcher): Promise<string | null> {
  return Promise.resolve()
    .then(() => assets.fetch('http://assets.local/build/manifest.json'))
    .then(async (res) => (res.ok ? ((await res.json()) as { entry?: string }).entry ?? null : null))
    .catch(() => null);
}

export function clientEntry(assets: Fetcher, development: boolean): Promise<string | null> {
  if (development) return readClientEntry(assets);
  islandEntry ??= readClientEntry(assets);
  return islandEntry;
}

/** Browsers and proxies cap URLs at about this length (the 414 rule). */
export const MAX_URL_LENGTH = 2083;
const FORMATS = new Set(['json', 'json-pretty']);
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

const themeFingerprints = new WeakMap<object, string>();

function themeFingerprint(site: Site): string {
  let found = themeFingerprints.get(site.theme);
  if (found === undefined) {
    found = fingerprint(Object.entries(site.theme).flat().join('\u0000'));
    themeFingerprints.set(site.theme, found);
  }
  return found;
}

/** Template errors as a visible block, for `wrangler dev` (never in production). */
function errorPanel(file: string, errors: readonly TemplateError[]): string {
  const rows = errors.map((e) => markup`<li>${file}${e.line === undefined ? '' : `:${e.line}:${e.column ?? 0}`} ${e.type}: ${e.message}</li>`);
  return markup`<aside role="alert" style="border:3px solid #b3261e;padding:1rem;margin:1rem;background:#fff4f2;font:14px monospace"><strong>Template errors</strong><ul>${rows}</ul></aside>`.toString();
}

/** Renders one of the theme's templates; the theme's own `<script>`/`<style>` tags carry the trust marker. */
function renderTemplate(site: Site, file: string, data: unknown, development: boolean): string {
  const theme = trustedTheme(site.theme);
  const { template, errors } = compile(theme[file] ?? '', { formatters: PAGE_FORMATTERS });
  const result = render(template, data, {
    formatters: PAGE_FORMATTERS,
    partials: themePartials(theme),
    locale: site.website.language,
  });
  const all = [...errors, ...result.errors];
  return development && all.length > 0 ? errorPanel(file, all) + result.html : result.html;
}

/** The template data: the page context, with the merchant's code injection marked as trusted. */
function pageData(site: Site, page: ResolvedPage, script: string | null, code: CodeInjection): Record<string, unknown> {
  return { ...page.context, header: code.header, footer: code.footer, assets: { criticalCss: site.theme['theme.css'] ?? '', script } };
}

/** The page body: the page kind's template, then the layout around it. */
function renderBody(site: Site, data: Record<string, unknown>, page: ResolvedPage, development: boolean): string {
  const mainContent = renderTemplate(site, `pages/${page.kind}.html`, data, development);
  return `${renderTemplate(site, 'layout.html', { ...data, mainContent }, development)}\n</body>\n</html>\n`;
}

/** The head's bytes first, then the body's as they come. */
function headThenBody(head: Uint8Array, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * A streamed HTML response: the head goes out before the body is rendered. Untrusted scripts and
 * styles are removed from both; the CSP allows the head's trusted inline elements and the code
 * injection's by hash (inline scripts in a theme's body get no hash: README.md, "No injected markup can run").
 */
export async function streamPage(site: Site, page: ResolvedPage, development: boolean, script: string | null, headers: Headers, captchaProvider: string | undefined): Promise<Response> {
  const code = await codeInjection(site);
  const data = pageData(site, page, script, code);
  const head = await keepTrustedText(renderTemplate(site, 'head.html', data, development));
  headers.set('content-security-policy', htmlCsp(mergeSources(await sourcesOf(head.found), code.sources), captchaProvider));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Let the head go out to the client before the body's render takes the thread.
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.enqueue(encoder.encode(renderBody(site, data, page, development)));
      controller.close();
    },
  });
  return new Response(headThenBody(encoder.encode(head.html), keepTrusted(body)), { status: page.status, headers });
}

export const pages = new Hono<AppEnv>();

pages.get('/robots.txt', async (c) => {
  const base = new URL(c.req.url).origin;
  return c.text(`User-agent: *\nDisallow: /api/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /account\nDisallow: /config\nSitemap: ${base}/sitemap.xml\n`);
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

  // The page depends on the content version, the theme and the client build (its entry's hashed name).
  const script = await clientEntry(c.env.ASSETS, development);
  const build = `${themeFingerprint(site)}-${fingerprint(script ?? '')}`;
  const etag = `W/"${site.website.id}-v${version}-${build}-${fingerprint(url.pathname + url.search)}"`;
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, { etag });

  const cacheKey = new Request(`https://page-cache.internal/${site.website.id}/v${version}/${build}${url.pathname}${url.search}`);
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(cacheKey);
  if (hit !== undefined) {
    const response = new Response(hit.body, hit);
    response.headers.set('x-page-cache', 'hit');
    return response;
  }

  const page = resolvePage(site, path, query);
  page.context.integrations = { captchaProvider: c.env.CAPTCHA_PROVIDER };
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': page.status === 200 ? CACHE_CONTROL : 'no-store',
    etag,
    'x-page-cache': 'miss',
  });
  const response = await streamPage(site, page, development, script, headers, c.env.CAPTCHA_PROVIDER);
  if (page.status !== 200) return response;
  const [forClient, forCache] = (response.body as ReadableStream<Uint8Array>).tee();
  c.executionCtx.waitUntil(cache.put(cacheKey, new Response(forCache, { status: 200, headers })));
  return new Response(forClient, { status: 200, headers });
});
