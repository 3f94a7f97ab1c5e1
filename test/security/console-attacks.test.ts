/**
 * Attacks on the merchant console's calls, made as an attacker's browser or script would: a role
 * reaching what its permission does not cover through another call, a merchant of one store using
 * their session or ids on another store, and an uploaded file's width variant smuggling another
 * type in place of the image.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { hashPassword } from '../../src/durable/passwords';
import { consoleItemsById } from '../../src/site/catalog';
import { DEMO_MERCHANTS, DEMO_SITE_ID, demoSite } from '../../src/site/demo';
import { MAX_PRICE_UNITS, MAX_STOCK } from '../../src/site/editor/product-form';
import { ROLES } from '../../src/site/roles';
import type { Item } from '../../src/site/schema';
import { mapHost, publishSite } from '../../src/site/store';
import { Visitor } from '../worker/visitor';

const [OWNER, , EDITOR] = DEMO_MERCHANTS;
const OTHER_ID = 'attack-other';
const OTHER_ORIGIN = 'http://other-store.test';
const OTHER_OWNER = { email: 'owner@other-store.test', password: 'other-store-owner' };
const SIGN_INS_TIMEOUT = 120_000;

async function signIn(origin: string, account: { email: string; password: string }): Promise<Visitor> {
  const visitor = await new Visitor(origin).open('/contact');
  const res = await visitor.json('POST', '/api/merchant/session', { email: account.email, password: account.password });
  expect(res.status, account.email).toBe(200);
  return visitor;
}

/** The product as the console sees it (a new product starts as a draft, which shoppers do not see). */
async function product(websiteId: string, id: string): Promise<Item | undefined> {
  return (await consoleItemsById(env, websiteId, [id])).get(id);
}

function png(size = 64): Uint8Array {
  const bytes = new Uint8Array(size).fill(1);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

beforeAll(async () => {
  const site = demoSite();
  site.website = { ...site.website, id: OTHER_ID, siteTitle: 'Other Store', baseUrl: OTHER_ORIGIN };
  expect(await publishSite(env, site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, new URL(OTHER_ORIGIN).hostname, OTHER_ID);
  const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(OTHER_ID));
  await team.ensureMember(OTHER_OWNER.email, await hashPassword(OTHER_OWNER.password), [ROLES.admin]);
}, SIGN_INS_TIMEOUT);

describe('a role reaching past its permission', () => {
  it('refuses an editor (content, not commerce) who reprices or deletes a product through the generic item call', async () => {
    const owner = await signIn('http://localhost', OWNER);
    const editor = await signIn('http://localhost', EDITOR);
    const { products } = (
      await owner.json<{ products: { id: string; fullUrl: string }[] }>('GET', '/api/console/products')
    ).body;
    const target = products[0];
    if (target === undefined) throw new Error('the demo store has no products');
    // The console's own product calls already refuse the editor.
    expect((await editor.json('GET', `/api/console/products/${target.id}`)).status).toBe(403);
    const before = await product(DEMO_SITE_ID, target.id);
    if (before?.structuredContent === undefined) throw new Error('the product has no variants');
    const cheap = {
      ...before,
      structuredContent: {
        ...before.structuredContent,
        variants: before.structuredContent.variants.map((variant) => ({
          ...variant,
          price: 1,
          onSale: false,
          priceMoney: { ...variant.priceMoney, value: '0.01' },
        })),
      },
    };
    expect(await editor.json('PUT', `/api/merchant/items/${target.id}`, cheap)).toEqual({
      status: 403,
      body: { error: MERCHANT_MESSAGES.forbidden },
    });
    expect(await editor.json('DELETE', `/api/merchant/items/${target.id}`)).toEqual({
      status: 403,
      body: { error: MERCHANT_MESSAGES.forbidden },
    });
    const moved = { ...cheap, id: 'p-editor-made', urlId: 'editor-made', fullUrl: '/shop/p/editor-made' };
    expect(await editor.json('PUT', '/api/merchant/items/p-editor-made', moved)).toEqual({
      status: 403,
      body: { error: MERCHANT_MESSAGES.forbidden },
    });
    expect(await product(DEMO_SITE_ID, target.id)).toEqual(before);
    expect(await product(DEMO_SITE_ID, 'p-editor-made')).toBeUndefined();
    // The shopper still sees the product at its price.
    expect((await new Visitor().fetch(target.fullUrl)).status).toBe(200);
    // Posts stay the editor's: a blog post saved whole through the same call is taken.
    const post = (await owner.json<{ posts: { id: string }[] }>('GET', '/api/console/posts?collectionId=c-blog')).body
      .posts[0];
    if (post === undefined) throw new Error('the demo blog has no posts');
    const stored = (await editor.json<Item>('GET', `/api/console/posts/${post.id}`)).body;
    expect(
      (await editor.json('PUT', `/api/merchant/items/${post.id}`, { ...stored, title: `${stored.title}!` })).status,
    ).toBe(200);
  });
});

describe('one store’s merchant against another store', () => {
  it(
    'gets 401 with their session cookie replayed on the other store’s host, and 404 for the other store’s ids on their own',
    async () => {
      const other = await signIn(OTHER_ORIGIN, OTHER_OWNER);
      // A product only the other store has (the two stores start as copies of the demo, ids and all).
      const { products } = (await other.json<{ products: { id: string }[] }>('GET', '/api/console/products')).body;
      const made = await other.json<{ id: string }>('POST', `/api/console/products/${products[0]?.id ?? ''}/duplicate`);
      expect(made.status).toBe(200);
      const theirs = made.body;
      expect(await product(DEMO_SITE_ID, theirs.id)).toBeUndefined();
      const upload = await other.fetch('/api/console/files?name=secret.png', {
        method: 'POST',
        headers: { 'x-csrf-token': other.crumb },
        body: png(),
      });
      const file = (await upload.json()) as { id: string; url: string };
      expect(upload.status).toBe(201);

      const demoOwner = await signIn('http://localhost', OWNER);
      const replayed = new Visitor(OTHER_ORIGIN);
      for (const [name, value] of demoOwner.cookies) replayed.cookies.set(name, value);
      for (const [method, path, body] of [
        ['GET', '/api/console/files', undefined],
        ['GET', `/api/console/products/${theirs.id}`, undefined],
        ['DELETE', `/api/console/files/${file.id}`, undefined],
        ['PUT', '/api/console/store/currency', { currency: 'EUR' }],
        ['GET', '/api/console/team', undefined],
      ] as const) {
        expect((await replayed.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      }

      expect((await demoOwner.json('GET', `/api/console/products/${theirs.id}`)).status).toBe(404);
      expect((await demoOwner.json('PUT', `/api/merchant/items/${theirs.id}`, { id: theirs.id })).status).toBe(400);
      expect((await demoOwner.json('DELETE', `/api/merchant/items/${theirs.id}`)).status).toBe(404);
      expect((await demoOwner.json('DELETE', `/api/console/files/${file.id}`)).status).toBe(404);
      expect((await demoOwner.fetch(file.url)).status).toBe(404);
      expect((await new Visitor(OTHER_ORIGIN).fetch(file.url)).status).toBe(200);
      expect(await product(OTHER_ID, theirs.id)).toBeDefined();
    },
    SIGN_INS_TIMEOUT,
  );
});

describe('image width variants', () => {
  it('refuse a variant that is not an image, so a PDF is never served in an image’s place', async () => {
    const owner = await signIn('http://localhost', OWNER);
    const upload = await owner.fetch('/api/console/files?name=photo.png', {
      method: 'POST',
      headers: { 'x-csrf-token': owner.crumb },
      body: png(),
    });
    const file = (await upload.json()) as { id: string; url: string; rev: number };
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>');
    const variant = await owner.fetch(`/api/console/files/${file.id}/${file.rev}/w300`, {
      method: 'PUT',
      headers: { 'x-csrf-token': owner.crumb, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(variant.status).toBe(415);
    const served = await owner.fetch(`${file.url}?w=300`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png());
  });
});

describe('bulk changes', () => {
  it('keep prices and stock within the product form’s bounds, so the product can still be opened, saved and bought', async () => {
    const owner = await signIn('http://localhost', OWNER);
    const { products } = (
      await owner.json<{ products: { id: string; variantCount: number }[] }>('GET', '/api/console/products')
    ).body;
    const target = products.find((row) => row.variantCount === 1);
    if (target === undefined) throw new Error('the demo store has no product with one variant');
    for (let i = 0; i < 3; i++) {
      const raise = await owner.json('POST', '/api/console/products/bulk', {
        ids: [target.id],
        change: { kind: 'price', mode: 'percent', amount: MAX_PRICE_UNITS },
      });
      expect(raise.status).toBe(200);
      const stock = await owner.json('POST', '/api/console/products/bulk', {
        ids: [target.id],
        change: { kind: 'stock', mode: 'add', amount: MAX_STOCK },
      });
      expect(stock.status).toBe(200);
    }
    const form = await owner.json<{ product: { variants: { price: number; stock: number }[] } }>(
      'GET',
      `/api/console/products/${target.id}`,
    );
    expect(form.body.product.variants.map(({ price, stock }) => ({ price, stock }))).toEqual([
      { price: MAX_PRICE_UNITS, stock: MAX_STOCK },
    ]);
    expect((await owner.json('PUT', `/api/console/products/${target.id}`, form.body.product)).status).toBe(200);
  });
});
