/// <reference types="vite/client" />
/**
 * What real developer-platform templates do that the fixture template did not (issue 35), through
 * the worker: their own script and style elements (inline, external, JSON data blocks) stay on the
 * page with the CSP allowing them while merchant text inside stays escaped; a template with no
 * layout named `default`, a layout naming a region the template lacks, a products `.conf` that
 * also accepts "text", a block-form `<squarespace:navigation>`, and a name with spaces (the
 * analytics beacon's `templateId`); a static file whose name has spaces is served URL-encoded, and
 * `{squarespace.template-revision}` changes with every import of the static files.
 */
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiveSite, sendSite, sendTemplate, type AdminTarget } from '../../scripts/site/admin-client';
import { TEMPLATE_RUNTIME } from '../../src/storefront/developer-platform/runtime';
import { demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { Visitor } from './visitor';

const FIXTURE = import.meta.glob('../fixtures/developer-platform/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const PREFIX = '../fixtures/developer-platform/';

function fixtureTheme(change: (files: Record<string, string>) => void): Record<string, string> {
  const files: Record<string, string> = Object.fromEntries(
    Object.entries(FIXTURE).map(([path, text]) => [path.slice(PREFIX.length), text]),
  );
  files['styles/compiled.css'] = '.fixture-main{max-width:60rem}';
  change(files);
  return files;
}

async function templateStore(host: string, theme: Record<string, string>, title?: string): Promise<void> {
  const site = demoSite();
  site.website.id = host.replaceAll('.', '-');
  site.theme = theme;
  if (title !== undefined) {
    const product = site.items.find((item) => item.urlId === 'canvas-tote');
    if (product !== undefined) product.title = title;
  }
  expect(await publishSite(env, site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, host, site.website.id);
}

const HOSTILE = 'Tote</script><script>window.__pwned=1</script>';
const HEAD = [
  '<style>.template-own{color:#123}</style>',
  '<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>',
  '<script>window.templateReady = true;</script>',
].join('\n');
const ITEM_SCRIPT =
  '<script>window.productTitle = {item.title|json}; window.raw = "{item.title}";</script>\n<script type="application/json" id="template-data">{item|json}</script>';

describe("a template's own script and style elements", () => {
  const HOST = 'scripts.template.test';
  beforeAll(async () => {
    await templateStore(
      HOST,
      fixtureTheme((files) => {
        files['header.region'] = (files['header.region'] as string).replace(
          '{squarespace-headers}',
          `{squarespace-headers}\n${HEAD}`,
        );
        files['collections/products.item'] = `${files['collections/products.item'] as string}\n${ITEM_SCRIPT}`;
      }),
      HOSTILE,
    );
  });

  it('keeps inline, external and data-block scripts and inline styles, allowed by the CSP', async () => {
    const res = await new Visitor(`http://${HOST}`).fetch('/shop/p/canvas-tote');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(HEAD);
    expect(html).not.toContain('data-trust');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://code.jquery.com/jquery-3.7.1.min.js');
    // Each kept inline script and style has its hash in the policy (the page has others of ours too).
    expect(csp.match(/'sha256-/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    const data = /<script type="application\/json" id="template-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(data) as { title: string }).title).toBe(HOSTILE);
  });

  it('writes the browser runtime template scripts call (Y, ImageLoader, Squarespace) in the head, before their scripts, allowed by the CSP; never on our own theme', async () => {
    const res = await new Visitor(`http://${HOST}`).fetch('/shop/p/canvas-tote');
    const html = await res.text();
    const at = html.indexOf(`<script>${TEMPLATE_RUNTIME}</script>`);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf('<script>window.templateReady = true;</script>'));
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(TEMPLATE_RUNTIME));
    expect(res.headers.get('content-security-policy')).toContain(
      `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`,
    );
    expect(new TextEncoder().encode(TEMPLATE_RUNTIME).byteLength).toBeLessThan(3 * 1024);
    // What the real templates' routers call after each page (Baldface, Deem Journal's cart page): no-ops, not TypeErrors.
    for (const name of ['initializeVideo', 'initializeCartPage', 'initializeFormBlocks', 'initializeSummaryV2Block'])
      expect(TEMPLATE_RUNTIME).toContain(`'${name}'`);
    const ours = await (await new Visitor().fetch('/shop/p/canvas-tote')).text();
    expect(ours).not.toContain('w.ImageLoader=');
  });

  it('still escapes merchant text the template prints inside its own script', async () => {
    const html = await (await new Visitor(`http://${HOST}`).fetch('/shop/p/canvas-tote')).text();
    expect(html).not.toContain('<script>window.__pwned=1</script>');
    const inline = /<script>window\.productTitle = ([^;]*); window\.raw = "([^"]*)";<\/script>/.exec(html);
    expect(inline).not.toBeNull();
    expect(JSON.parse(inline?.[1] ?? '')).toBe(HOSTILE);
    expect(inline?.[2]).toBe('Tote&#60;/script&#62;&#60;script&#62;window.__pwned=1&#60;/script&#62;');
  });
});

describe("a template's external stylesheets", () => {
  const HOST = 'fonts.template.test';
  const LINKS = [
    '<link href="https://fonts.googleapis.com/css?family=Roboto+Slab:400,700|Montserrat:400" rel="stylesheet" />',
    "<link rel='stylesheet' href='//cdn.example.net/font-awesome/4.7.0/css/font-awesome.min.css'>",
    '<link rel="preconnect" href="https://preconnect.example.org">',
  ].join('\n');
  beforeAll(async () => {
    await templateStore(
      HOST,
      fixtureTheme((files) => {
        files['header.region'] = (files['header.region'] as string).replace(
          '{squarespace-headers}',
          `{squarespace-headers}\n${LINKS}`,
        );
        files['styles/compiled.css'] =
          "@import url('https://use.typekit.example/abc.css');\n.fixture-main{max-width:60rem}";
      }),
    );
  });

  it('are allowed by the CSP with the font origins they need, only the origins the template names, never for scripts', async () => {
    const res = await new Visitor(`http://${HOST}`).fetch('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      'href="https://fonts.googleapis.com/css?family=Roboto+Slab:400,700|Montserrat:400"',
    );
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('style-src')).toMatch(
      /^style-src 'self' .* cdn\.example\.net https:\/\/fonts\.googleapis\.com https:\/\/use\.typekit\.example$/,
    );
    expect(directive('font-src')).toBe(
      "font-src 'self' cdn.example.net https://fonts.gstatic.com https://use.typekit.example",
    );
    expect(directive('script-src')).not.toMatch(/googleapis|gstatic|example\.net|typekit/);
    expect(csp).not.toContain('preconnect.example.org');
    expect(csp).not.toContain('*');
  });

  it('add nothing to the CSP of our own theme or of a template that names none', async () => {
    const ours = (await new Visitor().fetch('/')).headers.get('content-security-policy') ?? '';
    expect(ours).not.toMatch(/font-src|googleapis/);
    const plain = (await new Visitor('http://scripts.template.test').fetch('/')).headers.get('content-security-policy');
    expect(plain).not.toMatch(/font-src|googleapis/);
  });
});

describe("Squarespace's cart widget", () => {
  const HOST = 'cart.template.test';
  beforeAll(async () => {
    const site = demoSite();
    site.website.id = 'cart-template-test';
    site.collections.push({
      id: 'dev-cart-page',
      type: 10,
      typeName: 'page',
      title: 'Cart',
      urlId: 'dev-cart',
      fullUrl: '/dev-cart',
    });
    site.theme = fixtureTheme((files) => {
      files['body.region'] = (files['body.region'] as string).replace(
        '{squarespace.main-content}',
        '{.equal? collection.urlId "dev-cart"}<div id="sqs-cart-root"><div id="sqs-cart-container"></div></div>{.or}{squarespace.main-content}{.end}',
      );
    });
    expect(await publishSite(env, site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, HOST, site.website.id);
  });

  it("holds our cart page's island in the template's #sqs-cart-container on its dev-cart page, and nowhere else", async () => {
    const html = await (await new Visitor(`http://${HOST}`).fetch('/dev-cart')).text();
    const at = html.indexOf('<div id="sqs-cart-container">');
    expect(at, html.slice(html.indexOf('<main'), html.indexOf('</main>'))).toBeGreaterThan(0);
    const container = html.slice(at, html.indexOf('</main>', at));
    expect(container).toContain('<h1 id="cart-title">Cart</h1>');
    expect(container).toContain('<div data-island="CartPage"');
    expect(html.match(/<div data-island="CartPage"/g)).toHaveLength(1);
    const contact = await (await new Visitor(`http://${HOST}`).fetch('/contact')).text();
    expect(contact).not.toContain('sqs-cart-container');
    expect(contact).not.toContain('<div data-island="CartPage"');
  });
});

describe('templates as the platform accepts them', () => {
  const HOST = 'lenient.template.test';
  beforeAll(async () => {
    await templateStore(
      HOST,
      fixtureTheme((files) => {
        // No layout named default: the first one is. The second names a region the template lacks.
        const conf = JSON.parse(files['template.conf'] as string) as Record<string, unknown>;
        conf.name = 'Fixture With Spaces & More';
        conf.layouts = {
          main: { name: 'Main', regions: ['header', 'body', 'footer'] },
          wide: { name: 'Wide', regions: ['header', 'missing', 'footer'] },
        };
        files['template.conf'] = JSON.stringify(conf);
        // A products .conf that also accepts text, and no blog type: the blog is ours, not the product list.
        files['collections/products.conf'] = '{ "title": "Products", "acceptTypes": ["commerce-product", "text"] }';
        delete files['collections/blog.conf'];
        delete files['collections/blog.list'];
        delete files['collections/blog.item'];
        // Block-form navigations: one with its own template in its body, one naming a block.
        files['footer.region'] = (files['footer.region'] as string).replace(
          '<footer class="fixture-footer">',
          '<footer class="fixture-footer">\n<squarespace:navigation navigationId="mainNav">\n<ul class="inline-nav">{.repeated section items}<li>{title}</li>{.end}</ul>\n</squarespace:navigation>\n' +
            '<squarespace:navigation navigationId="footerNav" template="navigation">\n  fallback text\n</squarespace:navigation>',
        );
      }),
    );
  });

  it('renders every page in the first layout when none is named default, and a layout with a missing region as the default', async () => {
    const visitor = new Visitor(`http://${HOST}`);
    const home = await visitor.fetch('/');
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('data-layout="default"');
    expect(html).not.toContain('Template errors');
    // contact.page.conf names the "wide" layout, whose region is missing: it renders in the first layout.
    const contact = await (await visitor.fetch('/contact')).text();
    expect(contact).toContain('class="fixture-header"');
    expect(contact).not.toContain('Template errors');
  });

  it('renders the blog with our own pages, never through the products templates', async () => {
    const html = await (await new Visitor(`http://${HOST}`).fetch('/blog')).text();
    expect(html).not.toContain('fixture-product');
    expect(html).toContain('<div class="sf-system-page">');
  });

  it('renders a block-form navigation with its body as the template, never as text', async () => {
    const html = await (await new Visitor(`http://${HOST}`).fetch('/')).text();
    expect(html).not.toContain('squarespace:navigation');
    expect(html).not.toContain('fallback text');
    expect(html).toMatch(/<ul class="inline-nav"><li>Shop<\/li>/);
    expect(html).not.toContain('Template errors');
  });

  it('names the template in the analytics collector by an id the beacon accepts, and the beacon takes it', async () => {
    const visitor = new Visitor(`http://${HOST}`);
    const html = await (await visitor.fetch('/')).text();
    const templateId = /data-template-id="([^"]*)"/.exec(html)?.[1];
    expect(templateId).toBe('Fixture-With-Spaces-More');
    const hit = { websiteId: 'lenient-template-test', templateId, url: '/', pageType: 50 };
    const res = await visitor.fetch('/api/census/RecordHit', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '10.35.0.1' },
      body: new URLSearchParams({ event: 'view', data: JSON.stringify(hit) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe('a static file whose name has spaces', () => {
  const HOST = 'spaces.template.test';
  const target: AdminTarget = {
    url: 'http://localhost',
    host: HOST,
    fetch: (url, init) => exports.default.fetch(url, init),
  };

  it('imports and is served at its URL-encoded path', async () => {
    const { site } = await receiveSite({ ...target, host: undefined } as AdminTarget);
    await sendSite(target, 'import', { ...site, website: { ...(site.website as object), id: 'spaces-template' } });
    const theme = {
      'template.conf': JSON.stringify({ name: 'Spaces', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': '{squarespace.main-content}',
    };
    await sendTemplate(target, theme, [
      {
        path: 'assets/My Logo.svg',
        read: async () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]);
    const res = await exports.default.fetch(`http://${HOST}/assets/My%20Logo.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('gives {squarespace.template-revision}, which the static files URLs carry, a new value with every import', async () => {
    const theme = {
      'template.conf': JSON.stringify({ name: 'Spaces', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': '<p class="revision">{squarespace.template-revision}</p>{squarespace.main-content}',
    };
    const revision = async () => {
      await sendTemplate(target, theme, [{ path: 'assets/a.txt', read: async () => new TextEncoder().encode('a') }]);
      const html = await (await exports.default.fetch(`http://${HOST}/`)).text();
      return /<p class="revision">([^<]*)<\/p>/.exec(html)?.[1];
    };
    const first = await revision();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    const second = await revision();
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });
});
