/// <reference types="vite/client" />
/**
 * Commerce in developer-platform templates (issue 35 point 4), through the worker: `showCart` and
 * `shoppingCart` in the context, `.sqs-cart-dropzone` holding our cart pill, `{@|product-checkout}`
 * on a product with options as its option selects and Add To Cart, the platform's screen-reader
 * price labels hidden by the system stylesheet, a product's pictures as `item.items`, and the
 * platform's floating cart when the template has no place for a cart.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { Visitor } from './visitor';

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
  expect(await publishSite(env, site)).toHaveProperty('version');
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
