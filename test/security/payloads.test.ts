/**
 * The payload catalogue: hostile strings sent through every query parameter and path segment the
 * store reads, and published in every merchant-editable field that reaches a page. No answer may
 * carry a payload in a position where it runs: every script is one the theme or the worker put
 * there (or the merchant's code injection), and the CSP allows exactly the inline elements the page
 * has, by hash, with no 'unsafe-inline', nonce or 'strict-dynamic'.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { parseSite } from '../../src/site/model/schema';
import { mapHost, publishSite } from '../../src/site/published/store';
import { sitePaths } from '../../src/site/model/paths';
import { Visitor } from '../worker/visitor';
import { headerWordsScript } from '../../src/storefront/header-words';

/** The theme's own inline script on every page (the header's words in the visitor's language), allowed by its hash. */
const HEADER_WORDS = headerWordsScript().slice('<script>'.length, -'</script>'.length);

const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=window.__pwned=1>',
  "'><svg onload=window.__pwned=1>",
  'javascript:window.__pwned=1',
  '</script><script>window.__pwned=1</script>',
  '</style><script>window.__pwned=1</script>',
  '\\u003cscript\\u003ewindow.__pwned=1\\u003c/script\\u003e',
  '<scr<script>ipt>window.__pwned=1</script>',
  '`><img src=x onerror=`window.__pwned=1`>',
  '<img src=x onerror=window.__pwned=1 ',
] as const;

/** The merchant's code injection on the payload sites: trusted, so its script and style must run. */
const HEADER_SCRIPT = 'window.__headerRan = 1;';
const HEADER_STYLE = '.site-header-content{color:#333}';
const HEADER_HTML = `<p>Free shipping</p><script>${HEADER_SCRIPT}</script><style>${HEADER_STYLE}</style><script src="https://cdn.example.com/widget.js"></script>`;

/** Fields whose text (never markup) a merchant writes and a page shows. */
const TEXT_FIELDS = new Set([
  'siteTitle',
  'title',
  'excerpt',
  'body',
  'description',
  'displayName',
  'text',
  'author',
  'submitButtonText',
  'submissionMessage',
  'CTAText',
  'buttonText',
  'placeholderText',
  'mailingListDescription',
  'successText',
  'customSoldOutText',
  'scarcityText',
  'name',
]);

/** Appends the payload to every merchant text field, tag, option and variant attribute of the site. */
function poison(value: unknown, payload: string, key = ''): unknown {
  if (typeof value === 'string') return TEXT_FIELDS.has(key) ? `${value} ${payload}` : value;
  if (Array.isArray(value)) {
    const items = value.map((v) => poison(v, payload, key));
    return key === 'tags' || key === 'options' ? [...items, payload.slice(0, 50)] : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === 'theme') return [k, v];
      if (k === 'attributes' && typeof v === 'object' && v !== null)
        return [k, Object.fromEntries(Object.entries(v).map(([a, x]) => [a, `${String(x)} ${payload}`]))];
      return [k, poison(v, payload, k)];
    }),
  );
}

const SAMPLE_PAGES = [
  '/',
  '/shop',
  '/shop/p/linen-shirt',
  '/shop/p/ceramic-mug',
  '/shop/p/brass-pen',
  '/blog',
  '/blog/opening-the-studio',
  '/contact',
  '/cart',
  '/search?q=shirt',
];

async function publishPoisoned(
  index: number,
  payload: string,
): Promise<{ host: string; paths: readonly string[]; postSubmit: string[] }> {
  const site = poison(demoSite(), payload) as ReturnType<typeof demoSite>;
  site.website.id = `payload-${index}`;
  site.header = { html: HEADER_HTML };
  const parsed = parseSite(site);
  if ('error' in parsed) throw new Error(parsed.error);
  const published = await publishSite(contentObjects(env), site);
  if ('error' in published) throw new Error(published.error);
  const host = `payload-${index}.test`;
  await mapHost(env.SITE_CONTENT, host, site.website.id);
  const postSubmit = parsed.site.forms.flatMap((form) =>
    [...(form.postSubmitHtml ?? '').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string),
  );
  // Every page for the first payload; the page kinds and widgets that show merchant text for the rest.
  return { host, paths: index === 0 ? sitePaths(parsed.site) : SAMPLE_PAGES, postSubmit };
}

interface Found {
  /** Script elements a browser runs (no type, or a JavaScript one). */
  scripts: { src: string | null; text: string }[];
  /** Data blocks (`application/ld+json`): never run, but must stay whole JSON with no markup in them. */
  data: string[];
  styles: string[];
  handlers: string[];
  urls: string[];
}

/** What a browser would see in the page: its script and style elements, event handler attributes and link targets. */
async function inspect(html: string): Promise<Found> {
  const found: Found = { scripts: [], data: [], styles: [], handlers: [], urls: [] };
  let inline: { text: string } | null = null;
  await new HTMLRewriter()
    .on('*', {
      element(el) {
        for (const [name, value] of el.attributes) {
          if (name.startsWith('on')) found.handlers.push(`<${el.tagName} ${name}="${value}">`);
          if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name)) found.urls.push(value);
        }
      },
    })
    .on('script, style', {
      element(el) {
        const entry = { src: el.getAttribute('src'), text: '' };
        const style = el.tagName === 'style';
        const data = !style && el.getAttribute('type') === 'application/ld+json';
        if (!style && !data) found.scripts.push(entry);
        inline = entry;
        el.onEndTag(() => {
          if (style) found.styles.push(entry.text);
          if (data) found.data.push(entry.text);
          inline = null;
        });
      },
      text(chunk) {
        if (inline !== null) inline.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

async function hash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1) ?? [];
}

/** The checks every HTML answer must pass; `trusted` is the code injection the site is allowed to run. */
async function expectNothingRuns(
  res: Response,
  where: string,
  payload: string,
  trusted: { scripts: string[]; styles: string[]; urls: string[] },
): Promise<string> {
  const html = await res.text();
  expect(html, where).not.toContain('data-trust');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, where).not.toMatch(/'nonce-|'strict-dynamic'|'unsafe-eval'/);
  // The only 'unsafe-inline' is style-src-attr's (style="…" attributes cannot run script).
  expect(csp.match(/'unsafe-inline'/g), where).toEqual(["'unsafe-inline'"]);
  expect(directive(csp, 'style-src-attr'), where).toEqual(["'unsafe-inline'"]);
  if (payload.includes('<')) expect(html, where).not.toContain(payload);
  const found = await inspect(html);
  expect(found.handlers, where).toEqual([]);
  for (const url of found.urls) expect(url.trim().toLowerCase(), where).not.toMatch(/^(javascript|data|vbscript):/);
  for (const text of found.data) {
    expect(() => JSON.parse(text), `${where}: structured data`).not.toThrow();
    expect(text, `${where}: structured data`).not.toMatch(/[<>]/);
  }
  const inlineScripts = found.scripts.filter((s) => s.src === null).map((s) => s.text);
  for (const text of inlineScripts) expect(trusted.scripts, `${where}: inline script ${text}`).toContain(text);
  for (const { src } of found.scripts)
    if (src !== null)
      expect(src.startsWith('/build/') || trusted.urls.includes(src), `${where}: script ${src}`).toBe(true);
  const scriptHashes = await Promise.all([...new Set([...inlineScripts, ...trusted.scripts])].map(hash));
  const styleHashes = await Promise.all([...new Set([...found.styles, ...trusted.styles])].map(hash));
  expect(
    directive(csp, 'script-src')
      .filter((s) => s.startsWith("'sha256-"))
      .sort(),
    where,
  ).toEqual([...new Set(scriptHashes)].sort());
  expect(
    directive(csp, 'style-src')
      .filter((s) => s.startsWith("'sha256-"))
      .sort(),
    where,
  ).toEqual([...new Set(styleHashes)].sort());
  expect(
    directive(csp, 'script-src').filter((s) => s.startsWith('https:')),
    where,
  ).toEqual(trusted.urls);
  return html;
}

const NO_CODE = { scripts: [], styles: [], urls: [] };

describe('payload catalogue', () => {
  it('refuses javascript: and data: links in navigation and a non-http base URL at publish', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', ' javascript:alert(1)']) {
      const site = demoSite();
      site.navigation[0] = { title: 'Shop', url };
      expect('error' in parseSite(site), url).toBe(true);
    }
    const site = demoSite();
    site.website.baseUrl = 'javascript:alert(1)//';
    expect('error' in parseSite(site)).toBe(true);
  });

  it('reflects no query parameter or path segment into a place where it runs', async () => {
    const visitor = new Visitor();
    for (const payload of PAYLOADS) {
      const q = encodeURIComponent(payload);
      const paths = [
        `/?format=${q}`,
        `/search?q=${q}`,
        `/shop?page=${q}`,
        `/blog?page=${q}&tag=${q}`,
        `/cart?cartToken=${q}`,
        `/contact?source=${q}`,
        `/${q}`,
        `/shop/p/${q}`,
        `/blog/${q}`,
        `/integrations/instalments/afterpay/${q}`,
        `/integrations/instalments/${q}/en_US`,
      ];
      for (const path of paths) {
        const res = await visitor.fetch(path);
        if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) {
          expect(await res.text(), path).not.toContain(payload.includes('<') ? payload : '\u0000');
          continue;
        }
        const code = {
          scripts: [HEADER_WORDS, 'document.documentElement.dataset.postSubmit = "ran";'],
          styles: [],
          urls: [],
        };
        await expectNothingRuns(res, path, payload, res.status === 400 ? NO_CODE : code);
      }
    }
  }, 120_000);

  it('escapes merchant text fields on every page, while the code injection header runs with its hashes', async () => {
    for (const [index, payload] of PAYLOADS.entries()) {
      const { host, paths, postSubmit } = await publishPoisoned(index, payload);
      const visitor = new Visitor(`http://${host}`);
      const trusted = {
        scripts: [HEADER_WORDS, HEADER_SCRIPT, ...postSubmit],
        styles: [HEADER_STYLE],
        urls: ['https://cdn.example.com/widget.js'],
      };
      for (const path of paths) {
        const res = await visitor.fetch(path);
        expect(res.status, `${host}${path}`).toBe(200);
        const html = await expectNothingRuns(res, `${host}${path}`, payload, trusted);
        expect(html, `${host}${path}`).toContain(
          `<script>${HEADER_SCRIPT}</script><style>${HEADER_STYLE}</style><script src="https://cdn.example.com/widget.js"></script>`,
        );
      }
    }
  }, 300_000);
});

describe('trusted theme markup', () => {
  it('hashes the head inline script, gives a body inline script no hash, and never lets the marker out', async () => {
    const site = demoSite();
    site.website.id = 'theme-trust';
    const head = site.theme['head.html'] as string;
    const layout = site.theme['layout.html'] as string;
    site.theme = {
      ...site.theme,
      'head.html': head.replace(
        '</head>',
        '<script>window.themeHead = 1;</script><!-- a <script> in a comment --></head>',
      ),
      'layout.html': `${layout}<script>window.themeBody = 1;</script><script type="application/ld+json">{"@type":"Store"}</script>`,
    };
    const published = await publishSite(contentObjects(env), site);
    if ('error' in published) throw new Error(published.error);
    await mapHost(env.SITE_CONTENT, 'theme-trust.test', 'theme-trust');
    const res = await new Visitor('http://theme-trust.test').fetch('/shop');
    const csp = res.headers.get('content-security-policy') ?? '';
    const html = await res.text();
    expect(html).not.toContain('data-trust');
    expect(html).toContain('<!-- a <script> in a comment -->');
    expect(html).toContain('<script>window.themeHead = 1;</script>');
    expect(html).toContain('<script>window.themeBody = 1;</script>');
    expect(directive(csp, 'script-src')).toContain(await hash('window.themeHead = 1;'));
    // The body rule: a theme's inline script outside the head is kept but never allowed to run.
    expect(directive(csp, 'script-src')).not.toContain(await hash('window.themeBody = 1;'));
  }, 60_000);
});
