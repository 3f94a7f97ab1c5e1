/**
 * The content limits of engine spec §9 through the real calls: a whole-store import (the site
 * admin route, with the CLI's client), a publish, and the merchant's item save and category
 * calls; each refused with its message, and nothing written.
 */
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AdminCallError, receiveSite, sendSite, type AdminTarget } from '../../scripts/site/admin-client';
import type { SiteJson } from '../../scripts/site/site-json';
import { demoSite, DEMO_MERCHANTS } from '../../src/site/demo';
import { CONTENT_LIMITS, LIMIT_MESSAGES } from '../../src/site/limits';
import { publishSite } from '../../src/site/store';
import { signedIn } from './fixtures';

const local: AdminTarget = { url: 'http://localhost', fetch: (url, init) => exports.default.fetch(url, init) };
const [OWNER] = DEMO_MERCHANTS;
const CATEGORIES = '/api/content-service/product/1.1/websites/demo/products/c-shop/categories';
const newCategory = (displayName: string) => ({
  displayName,
  parentCategoryId: null,
  type: 'ROOT',
  pageRendering: 'LIST_VIEW',
  displayIndex: 1,
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdminCallError);
  return (error as AdminCallError).message;
}

const owner = () => signedIn(OWNER);

type Product = { id: string; collectionId: string; urlId: string; fullUrl: string; title: string; tags?: string[] };

/** A copy of the demo's first product under a new id and address in `collectionId`. */
function productCopy(model: object, n: number, collectionId = 'c-shop', base = '/shop'): Product {
  return {
    ...(model as Product),
    id: `p-copy-${n}`,
    collectionId,
    title: `Copy ${n}`,
    urlId: `copy-${n}`,
    fullUrl: `${base}/p/copy-${n}`,
  };
}

describe('content limits (engine spec §9)', () => {
  it('refuses an import with a page of more than 60 blocks or a collection of more than 10000 categories, and keeps the store', async () => {
    const before = await receiveSite(local);
    const crowdedPage: SiteJson = structuredClone(before.site);
    const contact = crowdedPage.collections.find((c) => (c as { urlId: string }).urlId === 'contact') as {
      blocks: object[];
    };
    contact.blocks = Array.from({ length: CONTENT_LIMITS.blocksPerLayout + 1 }, (_, i) => ({
      id: `b-${i}`,
      type: 'html',
      html: `<p>Block ${i}</p>`,
    }));
    expect(await refusal(sendSite(local, 'import', crowdedPage))).toContain(`: ${LIMIT_MESSAGES.blocksPerLayout}`);

    contact.blocks = contact.blocks.slice(0, CONTENT_LIMITS.blocksPerLayout);
    const sixty = await sendSite(local, 'import', crowdedPage);
    expect(sixty.version).toBe(before.version + 1);
    expect(await (await exports.default.fetch('http://localhost/contact')).text()).toContain('<p>Block 59</p>');

    const crowdedCategories: SiteJson = structuredClone(before.site);
    const shop = crowdedCategories.collections.find((c) => (c as { id: string }).id === 'c-shop') as {
      categories?: object[];
    };
    shop.categories = Array.from({ length: CONTENT_LIMITS.nestedCategories + 1 }, (_, i) => ({
      id: `cat-${i}`,
      ...newCategory(`C${i}`),
    }));
    expect(await refusal(sendSite(local, 'import', crowdedCategories))).toContain(`collections.`);
    expect(await refusal(sendSite(local, 'import', crowdedCategories))).toContain(LIMIT_MESSAGES.nestedCategories);

    const longTag: SiteJson = structuredClone(before.site);
    (longTag.items[3] as Product).tags = ['t'.repeat(CONTENT_LIMITS.tagLength + 1)];
    expect(await refusal(sendSite(local, 'import', longTag))).toContain(LIMIT_MESSAGES.tagLength);

    expect((await receiveSite(local)).version).toBe(sixty.version);
    await sendSite(local, 'import', before.site);
  });

  it('refuses a publish with more than 200 products in one collection', async () => {
    const site = demoSite();
    site.website = { ...site.website, id: 'crowded' };
    const model = site.items.find((item) => item.collectionId === 'c-gifts') as object;
    const inGifts = site.items.filter((item) => item.collectionId === 'c-gifts').length;
    for (let n = inGifts; n <= CONTENT_LIMITS.productsPerCollection; n++)
      site.items.push(productCopy(model, n, 'c-gifts', '/gifts') as never);
    expect(await publishSite(env, site)).toEqual({
      error: 'Invalid site content: collection c-gifts holds 201 products; a collection holds at most 200',
    });
  });

  it("refuses a merchant's new product in a full collection, but still saves its products' edits", async () => {
    const exported = await receiveSite(local);
    const site = structuredClone(exported.site);
    const model = site.items.find((item) => (item as Product).collectionId === 'c-shop') as Product;
    const inShop = site.items.filter((item) => (item as Product).collectionId === 'c-shop').length;
    for (let n = inShop; n < CONTENT_LIMITS.productsPerCollection; n++) site.items.push(productCopy(model, n));
    await sendSite(local, 'import', site);
    const merchant = await owner();

    const extra = productCopy(model, 999);
    const refused = await merchant.json('PUT', `/api/merchant/items/${extra.id}`, extra);
    expect(refused).toEqual({ status: 400, body: { error: LIMIT_MESSAGES.productsPerCollection } });
    expect((await exports.default.fetch('http://localhost/shop/p/copy-999')).status).toBe(404);

    const edited = { ...productCopy(model, CONTENT_LIMITS.productsPerCollection - 1), title: 'Edited copy' };
    expect(await merchant.json('PUT', `/api/merchant/items/${edited.id}`, edited)).toMatchObject({ status: 200 });
    expect(await (await exports.default.fetch(`http://localhost${edited.fullUrl}`)).text()).toContain('Edited copy');

    const gifts = { ...extra, collectionId: 'c-gifts', fullUrl: '/gifts/p/copy-999' };
    expect(await merchant.json('PUT', `/api/merchant/items/${gifts.id}`, gifts)).toMatchObject({ status: 200 });
    const moved = { ...gifts, collectionId: 'c-shop', fullUrl: '/shop/p/copy-999' };
    expect(await merchant.json('PUT', `/api/merchant/items/${moved.id}`, moved)).toEqual({
      status: 400,
      body: { error: LIMIT_MESSAGES.productsPerCollection },
    });

    const tagged = { ...edited, tags: ['t'.repeat(CONTENT_LIMITS.tagLength + 1)] };
    const longTag = await merchant.json<{ error: string }>('PUT', `/api/merchant/items/${tagged.id}`, tagged);
    expect(longTag.status).toBe(400);
    expect(longTag.body.error).toContain(`tags.0: ${LIMIT_MESSAGES.tagLength}`);
    await sendSite(local, 'import', exported.site);
  });

  it('refuses a category past 10000 in a collection', async () => {
    const exported = await receiveSite(local);
    const site = structuredClone(exported.site);
    const shop = site.collections.find((c) => (c as { id: string }).id === 'c-shop') as { categories?: object[] };
    shop.categories = Array.from({ length: CONTENT_LIMITS.nestedCategories }, (_, i) => ({
      id: `cat-${i}`,
      ...newCategory(`C${i}`),
    }));
    await sendSite(local, 'import', site);
    const merchant = await owner();
    expect(await merchant.json('POST', CATEGORIES, newCategory('One more'))).toEqual({
      status: 400,
      body: { error: LIMIT_MESSAGES.nestedCategories },
    });
    await sendSite(local, 'import', exported.site);
    expect(await merchant.json('POST', CATEGORIES, newCategory('One more'))).toMatchObject({ status: 200 });
  });
});
