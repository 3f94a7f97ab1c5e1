/**
 * A store page through a developer-platform template (docs/templates.md): the page kind's content
 * (the collection type's `.list` or `.item`, a static `.page`, or our own system pages) becomes
 * `{squarespace.main-content}` inside the layout's regions, each file compiled on its own so an
 * error names its file, line and column. In development errors show at the top of the page; in
 * production a template that does not compile answers with the store's error page.
 */
import { compile, render, TrustedHtml, type FormatterTable, type TemplateError } from '../../engine/index';
import type { Site } from '../../site/model/schema';
import { DEFAULT_THEME, themePartials, type ThemeFiles } from '../../site/theme/theme';
import { BLOCK_TYPES } from '../../values/enumerations';
import { htmlCsp, type IntegrationOrigins, mergeSources, type TrustedSources } from '../content-security';
import { pageHasCaptcha } from '../islands';
import { templateStyleOrigins } from './external-styles';
import type { ResolvedPage } from '../page-context';
import { keepTrustedText, markTrusted, sourcesOf, trustedTheme } from '../trusted-markup';
import { cartContext, cartDropzone, floatingCart, withPictures } from './commerce';
import { pageIdentity, squarespaceNames, templateNavigations } from './context';
import { templateRendering } from './escaping';
import { TEMPLATE_RUNTIME } from './runtime';
import { originalPosition, prepareSource, type PreparedSource } from './source';
import { developerPlatformSystemCss, SYSTEM_PAGE_CLASS } from './system-css';
import { blockFiles, regionsFor, templateDeclaration } from './template';

export interface DeveloperPlatformRequest {
  site: Site;
  page: ResolvedPage;
  /** The page data our own theme renders with (render.ts `pageData`). */
  data: Record<string, unknown>;
  development: boolean;
  headers: Headers;
  captchaProvider: string | undefined;
  /** Origins of the store's configured integrations for the CSP (session recording). */
  integrations: IntegrationOrigins;
  codeSources: TrustedSources;
  formatters: FormatterTable;
  errorPanel: (file: string, errors: readonly TemplateError[]) => string;
}

/** What `{squarespace-headers}` writes: our head's title, meta, structured data, the stylesheets (system-css.ts's, then the template's) and the runtime template scripts call (runtime.ts). */
const HEADERS = `<meta charset="utf-8">
<title>{.section page}{.if seoTitle}{seoTitle|html} · {.or}{.if title}{title|html} · {.end}{.end}{.end}{website.siteTitle|html}</title>
{.section page}{.if description}<meta name="description" content="{description|htmlattr}">{.end}{.end}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
{.if canonicalUrl}<link rel="canonical" href="{canonicalUrl|htmlattr}">{.end}
{@|social-meta}
{.if item}<script type="application/ld+json">{@|structured-data}</script>{.end}
{.section assets}{.if criticalCss}<style>{criticalCss}</style>{.end}{.end}
<script>{squarespace.runtime}</script>`;

/** What `{squarespace-footers}` writes: the footer code injection, the island bootstrap and the analytics collector. */
const FOOTERS = `{.section footer}{.if html}{html}{.end}{.end}
{.section assets}{.if script}<script type="module" src="{script}"></script>{.end}{.end}
{.if websiteSettings.analytics.tracking}<script type="module" src="/build/collectors.js" data-census data-website-id="{website.id|htmlattr}" data-template-id="{squarespace.template-id|htmlattr}" data-website-locale="{website.language|htmlattr}" data-page-type="{page.typeCode|htmlattr}"{.section item} data-item-id="{id|htmlattr}" data-record-type="{recordType|htmlattr}"{.end}></script>{.end}`;

/** A static page's own body and blocks, where its `.page` file has a block field. */
const PAGE_BLOCKS =
  '{.section page}{.if body}<div class="Page-body">{body}</div>{.end}{.end}{.repeated section blocks}{@|apply block}{.end}';

/**
 * The platform's markup around one block of a block field (`sqs-block {type}-block`), which template scripts and CSS
 * look for; `data-block-type` is the block's number (engine spec §3 block types), which template scripts parse.
 */
const BLOCK_OPEN =
  '<div class="sqs-block {type|htmlattr}-block sqs-block-{type|htmlattr}" data-block-type="{typeCode|htmlattr}" id="block-{id|htmlattr}"><div class="sqs-block-content">';
const BLOCK_CLOSE = '</div></div>';

/** A block type's number; −1 (undefined) for a type the spec does not number. */
const blockTypeCode = (type: string): number =>
  (BLOCK_TYPES as Readonly<Record<string, number>>)[type] ?? BLOCK_TYPES.undefined;

/**
 * The site-wide block fields' content (`site.blockFields`, by field id): each block through the
 * template's own block file where a `.block.conf` names its type (Squarespace's block overrides: the
 * file gets the block's JSON as its context), else ours. A field with no block is left out (empty).
 */
function blockFields(
  site: Site,
  overrides: Readonly<Record<string, string>>,
  pageRender: PageRender,
  data: Record<string, unknown>,
): Record<string, TrustedHtml> {
  const fields: Record<string, TrustedHtml> = {};
  for (const [id, blocks] of Object.entries(site.blockFields ?? {})) {
    if (blocks.length === 0) continue;
    const html = blocks.map((block) => {
      const own = overrides[block.type];
      const inner =
        own === undefined
          ? pageRender.ours('block field', '{@|apply block}', { ...data, ...block })
          : pageRender.file(own, block);
      const open = pageRender.ours('block field', BLOCK_OPEN, { ...block, typeCode: blockTypeCode(block.type) });
      return open + inner + BLOCK_CLOSE;
    });
    fields[id] = new TrustedHtml(html.join(''));
  }
  return fields;
}

/** Our add-to-cart button for `item`, as a product page or a list (`plp`) places it. */
const ADD_TO_CART = {
  page: '{.section item}{@|add-to-cart-btn}{.end}',
  list: '{.section item}{@|add-to-cart-btn plp}{.end}',
};

const prepared = new WeakMap<ThemeFiles, Map<string, PreparedSource>>();

/** A file rewritten for our engine, once per theme object. */
function preparedFile(files: ThemeFiles, file: string): PreparedSource {
  let byFile = prepared.get(files);
  if (byFile === undefined) {
    byFile = new Map();
    prepared.set(files, byFile);
  }
  let found = byFile.get(file);
  if (found === undefined) {
    found = prepareSource(file, files[file] ?? '');
    byFile.set(file, found);
  }
  return found;
}

const COMPILE_ERRORS = new Set(['parser', 'assembler']);

/** One page's render: the files it used and what went wrong in each. */
class PageRender {
  readonly problems: { file: string; errors: TemplateError[] }[] = [];
  compileFailed = false;
  private readonly files: ThemeFiles;
  private readonly partials: Record<string, string>;
  /** How the template's own files render (escaping.ts). */
  private readonly template: ReturnType<typeof templateRendering>;

  constructor(private readonly request: DeveloperPlatformRequest) {
    this.files = request.site.theme;
    this.template = templateRendering(request.formatters);
    this.partials = {};
    for (const [name, path] of Object.entries(blockFiles(this.files))) {
      const block = preparedFile(this.files, path);
      this.partials[name] = block.text;
      // Each block is compiled on its own too, so its errors name the block's own lines.
      this.note(
        path,
        compile(block.text, { formatters: this.template.formatters }).errors.map((e) => originalPosition(block, e)),
      );
    }
    for (const problem of templateDeclaration(this.files).problems) {
      this.note(problem.file, [
        { type: 'parser', message: problem.message, line: problem.line, column: problem.column },
      ]);
    }
  }

  note(file: string, errors: readonly TemplateError[]): void {
    if (errors.length === 0) return;
    this.problems.push({ file, errors: [...errors] });
    if (errors.some((e) => COMPILE_ERRORS.has(e.type))) this.compileFailed = true;
  }

  /** One of the template's files, compiled on its own; what it prints is escaped (escaping.ts). */
  file(file: string, data: unknown): string {
    if (this.files[file] === undefined) {
      this.note(file, [{ type: 'parser', message: `${file} is missing from the template` }]);
      return '';
    }
    const source = preparedFile(this.files, file);
    const { formatters, escape } = this.template;
    const { template, errors } = compile(source.text, { formatters });
    const result = render(template, data, {
      formatters,
      partials: this.partials,
      locale: this.request.site.website.language,
      escape,
    });
    this.note(
      file,
      [...errors, ...result.errors].map((e) => originalPosition(source, e)),
    );
    return result.html;
  }

  /** Markup of ours (headers, footers, our system pages) with our default theme's partials. */
  ours(name: string, source: string, data: unknown): string {
    const theme = trustedTheme(DEFAULT_THEME);
    const { template, errors } = compile(source, { formatters: this.request.formatters });
    const result = render(template, data, {
      formatters: this.request.formatters,
      partials: themePartials(theme),
      locale: this.request.site.website.language,
    });
    this.note(name, [...errors, ...result.errors]);
    return result.html;
  }
}

/** The template file for the page's content and the `.conf` whose layout it takes, or null for ours. */
function contentFile(files: ThemeFiles, page: ResolvedPage): { file: string; conf: string } | null {
  const types = templateDeclaration(files).collectionTypes;
  const of = (ours: 'products' | 'blog' | 'index', view: 'list' | 'item') => {
    const type = types[ours];
    return type === undefined ? null : { file: `collections/${type}.${view}`, conf: `collections/${type}` };
  };
  const found =
    page.kind === 'products'
      ? of('products', 'list')
      : page.kind === 'product'
        ? of('products', 'item')
        : page.kind === 'blog'
          ? of('blog', 'list')
          : page.kind === 'post'
            ? of('blog', 'item')
            : null;
  // An index (src/site/model/index-collections.ts) through the template's index type's `.list`, which repeats `collection.collections`.
  if (page.kind === 'page' && (page.context.collection as { typeName?: string } | undefined)?.typeName === 'index')
    return of('index', 'list');
  if (page.kind === 'page') {
    const urlId = (page.context.collection as { urlId?: string } | undefined)?.urlId ?? '';
    return { file: `pages/${urlId}.page`, conf: `pages/${urlId}.page` };
  }
  return found;
}

/** Hand-written Squarespace add-to-cart markup (`div.sqs-add-to-cart-button[data-item-id]`) becomes our button island for that item. */
async function withAddToCart(html: string, render: PageRender, data: Record<string, unknown>): Promise<string> {
  if (!html.includes('sqs-add-to-cart-button')) return html;
  const isItem = (value: unknown): value is { id: string } => typeof value === 'object' && value !== null;
  const pageItem = isItem(data.item) ? data.item : null;
  const listed = ((data.items as unknown[] | undefined) ?? []).filter(isItem);
  const rewriter = new HTMLRewriter().on('div.sqs-add-to-cart-button[data-item-id]', {
    element(element) {
      const id = element.getAttribute('data-item-id');
      const item = pageItem?.id === id ? pageItem : listed.find((candidate) => candidate.id === id);
      if (item !== undefined)
        element.replace(
          render.ours('add-to-cart', item === pageItem ? ADD_TO_CART.page : ADD_TO_CART.list, { ...data, item }),
          { html: true },
        );
    },
  });
  return rewriter.transform(new Response(html)).text();
}

/**
 * Every `.sqs-cart-dropzone` the template places holds our cart pill, as Squarespace fills it with
 * its cart widget. A page with only `.sqs-cart-quantity` counts gets a hidden pill at the end of
 * `<body>`: the pill is what fills them (src/client/cart-links.ts). A page with neither, in a
 * store that sells, gets the platform's floating cart there.
 */
async function withCartDropzones(html: string, showCart: boolean): Promise<string> {
  const dropzone = html.includes('sqs-cart-dropzone');
  const counts = html.includes('sqs-cart-quantity');
  if (!dropzone && !counts && !showCart) return html;
  const rewriter = dropzone
    ? new HTMLRewriter().on('.sqs-cart-dropzone', {
        element(element) {
          element.setInnerContent(cartDropzone(), { html: true });
        },
      })
    : new HTMLRewriter().on('body', {
        element(element) {
          element.append(counts ? cartDropzone(true) : floatingCart(), { html: true });
        },
      });
  return rewriter.transform(new Response(html)).text();
}

/**
 * Squarespace's cart widget: a template's empty `#sqs-cart-container` (Boxen's family writes one on
 * a page it calls `dev-cart`) holds our cart page, its island and all, as the platform filled it.
 */
async function withCartContainer(html: string, render: PageRender, data: Record<string, unknown>): Promise<string> {
  if (!html.includes('sqs-cart-container')) return html;
  const cart = `<div class="${SYSTEM_PAGE_CLASS}">${render.ours('themes/default/pages/cart.html', trustedTheme(DEFAULT_THEME)['pages/cart.html'] ?? '', data)}</div>`;
  const rewriter = new HTMLRewriter().on('#sqs-cart-container', {
    element(element) {
      element.setInnerContent(cart, { html: true });
    },
  });
  return rewriter.transform(new Response(html)).text();
}

/** Puts `panel` right after the page's `<body …>` tag (before everything when there is none). */
function afterBodyTag(html: string, panel: string): string {
  const body = /<body\b[^>]*>/i.exec(html);
  if (body === null) return panel + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + panel + html.slice(at);
}

/**
 * Production's answer to a template that does not compile: thrown, so the worker answers a shopper's page request
 * with the store's error page (src/routes/pages/error-page.ts: 500, never cached, no file named) and logs this
 * message, the problems with their files, lines and columns.
 */
class TemplateDoesNotCompile extends Error {
  override name = 'TemplateDoesNotCompile';
}

export async function developerPlatformPage(request: DeveloperPlatformRequest): Promise<Response> {
  const { site, page, development } = request;
  const files = site.theme;
  const declaration = templateDeclaration(files);
  const pageRender = new PageRender(request);
  const identity = pageIdentity(page);
  const assets = request.data.assets as { criticalCss: string };
  const squarespace: Record<string, unknown> = {
    navigations: templateNavigations(declaration.navigations, page.context, site.collections),
    queries: page.context.squarespaceQueries ?? {},
    'page-id': identity.id,
    'page-classes': identity.classes,
    'template-name': declaration.name,
    'template-id': declaration.id,
    // What templates append to their static files' URLs (`?v=…`): it changes with every import of the files.
    'template-revision': site.templateAssets?.generation ?? '',
    runtime: TEMPLATE_RUNTIME,
  };
  const data: Record<string, unknown> = {
    ...request.data,
    ...squarespaceNames(page),
    ...cartContext(site),
    ...(request.data.item === undefined ? {} : { item: withPictures(request.data.item) }),
    ...(Array.isArray(request.data.items) ? { items: request.data.items.map(withPictures) } : {}),
    assets: {
      ...assets,
      criticalCss: developerPlatformSystemCss() + (files['styles/compiled.css'] ?? '') + assets.criticalCss,
    },
    squarespace,
  };
  // Our markup, which the template's files print as it is.
  data['squarespace-headers'] = new TrustedHtml(pageRender.ours('{squarespace-headers}', markTrusted(HEADERS), data));
  data['squarespace-footers'] = new TrustedHtml(pageRender.ours('{squarespace-footers}', markTrusted(FOOTERS), data));
  squarespace['block-fields'] = blockFields(site, declaration.blockOverrides, pageRender, data);
  if (page.kind === 'page')
    squarespace['page-blocks'] = new TrustedHtml(pageRender.ours('page blocks', PAGE_BLOCKS, data));

  const content = contentFile(files, page);
  const own = content !== null && files[content.file] !== undefined;
  const main = own
    ? pageRender.file(content.file, data)
    : `<div class="${SYSTEM_PAGE_CLASS}">${pageRender.ours(`themes/default/pages/${page.kind}.html`, trustedTheme(DEFAULT_THEME)[`pages/${page.kind}.html`] ?? '', data)}</div>`;
  squarespace['main-content'] = new TrustedHtml(await withAddToCart(main, pageRender, data));

  const regions = regionsFor(declaration, own ? content.conf : null, files);
  let html = await withCartDropzones(
    await withCartContainer(
      regions.map((region) => pageRender.file(`${region}.region`, data)).join(''),
      pageRender,
      data,
    ),
    data.showCart === true,
  );
  if (pageRender.problems.length > 0) {
    if (!development && pageRender.compileFailed)
      throw new TemplateDoesNotCompile(`template errors ${JSON.stringify(pageRender.problems)}`);
    if (development)
      html = afterBodyTag(
        html,
        pageRender.problems.map(({ file, errors }) => request.errorPanel(file, errors)).join(''),
      );
    else console.error('template errors', JSON.stringify(pageRender.problems));
  }
  const kept = await keepTrustedText(html);
  const captchaProvider = pageHasCaptcha(request.data) ? request.captchaProvider : undefined;
  request.headers.set(
    'content-security-policy',
    htmlCsp(mergeSources(await sourcesOf(kept.found), request.codeSources), captchaProvider, {
      ...request.integrations,
      ...templateStyleOrigins(files),
    }),
  );
  return new Response(kept.html, { status: page.status, headers: request.headers });
}
