/**
 * The one main-image rule (src/site/model/main-image.ts) on every path that stores an item: the console's
 * product and post calls, the merchant API's item save and a whole-site import. A picture saved by
 * any of them shows where a shopper looks (the item's page, the /shop card, search, the blog list),
 * and a picture taken away leaves no empty image behind.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { contentObjects } from '../../src/durable/stubs';
import { DEMO_MERCHANTS, demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';
import { demoStoreOfFile, productForm, variantForm } from './fixtures';
import { Visitor } from './visitor';

const [OWNER] = DEMO_MERCHANTS;
const CANDLE = '/images/demo/candle.webp';
const MUG = '/images/demo/ceramic-mug.webp';

/** The demo store of this file's own: its tests save pictures into it one after another. */
const demo = demoStoreOfFile('main-image');
const owner = () => demo.signedIn(OWNER);

async function page(path: string, origin = demo.origin): Promise<string> {
  const res = await new Visitor(origin).fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** What a shopper sees of a product's picture: its page's gallery, its /shop card and its search result. */
async function productPictures(fullUrl: string, title: string, origin = demo.origin) {
  const [product, shop, search] = await Promise.all([
    page(fullUrl, origin),
    page('/shop', origin),
    page(`/search?q=${encodeURIComponent(title)}`, origin),
  ]);
  const card = shop.slice(shop.indexOf(`href="${fullUrl}"`) - 600, shop.indexOf(`href="${fullUrl}"`) + 600);
  return {
    page: /<img class="ProductItem-image" src="([^"]+)"/.exec(product)?.[1] ?? null,
    card: /class="ProductCard-image"[^>]*|<img[^>]*class="ProductCard-image"[^>]*/.exec(card)?.[0] ?? null,
    search: /<img class="SearchResult-image" src="([^"]+)"/.exec(search)?.[1] ?? null,
  };
}

/** A product item as the merchant API takes it (PUT /api/merchant/items/{id}): a picture, and no main image named. */
function apiProduct(
  id: string,
  title: string,
  picture: Record<string, unknown>,
): { id: string; title: string; fullUrl: string } & Record<string, unknown> {
  const shirt = demoSite().items.find((item) => item.urlId === 'linen-shirt');
  const {
    mainImageId: _named,
    assetUrl: _asset,
    originalSize: _size,
    ...rest
  } = shirt as unknown as Record<string, unknown>;
  const urlId = id.toLowerCase();
  const variants = (shirt?.structuredContent?.variants ?? [])
    .slice(0, 1)
    .map((variant) => ({ ...variant, id: `v-${urlId}`, sku: `SKU-${id}`, image: undefined }));
  return {
    ...rest,
    id,
    title,
    urlId,
    fullUrl: `/shop/p/${urlId}`,
    tags: [],
    categories: [],
    reviews: undefined,
    structuredContent: { ...shirt?.structuredContent, variants },
    ...picture,
  };
}

describe('the main-image rule on every save path', () => {
  it('the merchant API: a product saved with a picture and no main image shows it on its page, its card and in search; without one, no empty image', async () => {
    const merchant = await owner();
    const item = apiProduct('api-pictured', 'Apipictured Lantern', { assetUrl: CANDLE, originalSize: '800x800' });
    expect((await merchant.json('PUT', `/api/merchant/items/${item.id}`, item)).status).toBe(200);
    const shown = await productPictures(item.fullUrl, item.title);
    expect(shown.page).toBe(CANDLE);
    expect(shown.card).toContain(CANDLE);
    expect(shown.search).toBe(CANDLE);
    // Named by a writer, but with no picture: the theme would draw an empty image.
    const {
      assetUrl: _gone,
      originalSize: _size,
      ...bare
    } = { ...item, mainImageId: 'img-left-over' } as Record<string, unknown>;
    expect((await merchant.json('PUT', `/api/merchant/items/${item.id}`, bare)).status).toBe(200);
    const after = await productPictures(item.fullUrl, item.title);
    expect(after).toEqual({ page: null, card: null, search: null });
  });

  it("the merchant API: a product's gallery (child image items) shows every picture in order with its alt text", async () => {
    const merchant = await owner();
    const pictures = [
      { assetUrl: MUG, originalSize: '800x800', altText: 'The mug from the side' },
      { assetUrl: CANDLE, originalSize: '800x800', altText: 'The candle lit' },
    ];
    const item = apiProduct('api-gallery', 'Apigallery Mug', { ...pictures[0], items: pictures });
    expect((await merchant.json('PUT', `/api/merchant/items/${item.id}`, item)).status).toBe(200);
    const html = await page(item.fullUrl);
    const thumbs = [...html.matchAll(/aria-label="Picture (\d) of 2: ([^"]+)"/g)].map((match) => match[2]);
    expect(thumbs).toEqual(['The mug from the side', 'The candle lit']);
    expect(html).toMatch(new RegExp(`<img class="ProductItem-image" src="${MUG}" alt="The mug from the side"`));
    // Only what the image formatters print is kept, each field checked.
    const hostile = { ...item, items: [{ assetUrl: MUG, originalSize: '1x1" onload="alert(1)' }] };
    expect((await merchant.json('PUT', `/api/merchant/items/${item.id}`, hostile)).status).toBe(400);
  });

  it("the console's product form: pictures saved in the editor show on the page, the card and in search", async () => {
    const merchant = await owner();
    const form = productForm('Consolepictured Vase', {
      images: [
        { assetUrl: MUG, originalSize: '800x800', altText: 'A vase' },
        { assetUrl: CANDLE, originalSize: '800x800', altText: 'Its glaze' },
      ],
      variants: [variantForm({}, 2400, 0, { unlimited: true })],
    });
    const saved = await merchant.json<{ id: string; fullUrl: string }>('POST', '/api/console/products', form);
    expect(saved.status).toBe(200);
    const shown = await productPictures(saved.body.fullUrl, form.title);
    expect(shown.page).toBe(MUG);
    expect(shown.card).toContain(MUG);
    expect(shown.search).toBe(MUG);
    const opened = await merchant.json<{ product: { images: unknown[] } }>(
      'GET',
      `/api/console/products/${saved.body.id}`,
    );
    expect(opened.body.product.images).toEqual(form.images);
  });

  it("the console's post: a post's main picture shows on its page with its alt text and in the blog list", async () => {
    const merchant = await owner();
    const body = {
      collectionId: 'c-blog',
      title: 'Pictured studio day',
      body: '<p>Kiln day.</p>',
      excerpt: '',
      tags: [],
      categories: [],
      status: 'published',
      publishOn: Date.now() - 60_000,
      assetUrl: '/files/f-kiln/kiln.jpg',
      originalSize: '1200x900',
      altText: 'The kiln, open',
    };
    const created = await merchant.json<{ fullUrl: string }>('POST', '/api/console/posts', body);
    expect(created.status).toBe(201);
    expect(await page(created.body.fullUrl)).toMatch(
      /<img class="BlogItem-image" src="\/files\/f-kiln\/kiln\.jpg" alt="The kiln, open" width="1200" height="900"/,
    );
    expect(await page('/blog')).toMatch(/class="PostCard-image-link"[^>]*><img src="\/files\/f-kiln\/kiln\.jpg"/);
  });

  it('an import: a store whose items name no main image shows their pictures', async () => {
    const host = 'pictures.example';
    const site = demoSite();
    site.website.id = 'pictures-example';
    for (const item of site.items) delete (item as { mainImageId?: string }).mainImageId;
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, host, site.website.id);
    const origin = `http://${host}`;
    const shirt = site.items.find((item) => item.urlId === 'linen-shirt');
    const shown = await productPictures(shirt?.fullUrl ?? '', 'Linen Shirt', origin);
    expect(shown.page).toBe(shirt?.assetUrl);
    expect(shown.card).toContain(shirt?.assetUrl);
    expect(shown.search).toBe(shirt?.assetUrl);
    const post = site.items.find((item) => item.collectionId === 'c-blog' && item.assetUrl !== undefined);
    expect(await page('/blog', origin)).toContain(`<img src="${post?.assetUrl}"`);
  });
});
