/// <reference types="vite/client" />
/**
 * Squarespace developer-platform templates as a store's theme (docs/templates.md), through the worker inside workerd,
 * in one file (what used to be five): the fixture template in test/fixtures/developer-platform/ over the demo content
 * on hosts of its own, commerce in such templates, the source rewrites and template declarations alone, what real
 * templates do that the fixture template did not, and importing a template through the site admin calls.
 */
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShoppingCart } from '../../src/commerce/cart';
import { contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { siteSchema, type WholeSite } from '../../src/site/model/schema';
import { mapHost, publishSite } from '../../src/site/published/store';
import { PRODUCTION_VARS, Visitor } from './visitor';
import { compile } from '../../src/engine/index';
import { originalPosition, prepareSource, queriesIn } from '../../src/storefront/developer-platform/source';
import { regionsFor, templateDeclaration } from '../../src/storefront/developer-platform/template';
import { receiveSite, sendSite, sendTemplate, type AdminTarget, AdminCallError } from '../../scripts/site/admin-client';
import { TEMPLATE_RUNTIME } from '../../src/storefront/developer-platform/runtime';
import { THEME_LIMITS } from '../../src/site/theme/theme-schema';

/**
 * A Squarespace developer-platform template as a store's theme (docs/templates.md), through the
 * worker inside workerd: the fixture template in test/fixtures/developer-platform/ uses each
 * feature the renderer supports, over the demo store's content on hosts of its own.
 */
describe('developer-platform', () => {
  const FIXTURE = import.meta.glob('../fixtures/developer-platform/**/*', {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>;
  const PREFIX = '../fixtures/developer-platform/';

  /** The fixture as the importer writes it: the template's own relative paths, and the stylesheet it compiles. */
  function fixtureTheme(change: (files: Record<string, string>) => void = () => {}): Record<string, string> {
    const files: Record<string, string> = Object.fromEntries(
      Object.entries(FIXTURE).map(([path, text]) => [path.slice(PREFIX.length), text]),
    );
    files['styles/compiled.css'] = '.fixture-main{max-width:60rem;margin:0 auto}';
    change(files);
    return files;
  }

  /** The demo store with the fixture template and a navigation folder, on its own host. */
  async function templateStore(host: string, theme: Record<string, string>): Promise<void> {
    const site = demoSite();
    site.website.id = host.replaceAll('.', '-');
    site.theme = theme;
    site.navigation = [
      { title: 'Shop', url: '/shop' },
      { title: 'Journal', url: '/blog' },
      {
        title: 'More',
        children: [
          { title: 'Contact', url: '/contact' },
          { title: 'Elsewhere', url: 'https://example.com/' },
        ],
      },
    ];
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, host, site.website.id);
  }

  const HOST = 'fixture.template.test';
  const demo = demoSite();
  const simpleProduct = demo.items.find(
    (item) => item.structuredContent?.variants.length === 1 && item.structuredContent.productType === 1,
  );
  const post = demo.items.find((item) => item.collectionId === 'c-blog');

  /** The props of the page's first island of `name`. */
  function islandProps(html: string, name: string): Record<string, unknown> {
    const match = new RegExp(`data-island="${name}" data-props='([^']*)'`).exec(html);
    expect(match, `${name} island`).not.toBeNull();
    return JSON.parse(
      (match?.[1] ?? '').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&amp;', '&'),
    ) as Record<string, unknown>;
  }

  describe('a developer-platform template', () => {
    beforeAll(async () => {
      await templateStore(HOST, fixtureTheme());
    });

    it("gives each of the template's navigations the links the site names for it, the first the store's navigation otherwise, marking the page's link active", async () => {
      const host = 'named-navigations.template.test';
      const site = demoSite();
      site.website.id = host.replaceAll('.', '-');
      site.theme = fixtureTheme();
      site.templateNavigations = { footerNav: [{ title: 'Returns', url: '/contact' }] };
      expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
      await mapHost(env.SITE_CONTENT, host, site.website.id);
      const html = await (await new Visitor(`http://${host}`).fetch('/contact')).text();
      const footer = html.slice(html.indexOf('class="fixture-footer"'));
      expect(footer).toMatch(/<li class="fixture-nav-item active">\s*<a href="\/contact">Returns<\/a>/);
      expect(footer).not.toContain('>Shop</a>');
      // The main navigation, named nowhere, is still the store's.
      expect(html.slice(0, html.indexOf('class="fixture-footer"'))).toMatch(/<a href="\/shop">Shop<\/a>/);
      // The names and the count are checked as the site is.
      expect(siteSchema.safeParse({ ...site, templateNavigations: { 'no way': [] } }).success).toBe(false);
    });

    it('renders the home page in the default layout: regions in order, headers, stylesheet, navigation with a nested folder, block, query and footers', async () => {
      const res = await new Visitor(`http://${HOST}`).fetch('/');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html>\n<html lang="en-US">/);
      const header = html.indexOf('class="fixture-header"');
      const main = html.indexOf('data-layout="default"');
      const footer = html.indexOf('class="fixture-footer"');
      expect(header).toBeGreaterThan(0);
      expect(main).toBeGreaterThan(header);
      expect(footer).toBeGreaterThan(main);
      // {squarespace-headers}: title, the compiled stylesheet inline and allowed by its hash.
      expect(html).toContain(`<title>Shop · ${demo.website.siteTitle}</title>`);
      expect(html).toContain('.fixture-main{max-width:60rem;margin:0 auto}');
      expect(res.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/);
      expect(html).toMatch(
        /<body id="collection-c-shop" class="page-kind-products view-list collection-type-products collection-c-shop">/,
      );
      // The main navigation with its folder; the second navigation is empty.
      const nav = html.slice(header, main);
      expect(nav).toMatch(/<li class="fixture-nav-item">\s*<a href="\/shop">Shop<\/a>/);
      expect(nav).toContain('<span class="fixture-folder">More</span>');
      expect(nav).toContain(
        '<ul class="fixture-subnav"><li><a href="/contact">Contact</a></li><li><a class="fixture-external" href="https://example.com/">Elsewhere</a></li></ul>',
      );
      expect(nav).toContain(
        '<div class="sqs-layout sqs-grid-12 columns-12 empty" data-type="block-field" id="headerBlocks"><div class="row sqs-row"><div class="col sqs-col-12 span-12"></div></div></div>',
      );
      const footerHtml = html.slice(footer);
      expect(footerHtml).not.toContain('fixture-nav-item');
      expect(footerHtml.match(/<ul class="fixture-recent">(.*?)<\/ul>/)?.[1]?.match(/<li>/g)).toHaveLength(2);
      expect(footerHtml).toContain(`<p class="fixture-copyright">&copy; ${demo.website.siteTitle}</p>`);
      // {squarespace-footers}: the merchant's footer code and the analytics collector with the template's name.
      expect(footerHtml).toContain(`${demo.footer?.html}`);
      expect(footerHtml).toMatch(
        /<script type="module" src="\/build\/collectors.js" data-census data-website-id="fixture-template-test" data-template-id="Fixture"/,
      );
      expect(html).not.toContain('squarespace:');
      expect(html).not.toContain('data-trust');
    });

    it('renders a product listing with the list template, its blocks and a working add-to-cart island where the template wrote Squarespace markup', async () => {
      const html = await (await new Visitor(`http://${HOST}`).fetch('/shop')).text();
      expect(html).toContain('<h1 class="fixture-list-title">Shop</h1>');
      expect(html).toMatch(/<li class="fixture-nav-item active">\s*<a href="\/shop">Shop<\/a>/);
      expect(html.match(/<li class="fixture-product"/g)).toHaveLength(12);
      expect(html).toContain('<span class="fixture-price">');
      expect(html).toContain('<a class="fixture-next" href="/shop?page=2">Next</a>');
      // The hand-written <div class="sqs-add-to-cart-button" data-item-id> became our island: a product with options opens them (QuickAdd).
      expect(html).not.toMatch(/<div class="sqs-add-to-cart-button" data-item-id/);
      const buttons = html.match(/data-island="AddToCartButton"/g)?.length ?? 0;
      expect(buttons).toBeGreaterThan(0);
      expect(buttons + (html.match(/data-island="QuickAdd"/g)?.length ?? 0)).toBe(12);
      expect(html.match(/data-place="plp"/g)).toHaveLength(12);
      expect(html).not.toContain('fixture-filter');
    });

    it("names a tag filter the collection has, and never a visitor's own text, which a template may print unescaped", async () => {
      const visitor = new Visitor(`http://${HOST}`);
      const tag =
        demo.items.find((item) => item.collectionId === 'c-shop' && (item.tags ?? []).length > 0)?.tags?.[0] ?? '';
      const tagged = await (await visitor.fetch(`/shop?tag=${encodeURIComponent(tag)}`)).text();
      expect(tagged).toContain(`<p class="fixture-filter">Tagged ${tag}</p>`);
      const forged = await (await visitor.fetch(`/shop?tag=${encodeURIComponent('<b>forged</b>')}`)).text();
      expect(forged).not.toContain('fixture-filter');
      expect(forged).not.toContain('<b>forged</b>');
    });

    it('renders a product page with the item template, whose add to cart posts through the real cart API', async () => {
      expect(simpleProduct).toBeDefined();
      const visitor = await new Visitor(`http://${HOST}`).open();
      const html = await (await visitor.fetch(simpleProduct?.fullUrl ?? '')).text();
      expect(html).toContain(`<article class="fixture-product-item" data-item-id="${simpleProduct?.id}">`);
      expect(html).toContain(`<h1>${simpleProduct?.title}</h1>`);
      expect(html).toMatch(/<body id="item-[^"]+" class="page-kind-product view-item collection-type-products/);
      const props = islandProps(html, 'AddToCartButton');
      expect(props).toMatchObject({
        itemId: simpleProduct?.id,
        sku: simpleProduct?.structuredContent?.variants[0]?.sku,
        soldOut: false,
      });
      const added = await visitor.json<{ shoppingCart: ShoppingCart }>('POST', '/api/commerce/shopping-cart/entries', {
        itemId: props.itemId,
        sku: props.sku,
        quantity: 1,
        additionalFields: null,
      });
      expect(added.status).toBe(200);
      expect(added.body.shoppingCart.entries.map((entry) => entry.itemId)).toEqual([simpleProduct?.id]);
      const cart = await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart');
      expect(cart.body.totalQuantity).toBe(1);
    });

    it('renders the blog list and a post in the layout their collection .conf names, with the post neighbours as pagination', async () => {
      const visitor = new Visitor(`http://${HOST}`);
      const list = await (await visitor.fetch('/blog')).text();
      expect(list).toContain('data-layout="wide"');
      expect(list).not.toContain('data-layout="default"');
      expect(list).toContain('<h1 class="fixture-blog-title">');
      expect(list).toContain(`<a href="${post?.fullUrl}">${post?.title}</a>`);
      const page = await (await visitor.fetch(post?.fullUrl ?? '')).text();
      expect(page).toContain('data-layout="wide"');
      expect(page).toContain(`<article class="fixture-post"><h1>${post?.title}</h1>`);
      expect(page).toMatch(/<nav class="fixture-post-nav"><a rel="(?:prev|next)" href="\/blog\//);
    });

    it('renders a static page from its .page file, its blocks in the block field, in the layout of its .page.conf', async () => {
      const html = await (await new Visitor(`http://${HOST}`).fetch('/contact')).text();
      expect(html).toContain('data-layout="wide"');
      expect(html).toMatch(
        /<section class="fixture-page">\s*<h1>Contact<\/h1>\s*<div class="sqs-layout sqs-grid-12 columns-12" data-type="block-field" id="page-c-contact"><div class="row sqs-row"><div class="col sqs-col-12 span-12">/,
      );
      expect(html).toMatch(/id="page-c-contact">[\s\S]*data-island="(?:SiteForm|AddToCartButton)"[\s\S]*<\/section>/);
    });

    it("allows FullStory's origins in its CSP when session recording with FullStory is on", async () => {
      await templateStore('fullstory.template.test', fixtureTheme());
      const vars = { ...PRODUCTION_VARS, FULLSTORY_ORG_ID: 'o-1ABC', SESSION_RECORDING: 'on' } as Partial<Env>;
      const res = await new Visitor('http://fullstory.template.test', { vars }).fetch('/');
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/edge\.fullstory\.com https:\/\/rs\.fullstory\.com;/);
      expect(csp).toContain("connect-src 'self' https://edge.fullstory.com https://rs.fullstory.com;");
      expect((await new Visitor(`http://${HOST}`).fetch('/')).headers.get('content-security-policy')).not.toContain(
        'fullstory',
      );
    });

    it('keeps our cart and search pages inside the template regions', async () => {
      const visitor = new Visitor(`http://${HOST}`);
      const cart = await (await visitor.fetch('/cart')).text();
      expect(cart).toMatch(
        /data-layout="default">\s*[\s\S]*data-island="CartPage"[\s\S]*<\/main>\s*<footer class="fixture-footer">/,
      );
      // Our markup renders in the system page element; the system stylesheet, before the template's, styles only inside it.
      expect(cart).toMatch(/<div class="sf-system-page">\s*<section class="CartPage"[\s\S]*data-island="CartPage"/);
      const style = /<style>([\s\S]*?)<\/style>/.exec(cart)?.[1] ?? '';
      expect(style.indexOf('img,video{max-width:100%;height:auto}')).toBe(0);
      expect(style.indexOf(':is(.sf-system-page,.sf-commerce,.Dialog-backdrop) .CartEntry{')).toBeGreaterThan(0);
      expect(style.indexOf(':is(.sf-system-page,.sf-commerce,.Dialog-backdrop) .CartEntry{')).toBeLessThan(
        style.indexOf('.fixture-main{'),
      );
      expect(style).not.toMatch(/(?:^|[}])\s*\.CartEntry\{/);
      expect(style).not.toContain('.site-header');
      const search = await (await visitor.fetch('/search?q=linen')).text();
      expect(search).toContain('class="fixture-header"');
      expect(search).toContain('Linen Shirt');
    });
  });

  describe('template errors', () => {
    const BROKEN = 'broken.template.test';
    const STRAY = '<squarespace:navigation navigationId="mainNav" template="navigation" /> {.end}';

    beforeAll(async () => {
      await templateStore(
        BROKEN,
        fixtureTheme((files) => {
          files['header.region'] = (files['header.region'] as string).replace(
            '<header class="fixture-header">',
            `<header class="fixture-header">\n  ${STRAY}`,
          );
        }),
      );
    });

    it('shows a .region error with its own file, line and column in development', async () => {
      const source = fixtureTheme()['header.region'] as string;
      const line = source.slice(0, source.indexOf('<header class="fixture-header">')).split('\n').length + 1;
      const column = 3 + STRAY.indexOf('{.end}');
      const html = await (await new Visitor(`http://${BROKEN}`).fetch('/')).text();
      expect(html).toContain('<strong>Template errors</strong>');
      expect(html).toContain(`<li>header.region:${line}:${column} assembler: Instruction END not allowed at root</li>`);
      expect(html).toContain('class="fixture-footer"');
    });

    it("answers with the store's error page in production (styled, 101, never cached), naming no file but logging it", async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // Not the page the development test rendered: that one is in this isolate's page cache.
      const res = await new Visitor(`http://${BROKEN}`, { vars: PRODUCTION_VARS }).fetch('/shop', {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      const logged = String(errors.mock.calls.flat());
      errors.mockRestore();
      expect(res.status).toBe(500);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      const { siteTitle } = demoSite().website;
      expect(html).toContain('<h1 data-text="error.failed">Something went wrong</h1>');
      expect(html).toContain(`<title data-title-text="error.failed">Something went wrong · ${siteTitle}</title>`);
      expect(html).toContain(`<a class="site-title" href="/">${siteTitle}</a>`);
      expect(html).toContain('<a class="Button" href="/shop" data-text="error.tryAgain">Try again</a>');
      expect(html).toContain('data-page-type="101"');
      // Our default theme's stylesheet, as the template's system pages wear it: its own is written for its markup.
      expect(html).toMatch(/<style>[^<]*\.site-header \{[^<]*\.NotFound-code \{/);
      expect(html).not.toContain('header.region');
      expect(logged).toContain('header.region');
    });
  });
});

/**
 * Commerce in developer-platform templates (issue 35 point 4), through the worker: `showCart` and
 * `shoppingCart` in the context, `.sqs-cart-dropzone` holding our cart pill, `{@|product-checkout}`
 * on a product with options as its option selects and Add To Cart, the platform's screen-reader
 * price labels hidden by the system stylesheet, a product's pictures as `item.items`, and the
 * platform's floating cart when the template has no place for a cart.
 */
describe('developer-platform-commerce', () => {
  const FIXTURE = import.meta.glob('../fixtures/developer-platform/**/*', {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>;
  const PREFIX = '../fixtures/developer-platform/';
  const HOST = 'commerce.template.test';

  const CART =
    '{.if showCart}<a class="t-cart" href="/cart">Cart <span class="sqs-cart-quantity">{shoppingCart.totalQuantity}</span></a>{.end}<div class="sqs-cart-dropzone"></div>';
  const ITEM = `{.section item}
<article class="t-product">
  <h1>{title}</h1>
  <div class="t-price">{@|product-price}</div>
  <ul class="t-images">{.repeated section items}<li><img src="{assetUrl}" alt=""></li>{.end}</ul>
  {@|product-checkout}
</article>
{.end}`;
  const LIST =
    '<ul>{.repeated section items}<li class="t-card" data-item-id="{id}">{.section items}{.section 0}<img class="t-thumb" src="{assetUrl}" alt="">{.end}{.end}{title}</li>{.end}</ul>';

  /** The fixture template with `header` added to its header region, as a store on `host`. */
  async function templateStore(host: string, header: string): Promise<void> {
    const files: Record<string, string> = Object.fromEntries(
      Object.entries(FIXTURE).map(([path, text]) => [path.slice(PREFIX.length), text]),
    );
    files['styles/compiled.css'] = '.fixture-main{max-width:60rem}';
    files['header.region'] = (files['header.region'] as string).replace('</header>', `${header}\n</header>`);
    files['collections/products.item'] = ITEM;
    files['collections/products.list'] = LIST;
    const site = demoSite();
    site.website.id = host.replaceAll('.', '-');
    site.theme = files;
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, host, site.website.id);
  }

  const COUNT_ONLY_HOST = 'count-only.template.test';
  const NO_CART_HOST = 'no-cart.template.test';
  beforeAll(async () => {
    await templateStore(HOST, CART);
    await templateStore(NO_CART_HOST, '');
    await templateStore(
      COUNT_ONLY_HOST,
      '<a href="/cart">Cart <span class="sqs-cart-quantity">{shoppingCart.totalQuantity}</span></a>',
    );
  });

  async function page(path: string): Promise<string> {
    const res = await new Visitor(`http://${HOST}`).fetch(path);
    expect(res.status).toBe(200);
    return res.text();
  }

  describe('commerce in a developer-platform template', () => {
    it('gives the template showCart and shoppingCart (the empty cart of a cached page, its count live in .sqs-cart-quantity)', async () => {
      const html = await page('/');
      expect(html).toContain('<a class="t-cart" href="/cart">Cart <span class="sqs-cart-quantity">0</span></a>');
    });

    it('fills .sqs-cart-dropzone with our cart pill, styled as our theme styles it', async () => {
      const html = await page('/shop/p/linen-shirt');
      expect(html).toMatch(
        /<div class="sqs-cart-dropzone"><div class="sf-commerce"><div data-island="CartPill"[^>]*>[\s\S]*?class="CartPill"/,
      );
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style).toContain(':is(.sf-system-page,.sf-commerce,.Dialog-backdrop) .CartPill');
    });

    it("sizes our markup's text from the root, so a template that zeroes its body's font size still shows our selects and count", async () => {
      const style = /<style>([\s\S]*?)<\/style>/.exec(await page('/shop/p/linen-shirt'))?.[1] ?? '';
      const rule = style.indexOf(':is(.sf-system-page,.sf-commerce,.Dialog-backdrop){font-size:1rem}');
      expect(rule).toBeGreaterThan(0);
      // Before the template's own rules, so a size the template gives our widgets' classes still wins.
      expect(rule).toBeLessThan(style.indexOf('.fixture-main{'));
    });

    it("keeps a template's .sqs-cart-quantity counts live without a dropzone: a hidden cart pill fills them", async () => {
      const html = await (await new Visitor(`http://${COUNT_ONLY_HOST}`).fetch('/shop/p/linen-shirt')).text();
      expect(html).toContain('Cart <span class="sqs-cart-quantity">0</span>');
      expect(html).toMatch(/<div class="sf-commerce" hidden><div data-island="CartPill"[\s\S]*<\/body>/);
      expect(html.match(/data-island="CartPill"/g)).toHaveLength(1);
      const dropzone = await page('/shop/p/linen-shirt');
      expect(dropzone).not.toContain('<div class="sf-commerce" hidden>');
    });

    it("shows the platform's floating cart on a store that sells when the template has no place for a cart", async () => {
      const html = await (await new Visitor(`http://${NO_CART_HOST}`).fetch('/')).text();
      expect(html).toMatch(
        /<div class="absolute-cart-box"><div class="sf-commerce"><div data-island="CartPill"[\s\S]*?class="CartPill"[\s\S]*<\/body>/,
      );
      expect(html.match(/data-island="CartPill"/g)).toHaveLength(1);
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style).toContain('.absolute-cart-box{position:fixed;right:16px;bottom:16px');
      // A template with its own dropzone or counts keeps its cart where it put it.
      expect(await page('/')).not.toContain('<div class="absolute-cart-box">');
      const counts = await (await new Visitor(`http://${COUNT_ONLY_HOST}`).fetch('/')).text();
      expect(counts).not.toContain('<div class="absolute-cart-box">');
    });

    it('renders {@|product-checkout} on a product with options as its option selects, quantity and Add To Cart, not a lone Purchase button', async () => {
      const html = await page('/shop/p/linen-shirt');
      const checkout = /<div class="sf-commerce sf-product-checkout">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
      expect(checkout).toContain('data-island="VariantSelects"');
      expect(checkout).toMatch(/<select[^>]*>[\s\S]*Small/);
      expect(checkout).toContain('data-island="AddToCartButton"');
      expect(checkout.indexOf('data-island="VariantSelects"')).toBeLessThan(
        checkout.indexOf('data-island="AddToCartButton"'),
      );
      expect(checkout).toContain('Add To Cart');
      expect(checkout).not.toContain('Purchase');
      // The selects are styled as on our own product page.
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style).toContain(':is(.sf-system-page,.sf-commerce,.Dialog-backdrop) .product-variants{');
      // Its message when an option is not chosen opens in our dialog at the end of <body>: styled too.
      expect(style).toMatch(/\}\.Dialog-backdrop\{position: fixed;/);
      expect(style).toContain(':is(.sf-system-page,.sf-commerce,.Dialog-backdrop) .Dialog{');
    });

    it('hides the platform\'s screen-reader price labels ("Sale Price:") with its visually-hidden classes', async () => {
      const html = await page('/shop/p/canvas-tote');
      expect(html).toMatch(/<span class="visually-hidden v6-visually-hidden">Sale Price:<\/span>/);
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style).toMatch(
        /(?:^|\})\.visually-hidden,\.v6-visually-hidden\{position:absolute;width:1px;height:1px;[^}]*clip:rect\(0 0 0 0\)/,
      );
    });

    it("fills item.items with the product's pictures, on its page and in the list", async () => {
      const tote = demoSite().items.find((item) => item.urlId === 'canvas-tote');
      const src = tote?.assetUrl ?? '';
      expect(src).not.toBe('');
      const item = await page('/shop/p/canvas-tote');
      expect(/<ul class="t-images">([\s\S]*?)<\/ul>/.exec(item)?.[1]).toBe(`<li><img src="${src}" alt=""></li>`);
      const list = await page('/shop');
      expect(list).toMatch(
        new RegExp(
          `data-item-id="${tote?.id ?? ''}"><img class="t-thumb" src="${src.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`,
        ),
      );
    });
  });
});

/** The developer-platform source rewrites and template declarations, alone (the rest: developer-platform.test.ts). */
describe('developer-platform-source', () => {
  /** The first compile error of a file, at its place in the file as written. */
  function firstError(file: string, source: string) {
    const prepared = prepareSource(file, source);
    const [error] = compile(prepared.text).errors;
    expect(error).toBeDefined();
    return originalPosition(prepared, error as NonNullable<typeof error>);
  }

  describe('developer-platform sources', () => {
    it('rewrites the JSP-like tags and shorthands into template tags', () => {
      const source = [
        '<squarespace:navigation navigationId="mainNav" template="site-navigation" />',
        '<squarespace:block-field id="footer" columns="6" />',
        '<squarespace:query collection="blog" limit="3" tag="news">{.repeated section items}{title}{.end}</squarespace:query>',
        '{.main-content}{.apply price.block}',
        '<squarespace:script src="site.js" combo="{.if authenticatedAccount}false{.or}true{.end}" />',
      ].join('\n');
      const { text } = prepareSource('site.region', source);
      expect(text).toContain('{squarespace.navigations.mainNav|apply site-navigation.block}');
      // A site-wide field: the site's blocks for its id, else the platform's empty field; its row and column, for the template's scripts and grid CSS.
      expect(text).toContain(
        '<div class="sqs-layout sqs-grid-6 columns-6{.if squarespace.block-fields.footer}{.or} empty{.end}" data-type="block-field" id="footer"><div class="row sqs-row"><div class="col sqs-col-6 span-6">{.if squarespace.block-fields.footer}{squarespace.block-fields.footer}{.end}</div></div></div>',
      );
      expect(text).toContain(
        '{.section squarespace.queries.site_region_0}{.repeated section items}{title}{.end}{.end}',
      );
      expect(text).toContain('{squarespace.main-content}{@|apply price.block}');
      expect(text).toMatch(/<script data-trust="[0-9a-f]{32}" src="\/assets\/scripts\/site.js" defer><\/script>/);
      expect(compile(text).errors).toEqual([]);
      expect(queriesIn(source)).toEqual([{ collection: 'blog', limit: 3, tag: 'news', category: null }]);
    });

    it("holds a static page's blocks only in block fields of pages/ files, and leaves a script outside the template folder out", () => {
      expect(prepareSource('pages/about.page', '<squarespace:block-field id="page" />').text).toContain(
        '{squarespace.page-blocks}',
      );
      expect(prepareSource('site.region', '<squarespace:block-field id="page" />').text).not.toContain(
        '{squarespace.page-blocks}',
      );
      expect(prepareSource('site.region', '<squarespace:script src="../secret.js" />').text).toBe('');
    });

    it('maps an error after rewritten tags back to the line and column the author wrote', () => {
      const line2 = '  <squarespace:navigation navigationId="mainNav" template="nav" /> <script>x</script> {.end}';
      expect(firstError('site.region', `<html>\n${line2}\n</html>`)).toMatchObject({
        type: 'assembler',
        line: 2,
        column: line2.indexOf('{.end}') + 1,
      });
      const lines = '<squarespace:query collection="blog">\n{.section item}\n</squarespace:query>\n  {foo|nope}';
      expect(firstError('blog.list', lines)).toMatchObject({ line: 4, column: 3 });
    });

    it('reads layouts, collection types and their layouts from the .conf files, with JSON errors at their line', () => {
      const files = {
        'template.conf':
          '{"name":"T","layouts":{"default":{"regions":["header","site"]},"wide":{"regions":["site"]}},"navigations":[{"name":"main"}]}',
        'collections/shop.conf': '{"acceptTypes":["commerce-product"],"layout":"wide"}',
        'collections/journal.conf': '{"acceptTypes":["text"]}',
        'pages/about.page.conf': '{\n  "layout": "wide",\n}',
      };
      const declaration = templateDeclaration(files);
      expect(declaration.collectionTypes).toEqual({ products: 'shop', blog: 'journal' });
      expect(declaration.navigations).toEqual(['main']);
      expect(regionsFor(declaration, 'collections/shop')).toEqual(['site']);
      expect(regionsFor(declaration, 'collections/journal')).toEqual(['header', 'site']);
      expect(regionsFor(declaration, null)).toEqual(['header', 'site']);
      expect(declaration.problems).toEqual([
        expect.objectContaining({ file: 'pages/about.page.conf', line: 3, column: 1 }),
      ]);
    });
  });
});

/**
 * What real developer-platform templates do that the fixture template did not (issue 35), through
 * the worker: their own script and style elements (inline, external, JSON data blocks) stay on the
 * page with the CSP allowing them while merchant text inside stays escaped; a template with no
 * layout named `default`, a layout naming a region the template lacks, a products `.conf` that
 * also accepts "text", a block-form `<squarespace:navigation>`, and a name with spaces (the
 * analytics beacon's `templateId`); a static file whose name has spaces is served URL-encoded, and
 * `{squarespace.template-revision}` changes with every import of the static files.
 */
describe('developer-platform-real-templates', () => {
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
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
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
      // Tabi no Hana and Deem Journal listen for the style editor's tweak:change on Y.Global after their first page.
      expect(TEMPLATE_RUNTIME).toContain('Global:{on:function(){return{detach:function(){}}}}');
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
      const plain = (await new Visitor('http://scripts.template.test').fetch('/')).headers.get(
        'content-security-policy',
      );
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
      expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
      await mapHost(env.SITE_CONTENT, HOST, site.website.id);
    });

    it("holds our cart page's island in the template's #sqs-cart-container on its dev-cart page, and nowhere else", async () => {
      const html = await (await new Visitor(`http://${HOST}`).fetch('/dev-cart')).text();
      const at = html.indexOf('<div id="sqs-cart-container">');
      expect(at, html.slice(html.indexOf('<main'), html.indexOf('</main>'))).toBeGreaterThan(0);
      const container = html.slice(at, html.indexOf('</main>', at));
      expect(container).toContain('<h1 id="cart-title" data-text="cart.title">Cart</h1>');
      expect(container).toContain('<div data-island="CartPage"');
      expect(html.match(/<div data-island="CartPage"/g)).toHaveLength(1);
      const contact = await (await new Visitor(`http://${HOST}`).fetch('/contact')).text();
      expect(contact).not.toContain('sqs-cart-container');
      expect(contact).not.toContain('<div data-island="CartPage"');
    });
  });

  describe('site-wide block fields', () => {
    // Deem Journal's own files (test/fixtures/third-party/deemjournal, Apache-2.0): its site.region's
    // `deem--search` field, whose search block its script parses as it loads (`blocks/search.block`,
    // which `search.block.conf` makes the platform's search block).
    const DEEM = import.meta.glob(
      '../fixtures/third-party/deemjournal/{template.conf,*.region,blocks/*,collections/*}',
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    ) as Record<string, string>;
    const deemTheme = () => ({
      ...Object.fromEntries(
        Object.entries(DEEM).map(([path, text]) => [path.slice('../fixtures/third-party/deemjournal/'.length), text]),
      ),
      'styles/compiled.css': '',
    });
    const HOST = 'deem.template.test';
    const EMPTY_HOST = 'deem-empty.template.test';
    const SEARCH = { id: 'search-1', type: 'search' as const, placeholder: HOSTILE };
    const TEXT = { id: 'text-1', type: 'html' as const, html: '<p>Hello<img src=x onerror=alert(1)></p>' };

    beforeAll(async () => {
      const stores: [string, WholeSite['blockFields']][] = [
        [HOST, { 'deem--search': [SEARCH, TEXT] }],
        [EMPTY_HOST, undefined],
      ];
      for (const [host, blockFields] of stores) {
        const site = demoSite();
        site.website.id = host.replaceAll('.', '-');
        site.theme = deemTheme();
        site.blockFields = blockFields;
        expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
        await mapHost(env.SITE_CONTENT, host, site.website.id);
      }
    });

    /** The markup of the field `id` (its div.sqs-layout) on `html`. */
    const field = (html: string, id: string) => {
      const at = html.lastIndexOf('<div class="sqs-layout', html.indexOf(`data-type="block-field" id="${id}"`));
      return html.slice(at, html.indexOf('</div></div></div>', at) + 18);
    };

    it("renders the site's search block in the template's own search.block on every page, its block number (data-block-type 33) on its wrapper, its JSON escaped for the script", async () => {
      for (const path of ['/', '/blog', '/contact']) {
        const html = await (await new Visitor(`http://${HOST}`).fetch(path)).text();
        const search = field(html, 'deem--search');
        expect(search).toMatch(
          /^<div class="sqs-layout sqs-grid-12 columns-12" data-type="block-field" id="deem--search">/,
        );
        expect(search).toContain(
          '<div class="sqs-block search-block sqs-block-search" data-block-type="33" id="block-search-1"><div class="sqs-block-content"><div class="search js-search" data-results=".js-search-results">',
        );
        // What Deem's Search.js reads as it loads: the block's JSON in the template's data block, kept (trusted) and parseable.
        const json = /<script type="application\/json">([\s\S]*?)<\/script>/.exec(search)?.[1] ?? '';
        expect(JSON.parse(json)).toMatchObject({ id: 'search-1', type: 'search', placeholder: HOSTILE });
        expect(search).not.toContain('<script>window.__pwned');
        expect(html).not.toContain('data-trust');
      }
    });

    it('renders a text block, a type the template does not override, with ours, sanitized, and leaves a field without content empty', async () => {
      const html = await (await new Visitor(`http://${HOST}`).fetch('/')).text();
      expect(html.slice(html.indexOf('id="block-search-1"'))).toContain(
        '<div class="sqs-block html-block sqs-block-html" data-block-type="2" id="block-text-1"><div class="sqs-block-content"><div class="HtmlBlock"><p>Hello<img src="x"></p>',
      );
      const empty = await (await new Visitor(`http://${EMPTY_HOST}`).fetch('/')).text();
      expect(field(empty, 'deem--search')).toBe(
        '<div class="sqs-layout sqs-grid-12 columns-12 empty" data-type="block-field" id="deem--search"><div class="row sqs-row"><div class="col sqs-col-12 span-12"></div></div></div>',
      );
    });

    it('refuses code and product blocks, unknown ids and too many blocks in a site-wide field', () => {
      const parse = (blockFields: unknown) => siteSchema.shape.blockFields.safeParse(blockFields);
      expect(parse({ 'deem--search': [SEARCH, TEXT] }).success).toBe(true);
      expect(parse({ footer: [{ id: 'c', type: 'code', code: '<script>x</script>' }] }).success).toBe(false);
      expect(parse({ footer: [{ id: 'p', type: 'product', productId: 'x' }] }).success).toBe(false);
      expect(parse({ 'bad id': [TEXT] }).success).toBe(false);
      expect(parse({ footer: Array.from({ length: 21 }, (_, i) => ({ ...TEXT, id: `t${i}` })) }).success).toBe(false);
    });
  });

  describe('index collections', () => {
    // GarberCo's own files (test/fixtures/third-party/garberco, MIT): its home is an index whose `index.conf` says
    // `"index": true` and whose `index.list` repeats `collection.collections`, each tile its section's mainImage.
    const GARBERCO = import.meta.glob(
      '../fixtures/third-party/garberco/{template.conf,*.region,blocks/*,collections/*}',
      { query: '?raw', import: 'default', eager: true },
    ) as Record<string, string>;
    const garbercoTheme = () => ({
      ...Object.fromEntries(
        Object.entries(GARBERCO).map(([path, text]) => [path.slice('../fixtures/third-party/garberco/'.length), text]),
      ),
      'styles/compiled.css': '',
    });
    const HOST = 'garberco-index.template.test';
    const OURS = 'index-ours.template.test';
    const THUMBNAIL = { assetUrl: '/files/work-shop.jpg', originalSize: '1200x800' };
    /** The demo store with an index, Work, at `/work` and as its home page, holding the shop, the journal and contact. */
    function withIndex(site: ReturnType<typeof demoSite>): ReturnType<typeof demoSite> {
      site.collections = site.collections.map((collection) =>
        collection.id === 'c-shop' ? { ...collection, mainImage: THUMBNAIL } : collection,
      );
      site.collections.push({
        id: 'c-work',
        type: 1,
        typeName: 'index',
        title: 'Work',
        urlId: 'work',
        fullUrl: '/work',
        homepage: true,
        collectionIds: ['c-shop', 'c-blog', 'c-contact'],
      });
      site.navigation = [{ title: 'Work', url: '/work' }, ...(site.navigation ?? [])];
      return site;
    }

    beforeAll(async () => {
      for (const [host, theme] of [
        [HOST, garbercoTheme()],
        [OURS, undefined],
      ] as const) {
        const site = withIndex(demoSite());
        site.website.id = host.replaceAll('.', '-');
        if (theme !== undefined) site.theme = theme;
        expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
        await mapHost(env.SITE_CONTENT, host, site.website.id);
      }
    });

    it("draws the home page's index through the template's index.list: a tile for each section in order, with its thumbnail", async () => {
      for (const path of ['/', '/work']) {
        const res = await new Visitor(`http://${HOST}`).fetch(path);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html).toContain('<div class="page js-page" data-type="index" data-id="c-work"');
        const start = html.indexOf('<section class="index js-index');
        const grid = html.slice(start, html.indexOf('</section>', start));
        expect([...grid.matchAll(/<a href="([^"]*)" class="grid__photo/g)].map((m) => m[1])).toEqual([
          '/shop',
          '/blog',
          '/contact',
        ]);
        // Each section's description, else its title: the merchant's sanitized rich text, printed as the template asks.
        expect([...grid.matchAll(/<h3 class="grid__title h3">([\s\S]*?)<\/h3>/g)].map((m) => m[1])).toEqual([
          '<p>Things we make and love.</p>',
          'Journal',
          'Contact',
        ]);
        // The shop's thumbnail through the template's image.block; the others have none.
        expect(grid.match(/<img class="figure__image image js-lazy-image"[^>]*>/g)).toEqual([
          '<img class="figure__image image js-lazy-image" data-img-src="/files/work-shop.jpg" data-variants="" data-original-size="1200x800" />',
        ]);
      }
      // The index first in the header navigation: GarberCo's header block draws its home link as its logo, and the
      // index's panel (`js-main--{urlId}`), where its script puts the tiles.
      const home = await (await new Visitor(`http://${HOST}`).fetch('/')).text();
      expect(home).toMatch(
        /<a class="header__nav header__nav--work js-controller js-controller--work js-root h3 -column" href="\/work"/,
      );
      expect(home).toContain('js-main-panel js-main--work');
      // A section keeps its own page.
      const shop = await (await new Visitor(`http://${HOST}`).fetch('/shop')).text();
      expect(shop).toContain('data-id="c-shop"');
    });

    it("gives the index's sections with their first page of items as collection.collections in ?format=json, what GarberCo's script reads", async () => {
      const res = await new Visitor(`http://${HOST}`).fetch('/?format=json');
      expect(res.status).toBe(200);
      const { collection } = (await res.json()) as {
        collection: {
          id: string;
          folder: boolean;
          folderBehavior: number;
          collections: { id: string; title: string; items: { title: string }[] }[];
        };
      };
      expect(collection).toMatchObject({ id: 'c-work', folder: true, folderBehavior: 1 });
      expect(collection.collections.map((section) => section.id)).toEqual(['c-shop', 'c-blog', 'c-contact']);
      const [shop, blog, contact] = collection.collections;
      expect(shop?.items.length).toBe(12);
      expect(shop?.items.map((item) => item.title)).toContain('Canvas Tote');
      expect(blog?.items.length).toBeGreaterThan(0);
      const posts = demoSite()
        .items.filter((item) => item.collectionId === 'c-blog')
        .map((item) => item.title);
      expect(blog?.items.every((item) => posts.includes(item.title))).toBe(true);
      expect(contact?.items).toEqual([]);
    });

    it('shows an index in our own theme as a page with its title', async () => {
      const html = await (await new Visitor(`http://${OURS}`).fetch('/')).text();
      expect(html).toContain('<h1>Work</h1>');
    });

    it('refuses sections on a collection that is not an index, unknown, nested or repeated sections and two home pages', () => {
      const parse = (change: (site: ReturnType<typeof demoSite>) => void) => {
        const site = withIndex(demoSite());
        change(site);
        const result = siteSchema.safeParse(site);
        return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      };
      const work = (site: ReturnType<typeof demoSite>) =>
        site.collections.find((collection) => collection.id === 'c-work');
      expect(parse(() => {})).toEqual([]);
      const at = (i: number) =>
        `collections.${withIndex(demoSite()).collections.findIndex((c) => c.id === 'c-work')}.collectionIds.${i}`;
      expect(
        parse((site) => {
          const index = work(site);
          if (index !== undefined) index.collectionIds = ['c-shop', 'c-nowhere', 'c-work', 'c-shop'];
        }),
      ).toEqual([
        `${at(1)}: names no collection of the site`,
        `${at(2)}: an index cannot hold itself`,
        `${at(3)}: names a section twice`,
      ]);
      expect(
        parse((site) => {
          site.collections.push({
            id: 'c-more',
            type: 1,
            typeName: 'index',
            title: 'More',
            urlId: 'more',
            fullUrl: '/more',
          });
          const index = work(site);
          if (index !== undefined) index.collectionIds = ['c-more'];
        }),
      ).toEqual([`${at(0)}: an index cannot hold an index`]);
      expect(
        parse((site) => {
          const shop = site.collections[0];
          if (shop !== undefined) Object.assign(shop, { collectionIds: ['c-blog'], homepage: true });
        }),
      ).toEqual([
        'collections.0.collectionIds: only an index collection (typeName "index") holds sections (collectionIds)',
        `collections.${withIndex(demoSite()).collections.findIndex((c) => c.id === 'c-work')}.homepage: only one collection can be the home page`,
      ]);
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
        'template.conf': JSON.stringify({
          name: 'Spaces',
          layouts: { default: { name: 'Default', regions: ['site'] } },
        }),
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
        'template.conf': JSON.stringify({
          name: 'Spaces',
          layouts: { default: { name: 'Default', regions: ['site'] } },
        }),
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
});

/**
 * Importing a developer-platform template through the site admin calls with the CLI's own client
 * (scripts/site/admin-client.ts): the theme swaps in with its static files, which the store then
 * serves at /assets/ and /scripts/ with their types; files that did not arrive, a theme over its
 * caps or a path outside the template refuse the import and leave the store as it was.
 */
describe('template-import', () => {
  const HOST = 'template-shop.example';
  const target: AdminTarget = {
    url: 'http://localhost',
    host: HOST,
    fetch: (url, init) => exports.default.fetch(url, init),
  };
  const fromStore = (path: string, init: RequestInit = {}) => exports.default.fetch(`http://${HOST}${path}`, init);

  const THEME = {
    'template.conf': JSON.stringify({
      name: 'Tiny',
      layouts: { default: { name: 'Default', regions: ['site'] } },
      navigations: [{ title: 'Main', name: 'mainNav' }],
      stylesheets: ['site.css'],
    }),
    'site.region':
      '<!doctype html><html><head>{squarespace-headers}</head><body class="tiny">{squarespace.main-content}{squarespace-footers}</body></html>',
    'styles/compiled.css': 'body { color: #123; }',
  };
  const text = (value: string) => ({ read: async () => new TextEncoder().encode(value) });

  async function storeAtHost(): Promise<void> {
    const { site } = await receiveSite({ ...target, host: undefined } as AdminTarget);
    await sendSite(target, 'import', { ...site, website: { ...(site.website as object), id: 'template-shop' } });
  }

  async function refused(promise: Promise<unknown>): Promise<AdminCallError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AdminCallError);
    return error as AdminCallError;
  }

  describe('importing a developer-platform template', () => {
    it('swaps the theme in with its static files, served on the store host with their types', async () => {
      await storeAtHost();
      const sent = await sendTemplate(target, THEME, [
        { path: 'assets/logo.svg', ...text('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        { path: 'scripts/site.js', ...text('console.log(1)') },
      ]);
      expect(sent.version).toBeGreaterThan(0);
      const logo = await fromStore('/assets/logo.svg');
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml');
      expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await logo.text()).toContain('<svg');
      for (const path of ['/scripts/site.js', '/assets/scripts/site.js']) {
        const script = await fromStore(path);
        expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(await script.text()).toBe('console.log(1)');
      }
      const again = await fromStore('/assets/logo.svg', {
        headers: { 'if-none-match': logo.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(304);
      expect((await fromStore('/assets/missing.png')).status).toBe(404);
      const { site } = await receiveSite(target);
      expect(site.theme).toEqual(THEME);
    });

    it('refuses the import when a listed file did not arrive, and the store keeps its theme', async () => {
      await storeAtHost();
      const before = (await receiveSite(target)).site.theme;
      const call = (method: string, path: string, body: unknown) =>
        exports.default.fetch(`http://localhost/api/site-admin${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const { uploadId } = (await (await call('POST', '/template-uploads', { host: HOST })).json()) as {
        uploadId: string;
      };
      await call('PUT', `/template-uploads/${uploadId}/files`, {
        host: HOST,
        path: 'assets/here.txt',
        data: btoa('here'),
      });
      const commit = await call('PUT', '/template', {
        host: HOST,
        uploadId,
        theme: { ...THEME, 'site.region': 'changed' },
        assets: ['assets/here.txt', 'assets/never.png'],
      });
      expect(commit.status).toBe(409);
      expect(((await commit.json()) as { error: string }).error).toContain('assets/never.png');
      expect((await receiveSite(target)).site.theme).toEqual(before);
    });

    it('refuses a theme over its caps or with paths outside the template', async () => {
      await storeAtHost();
      const tooBig = await refused(
        sendTemplate(target, { ...THEME, 'styles/compiled.css': 'x'.repeat(THEME_LIMITS.fileChars + 1) }, []),
      );
      expect(tooBig.status).toBe(400);
      expect(tooBig.message).toContain(`at most ${THEME_LIMITS.fileChars} characters`);
      const escaping = await refused(sendTemplate(target, { ...THEME, '../site.region': 'x' }, []));
      expect(escaping.status).toBe(400);
      const outside = await refused(sendTemplate(target, THEME, [{ path: 'secrets/key.txt', ...text('x') }]));
      expect(outside.status).toBe(400);
      expect(outside.message).toContain('assets/ or scripts/');
      const noConf = await refused(sendTemplate(target, { 'site.region': 'x' }, []));
      expect(noConf.message).toContain('template.conf');
    });
  });
});
