/**
 * A shop's or blog's settings changed in the console (issue 33). Its URL slug: the old address and every item under
 * it answer 301 to the new one, the items and navigation links carry the new address, a bad, reserved or taken slug
 * gets the page slug's message by field with nothing written, and a role without the content permission is refused.
 * Its title, navigation title, description and search engine listing: the shop's page shows them (its products'
 * pages keep their own <title>), the links that showed the old name show the new one, and each field's problem comes
 * by its name.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { PAGE_FORM_MESSAGES } from '../../src/site/editor/page-form';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { EDIT_MESSAGES } from '../../src/site/edits/edits';
import { versionKey } from '../../src/site/published/store';
import { demoStoreOfFile } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, STORE_MANAGER, EDITOR, VIEWER] = DEMO_MERCHANTS;

/** The demo store of this file's own, which its tests change one after another. */
const demo = demoStoreOfFile('collection-slug');

async function shopperGets(path: string): Promise<Response> {
  return new Visitor(demo.origin).fetch(path, { redirect: 'manual' });
}

const version = async () => Number(await env.SITE_CONTENT.get(versionKey(demo.websiteId)));

type Answer = {
  error?: string;
  fields?: Record<string, string>;
  id?: string;
  urlId?: string;
  fullUrl?: string;
  title?: string;
  navigationTitle?: string;
  description?: string;
  seoTitle?: string;
  seoDescription?: string;
};

/** Where the console lists the shop: unchanged by a refused rename. */
async function shopAddress(visitor: Visitor): Promise<string | undefined> {
  const listed = await visitor.json<{ productCollections: { id: string; fullUrl: string }[] }>(
    'GET',
    '/api/console/pages',
  );
  return listed.body.productCollections.find((collection) => collection.id === 'c-shop')?.fullUrl;
}

const rename = (visitor: Visitor, id: string, urlId: unknown) =>
  visitor.json<Answer>('PUT', `/api/console/collections/${id}`, { urlId });

describe('a collection’s URL slug', () => {
  it('moves the shop and the blog: old item links answer 301 to the new ones, items and navigation follow', async () => {
    const owner = await demo.signedIn(OWNER);
    expect((await shopperGets('/shop/p/candle')).status).toBe(200);
    // A save before the move: its version keeps the old address.
    const form = (await owner.json<{ product: Record<string, unknown> }>('GET', '/api/console/products/p-candle')).body;
    const resaved = await owner.json('PUT', '/api/console/products/p-candle', {
      ...form.product,
      title: 'Cedar Candle',
    });
    expect(resaved.status).toBe(200);

    const moved = await rename(owner, 'c-shop', 'store');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: 'c-shop', urlId: 'store', fullUrl: '/store' });
    const item = await shopperGets('/shop/p/candle?ref=mail');
    expect(item.status).toBe(301);
    expect(item.headers.get('location')).toBe('/store/p/candle?ref=mail');
    expect((await shopperGets('/shop')).headers.get('location')).toBe('/store');
    expect((await shopperGets('/store/p/candle')).status).toBe(200);
    expect(await (await shopperGets('/store')).text()).toContain('href="/store/p/candle"');
    const product = await owner.json<{ fullUrl: string }>('GET', '/api/console/products/p-candle');
    expect(product.body.fullUrl).toBe('/store/p/candle');
    // A version from before the move is restored under the new address.
    const versions = await owner.json<{ versions: { id: number }[] }>('GET', '/api/console/versions/product/p-candle');
    const oldest = versions.body.versions.at(-1)?.id;
    expect((await owner.json('POST', `/api/console/versions/product/p-candle/${oldest}/restore`, {})).status).toBe(200);
    const restored = await owner.json<{ fullUrl: string }>('GET', '/api/console/products/p-candle');
    expect(restored.body.fullUrl).toBe('/store/p/candle');
    const home = await (await shopperGets('/')).text();
    expect(home).toContain('href="/store"');
    expect(home).not.toContain('href="/shop"');

    // An editor (content, not commerce) moves the blog.
    const editor = await demo.signedIn(EDITOR);
    expect((await rename(editor, 'c-blog', 'journal')).status).toBe(200);
    expect((await shopperGets('/blog/gift-guide')).headers.get('location')).toBe('/journal/gift-guide');
    expect((await shopperGets('/journal/gift-guide')).status).toBe(200);
    expect(await (await shopperGets('/journal')).text()).toContain('href="/journal/gift-guide"');
  });

  it('makes an empty slug from the title, as the console’s hint says; a title with no letters keeps the slug', async () => {
    const owner = await demo.signedIn(OWNER);
    const blog = await owner.json<Answer>('PUT', '/api/console/collections/c-blog', { urlId: '' });
    expect(blog.status).toBe(200);
    expect(blog.body).toMatchObject({ urlId: 'journal', fullUrl: '/journal', title: 'Journal' });
    expect((await shopperGets('/blog')).headers.get('location')).toBe('/journal');
    const named = await owner.json<Answer>('PUT', '/api/console/collections/c-shop', {
      urlId: '',
      title: 'Home Goods',
    });
    expect(named.body).toMatchObject({ urlId: 'home-goods', fullUrl: '/home-goods', title: 'Home Goods' });
    const symbols = await owner.json<Answer>('PUT', '/api/console/collections/c-shop', { urlId: '', title: '★ ★' });
    expect(symbols.body).toMatchObject({ urlId: 'home-goods', title: '★ ★' });
    // The store is shared by the file's tests: its shop is called Shop again.
    expect((await owner.json('PUT', '/api/console/collections/c-shop', { urlId: '', title: 'Shop' })).status).toBe(200);
  });

  it('refuses a bad, reserved or taken slug with the page slug’s message by field, writing nothing', async () => {
    const owner = await demo.signedIn(OWNER);
    const [before, address] = [await version(), await shopAddress(owner)];
    expect((await rename(owner, 'c-shop', 'Bad Slug')).body).toEqual({
      error: PRODUCT_MESSAGES.invalid,
      fields: { urlId: EDIT_MESSAGES.urlIdInvalid },
    });
    const reserved = await rename(owner, 'c-shop', 'cart');
    expect(reserved.status).toBe(400);
    expect(reserved.body).toEqual({
      error: EDIT_MESSAGES.urlIdReserved,
      fields: { urlId: EDIT_MESSAGES.urlIdReserved },
    });
    expect((await rename(owner, 'c-shop', 'contact')).body).toEqual({
      error: EDIT_MESSAGES.urlIdTaken,
      fields: { urlId: EDIT_MESSAGES.urlIdTaken },
    });
    expect((await rename(owner, 'c-blog', 'gifts')).body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
    // A page is renamed in its own editor; an unknown collection is not there.
    expect((await rename(owner, 'c-contact', 'write-to-us')).status).toBe(404);
    expect((await rename(owner, 'c-nothing', 'store')).status).toBe(404);
    expect(await version()).toBe(before);
    expect(await shopAddress(owner)).toBe(address);
  });

  it('is refused to roles that may not edit content, to a call without the crumb and to a body too large', async () => {
    const [anonymous, storeManager, viewer, owner] = await Promise.all([
      demo.signedIn(undefined),
      demo.signedIn(STORE_MANAGER),
      demo.signedIn(VIEWER),
      demo.signedIn(OWNER),
    ]);
    const [before, address] = [await version(), await shopAddress(owner)];
    expect((await rename(anonymous, 'c-shop', 'store')).status).toBe(401);
    expect((await rename(storeManager, 'c-shop', 'store')).status).toBe(403);
    expect((await rename(viewer, 'c-blog', 'journal')).status).toBe(403);
    const noCrumb = await owner.fetch('/api/console/collections/c-shop', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ urlId: 'store' }),
    });
    expect(noCrumb.status).toBe(403);
    const big = await owner.fetch('/api/console/collections/c-shop', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb },
      body: JSON.stringify({ urlId: 'store', description: 'x'.repeat(30_000) }),
    });
    expect(big.status).toBe(413);
    expect(await version()).toBe(before);
    expect(await shopAddress(owner)).toBe(address);
  });

  it('saves the shop’s title, navigation title, description and SEO; the storefront shows them, its products keep theirs', async () => {
    const owner = await demo.signedIn(OWNER);
    const stored = await owner.json<Answer>('GET', '/api/console/collections/c-shop');
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ id: 'c-shop', title: 'Shop', navigationTitle: '', seoTitle: '' });
    expect(stored.body.description).toBe('<p>Things we make and love.</p>');
    const urlId = stored.body.urlId ?? '';
    const settings = (fields: Record<string, unknown>) =>
      owner.json<Answer>('PUT', '/api/console/collections/c-shop', { urlId, ...fields });

    const saved = await settings({
      title: 'The Store',
      navigationTitle: 'Store',
      description: '<p>Made <strong>here</strong>.</p><script>alert(1)</script>',
      seoTitle: 'Handmade homeware & candles',
      seoDescription: 'Candles, mugs and prints made in our studio.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: 'The Store',
      navigationTitle: 'Store',
      seoTitle: 'Handmade homeware & candles',
      seoDescription: 'Candles, mugs and prints made in our studio.',
    });
    expect(saved.body.description).not.toContain('<script>');

    const list = await (await shopperGets(`/${urlId}`)).text();
    expect(list).toContain('<title>Handmade homeware &amp; candles · ');
    expect(list).toContain('<meta name="description" content="Candles, mugs and prints made in our studio.">');
    expect(list).toContain('<meta property="og:title" content="Handmade homeware &amp; candles">');
    expect(list).toMatch(/<h1[^>]*>The Store<\/h1>/);
    expect(list).toContain('Made <strong>here</strong>.');
    expect(list).not.toContain('alert(1)');
    expect(list).toContain(`>Store</a>`);
    // A product's page names the product, not the shop's listing.
    const product = await (await shopperGets(`/${urlId}/p/candle`)).text();
    expect(product).not.toContain('Handmade homeware');
    expect(product).not.toContain('<meta name="description" content="Candles, mugs');

    const before = await version();
    const problems = await settings({ title: ' ', navigationTitle: 'n'.repeat(101), seoTitle: 't'.repeat(101) });
    expect(problems.status).toBe(400);
    expect(problems.body).toEqual({
      error: PRODUCT_MESSAGES.invalid,
      fields: {
        title: EDIT_MESSAGES.titleRequired,
        navigationTitle: PAGE_FORM_MESSAGES.navigationTitleTooLong,
        seoTitle: PAGE_FORM_MESSAGES.seoTitleTooLong,
      },
    });
    expect((await settings({ seoDescription: 'd'.repeat(321) })).body.fields).toEqual({
      seoDescription: PAGE_FORM_MESSAGES.seoDescriptionTooLong,
    });
    expect((await settings({ description: 'd'.repeat(5001) })).body.fields).toEqual({
      description: PAGE_FORM_MESSAGES.descriptionTooLong,
    });
    expect(await version()).toBe(before);

    // The editor reads and empties the listing; a viewer reads it only; the store manager neither edits it.
    const [editor, viewer, storeManager] = await Promise.all([
      demo.signedIn(EDITOR),
      demo.signedIn(VIEWER),
      demo.signedIn(STORE_MANAGER),
    ]);
    expect((await viewer.json('GET', '/api/console/collections/c-shop')).status).toBe(200);
    expect((await viewer.json('PUT', '/api/console/collections/c-shop', { urlId, seoTitle: '' })).status).toBe(403);
    expect((await storeManager.json('PUT', '/api/console/collections/c-shop', { urlId, seoTitle: '' })).status).toBe(
      403,
    );
    expect((await owner.json('GET', '/api/console/collections/c-contact')).status).toBe(404);
    const emptied = await editor.json<Answer>('PUT', '/api/console/collections/c-shop', {
      urlId,
      title: 'Shop',
      navigationTitle: '',
      seoTitle: '',
      seoDescription: '',
    });
    expect(emptied.body).toMatchObject({ title: 'Shop', navigationTitle: '', seoTitle: '', seoDescription: '' });
    const plain = await (await shopperGets(`/${urlId}`)).text();
    expect(plain).toContain('<title>Shop · ');
    expect(plain).toContain('>Shop</a>');
  });
});
