/**
 * Which page a path is and what its context holds, on the small test store published to its
 * content object (the page kinds read their items through the catalogue).
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteCatalog } from '../../src/site/catalog';
import { sitePaths } from '../../src/site/paths';
import { publishSite } from '../../src/site/store';
import { PageType } from '../../src/commerce/page-types';
import { pageShape, resolvePage } from '../../src/storefront/page-context';
import { smallSite, smallSiteInput } from '../support/site';

const site = smallSite();
let version = 0;
const resolve = (path: string, query: Record<string, string> = {}) =>
  resolvePage(site, siteCatalog(env, site.website.id, version), path, query);

beforeAll(async () => {
  const published = await publishSite(env, smallSiteInput());
  if (!('version' in published)) throw new Error(published.error);
  version = published.version;
});

describe('which page a path is', async () => {
  it('lists the first product collection at / and at its own path, newest first, 12 a page', async () => {
    const home = await resolve('/');
    expect(home.kind).toBe('products');
    expect(home.status).toBe(200);
    expect(home.context.page).toMatchObject({ kind: 'products', typeCode: PageType.MainContent });
    const shown = home.context.items as { id: string }[];
    expect(shown).toHaveLength(12);
    expect(shown[0]?.id).toBe('p14');
    expect(home.context.pagination).toMatchObject({
      page: 1,
      total: 14,
      nextPage: true,
      nextPageUrl: '/shop?page=2',
      prevPageUrl: null,
    });

    const second = await resolve('/shop', { page: '2' });
    expect((second.context.items as { id: string }[]).map((i) => i.id)).toEqual(['p2', 'p1']);
    expect(second.context.pagination).toMatchObject({ page: 2, nextPage: false, prevPage: true, prevPageUrl: '/shop' });
  });

  it('reads a page number that is not a whole number from 1 to 10000 as page 1', async () => {
    for (const page of ['0', '-1', '1.5', 'x', '10001'])
      expect((await resolve('/shop', { page })).context.pagination).toMatchObject({ page: 1 });
  });

  it('finds a product by its collection and urlId, with the excerpt as a plain description', async () => {
    const page = await resolve('/shop/p/product-3');
    expect(page.kind).toBe('product');
    expect(page.context.page).toMatchObject({
      typeCode: PageType.ContentItem,
      title: 'Product 3',
      description: 'Product 3',
    });
    expect(page.context.item).toMatchObject({ id: 'p3', collection: { id: 'shop' } });
    expect((await resolve('/shop/p/nothing-here')).status).toBe(404);
    expect((await resolve('/shop/x/product-3')).status).toBe(404);
  });

  it('lists blog posts and shows one post', async () => {
    expect((await resolve('/journal')).kind).toBe('blog');
    const post = await resolve('/journal/first-post');
    expect(post.kind).toBe('post');
    expect(post.context.item).toMatchObject({ id: 'post1', collection: { id: 'journal' } });
    expect((await resolve('/journal/first-post/more')).status).toBe(404);
  });

  it('gives a plain page its body and its product blocks their product', async () => {
    const page = await resolve('/contact');
    expect(page.kind).toBe('page');
    expect(page.context.page).toMatchObject({ typeCode: PageType.Page, body: '<p>Write to us</p>' });
    expect(page.context.blocks).toEqual([
      expect.objectContaining({ type: 'product', product: expect.objectContaining({ id: 'p3' }) }),
    ]);
  });

  it('shows nothing in a product block that names an item outside a products collection, as for a missing product', async () => {
    const blocks = (productId: string) => [{ id: 'b1', type: 'product' as const, productId }];
    const named = (productId: string) => ({
      ...site,
      collections: site.collections.map((c) => (c.id === 'contact' ? { ...c, blocks: blocks(productId) } : c)),
    });
    for (const productId of ['post1', 'no-such-item']) {
      const page = await resolvePage(named(productId), siteCatalog(env, site.website.id, version), '/contact', {});
      expect(page.context.blocks, productId).toEqual([
        expect.objectContaining({ type: 'product', productId, product: null }),
      ]);
    }
  });

  it('knows the fixed pages and their page types', async () => {
    expect(await resolve('/cart')).toMatchObject({
      kind: 'cart',
      status: 200,
      context: { page: { typeCode: PageType.Cart } },
    });
    expect(await resolve('/checkout')).toMatchObject({
      kind: 'checkout',
      context: { page: { typeCode: PageType.Checkout } },
    });
    expect((await resolve('/account')).kind).toBe('account');
  });

  it("knows the buyer's order pages by path: confirmed 202, received 207, subscription confirmed 206", async () => {
    expect(await resolve('/commerce/orders/ord_1')).toMatchObject({
      kind: 'order-confirmed',
      status: 200,
      context: { orderId: 'ord_1', page: { typeCode: PageType.OrderConfirmed } },
    });
    expect(await resolve('/commerce/orders/ord_1/received')).toMatchObject({
      kind: 'order-received',
      context: { page: { typeCode: PageType.OrderReceived } },
    });
    expect(await resolve('/commerce/subscriptions/ord_1')).toMatchObject({
      kind: 'subscription-confirmed',
      context: { page: { typeCode: PageType.SubscriptionConfirmed } },
    });
    expect((await resolve('/commerce/orders/not an id')).status).toBe(404);
  });

  it("tells the page cache which paths are a buyer's own pages and which are product pages, before reading content", () => {
    expect(pageShape('/commerce/orders/ord_1')).toBe('per-buyer');
    expect(pageShape('/commerce/orders/ord_1/received')).toBe('per-buyer');
    expect(pageShape('/commerce/subscriptions/ord_1')).toBe('per-buyer');
    expect(pageShape('/shop/p/field-notes')).toBe('product');
    expect(pageShape('/shop')).toBe('other');
    expect(pageShape('/journal/first-post')).toBe('other');
  });

  it('searches products and posts, trimming the query and capping it at 200 characters', async () => {
    const page = await resolve('/search', { q: '  Product 1  ' });
    expect(page.context.page).toMatchObject({ typeCode: PageType.Search });
    const search = page.context.search as { query: string; results: unknown[] };
    expect(search.query).toBe('Product 1');
    expect(search.results.length).toBeGreaterThan(0);
    expect(((await resolve('/search', { q: 'x'.repeat(300) })).context.search as { query: string }).query).toHaveLength(
      200,
    );
    expect(((await resolve('/search')).context.search as { results: unknown[] }).results).toEqual([]);
  });

  it('answers anything else with the not-found page, status 404, page type 100', async () => {
    for (const path of ['/nowhere', '/shop/p', '/contact/deeper']) {
      expect(await resolve(path)).toMatchObject({
        kind: 'not-found',
        status: 404,
        context: { page: { typeCode: PageType.NotFound } },
      });
    }
  });

  it('marks the navigation entry of the current section active', async () => {
    const navigation = (await resolve('/journal/first-post')).context.navigation as {
      items: { url: string; active: boolean }[];
    };
    expect(navigation.items.map((i) => [i.url, i.active])).toEqual([
      ['/shop', false],
      ['/journal', true],
    ]);
  });

  it('lists every public page for the sitemap', async () => {
    const paths = sitePaths(site);
    expect(paths.slice(0, 3)).toEqual(['/', '/cart', '/search']);
    expect(paths).toContain('/contact');
    expect(paths).toContain('/shop/p/product-14');
    expect(paths).toContain('/journal/first-post');
  });
});
