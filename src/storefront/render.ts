/**
 * Rendering a store page: the theme's templates with our engine and the island formatters, the
 * head streamed before the body, the CSP from what the page may run, and the client build's entry.
 */
import { compile, render, type Formatter, type FormatterTable, type TemplateError } from '../engine/index';
import { DEFAULT_FORMATTERS } from '../engine/plugins/index';
import { DEFAULT_DESIGN, designCss, type Design } from '../site/editor/design';
import { fingerprint } from '../fingerprint';
import type { Site } from '../site/model/schema';
import { DEFAULT_THEME, themePartials } from '../site/theme/theme';
import { markup } from '../html/markup';
import { htmlCsp, type IntegrationOrigins, mergeSources, NO_INTEGRATION_ORIGINS } from './content-security';
import type { ResolvedPage } from './page-context';
import { pageHasCaptcha } from './islands';
import { STORE_PAGE_FORMATTERS } from './page-formatters';
import { developerPlatformPage } from './developer-platform/page';
import { isDeveloperPlatform } from './developer-platform/template';
import {
  codeInjection,
  keepTrustedPartsWith,
  keepTrustedPageBytes,
  sourcesOf,
  withTrustedCode,
  trustedFormatters,
  trustedTheme,
  type CodeInjection,
} from './trusted-markup';

const coreSafe = DEFAULT_FORMATTERS.safe as Formatter;

/**
 * `safe` strips tags, but keeps a `<` that has no `>` after it; on a page that `<` would open a tag
 * with the markup that follows (`<img src=x onerror=…` before `</div>`), so store pages escape it.
 */
const safeText: Formatter = (value, args, ctx, vars) => {
  const text = coreSafe(value, args, ctx, vars);
  return typeof text === 'string' ? text.replaceAll('<', '&lt;') : text;
};

/** Widgets render as islands on store pages; their markup (an island's form, the social meta tags) is trusted. */
const PAGE_FORMATTERS: FormatterTable = {
  ...trustedFormatters(STORE_PAGE_FORMATTERS),
  safe: safeText,
};

/**
 * The browser entry's URL from the client build's manifest (null when the client is not built).
 * Read once per isolate; in development on every page, since the client may be rebuilt meanwhile.
 */
let islandEntry: Promise<string | null> | null = null;

function readClientEntry(assets: Fetcher): Promise<string | null> {
  return Promise.resolve()
    .then(() => assets.fetch('http://assets.local/build/manifest.json'))
    .then(async (res) => (res.ok ? (((await res.json()) as { entry?: string }).entry ?? null) : null))
    .catch(() => null);
}

/** No client build: what a worker with no static assets bound answers (the bench's bare workerd runs so). */
const NO_CLIENT_ENTRY: Promise<string | null> = Promise.resolve(null);

export function clientEntry(assets: Fetcher | undefined, development: boolean): Promise<string | null> {
  // Without the binding a read could only fail (a TypeError thrown and caught on every development page).
  if (assets === undefined) return NO_CLIENT_ENTRY;
  if (development) return readClientEntry(assets);
  islandEntry ??= readClientEntry(assets);
  return islandEntry;
}

const themeFingerprints = new WeakMap<object, string>();

/** A short fingerprint of the site's theme files, computed once per theme object. */
export function themeFingerprint(site: Site): string {
  let found = themeFingerprints.get(site.theme);
  if (found === undefined) {
    found = fingerprint(Object.entries(site.theme).flat().join('\u0000'));
    themeFingerprints.set(site.theme, found);
  }
  return found;
}

/** Template errors as a visible block, for `wrangler dev` (never in production). */
function errorPanel(file: string, errors: readonly TemplateError[]): string {
  const rows = errors.map(
    (e) => markup`<li>${file}${e.line === undefined ? '' : `:${e.line}:${e.column ?? 0}`} ${e.type}: ${e.message}</li>`,
  );
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

const criticalCssBySite = new WeakMap<Site, string>();

/** The theme's stylesheet with the design's properties after it, joined once per loaded site. */
export function storeStylesheet(site: Site): string {
  let css = criticalCssBySite.get(site);
  if (css === undefined) {
    css = (site.theme['theme.css'] ?? '') + designStylesheet(site);
    criticalCssBySite.set(site, css);
  }
  return css;
}

/**
 * What the store's error page wears (src/routes/pages/error-page.ts): the store's stylesheet, or for a
 * developer-platform template, whose styles are written for its own markup, our default theme's (as its
 * system pages wear it, developer-platform/system-css.ts), with the store's design after it either way.
 */
export function errorPageStylesheet(site: Site): string {
  if (!isDeveloperPlatform(site.theme)) return storeStylesheet(site);
  return (DEFAULT_THEME['theme.css'] ?? '') + designStylesheet(site);
}

function designStylesheet(site: Site): string {
  return site.design === undefined ? '' : designCss(site.design as Design);
}

/** The template data: the page context, with the merchant's code injection marked as trusted. */
export function pageData(
  site: Site,
  page: ResolvedPage,
  script: string | null,
  code: CodeInjection,
): Record<string, unknown> {
  const blocks = page.context.blocks;
  return {
    ...page.context,
    ...(Array.isArray(blocks) ? { blocks: withTrustedCode(blocks) } : {}),
    header: code.header,
    footer: code.footer,
    // The design's gallery options where the engine's gallery predicates read them (`{.section designGallery}`).
    designGallery: { options: (site.design as Design | undefined)?.gallery ?? DEFAULT_DESIGN.gallery },
    assets: { criticalCss: storeStylesheet(site), script },
  };
}

/** The page's head, as the theme writes it (before untrusted elements are removed). */
export function renderHead(site: Site, data: Record<string, unknown>, development: boolean): string {
  return renderTemplate(site, 'head.html', data, development);
}

/** The page body: the page kind's template, then the layout around it. */
export function renderBody(
  site: Site,
  data: Record<string, unknown>,
  page: ResolvedPage,
  development: boolean,
): string {
  const mainContent = renderTemplate(site, `pages/${page.kind}.html`, data, development);
  return `${renderTemplate(site, 'layout.html', { ...data, mainContent }, development)}\n</body>\n</html>\n`;
}

/**
 * A page as it is built: the response the visitor is sent and, once its body is rendered, the same bytes
 * whole as a Blob (what the page cache keeps: src/routes/pages/page-cache.ts), so keeping a page reads no stream.
 * The Blob is made from the head's and the body's bytes at once: one copy of the page, not a joined array and
 * then a Blob of it.
 */
export interface BuiltPage {
  response: Response;
  bytes: Promise<Blob>;
}

/**
 * A streamed HTML response with its bytes: the head is filtered into bytes in parts (the store's stylesheet encoded
 * once per isolate, not per page, and never copied into a page's head) and sent as the stream's first chunks, before the
 * body is rendered; the body is rendered whole
 * (one string, filtered into bytes, without the rewriter's pass when it holds only trusted markup:
 * src/storefront/trusted-markup.ts) and sent as the second, and the two make one Blob for the page cache (no tee, no second read of the stream). Untrusted scripts
 * and styles are removed from both; the CSP allows the head's trusted inline elements and the code injection's by
 * hash (inline scripts in a theme's body get no hash: docs/security.md, "No injected markup can run").
 */
export async function buildPage(
  site: Site,
  page: ResolvedPage,
  development: boolean,
  script: string | null,
  headers: Headers,
  captchaProvider: string | undefined,
  integrations: IntegrationOrigins = NO_INTEGRATION_ORIGINS,
): Promise<BuiltPage> {
  const code = await codeInjection(site);
  const data = pageData(site, page, script, code);
  if (isDeveloperPlatform(site.theme)) {
    const rendered = await developerPlatformPage({
      site,
      page,
      data,
      development,
      headers,
      captchaProvider,
      integrations,
      codeSources: code.sources,
      formatters: PAGE_FORMATTERS,
      errorPanel,
    });
    const bytes = new Uint8Array(await rendered.arrayBuffer());
    return {
      response: new Response(bytes, { status: page.status, headers }),
      bytes: Promise.resolve().then(() => new Blob([bytes])),
    };
  }
  const assets = data.assets as { criticalCss: string };
  const head = await keepTrustedPartsWith(assets.criticalCss, (criticalCss) =>
    renderHead(site, { ...data, assets: { ...assets, criticalCss } }, development),
  );
  headers.set(
    'content-security-policy',
    htmlCsp(
      mergeSources(await sourcesOf(head.found), code.sources),
      pageHasCaptcha(data) ? captchaProvider : undefined,
      integrations,
    ),
  );
  // Let the head go out to the client before the body's render takes the thread.
  const bodyBytes = new Promise((resolve) => setTimeout(resolve, 0)).then(async () =>
    keepTrustedPageBytes(renderBody(site, data, page, development)),
  );
  const bytes = bodyBytes.then((body) => new Blob([...head.parts, body]));
  // A page not kept (a 404, a buyer's page) never reads its bytes; a failed render errors the visitor's stream.
  bytes.catch(() => undefined);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // The stylesheet's part is the isolate's one copy: a default stream's chunks are read, never transferred.
      for (const part of head.parts) controller.enqueue(part);
    },
    async pull(controller) {
      controller.enqueue(await bodyBytes);
      controller.close();
    },
  });
  return { response: new Response(stream, { status: page.status, headers }), bytes };
}
