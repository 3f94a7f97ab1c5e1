/**
 * Storefront requests through the worker (one file, one workerd, for what used to be eleven small files): the smoke
 * test, hand-built pages' favicon, the site read once per request, search suggestions, the products grid block and
 * pictures' widths, checkout's address search, a draft or scheduled product kept off the storefront, which page a
 * path is and its context, search engine listings, deeply nested input refused with its limit, a member area's
 * locked page, and an unknown path inside a guarded area of routes.
 */
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { productForm, signedIn, variantForm } from './fixtures';
import { Visitor } from './visitor';
import { hashPassword } from '../../src/durable/passwords';
import { DEMO_MERCHANTS, demoSite } from '../../src/site/seed/demo';
import { ROLES } from '../../src/site/roles';
import { mapHost, publishSite } from '../../src/site/published/store';
import { PAGE_BLOCK_MESSAGES, PRODUCTS_GRID } from '../../src/site/editor/page-blocks';
import { ADDRESS_QUERY_MAX } from '../../src/api/checkout-bodies';
import { ADDRESS_SEARCH_MESSAGES } from '../../src/routes/shop/checkout';
import { orders, storeOnHost } from './checkout-support';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { PRODUCT_MESSAGES, type ProductForm } from '../../src/site/editor/product-form';
import { siteCatalog } from '../../src/site/published/catalog';
import { sitePaths } from '../../src/site/model/paths';
import { PageType } from '../../src/commerce/page-types';
import { contentObject, contentObjects } from '../../src/durable/stubs';
import { pageShape, resolvePage } from '../../src/storefront/page-context';
import { smallSite, smallSiteInput } from '../support/site';
import { EDIT_MESSAGES } from '../../src/site/edits/edits';
import { PAGE_FORM_MESSAGES } from '../../src/site/editor/page-form';
import { SEO_LIMITS } from '../../src/site/editor/page-seo';
import { MAX_NAVIGATION_DEPTH, type NavigationEntry } from '../../src/site/model/schema';
import { MAX_JSON_DEPTH } from '../../src/routes/shared/http';
import { CRUMB_FAIL_MESSAGE } from '../../src/routes/shared/csrf';
import { MEMBERS_ONLY, PAGE_LOCKED } from '../../src/storefront/member-area';
import { demoStoreOnHost } from './demo-on-host';

/** The worker answers as a client sees it: through its fetch handler, inside workerd. */
describe('smoke', () => {
  const ORIGIN = 'http://store.test';

  describe('worker smoke', () => {
    it('serves the demo store home page', async () => {
      const res = await exports.default.fetch(`${ORIGIN}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<title>Shop · Studio Goods</title>');
    });

    it('answers an unknown API path with a JSON 404', async () => {
      const res = await exports.default.fetch(`${ORIGIN}/api/nope`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: 'Not found', path: '/api/nope' });
    });
  });
});

/** Hand-built HTML (the editor, error pages) names the icon in public/ (served as a static asset), so no browser asks for a missing /favicon.ico. */
describe('hand-built pages', () => {
  it('link the favicon the store serves, like the theme pages', async () => {
    const visitor = new Visitor('http://localhost');
    for (const path of ['/config', '/?format=nope']) {
      const html = await (await visitor.fetch(path)).text();
      expect(html, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  }, 60_000);
});

/**
 * The site on the request context (issue 15): one request reads its site once, however many
 * guards and handlers need it. Counted as reads of the site's version key in KV, through a
 * merchant's browser on a store of its own.
 */
describe('site-context', () => {
  const SITE_ID = 'site-context';
  const ORIGIN = 'http://site-context.test';
  const MERCHANT = { email: 'owner@site-context.test', password: 'site-context-password' };

  /** The site content namespace, counting reads of any site's version key. */
  function countingContent() {
    let reads = 0;
    const kv = new Proxy(env.SITE_CONTENT, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (property !== 'get' || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return (key: string, ...rest: unknown[]) => {
          if (key.endsWith(':version')) reads++;
          return (value as (...args: unknown[]) => unknown).call(target, key, ...rest);
        };
      },
    });
    return { kv, reads: () => reads, reset: () => (reads = 0) };
  }

  beforeAll(async () => {
    const site = demoSite();
    site.website = { ...site.website, id: SITE_ID, siteTitle: 'Context Shop', baseUrl: ORIGIN };
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'site-context.test', SITE_ID);
    const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(SITE_ID));
    await team.ensureMember(MERCHANT.email, await hashPassword(MERCHANT.password), [ROLES.admin]);
  }, 60_000);

  describe('the site on the request context', () => {
    it('reads the site once for a merchant call, though its permission guard and its handler both use it', async () => {
      const content = countingContent();
      const merchant = new Visitor(ORIGIN, { vars: { SITE_CONTENT: content.kv } });
      await merchant.open('/contact');
      expect((await merchant.json('POST', '/api/merchant/session', MERCHANT)).status).toBe(200);

      const calls: [string, string, unknown?][] = [
        ['GET', '/api/commondata/GetSiteLayout'],
        ['GET', '/api/site-header-footer'],
        ['PUT', '/api/site-header-footer', { header: '<p>Hello</p>', footer: '' }],
        ['GET', '/api/merchant/session'],
        ['GET', '/api/census/summary?days=1'],
      ];
      for (const [method, path, body] of calls) {
        content.reset();
        expect((await merchant.json(method, path, body)).status, path).toBe(200);
        // At most once: the isolate trusts a version it read for a moment (SITE_VERSION_TTL_MS), so often not at all.
        expect(content.reads(), `${method} ${path}`).toBeLessThanOrEqual(1);
      }
    });
  });
});

/** Search suggestions while typing (issue 32): products only, by the stemmed index, priced in the store currency, capped, validated. */
describe('search-suggestions', () => {
  const suggest = (q: string) =>
    exports.default.fetch(`http://localhost/api/search/suggestions?q=${encodeURIComponent(q)}`);
  const titles = async (q: string) =>
    ((await (await suggest(q)).json()) as { suggestions: { title: string }[] }).suggestions.map((s) => s.title);

  describe('search suggestions', () => {
    it('suggests products for the words typed so far, plurals and prefixes included, with address, picture and price', async () => {
      const res = await suggest('shir');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      const body = (await res.json()) as { query: string; suggestions: unknown[] };
      expect(body.query).toBe('shir');
      expect(body.suggestions[0]).toEqual({
        title: 'Linen Shirt',
        url: '/shop/p/linen-shirt',
        image: '/images/demo/linen-shirt.webp',
        price: '$68.00',
      });
      expect(await titles('shirts')).toEqual(['Linen Shirt']);
      expect(await titles('ceramic mugs')).toEqual(['Ceramic Mug']);
      expect(await titles('notebook')).toContain('Field Notes');
      expect(await titles('planters')).toEqual(['Terracotta Planter']);
    });

    it('gives a "from" price for products whose variants differ, never posts, at most six', async () => {
      const planter = ((await (await suggest('planter')).json()) as { suggestions: { price: string }[] })
        .suggestions[0];
      expect(planter?.price).toBe('from $16.00');
      // 'coffee' is also a journal post: suggestions are products only.
      expect(await titles('coffee')).toEqual(['Coffee Subscription']);
      expect((await titles('gift')).length).toBeLessThanOrEqual(6);
    });

    it('suggests nothing for a single letter, and refuses an overlong query with 400', async () => {
      expect(await titles('a')).toEqual([]);
      expect(await titles('')).toEqual([]);
      const long = await suggest('x'.repeat(101));
      expect(long.status).toBe(400);
      expect(await long.json()).toEqual({ error: 'Search for at most 100 characters.' });
    });
  });
});

/**
 * A page's products grid block in workerd: the page shows its collection's products with the given
 * tag, newest first, at most its count, each as the shop listing's product card (one card partial),
 * in its number of columns; a count or column number out of range and a missing collection are refused.
 * An uploaded picture of an image or gallery block is served with its widths as srcset and its size.
 */
describe('products-grid-block', () => {
  const [OWNER] = DEMO_MERCHANTS;

  const owner = () => signedIn(OWNER);

  const grid = (change: Record<string, unknown> = {}) => ({
    id: 'b-grid',
    type: 'products',
    title: 'For the home',
    collectionId: 'c-shop',
    tag: 'home',
    count: 3,
    columns: 3,
    ...change,
  });

  describe('products grid block', () => {
    it('shows a collection’s products with a tag as the shop’s cards, at most its count', async () => {
      const merchant = await owner();
      const created = await merchant.json<{ id: string }>('POST', '/api/console/pages', {
        title: 'Home goods',
        urlId: '',
      });
      expect(created.status).toBe(201);
      const page = (await merchant.json<Record<string, unknown>>('GET', `/api/console/pages/${created.body.id}`)).body;
      const { id: _id, fullUrl: _url, inNavigation: _nav, ...form } = page;
      const save = (blocks: unknown[]) =>
        merchant.json<{ error?: string; fields?: Record<string, string> }>(
          'PUT',
          `/api/console/pages/${created.body.id}`,
          {
            ...form,
            blocks,
          },
        );
      expect((await save([grid()])).status).toBe(200);

      const shown = await new Visitor().fetch('/home-goods');
      // It shows stock, so it is kept one stock slot as the shop is, its cards' stock the ledger's (showAvailableStock).
      expect(shown.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
      const html = await shown.text();
      const block = html.slice(
        html.indexOf('<section class="ProductsBlock"'),
        html.indexOf('</section>', html.indexOf('ProductsBlock')),
      );
      expect(block).toContain('--grid-columns: repeat(3, minmax(0, 1fr))');
      expect(block).toContain('<h2 id="products-b-grid">For the home</h2>');
      const shop = await (await new Visitor().fetch('/shop?tag=home')).text();
      const cards = (text: string) =>
        [...text.matchAll(/<article class="ProductCard[^"]*" data-item-id="([^"]+)"/g)].map((m) => m[1]);
      expect(cards(block)).toHaveLength(3);
      // The shop listing's newest three with the tag, drawn the same way.
      expect(cards(block)).toEqual(cards(shop).slice(0, 3));
      const first = cards(block)[0] as string;
      const cardOf = (text: string) =>
        text.slice(
          text.indexOf(`data-item-id="${first}"`),
          text.indexOf('</article>', text.indexOf(`data-item-id="${first}"`)),
        );
      expect(cardOf(block)).toBe(cardOf(shop));

      const refused = await save([grid({ collectionId: '', count: PRODUCTS_GRID.maxCount + 1, columns: 5 })]);
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.['blocks.0.collectionId']).toBe(PAGE_BLOCK_MESSAGES.collectionRequired);
      expect(Object.keys(refused.body.fields ?? {})).toEqual(
        expect.arrayContaining(['blocks.0.count', 'blocks.0.columns']),
      );
    });

    it('serves an uploaded picture of an image or gallery block with its widths as srcset, and its size', async () => {
      const merchant = await owner();
      const created = await merchant.json<{ id: string }>('POST', '/api/console/pages', {
        title: 'Kiln room',
        urlId: '',
      });
      const page = (await merchant.json<Record<string, unknown>>('GET', `/api/console/pages/${created.body.id}`)).body;
      const { id: _id, fullUrl: _url, inNavigation: _nav, ...form } = page;
      const upload = '/files/f-kiln/1/kiln.webp';
      const blocks = [
        { id: 'b-img', type: 'image', assetUrl: upload, altText: 'The kiln', originalSize: '1200x900' },
        {
          id: 'b-gal',
          type: 'gallery',
          images: [{ assetUrl: '/images/demo/ceramic-mug.webp', altText: 'A mug', originalSize: '800x800' }],
        },
      ];
      expect((await merchant.json('PUT', `/api/console/pages/${created.body.id}`, { ...form, blocks })).status).toBe(
        200,
      );
      const html = await (await new Visitor().fetch('/kiln-room')).text();
      expect(html).toContain(
        `<img src="${upload}" srcset="${upload}?w=300 300w, ${upload}?w=750 750w, ${upload} 1200w" sizes="(min-width: 48rem) 48rem, 100vw" alt="The kiln" width="1200" height="900"`,
      );
      // A picture that is not an upload has no widths to offer: its size only.
      expect(html).toContain('<img src="/images/demo/ceramic-mug.webp" alt="A mug" width="800" height="800"');
    });
  });
});

/** The shopper's address search at checkout (issue 16): offered only when the store enables it, crumb, capped and validated, never cached. */
describe('address-search', () => {
  const SEARCH = '/api/commerce/checkout/address/search';
  const DETAILS = '/api/commerce/checkout/address/details';

  async function enable(websiteId: string): Promise<void> {
    await orders(websiteId).setSettings({
      pricesIncludeTax: false,
      minimumSubtotalCents: 0,
      reservationMinutes: 10,
      welcomeDiscount: { enabled: false, percent: 10 },
      addressSearch: true,
    });
  }

  describe('address search for shoppers', () => {
    it('is not offered unless the store enables it', async () => {
      const { base } = await storeOnHost('address-off.test');
      const visitor = await new Visitor(base).open('/checkout');
      expect(await visitor.json('POST', SEARCH, { query: 'Main Street' })).toEqual({
        status: 404,
        body: { error: ADDRESS_SEARCH_MESSAGES.off },
      });
    });

    it('suggests addresses and fills the form parts of the chosen one, answering no-store', async () => {
      const { base, websiteId } = await storeOnHost('address-on.test');
      await enable(websiteId);
      const visitor = await new Visitor(base).open('/checkout');
      const res = await visitor.send('POST', SEARCH, { query: 'main street', sessionToken: 'session-123' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { predictions } = (await res.json()) as { predictions: { placeId: string; description: string }[] };
      expect(predictions).toEqual([
        { placeId: 'local-main-st', description: '1 Main Street, Springfield, IL 62701, USA' },
      ]);
      expect(await visitor.json('POST', DETAILS, { placeId: 'local-main-st', sessionToken: 'session-123' })).toEqual({
        status: 200,
        body: {
          address: {
            address1: '1 Main Street',
            city: 'Springfield',
            region: 'IL',
            postalCode: '62701',
            countryCode: 'US',
          },
        },
      });
      expect(await visitor.json('POST', DETAILS, { placeId: 'local-nowhere' })).toEqual({
        status: 404,
        body: { error: ADDRESS_SEARCH_MESSAGES.unknownPlace },
      });
      expect(
        (await visitor.json<{ predictions: unknown[] }>('POST', SEARCH, { query: 'street' })).body.predictions,
      ).toHaveLength(5);
    });

    it('needs the crumb and a query of 3 to 100 characters', async () => {
      const { base, websiteId } = await storeOnHost('address-checks.test');
      await enable(websiteId);
      const visitor = await new Visitor(base).open('/checkout');
      const noCrumb = await visitor.fetch(SEARCH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'main' }),
      });
      expect(noCrumb.status).toBe(403);
      expect((await visitor.json('POST', SEARCH, { query: 'ma' })).status).toBe(400);
      expect((await visitor.json('POST', SEARCH, { query: 'x'.repeat(ADDRESS_QUERY_MAX + 1) })).status).toBe(400);
      expect((await visitor.json('POST', SEARCH, { query: 'main', sessionToken: 'bad token!' })).status).toBe(400);
      expect((await visitor.json('POST', DETAILS, {})).status).toBe(400);
    });
  });
});

/**
 * Product status (issue 33): a product saved as a draft, or scheduled for later, is nowhere on the
 * storefront (its page, /shop, /search, the sitemap, ?format=json, the stock API, the cart) until it
 * is published or its date comes; the console still lists and opens it; a duplicate starts as a draft.
 */
describe('product-status', () => {
  const OWNER = DEMO_MERCHANTS[0];
  const ENTRIES = '/api/commerce/shopping-cart/entries';

  function product(title: string, extra: Partial<ProductForm> = {}): ProductForm {
    const form = productForm(title, {
      status: 'draft',
      description: 'Thrown on the wheel.',
      tags: ['kiln'],
      options: ['Size'],
      variants: [variantForm({ Size: 'Small' }, 1800, 5)],
      ...extra,
    });
    // The picture fields before and after the gallery (issue 33's other half): a schema drops the one it does not know.
    return { ...form, image: null } as ProductForm;
  }

  const owner = () => signedIn(OWNER);

  /** Everywhere a shopper could meet the product: whether each shows it. */
  async function seenBy(shopper: Visitor, id: string, path: string, title: string) {
    const page = await shopper.fetch(path);
    const json = await shopper.fetch(`${path}?format=json`);
    const stock = await shopper.fetch(`/api/commerce/inventory/stock/?itemId=${id}`);
    return {
      page: page.status,
      json: json.status,
      shop: (await (await shopper.fetch('/shop?tag=kiln')).text()).includes(`href="${path}"`),
      // The search page repeats the query: a result is the product's link.
      search: (await (await shopper.fetch(`/search?q=${encodeURIComponent(title)}`)).text()).includes(`href="${path}"`),
      sitemap: (await (await shopper.fetch('/sitemap.xml')).text()).includes(path),
      stock: stock.status,
    };
  }

  describe('product status', () => {
    it('keeps a draft off the storefront and out of carts until it is published, while the console opens it', async () => {
      const merchant = await owner();
      const created = await merchant.json<{ id: string; fullUrl: string }>(
        'POST',
        '/api/console/products',
        product('Ash Glaze Bowl'),
      );
      expect(created.status).toBe(200);
      const { id, fullUrl } = created.body;
      const stored = await merchant.json<{ product: ProductForm }>('GET', `/api/console/products/${id}`);
      expect(stored.status).toBe(200);
      expect(stored.body.product.status).toBe('draft');
      const listed = await merchant.json<{ products: { id: string; status: string; onStorefront: boolean }[] }>(
        'GET',
        '/api/console/products?q=ash%20glaze',
      );
      expect(listed.body.products).toEqual([expect.objectContaining({ id, status: 'draft', onStorefront: false })]);

      const shopper = await new Visitor().open('/shop');
      expect(await seenBy(shopper, id, fullUrl, 'Ash Glaze Bowl')).toEqual({
        page: 404,
        json: 404,
        shop: false,
        search: false,
        sitemap: false,
        stock: 404,
      });
      const sku = stored.body.product.variants[0]?.sku;
      expect(await shopper.json('POST', ENTRIES, { itemId: id, sku, quantity: 1 })).toEqual({
        status: 404,
        body: { error: CART_MESSAGES.itemNotFound },
      });

      expect(
        (await merchant.json('PUT', `/api/console/products/${id}`, { ...stored.body.product, status: 'published' }))
          .status,
      ).toBe(200);
      expect(await seenBy(shopper, id, fullUrl, 'Ash Glaze Bowl')).toEqual({
        page: 200,
        json: 200,
        shop: true,
        search: true,
        sitemap: true,
        stock: 200,
      });
      expect((await shopper.json('POST', ENTRIES, { itemId: id, sku, quantity: 1 })).status).toBe(200);

      // Back to draft with the product in a cart: the checkout no longer sells it.
      expect(
        (await merchant.json('PUT', `/api/console/products/${id}`, { ...stored.body.product, status: 'draft' })).status,
      ).toBe(200);
      expect((await shopper.fetch(fullUrl)).status).toBe(404);
      expect(await shopper.json('POST', '/api/commerce/checkout', {})).toMatchObject({
        status: 409,
        body: { error: CART_MESSAGES.itemNotFound },
      });
    });

    it('shows a scheduled product from its date, and refuses a schedule without one', async () => {
      const merchant = await owner();
      const refused = await merchant.json<{ fields: Record<string, string> }>(
        'POST',
        '/api/console/products',
        product('Kiln Mug', { status: 'scheduled', publishOn: 0 }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields.publishOn).toBe(PRODUCT_MESSAGES.publishOn);

      const later = await merchant.json<{ id: string; fullUrl: string }>(
        'POST',
        '/api/console/products',
        product('Kiln Mug', { status: 'scheduled', publishOn: Date.now() + 3_600_000 }),
      );
      expect(later.status).toBe(200);
      const shopper = await new Visitor().open('/shop');
      expect((await shopper.fetch(later.body.fullUrl)).status).toBe(404);
      const stored = await merchant.json<{ product: ProductForm }>('GET', `/api/console/products/${later.body.id}`);
      expect(
        (
          await merchant.json('PUT', `/api/console/products/${later.body.id}`, {
            ...stored.body.product,
            publishOn: Date.now() - 1000,
          })
        ).status,
      ).toBe(200);
      expect((await shopper.fetch(later.body.fullUrl)).status).toBe(200);
    });

    it('starts a duplicate as a draft, whatever the original is', async () => {
      const merchant = await owner();
      const original = await merchant.json<{ id: string }>(
        'POST',
        '/api/console/products',
        product('Salt Fired Jug', { status: 'published' }),
      );
      const copy = await merchant.json<{ id: string; fullUrl: string }>(
        'POST',
        `/api/console/products/${original.body.id}/duplicate`,
        {},
      );
      expect(copy.status).toBe(200);
      const stored = await merchant.json<{ product: ProductForm }>('GET', `/api/console/products/${copy.body.id}`);
      expect(stored.body.product).toMatchObject({ title: 'Salt Fired Jug (copy)', status: 'draft' });
      const shopper = await new Visitor().open('/shop');
      expect((await shopper.fetch(copy.body.fullUrl)).status).toBe(404);
      expect((await shopper.fetch('/shop/p/salt-fired-jug')).status).toBe(200);
    });
  });
});

/**
 * Which page a path is and what its context holds, on the small test store published to its
 * content object (the page kinds read their items through the catalogue).
 */
describe('page-context', () => {
  const site = smallSite();
  let version = 0;
  const resolve = (path: string, query: Record<string, string> = {}) =>
    resolvePage(site, siteCatalog(contentObject(env, site.website.id), site.website.id, version), path, query);

  beforeAll(async () => {
    const published = await publishSite(contentObjects(env), smallSiteInput());
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
      expect(second.context.pagination).toMatchObject({
        page: 2,
        nextPage: false,
        prevPage: true,
        prevPageUrl: '/shop',
      });
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
        const page = await resolvePage(
          named(productId),
          siteCatalog(contentObject(env, site.website.id), site.website.id, version),
          '/contact',
          {},
        );
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
      expect(
        ((await resolve('/search', { q: 'x'.repeat(300) })).context.search as { query: string }).query,
      ).toHaveLength(200);
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
});

/**
 * Search engine listings in workerd.
 *
 * A product's: the SEO title, description and social image the console saves are the product page's
 * <title>, meta description, og:title, og:description and og:image, and its canonical link names the
 * URL slug; left empty, the title, the short description and the first picture are used. Too long a
 * field, a picture address the image rule refuses and a slug another product has are refused next to
 * their fields.
 *
 * A blog post's, as a product's: the SEO title and description the console saves are the post page's
 * <title>, meta description and og:title; left empty, the title and the excerpt are used. Too long a
 * field is refused next to it, with the pages' message.
 */
describe('seo', () => {
  const [OWNER] = DEMO_MERCHANTS;
  const CANDLE = '/api/console/products/p-candle';

  async function owner(): Promise<Visitor> {
    const visitor = await new Visitor().open('/contact');
    const signIn = await visitor.json('POST', '/api/merchant/session', {
      email: OWNER?.email,
      password: OWNER?.password,
    });
    expect(signIn.status).toBe(200);
    return visitor;
  }

  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  const headOfPage = async (path: string) => head(await (await new Visitor().fetch(path)).text());

  describe('product SEO fields', () => {
    it('writes the listing into the product page’s head, and falls back to the title, excerpt and first picture', async () => {
      const merchant = await owner();
      const form = (await merchant.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
      expect(form).toMatchObject({ seoTitle: '', seoDescription: '', socialImage: '' });
      const before = head(await (await merchant.fetch('/shop/p/candle')).text());
      expect(before).toMatch(/<title>Cedar Candle · [^<]+<\/title>/);
      expect(before).toContain('<meta name="description" content="Cedar and smoke, 50 hours.">');
      expect(before).toContain('og:image" content="http://');

      const saved = await merchant.json('PUT', CANDLE, {
        ...form,
        urlId: 'cedar-candle',
        seoTitle: 'Cedar candle, 50-hour burn',
        seoDescription: 'Hand-poured cedar & smoke candle.',
        socialImage: 'https://images.example.com/candle-social.jpg',
      });
      expect(saved.status).toBe(200);
      const after = head(await (await merchant.fetch('/shop/p/cedar-candle')).text());
      expect(after).toMatch(/<title>Cedar candle, 50-hour burn · [^<]+<\/title>/);
      expect(after).toContain('<meta name="description" content="Hand-poured cedar &amp; smoke candle.">');
      expect(after).toContain('<meta property="og:title" content="Cedar candle, 50-hour burn">');
      expect(after).toContain('<meta property="og:image" content="https://images.example.com/candle-social.jpg">');
      expect(after).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/shop\/p\/cedar-candle">/);
      const stored = (await merchant.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
      expect(stored.seoTitle).toBe('Cedar candle, 50-hour burn');
    });

    it('refuses too long a listing, a picture address the image rule refuses and a slug another product has', async () => {
      const merchant = await owner();
      const form = (await merchant.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
      const refused = await merchant.json<{ fields: Record<string, string> }>('PUT', CANDLE, {
        ...form,
        seoTitle: 'x'.repeat(SEO_LIMITS.title + 1),
        seoDescription: 'y'.repeat(SEO_LIMITS.description + 1),
        socialImage: 'javascript:alert(1)',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({
        seoTitle: PRODUCT_MESSAGES.textTooLong(SEO_LIMITS.title),
        seoDescription: PRODUCT_MESSAGES.textTooLong(SEO_LIMITS.description),
        socialImage: PRODUCT_MESSAGES.imageUrl,
      });
      const taken = await merchant.json<{ fields: Record<string, string> }>('PUT', CANDLE, {
        ...form,
        urlId: 'linen-shirt',
      });
      expect(taken.status).toBe(400);
      expect(taken.body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
      const invalid = await merchant.json<{ fields: Record<string, string> }>('PUT', CANDLE, {
        ...form,
        urlId: 'Not a slug',
      });
      expect(invalid.body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdInvalid });
    });
  });

  const post = {
    collectionId: 'c-blog',
    title: 'Glaze notes',
    urlId: 'glaze-notes',
    body: '<p>Ash and iron.</p>',
    excerpt: '<p>What we learnt about ash glazes.</p>',
    tags: [],
    categories: [],
    status: 'published',
    publishOn: Date.now() - 60_000,
    assetUrl: null,
  };

  describe('post SEO fields', () => {
    it('writes the listing into the post page’s head, and falls back to the title and the excerpt', async () => {
      const merchant = await owner();
      const created = await merchant.json<{ id: string; seoTitle?: string }>('POST', '/api/console/posts', post);
      expect(created.status).toBe(201);
      const before = await headOfPage('/blog/glaze-notes');
      expect(before).toMatch(/<title>Glaze notes · [^<]+<\/title>/);
      expect(before).toContain('<meta name="description" content="What we learnt about ash glazes.">');

      const saved = await merchant.json<{ seoTitle: string }>('PUT', `/api/console/posts/${created.body.id}`, {
        ...post,
        seoTitle: 'Ash glazes, a studio diary',
        seoDescription: 'Iron & ash on stoneware.',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.seoTitle).toBe('Ash glazes, a studio diary');
      const after = await headOfPage('/blog/glaze-notes');
      expect(after).toMatch(/<title>Ash glazes, a studio diary · [^<]+<\/title>/);
      expect(after).toContain('<meta name="description" content="Iron &amp; ash on stoneware.">');
      expect(after).toContain('<meta property="og:title" content="Ash glazes, a studio diary">');

      // The post calls' way: the field and its message, which the editor shows next to the field.
      const refused = await merchant.json('PUT', `/api/console/posts/${created.body.id}`, {
        ...post,
        seoTitle: 'x'.repeat(SEO_LIMITS.title + 1),
      });
      expect(refused).toEqual({ status: 400, body: { error: `seoTitle: ${PAGE_FORM_MESSAGES.seoTitleTooLong}` } });
    });
  });
});

/** Deeply nested input: request bodies and site content nested past their limits get a 400 naming the limit, never a 500 from a recursion that ran out of stack. */
describe('nesting', () => {
  const [OWNER] = DEMO_MERCHANTS;
  const NAVIGATE = '/api/widget/UpdateNavigation';

  /** A navigation item with `depth` levels: the item itself and depth - 1 levels of children under it. */
  function nestedItem(depth: number): Record<string, unknown> {
    let item: Record<string, unknown> = { url: '/contact', title: 'Deepest' };
    for (let level = 1; level < depth; level++)
      item = { url: '/contact', title: `Level ${depth - level}`, children: [item] };
    return item;
  }

  function nestedEntry(depth: number): NavigationEntry {
    let entry: NavigationEntry = { title: 'Deepest', url: '/contact' };
    for (let level = 1; level < depth; level++)
      entry = { title: `Level ${depth - level}`, url: '/contact', children: [entry] };
    return entry;
  }

  async function owner(host: string): Promise<Visitor> {
    const visitor = await new Visitor(host).open('/contact');
    await visitor.json('POST', '/api/merchant/session', { email: OWNER?.email, password: OWNER?.password });
    return visitor;
  }

  describe('nesting limits', () => {
    it(`keeps a navigation ${MAX_NAVIGATION_DEPTH} levels deep and refuses one level more with a 400 naming the limit`, async () => {
      const merchant = await owner('http://nest-edit.test');
      const edit = (depth: number) =>
        merchant.json('POST', NAVIGATE, {
          fieldName: 'main-navigation',
          templateId: 'default',
          navigation: { items: [nestedItem(depth)] },
        });
      expect(await edit(MAX_NAVIGATION_DEPTH)).toEqual({ status: 200, body: { updated: true } });
      expect(await (await merchant.fetch('/blog')).text()).toContain('Level 1');
      expect(JSON.stringify((await merchant.json('GET', '/api/commondata/GetSiteLayout')).body)).toContain('Deepest');
      const tooDeep = await edit(MAX_NAVIGATION_DEPTH + 1);
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body.error).toContain(`navigation links nest at most ${MAX_NAVIGATION_DEPTH} levels deep`);
    }, 30_000);

    it('answers a navigation edit nested 1,200 deep with a 400 naming the body limit, not a 500', async () => {
      const merchant = await owner('http://nest-1200.test');
      const res = await merchant.json('POST', NAVIGATE, {
        fieldName: 'main-navigation',
        templateId: 'default',
        navigation: { items: [nestedItem(1200)] },
      });
      expect(res).toEqual({ status: 400, body: { error: `Request body nests deeper than ${MAX_JSON_DEPTH} levels` } });
    }, 30_000);

    it('refuses to publish site content whose navigation nests 1,200 deep, naming the limit', async () => {
      const site = { ...demoSite(), navigation: [nestedEntry(1200)] };
      const published = await publishSite(contentObjects(env), site);
      const children = Array.from({ length: MAX_NAVIGATION_DEPTH }, () => 'children').join('.0.');
      expect(published).toEqual({
        error: `Invalid site content: navigation.0.${children}: navigation links nest at most ${MAX_NAVIGATION_DEPTH} levels deep`,
      });
      const deepest = { ...demoSite(), navigation: [nestedEntry(MAX_NAVIGATION_DEPTH)] };
      expect(
        await publishSite(contentObjects(env), { ...deepest, website: { ...deepest.website, id: 'nest-publish' } }),
      ).toEqual({
        version: 1,
      });
    }, 30_000);

    it('answers JSON nested thousands deep on every kind of body with a 400, never a 500', async () => {
      const visitor = await owner('http://nest-json.test');
      const arrays = '['.repeat(4_000) + ']'.repeat(4_000);
      const objects = '{"a":'.repeat(1_500) + '1' + '}'.repeat(1_500);
      const inString = JSON.stringify({ x: '['.repeat(60_000) });
      for (const body of [arrays, objects]) {
        for (const path of [
          NAVIGATE,
          '/api/commerce/shopping-cart/entries',
          '/api/v1/commerce-preferences/checkout',
          '/api/form/SaveFormSubmission',
        ]) {
          const res = await visitor.json(path.includes('preferences') ? 'PUT' : 'POST', path, body);
          expect(res, path).toEqual({
            status: 400,
            body: { error: `Request body nests deeper than ${MAX_JSON_DEPTH} levels` },
          });
        }
      }
      // Brackets inside a string are text, not nesting.
      expect((await visitor.json('POST', NAVIGATE, inString)).body.error).not.toContain('nests deeper');
    }, 30_000);

    it('refuses form fields nested past the limit inside the form string with the spec message', async () => {
      const visitor = await new Visitor('http://nest-form.test').open('/contact');
      const { body: keyBody } = await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', {});
      for (const form of [
        `{"address":${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}}`,
        `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      ]) {
        const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
          key: keyBody.key,
          formId: 'f-contact',
          form,
        });
        expect(res).toEqual({
          status: 400,
          body: { error: 'Could not parse the form fields, please check your entries.' },
        });
      }
    }, 30_000);
  });
});

/**
 * A member area's page (issue 36; engine spec §6 labels, storefront spec page type 106): a
 * navigation link with a `memberAreaId` goes to `/members/{id}`, which answers the member area
 * access denied page (403, not cached, not counted by analytics) with the page-lock labels word for word.
 */
describe('member-areas', () => {
  it('a memberAreaId link’s page is the locked member area page, with both labels', async () => {
    const { origin } = await demoStoreOnHost('members', 'locked', (site) => {
      site.navigation.push({ title: 'Members', url: '/members/vip' } as (typeof site.navigation)[number]);
    });
    const visitor = new Visitor(origin);
    const home = await (await visitor.fetch('/')).text();
    // The link is labelled for screen readers and marked with a lock; other links are not.
    expect(home).toMatch(
      new RegExp(
        `<a href="/members/vip">Members<svg class="site-nav-lock"[^]*?<span class="visually-hidden"> \\(${MEMBERS_ONLY}\\)</span></a>`,
      ),
    );
    expect(home.match(/<svg class="site-nav-lock"/g)).toHaveLength(1);
    const res = await visitor.fetch('/members/vip');
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`<h1>${PAGE_LOCKED}</h1>`);
    expect(html).toContain(`<span>${MEMBERS_ONLY}</span>`);
    expect(PAGE_LOCKED).toBe('This page is locked');
    expect(MEMBERS_ONLY).toBe('This page available only site members');
    expect(html).toContain(`data-page-type="${PageType.MemberAreaAccessDenied}"`);
    expect(html).toContain('<a class="Button" href="/account">Sign in</a>');
  });

  it('an id that cannot be a member area’s is not found', async () => {
    const { origin } = await demoStoreOnHost('members', 'bad-id');
    expect((await new Visitor(origin).fetch(`/members/${'x'.repeat(65)}`)).status).toBe(404);
    expect((await new Visitor(origin).fetch('/members/a/b')).status).toBe(404);
  });
});

/**
 * Route areas at their prefixes with their guards at the mount (issue 31): a path or method no route of a guarded area
 * answers is the worker's JSON 404 with the path, not the guard's 403 (the guard used to run before the router knew
 * there was no route); a real route of the same area is still refused by its guard.
 */
describe('route-areas', () => {
  const json = { 'content-type': 'application/json' };

  describe('an unknown path inside a guarded area', () => {
    const unknown: [method: string, path: string][] = [
      ['POST', '/api/commerce/shopping-cart/nothing-here'],
      ['PATCH', '/api/commerce/shopping-cart/entries/e1'],
      ['POST', '/api/3/commerce/cart/nothing-here'],
      ['POST', '/api/form/nothing-here'],
      ['PUT', '/api/form/SaveFormSubmission'],
      ['POST', '/api/rest/forms/nothing-here'],
      ['POST', '/api/commerce/subscriptions/nothing-here'],
      ['DELETE', '/api/site-users/account/subscriptions'],
      ['POST', '/api/census/nothing-here'],
      ['POST', '/api/trackers/nothing-here'],
      ['GET', '/api/console/nothing'],
      ['POST', '/api/commerce/nothing-here'],
      ['DELETE', '/api/commerce/checkout'],
      ['POST', '/api/commerce/checkout/address/nothing-here'],
      ['PUT', '/api/commerce/orders'],
      ['PUT', '/api/site-users/account/session'],
      ['POST', '/api/site-users/account/password-reset/nothing-here'],
      ['PATCH', '/api/site-users/account/addresses/a1'],
    ];

    it.each(unknown)('%s %s answers 404 with the house error shape, before any guard', async (method, path) => {
      // No crumb: a guard that ran first would answer 403.
      const res = await new Visitor('http://store.test').fetch(path, {
        method,
        headers: json,
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: 'Not found', path });
    });

    it("keeps a real route's guard: a change without the crumb is 403, the console without a session 401", async () => {
      const visitor = new Visitor('http://store.test');
      for (const path of [
        '/api/commerce/shopping-cart/entries',
        '/api/3/commerce/cart/subscription',
        '/api/commerce/subscriptions/o1/cancel',
        '/api/commerce/checkout',
        '/api/commerce/checkout/address/search',
        '/api/commerce/orders',
        '/api/form/FormSubmissionKey',
        '/api/rest/forms/validate/f1',
        '/api/site-users/account/session',
        '/api/site-users/account/signup',
        '/api/site-users/account/addresses',
      ]) {
        const res = await visitor.fetch(path, { method: 'POST', headers: json, body: '{}' });
        expect(res.status, path).toBe(403);
        expect(await res.json(), path).toEqual({ crumbFail: true, error: CRUMB_FAIL_MESSAGE });
      }
      const console = await visitor.fetch('/api/console/products');
      expect(console.status).toBe(401);
    });

    it("lets another area's route under the prefix answer with its own guard (the merchant's census summary, form submissions)", async () => {
      const visitor = new Visitor('http://store.test');
      for (const path of ['/api/census/summary?days=7', '/api/form/submissions?formId=f-contact']) {
        const res = await visitor.fetch(path);
        expect(res.status, path).toBe(401);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
      }
    });
  });
});
