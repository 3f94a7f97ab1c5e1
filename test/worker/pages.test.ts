/** Store pages through the worker's fetch handler, inside workerd, against the seeded demo store. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { contentObject, contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import app from '../../src/worker';
import { resolvePage } from '../../src/storefront/page-context';
import { buildPage } from '../../src/storefront/render';
import { parseSite } from '../../src/site/model/schema';
import { siteCatalog } from '../../src/site/published/catalog';
import { mapHost, publishSite } from '../../src/site/published/store';
import { inNextStockSlot } from './stock-slot';

const ORIGIN = 'http://localhost';
const get = (path: string, init?: RequestInit) => exports.default.fetch(`${ORIGIN}${path}`, init);

describe('store pages', () => {
  it('renders the product listing with prices, marks and links', async () => {
    const res = await get('/shop');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1 id="collection-title" class="ProductList-title">Shop</h1>');
    expect(html).toContain('href="/shop/p/linen-shirt"');
    expect(html).toContain('<div class="product-mark sold-out">Back in December</div>');
    expect(html).toContain('<div class="product-mark sale">sale</div>');
    expect(html).toContain('$68.00');
    expect(html).not.toContain('sqs-money-native');
    expect(html).toContain('rel="next" href="/shop?page=2"');
    expect(html.match(/data-place="plp"/g)?.length).toBe(12);
    // A card of a product with options opens its options in a dialog (QuickAdd); one without adds at once (issue 32).
    const card = (id: string) =>
      html.slice(
        html.indexOf(`data-item-id="${id}"`),
        html.indexOf('</article>', html.indexOf(`data-item-id="${id}"`)),
      );
    expect(card('p-linen-shirt')).toContain('<div data-island="QuickAdd" data-props=');
    expect(card('p-linen-shirt')).toContain('aria-haspopup="dialog"');
    expect(card('p-candle')).toContain('<div data-island="AddToCartButton" data-props=');
    const product = await (await get('/shop/p/linen-shirt')).text();
    expect(product).toContain('data-place="add-on"');
  });

  it('sends every visitor the same page with no cookie, cacheable by a shared cache; the crumb comes from /api/crumb', async () => {
    // A page without products' stock (one showing stock is kept one 30-second slot: test/worker/stock-truth.test.ts).
    const first = await get('/blog');
    const firstHtml = await first.text();
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400',
    );
    const cached = await get('/blog', { headers: { cookie: `crumb=${'a'.repeat(32)}; CART=${'b'.repeat(32)}` } });
    expect(cached.headers.get('x-page-cache')).toBe('hit');
    expect(cached.headers.get('x-page-cache-layer')).toBe('memory');
    expect(cached.headers.get('set-cookie')).toBeNull();
    expect(await cached.text()).toBe(firstHtml);
    expect(cached.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(cached.headers.get('etag')).toBe(first.headers.get('etag'));

    const issued = await get('/api/crumb');
    expect(issued.status).toBe(204);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    expect(issued.headers.get('set-cookie')).toMatch(/^crumb=[0-9a-f]{32}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const kept = await get('/api/crumb', { headers: { cookie: `crumb=${'a'.repeat(32)}` } });
    expect(kept.headers.get('set-cookie')).toBeNull();
  });

  it('answers a URL that differs only in parameters its page does not read (utm tags, a cache-buster) from the cached page', async () => {
    const first = await get('/shop/p/canvas-tote');
    const html = await first.text();
    for (const junk of [
      '?utm_source=mail&utm_campaign=spring',
      '?bench=1',
      '?bench=2&fbclid=x',
      '?page=3&sort=title',
    ]) {
      const res = await get(`/shop/p/canvas-tote${junk}`);
      expect(res.headers.get('x-page-cache'), junk).toBe('hit');
      expect(res.headers.get('etag'), junk).toBe(first.headers.get('etag'));
      expect(await res.text(), junk).toBe(html);
    }
    // The same from memory before the router (the second sight of an address) and from the app.
    expect((await get('/shop/p/canvas-tote?bench=3')).headers.get('x-page-cache-layer')).toBe('memory');
  });

  it('serves a product page in the next stock slot without rendering it again while its available stock has not moved', async () => {
    const first = await get('/shop/p/canvas-tote');
    const html = await first.text();
    await inNextStockSlot(async () => {
      const next = await get('/shop/p/canvas-tote');
      expect(next.headers.get('x-page-cache')).toBe('hit');
      expect(next.headers.get('etag')).not.toBe(first.headers.get('etag'));
      expect(next.headers.get('etag')).toContain(`-s${Math.floor(Date.now() / 30_000)}-`);
      expect(await next.text()).toBe(html);
      // Kept under the new slot too: the fast path answers it with the new ETag.
      const again = await get('/shop/p/canvas-tote');
      expect(again.headers.get('etag')).toBe(next.headers.get('etag'));
      await again.text();
    });
  });

  it('keys a list page by the filters, sort and page it shows, as it reads them, and nothing else', async () => {
    const plain = await (await get('/shop?utm_source=x')).text();
    const byTitle = await get('/shop?sort=title');
    expect(byTitle.headers.get('x-page-cache')).toBe('miss');
    expect(await byTitle.text()).not.toBe(plain);
    // An unknown sort and page 1 read as the defaults: the plain list, already cached.
    const defaults = await get('/shop?sort=nonsense&page=1&ref=abc');
    expect(defaults.headers.get('x-page-cache')).toBe('hit');
    expect(await defaults.text()).toBe(plain);
    const sameSort = await get('/shop?ref=1&sort=title');
    expect(sameSort.headers.get('x-page-cache')).toBe('hit');
    const search = await (await get('/search?q=tote&utm_medium=ad')).text();
    expect(search).toContain('Canvas Tote');
    expect(await (await get('/search?q=linen')).text()).not.toBe(search);
  });

  it('never answers ?format=json or a design preview with a cached page of the same address', async () => {
    await (await get('/gifts')).text();
    await (await get('/gifts')).text();
    const json = await get('/gifts?format=json');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const preview = await get('/gifts?design-preview=1');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-page-cache')).toBe('miss');
    await preview.text();
  });

  it('answers a page kept in memory without reading KV, with the headers of its first answer', async () => {
    const first = await get('/blog');
    const html = await first.text();
    const noKv = new Proxy(env.SITE_CONTENT, {
      get(target, property) {
        if (property === 'get') return () => Promise.reject(new Error('a memory hit reads no KV'));
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const hit = await app.fetch(new Request(`${ORIGIN}/blog`), { ...env, SITE_CONTENT: noKv }, ctx);
    await waitOnExecutionContext(ctx);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(hit.headers.get('x-page-cache-layer')).toBe('memory');
    for (const name of [
      'content-security-policy',
      'etag',
      'cache-control',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
    ]) {
      expect(hit.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(await hit.text()).toBe(html);
  });

  it('keeps the bytes a miss sent, built once: no second read of the page stream, the same bytes in the Cache API and memory', async () => {
    const cache = (caches as unknown as { default: Cache }).default;
    const putOriginal = cache.put.bind(cache);
    const stored: { url: string; body: string; etag: string | null; miss: string | null }[] = [];
    const put = vi.spyOn(cache, 'put').mockImplementation(async (request, response) => {
      const copy = response.clone();
      stored.push({
        url: String(request instanceof Request ? request.url : request),
        body: await copy.text(),
        etag: copy.headers.get('etag'),
        miss: copy.headers.get('x-page-cache'),
      });
      return putOriginal(request, response);
    });
    const tee = vi.spyOn(ReadableStream.prototype, 'tee');
    try {
      const ctx = createExecutionContext();
      const miss = await app.fetch(new Request(`${ORIGIN}/shop/p/brass-pen`), env, ctx);
      expect(miss.headers.get('x-page-cache')).toBe('miss');
      const served = await miss.text();
      await waitOnExecutionContext(ctx);
      // Keeping the page reads no stream: the bytes the render made are handed to the cache as they are.
      expect(tee).not.toHaveBeenCalled();
      // The page under its key and, the first time this isolate keeps this address, its last good copy (besides
      // the item page and the stock answer the render read, kept for other isolates: site/published/item-pages.ts, routes/shared/edge-stock.ts).
      const pages = stored.filter((s) => s.url.startsWith('https://page-cache.internal/'));
      expect(pages.map((s) => s.url.includes('/last-good/'))).toEqual([false, true]);
      for (const copy of pages) {
        expect(copy.body).toBe(served);
        expect(copy.etag).toBe(miss.headers.get('etag'));
        expect(copy.miss).toBeNull();
      }
      const hit = await get('/shop/p/brass-pen');
      expect(hit.headers.get('x-page-cache-layer')).toBe('memory');
      expect(await hit.text()).toBe(served);
    } finally {
      put.mockRestore();
      tee.mockRestore();
    }
  });

  it("filters a miss into bytes: the store's stylesheet encoded once per isolate, the filtered body never decoded and encoded again", async () => {
    // A miss of another page first: its stylesheet (the same for every page of the store) is encoded then.
    const first = await get('/shop/p/wool-sweater');
    expect(first.headers.get('x-page-cache')).toBe('miss');
    await first.text();
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      const ctx = createExecutionContext();
      const miss = await app.fetch(new Request(`${ORIGIN}/shop/p/planter`), env, ctx);
      expect([miss.status, miss.headers.get('x-page-cache')]).toEqual([200, 'miss']);
      const served = await miss.text();
      await waitOnExecutionContext(ctx);
      expect(served.length).toBeGreaterThan(50_000);
      // Only the short text around the stylesheet is encoded (the head's start and end), and the body's filtered text
      // once: written without the rewriter's pass, as it holds only trusted markup (src/storefront/trusted-markup.ts).
      const encoded = encode.mock.calls.map(([text]) => text?.length ?? 0);
      expect(
        encoded.filter((n) => n >= 4096),
        `encoded ${encoded.join(', ')}`,
      ).toHaveLength(1);
      expect(decode.mock.calls.map(([bytes]) => bytes?.byteLength ?? 0).filter((n) => n > 4096)).toEqual([]);
      expect(served).not.toContain('data-trust');
    } finally {
      encode.mockRestore();
      decode.mockRestore();
    }
  });

  it("makes a memory hit's headers on the page's first hit, not when a miss keeps it", async () => {
    const RealHeaders = Headers;
    let memoryHeaders = 0;
    const global = globalThis as unknown as { Headers: (init?: HeadersInit) => Headers };
    // A function, not an arrow: the page cache calls it with new.
    function countingHeaders(init?: HeadersInit): Headers {
      const made = new RealHeaders(init);
      if (made.get('x-page-cache-layer') === 'memory') memoryHeaders++;
      return made;
    }
    const counting = vi.spyOn(global, 'Headers').mockImplementation(countingHeaders);
    try {
      const ctx = createExecutionContext();
      const miss = await app.fetch(new Request(`${ORIGIN}/shop/p/field-notes`), env, ctx);
      expect([miss.status, miss.headers.get('x-page-cache')]).toEqual([200, 'miss']);
      await miss.text();
      await waitOnExecutionContext(ctx);
      expect(memoryHeaders).toBe(0);
      for (const made of [1, 1]) {
        const hit = await get('/shop/p/field-notes');
        expect(hit.headers.get('x-page-cache-layer')).toBe('memory');
        expect(hit.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        await hit.text();
        expect(memoryHeaders).toBe(made);
      }
    } finally {
      counting.mockRestore();
    }
  });

  it("answers every memory hit from the kept page's one Blob, not a copy of its bytes per hit", async () => {
    const RealResponse = Response;
    const bodies: unknown[] = [];
    const global = globalThis as unknown as { Response: (body?: BodyInit | null, init?: ResponseInit) => Response };
    // A function, not an arrow: the page cache calls it with new.
    function countingResponse(body?: BodyInit | null, init?: ResponseInit): Response {
      const made = new RealResponse(body, init);
      if (made.headers.get('x-page-cache-layer') === 'memory') bodies.push(body);
      return made;
    }
    const first = await get('/shop/p/throw-blanket');
    const served = await first.text();
    const counting = vi.spyOn(global, 'Response').mockImplementation(countingResponse);
    try {
      for (let i = 0; i < 2; i++) {
        const hit = await get('/shop/p/throw-blanket');
        expect(hit.headers.get('x-page-cache-layer')).toBe('memory');
        expect(await hit.text()).toBe(served);
      }
    } finally {
      counting.mockRestore();
    }
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBeInstanceOf(Blob);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('renders a product page with variant selects, quantity input and add-to-cart', async () => {
    const html = await (await get('/shop/p/linen-shirt')).text();
    expect(html).toContain('<h1 class="ProductItem-title">Linen Shirt</h1>');
    expect(html).toContain('data-variant-option-name="Size"');
    expect(html).toContain('class="product-quantity-input"');
    expect(html).toContain('sqs-add-to-cart-button');
    expect(html).toContain(
      '<h2 id="reviews-title"><span data-text="product.reviews">Reviews</span> <span class="ProductItem-reviews-count">(2)</span></h2>',
    );
    expect(html).toContain(
      '<span class="visually-hidden">Rated 5 out of 5</span><span class="Review-stars" aria-hidden="true">★★★★★',
    );
    // The theme's JSON-LD data block survives the trusted-markup filter, and the head has the link-preview tags.
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: 'Linen Shirt',
      offers: expect.arrayContaining([expect.objectContaining({ price: '68.00', priceCurrency: 'USD' })]),
    });
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(
      '4.5</span><span class="visually-hidden"> out of 5 stars,</span><span class="RatingSummary-count">2 reviews</span>',
    );
    expect(html).toContain('Soft after one wash &amp; it keeps its shape.');
    expect(html).toContain('You may also like');
  });

  it('tags the analytics collectors with the product and the listing, so their visits are recorded', async () => {
    const collectorsTag = (html: string) =>
      html.match(/<script type="module" src="\/build\/collectors\.js"[^>]*>/)?.[0] ?? '';
    const context = async (path: string) =>
      (await (await get(`${path}?format=json`)).json()) as { item?: { id: string }; collection: { id: string } };
    const product = await context('/shop/p/linen-shirt');
    const productTag = collectorsTag(await (await get('/shop/p/linen-shirt')).text());
    expect(productTag).toContain(`data-item-id="${product.item?.id}"`);
    expect(productTag).toContain(`data-collection-id="${product.collection.id}"`);
    const listingTag = collectorsTag(await (await get('/shop')).text());
    expect(listingTag).toContain(`data-collection-id="${product.collection.id}"`);
    expect(listingTag).not.toContain('data-item-id');
  });

  it('links each page to its canonical address: the origin asked, the path, and the list page past the first', async () => {
    const canonical = async (url: string) =>
      (await (await exports.default.fetch(url)).text()).match(/<link rel="canonical" href="([^"]*)">/)?.[1];
    expect(await canonical('http://localhost/shop')).toBe('http://localhost/shop');
    expect(await canonical('http://localhost/shop?page=2')).toBe('http://localhost/shop?page=2');
    expect(await canonical('http://localhost/shop?page=1&utm_source=x')).toBe('http://localhost/shop');
    expect(await canonical('http://127.0.0.1:4321/shop/p/linen-shirt?colour=blue')).toBe(
      'http://127.0.0.1:4321/shop/p/linen-shirt',
    );
    expect(await canonical('http://localhost/blog?page=2')).toBe('http://localhost/blog?page=2');
  });

  it('marks sold-out and sale products with one badge each, not one inside another', async () => {
    for (const path of ['/shop', '/shop/p/linen-shirt']) {
      const html = await (await get(path)).text();
      expect(html, path).not.toMatch(/class="product-mark[^"]*">\s*<div class="product-mark/);
    }
    const listing = await (await get('/shop')).text();
    expect(listing.match(/class="product-mark sold-out"/g)?.length).toBeGreaterThan(0);
  });

  it('renders widgets as server-rendered islands with their props', async () => {
    const html = await (await get('/shop/p/linen-shirt')).text();
    for (const island of ['CartPill', 'ProductGallery', 'VariantSelects', 'QuantityInput', 'AddToCartButton']) {
      expect(html).toContain(`<div data-island="${island}" data-props='`);
    }
    const props = /data-island="VariantSelects" data-props='([^']*)'/.exec(html)?.[1] ?? '';
    const parsed = JSON.parse(props.replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&amp;', '&')) as {
      options: { name: string; values: string[] }[];
      variants: { available: boolean }[];
    };
    expect(parsed.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
    expect(parsed.variants.filter((v) => !v.available)).toHaveLength(1);
    expect(html).toContain('<option value="" selected="">Select Size</option>');
  });

  it('hides the quantity input where the spec says so and shows the subscription price', async () => {
    const oneLeft = await (await get('/shop/p/oak-board')).text();
    expect(oneLeft).not.toContain('class="product-quantity-input"');
    const subscription = await (await get('/shop/p/coffee-beans')).text();
    expect(subscription).toContain('every week');
    expect(subscription).not.toContain('class="product-quantity-input"');
  });

  it('shows a comment count only on posts that have comments (the demo has none: no "5 Comments" over nothing)', async () => {
    for (const path of ['/blog', '/blog/how-we-fire-mugs', '/blog/linen-care'])
      expect(await (await get(path)).text()).not.toMatch(/Comments?</);
    const site = demoSite();
    site.website = { ...site.website, id: 'commented' };
    const post = site.items.find((item) => item.urlId === 'linen-care');
    if (post === undefined) throw new Error('no demo post');
    post.publicCommentCount = 2;
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'commented.test', 'commented');
    expect(await (await exports.default.fetch('http://commented.test/blog/linen-care')).text()).toContain(
      '<span class="BlogItem-comments">2 Comments</span>',
    );
    const list = await (await exports.default.fetch('http://commented.test/blog')).text();
    expect(list.match(/Comments?</g)).toEqual(['Comments<']);
  });

  it('renders the blog, a post, the form-fields page with every field type, the contact form, cart and search', async () => {
    expect(await (await get('/blog')).text()).toContain('PostCard-title');
    const showcase = await (await get('/form-fields')).text();
    for (const type of ['email', 'url', 'password', 'number', 'checkbox', 'radio', 'hidden']) {
      expect(showcase).toContain(`type="${type}"`);
    }
    for (const part of ['name-First', 'phone-Areacode', 'address-City', 'date-Month', 'time-Hour'])
      expect(showcase).toContain(`name="${part}"`);
    expect(showcase).toContain('<div data-island="SiteForm" data-props=');
    expect(showcase).toContain('<label for="f-field-types-satisfaction-0">Delivery</label>');
    // The contact page asks what a shopper expects, one box each; none of the showcase's field types.
    const contact = await (await get('/contact')).text();
    const start = contact.indexOf('data-form-id="f-contact"');
    const contactForm = contact.slice(start, contact.indexOf('</form>', start));
    const labels = [...contactForm.matchAll(/<label for="f-contact-[\w-]+">([^<]+)/g)].map(([, label]) => label);
    expect(labels).toEqual(['Name', 'Email', 'Phone', 'Subject', 'Message']);
    for (const type of ['password', 'checkbox', 'radio']) expect(contactForm).not.toContain(`type="${type}"`);
    expect(contactForm).not.toContain('name="phone-Areacode"');
    const mug = await (await get('/shop/p/ceramic-mug')).text();
    expect(mug).toContain('<div data-island="RestockForm" data-props=');
    expect(mug).toContain('Email me when it is back');
    const account = await get('/account');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('<div data-island="AccountPanel"');
    expect(contact).toContain('<textarea');
    expect(contact).toContain('class="NewsletterForm"');
    const cart = await (await get('/cart')).text();
    expect(cart).toContain('<div data-island="CartPage" data-props=');
    expect(cart).toContain('"engraving-text"');
    expect(cart).toContain('Loading your cart…');
    expect(contact).toContain(
      '<h2 id="product-block-p-linen-shirt-title" class="ProductBlock-title"><a href="/shop/p/linen-shirt">Linen Shirt</a></h2>',
    );
    expect(contact).toContain('data-place="product_block"');
    const checkout = await get('/checkout');
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain('<div data-island="CheckoutPage"');
    const search = await (await get('/search?q=tote')).text();
    expect(search.replace(/<[^>]+>/g, '')).toContain('1 result for “tote”');
    expect(search).toContain('<span data-text="search.result">result</span>');
    expect(search).toContain('href="/shop/p/canvas-tote"');
  });

  it('streams the head as its own first chunk, before the body is rendered', async () => {
    const parsed = parseSite(demoSite());
    if (!('site' in parsed)) throw new Error(parsed.error);
    const published = await publishSite(contentObjects(env), demoSite());
    if (!('version' in published)) throw new Error(published.error);
    const page = await resolvePage(
      parsed.site,
      siteCatalog(contentObject(env, parsed.site.website.id), parsed.site.website.id, published.version),
      '/shop/p/canvas-tote',
      {},
    );
    const { response: res } = await buildPage(parsed.site, page, false, null, new Headers(), undefined);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    // The head comes in its parts (the stylesheet's bytes are the isolate's one copy), all of them before the body's.
    let head = '';
    while (!/<body class="page-product">\s*$/.test(head)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      head += new TextDecoder().decode(chunk.value);
    }
    expect(head).toMatch(/^<!doctype html>[\s\S]*<\/head>\s*<body class="page-product">\s*$/);
    // The body passes the trust filter, which may hand it on in several chunks.
    let body = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      body += new TextDecoder().decode(chunk.value);
    expect(body).toContain('<h1 class="ProductItem-title">Canvas Tote</h1>');
    expect(body.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('answers unknown paths with the not-found page, status 404 and page type 100', async () => {
    const res = await get('/nope/nothing');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
    const json = (await (await get('/nope?format=json')).json()) as { page: { typeCode: number } };
    expect(json.page.typeCode).toBe(100);
  });

  it('answers ?format=json and json-pretty with the context, and rejects other formats', async () => {
    const json = (await (await get('/shop/p/canvas-tote?format=json')).json()) as {
      page: { kind: string; typeCode: number };
      item: { title: string };
    };
    expect(json.page).toMatchObject({ kind: 'product', typeCode: 50 });
    expect(json.item.title).toBe('Canvas Tote');
    expect(await (await get('/blog?format=json-pretty')).text()).toContain('\n  "page": {');
    expect((await get('/shop?format=xml')).status).toBe(400);
  });

  it("never shows a digital product's file in ?format=json, on its page nor in the listing", async () => {
    for (const path of ['/shop/p/recipe-ebook', '/shop/p/photo-presets', '/shop']) {
      const text = await (await get(`${path}?format=json`)).text();
      expect(text, path).toContain('"title"');
      expect(text, path).not.toMatch(/digitalFile|"fileId"|\/downloads\//);
    }
  });

  it("answers ?format=html with the page itself, as the platform does for templates' routers (GarberCo's)", async () => {
    // A post no other test here reads: its cached copy would answer another test's address first.
    const page = await get('/blog/how-we-fire-mugs?format=html&nocache=true');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toBe(await (await get('/blog/how-we-fire-mugs')).text());
  });

  it('rejects over-long URLs with 414 and malformed paths with 400, never 500', async () => {
    expect((await get(`/shop?q=${'x'.repeat(2100)}`)).status).toBe(414);
    expect((await get('/shop/%E0%A4%A')).status).toBe(400);
  });

  it("serves the buyer's order pages (202, 207, 206) uncached: no-store, no ETag, never from the page cache", async () => {
    for (const [path, title, typeCode] of [
      ['/commerce/orders/ord_abc?token=0123', 'Order confirmed', '202'],
      ['/commerce/orders/ord_abc/received?token=0123', 'Order received', '207'],
      ['/commerce/subscriptions/ord_abc?token=0123', 'Subscription confirmed', '206'],
    ] as const) {
      for (const _twice of [1, 2]) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('etag')).toBeNull();
        expect(res.headers.get('x-page-cache')).toBe('miss');
        const html = await res.text();
        expect(html).toMatch(new RegExp(`<h1 id="order-title"[^>]*>${title}</h1>`));
        expect(html).toContain('<div data-island="CheckoutConfirmation"');
        expect(html).not.toContain('0123');
        const context = (await (await get(`${path}&format=json`)).json()) as {
          page: { typeCode: number };
          orderId: string;
        };
        expect(context).toMatchObject({ page: { typeCode: Number(typeCode) }, orderId: 'ord_abc' });
      }
    }
    expect((await get('/commerce/orders/not%20an%20id?token=1')).status).toBe(404);
  });

  it('serves a sitemap listing every public page, and robots.txt', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>http:\/\/localhost([^<]*)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs.length).toBeGreaterThan(30);
    for (const path of locs) expect((await get(path)).status, path).toBe(200);
    expect(await (await get('/robots.txt')).text()).toContain('Sitemap: http://localhost/sitemap.xml');
  });

  it('caches pages under the content version, with ETags, and a publish shows at once', async () => {
    const first = await get('/gifts');
    await first.text();
    const second = await get('/gifts');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    const etag = second.headers.get('etag') as string;
    await second.text();
    expect((await get('/gifts', { headers: { 'if-none-match': etag } })).status).toBe(304);

    const site = demoSite();
    site.collections = site.collections.map((c) => (c.urlId === 'gifts' ? { ...c, title: 'Presents' } : c));
    const published = await publishSite(contentObjects(env), site);
    expect(published).toHaveProperty('version');
    const after = await get('/gifts');
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).toContain('ProductList-title">Presents</h1>');
  });

  it('shows prices in the store currency: $68.00 in USD, ¥3,200 with no decimals in JPY', async () => {
    const listing = await (await get('/shop')).text();
    expect(listing).toMatch(/ProductCard-price">\s*<div class="product-price">\s*\$68\.00/);
    const product = await (await get('/shop/p/throw-blanket')).text();
    expect(product).toContain('$76.00');
    expect(product).toContain('$95.00');

    const site = demoSite();
    site.website = {
      ...site.website,
      id: 'yen',
      storeCurrency: 'JPY',
      instalments: { provider: 'afterpay', minimum: 3500, maximum: 200000, offeredAtCheckout: true },
    };
    for (const item of site.items) {
      for (const variant of item.structuredContent?.variants ?? []) {
        variant.priceMoney = { value: String(Number(variant.priceMoney.value) * 100), currency: 'JPY' };
        if (variant.salePriceMoney !== undefined)
          variant.salePriceMoney = { value: String(Number(variant.salePriceMoney.value) * 100), currency: 'JPY' };
      }
    }
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'yen.test', 'yen');
    const yenListing = await (await exports.default.fetch('http://yen.test/shop')).text();
    expect(yenListing).toContain('¥3,200');
    expect(yenListing).not.toMatch(/¥[\d,]+\.\d/);
    const yenProduct = await (await exports.default.fetch('http://yen.test/shop/p/candle')).text();
    expect(yenProduct).toMatch(/<div class="ProductPrice"[^>]*>\s*<div class="product-price">\s*¥3,200/);
    expect(yenProduct).toContain('"currency":"JPY","locale":"en-US","variants":{"SQ');
    expect(yenProduct).toContain('":{"price":3200,"salePrice":null}}');
    const yenBlanket = await (await exports.default.fetch('http://yen.test/shop/p/throw-blanket')).text();
    expect(yenBlanket).toContain('or 4 interest-free payments of ¥1900');
  });

  it('promises no instalments on the demo, whose checkout takes cards only', async () => {
    for (const path of ['/shop/p/throw-blanket', '/shop/p/linen-shirt', '/shop/p/desk-lamp', '/cart']) {
      const html = await (await get(path)).text();
      expect(html, path).not.toContain('data-island="InstalmentPill"');
      expect(html, path).not.toContain('interest-free');
      expect(html, path).not.toContain('Afterpay');
    }
  });

  it('shows the instalment pill on the sale price, only above the minimum, with its page for any store language', async () => {
    const offered = demoSite();
    offered.website = {
      ...offered.website,
      id: 'offered',
      instalments: { provider: 'afterpay', minimum: 3500, maximum: 200000, offeredAtCheckout: true },
    };
    expect(await publishSite(contentObjects(env), offered)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'offered.test', 'offered');
    const blanket = await (await exports.default.fetch('http://offered.test/shop/p/throw-blanket')).text();
    expect(blanket).toContain('or 4 interest-free payments of $19.00');
    expect(blanket).not.toContain('$23.75');

    const site = demoSite();
    site.website = {
      ...site.website,
      id: 'pill',
      language: 'de-DE',
      instalments: { provider: 'afterpay', minimum: 3200, maximum: 200000, offeredAtCheckout: true },
    };
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'pill.test', 'pill');
    const candle = await (await exports.default.fetch('http://pill.test/shop/p/candle')).text();
    expect(candle).toContain('Instalments available for orders over 32,00');
    expect(candle).toContain('data-island="InstalmentPill"');
    expect(candle).toContain('"infoUrl":"/integrations/instalments/afterpay/en_US"');
    expect(candle).toContain('Learn more');
  });

  it('rejects invalid content at publish time with the path of the problem', async () => {
    const site = demoSite();
    (site.items[0] as { urlId: string }).urlId = 'Not A Slug';
    expect(await publishSite(contentObjects(env), site)).toEqual({
      error: expect.stringContaining('items.0.urlId: must be lowercase letters, digits and dashes'),
    });
  });

  it('serves other sites by host name', async () => {
    const site = demoSite();
    site.website = { ...site.website, id: 'other', siteTitle: 'Other Shop' };
    await publishSite(contentObjects(env), site);
    await mapHost(env.SITE_CONTENT, 'other.test', 'other');
    const html = await (await exports.default.fetch('http://other.test/shop')).text();
    expect(html).toContain('<title>Shop · Other Shop</title>');
  });

  it('shows template errors with file, line and column on the page in development', async () => {
    const site = demoSite();
    site.website = { ...site.website, id: 'broken' };
    site.theme = { ...site.theme, 'pages/cart.html': '<h1>Cart</h1>\n{.section page}\n{.repeated section x}' };
    await publishSite(contentObjects(env), site);
    await mapHost(env.SITE_CONTENT, 'broken.test', 'broken');
    const html = await (await exports.default.fetch('http://broken.test/cart')).text();
    expect(html).toContain('<aside role="alert"');
    expect(html).toContain('pages/cart.html:3:1 assembler: Reached EOF in the middle of REPEATED');
    expect(html).toContain('<h1>Cart</h1>');
  });

  it('answers a host with no store with 404 in production (no demo store there)', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://unknown.example/shop'), { ...env, ENVIRONMENT: 'production' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>No store at this address</h1>');
  });

  it("writes product card pictures with the theme's img tag, and a picture breaking its rules as an HTML comment", async () => {
    const listing = await (await get('/shop')).text();
    expect(listing).toMatch(
      /<img class="ProductCard-image" src="\/images\/demo\/[a-z-]+\.webp" alt="[^"]+" width="\d+" height="\d+" loading="lazy" decoding="async">/,
    );
    const site = demoSite();
    site.website = { ...site.website, id: 'unsized' };
    for (const item of site.items) if (item.recordType === 11) delete (item as { originalSize?: string }).originalSize;
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'unsized.test', 'unsized');
    const html = await (await exports.default.fetch('http://unsized.test/shop')).text();
    expect(html).toContain(
      '<div class="ProductCard-media">\n      <!-- img: width is required; height is required -->',
    );
    expect(html).not.toContain('class="ProductCard-image"');
  });

  it('draws demo images locally', async () => {
    const res = await get('/images/demo/linen-shirt.svg');
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('Linen Shirt');
  });
});
