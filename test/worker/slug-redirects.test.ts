/**
 * Slug redirects in workerd: a product's, post's or page's old address answers 301 to its new one
 * (past the page cache that kept the old page), a chain resolves in one hop, the query is kept, an
 * item that takes an old address wins over its redirect, a moved collection takes its items' addresses
 * with it in one row, and the store keeps at most MAX_REDIRECTS.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { receiveSite, sendSite, type AdminTarget } from '../../scripts/site/admin-client';
import { MAX_REDIRECTS, recordRedirect, redirectOf } from '../../src/durable/content-redirects';
import { contentObject } from '../../src/durable/stubs';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import type { ProductForm } from '../../src/site/editor/product-form';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const [OWNER] = DEMO_MERCHANTS;

const owner = () => signedIn(OWNER);

/** What a shopper's browser is answered, before it follows a redirect. */
async function shopperGets(path: string): Promise<Response> {
  return new Visitor().fetch(path, { redirect: 'manual' });
}

async function renameProduct(merchant: Visitor, id: string, urlId: string): Promise<void> {
  const form = (await merchant.json<{ product: ProductForm }>('GET', `/api/console/products/${id}`)).body.product;
  expect((await merchant.json('PUT', `/api/console/products/${id}`, { ...form, urlId })).status).toBe(200);
}

describe('slug redirects', () => {
  it('sends a renamed product’s old address to the new one in one hop, past the cached page, query kept', async () => {
    const merchant = await owner();
    expect((await shopperGets('/shop/p/candle')).status).toBe(200);
    expect((await shopperGets('/shop/p/candle')).headers.get('x-page-cache')).toBe('hit');

    await renameProduct(merchant, 'p-candle', 'cedar-candle');
    const moved = await shopperGets('/shop/p/candle');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/shop/p/cedar-candle');
    expect(moved.headers.get('cache-control')).toBe('no-store');
    expect((await shopperGets('/shop/p/candle?ref=mail')).headers.get('location')).toBe(
      '/shop/p/cedar-candle?ref=mail',
    );
    expect(await (await shopperGets('/shop/p/cedar-candle')).text()).toContain('Cedar Candle');

    // A → B → C: both old addresses go straight to C.
    await renameProduct(merchant, 'p-candle', 'candle-50-hours');
    expect((await shopperGets('/shop/p/candle')).headers.get('location')).toBe('/shop/p/candle-50-hours');
    expect((await shopperGets('/shop/p/cedar-candle')).headers.get('location')).toBe('/shop/p/candle-50-hours');

    // Another product taking an old address wins over the redirect.
    await renameProduct(merchant, 'p-ceramic-mug', 'cedar-candle');
    const taken = await shopperGets('/shop/p/cedar-candle');
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain('Ceramic Mug');
    expect((await shopperGets('/shop/p/candle')).headers.get('location')).toBe('/shop/p/candle-50-hours');

    // Moving back drops the redirect from where it lives again.
    await renameProduct(merchant, 'p-candle', 'candle');
    expect((await shopperGets('/shop/p/candle')).status).toBe(200);
    expect((await shopperGets('/shop/p/candle-50-hours')).headers.get('location')).toBe('/shop/p/candle');
    expect((await shopperGets('/shop/p/never-was')).status).toBe(404);
  });

  it('sends a renamed post’s and page’s old address to the new one', async () => {
    const merchant = await owner();
    const post = {
      collectionId: 'c-blog',
      title: 'Kiln diary',
      urlId: 'kiln-diary',
      body: '<p>Firing day.</p>',
      excerpt: '',
      tags: [],
      categories: [],
      status: 'published',
      publishOn: Date.now() - 60_000,
      assetUrl: null,
    };
    const created = await merchant.json<{ id: string }>('POST', '/api/console/posts', post);
    expect(created.status).toBe(201);
    expect((await shopperGets('/blog/kiln-diary')).status).toBe(200);
    const renamed = await merchant.json('PUT', `/api/console/posts/${created.body.id}`, {
      ...post,
      urlId: 'firing-day',
    });
    expect(renamed.status).toBe(200);
    expect((await shopperGets('/blog/kiln-diary')).headers.get('location')).toBe('/blog/firing-day');

    const page = await merchant.json<{ id: string }>('POST', '/api/console/pages', { title: 'Workshop', urlId: '' });
    expect((await shopperGets('/workshop')).status).toBe(200);
    const stored = (await merchant.json<Record<string, unknown>>('GET', `/api/console/pages/${page.body.id}`)).body;
    const { id: _id, fullUrl: _url, inNavigation: _nav, ...fields } = stored;
    expect(
      (await merchant.json('PUT', `/api/console/pages/${page.body.id}`, { ...fields, urlId: 'classes' })).status,
    ).toBe(200);
    const moved = await shopperGets('/workshop');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/classes');
  });

  it('sends every item of a collection moved by a publish to its new address, with one row for the collection', async () => {
    const local: AdminTarget = { url: 'http://localhost', fetch: (url, init) => exports.default.fetch(url, init) };
    const host = 'moved-shop.example';
    const site = structuredClone((await receiveSite(local)).site);
    (site.website as { id: string }).id = 'moved-shop';
    await sendSite({ ...local, host }, 'import', site);
    const get = (path: string) => exports.default.fetch(`http://${host}${path}`, { redirect: 'manual' });
    expect((await get('/shop/p/candle')).status).toBe(200);

    // The export → edit → publish cycle: the shop collection's urlId, and its items' addresses, become /store.
    const moved = structuredClone(site);
    const shop = moved.collections.find((c) => c.fullUrl === '/shop') as { urlId: string; fullUrl: string };
    shop.urlId = 'store';
    shop.fullUrl = '/store';
    for (const item of moved.items as { fullUrl: string }[])
      if (item.fullUrl.startsWith('/shop/')) item.fullUrl = `/store${item.fullUrl.slice('/shop'.length)}`;
    await sendSite({ ...local, host }, 'publish', moved);

    expect((await get('/shop')).headers.get('location')).toBe('/store');
    const item = await get('/shop/p/candle?ref=mail');
    expect(item.status).toBe(301);
    expect(item.headers.get('location')).toBe('/store/p/candle?ref=mail');
    expect((await get('/shop/p/canvas-tote')).headers.get('location')).toBe('/store/p/canvas-tote');
    expect((await get('/store/p/candle')).status).toBe(200);
    expect((await get('/shop/p/never-was')).headers.get('location')).toBe('/store/p/never-was');
    const rows = await runInDurableObject(contentObject(env, 'moved-shop'), (_instance, state) =>
      state.storage.sql
        .exec<{ from_path: string; to_path: string }>('SELECT from_path, to_path FROM slug_redirects')
        .toArray(),
    );
    expect(rows).toEqual([{ from_path: '/shop', to_path: '/store' }]);
  });

  it('resolves an item renamed inside a moved collection, and a collection moved twice, in one hop', async () => {
    await shopperGets('/');
    const resolved = await runInDurableObject(contentObject(env, 'demo'), (_instance, state) => {
      const sql = state.storage.sql;
      recordRedirect(sql, '/wares/p/jug', '/wares/p/big-jug', 1);
      recordRedirect(sql, '/wares', '/goods', 2);
      recordRedirect(sql, '/goods/p/cup', '/goods/p/tall-cup', 3);
      recordRedirect(sql, '/goods', '/market', 4);
      return ['/wares/p/jug', '/wares/p/cup', '/goods/p/cup', '/market/p/cup', '/wares', '/warehouse/p/jug'].map(
        (path) => redirectOf(sql, path),
      );
    });
    expect(resolved).toEqual([
      '/market/p/big-jug',
      '/market/p/tall-cup',
      '/market/p/tall-cup',
      '/market/p/tall-cup',
      '/market',
      null,
    ]);
  });

  it('keeps the newest redirects only', async () => {
    await shopperGets('/');
    const kept = await runInDurableObject(contentObject(env, 'demo'), (_instance, state) => {
      const sql = state.storage.sql;
      for (let i = 0; i <= MAX_REDIRECTS; i++) recordRedirect(sql, `/old-${i}`, `/new-${i}`, 1000 + i);
      const count = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM slug_redirects').one().n;
      return { count, oldest: redirectOf(sql, '/old-0'), newest: redirectOf(sql, `/old-${MAX_REDIRECTS}`) };
    });
    expect(kept).toEqual({ count: MAX_REDIRECTS, oldest: null, newest: `/new-${MAX_REDIRECTS}` });
  });
});
