/**
 * The console's catalogue calls in workerd: each refuses the signed-out (401) and roles without
 * commerce (403) with the existing messages, and a missing crumb; products of every type are
 * created, edited, duplicated, bulk-changed and deleted with the storefront following at once; the
 * tag and category manager answers with the spec's messages and limits.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { CRUMB_FAIL_MESSAGE } from '../../src/routes/shared/csrf';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { EDIT_MESSAGES } from '../../src/site/edits/edits';
import { DEMO_FILES } from '../../src/site/seed/demo-files';
import { PRODUCT_MESSAGES, type ProductForm } from '../../src/site/editor/product-form';
import { TAG_MESSAGES } from '../../src/site/editor/tag-manager';
import { demoStoreOfFile, productForm, variantForm } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, STORE, EDITOR, VIEWER, REPORTING] = DEMO_MERCHANTS;
/** The demo store of this file's own, which its tests change one after another. */
const demo = demoStoreOfFile('console-catalog');

function product(title: string, extra: Partial<ProductForm> = {}): ProductForm {
  return productForm(title, {
    description: 'Woven by hand.\n\nShips in a week.',
    excerpt: 'Woven by hand.',
    images: [{ assetUrl: '/images/demo/candle.webp', originalSize: '800x800', altText: 'A basket' }],
    tags: ['home'],
    options: ['Size', 'Colour'],
    variants: [
      variantForm({ Size: 'Small', Colour: 'Red' }, 2500, 4),
      variantForm({ Size: 'Large', Colour: 'Blue' }, 3500, 0),
    ],
    ...extra,
  });
}

interface ListAnswer {
  products: { id: string; title: string; price: number | null; stock: number | null }[];
  total: number;
  nextOffset: number | null;
}

describe('console catalogue calls: who may call them', () => {
  it('answers 401 signed out, 403 to roles without commerce, and needs the crumb', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/console/catalog/context', undefined],
      ['GET', '/api/console/products', undefined],
      ['GET', '/api/console/products/p-candle', undefined],
      ['POST', '/api/console/products', product('Refused Basket')],
      ['PUT', '/api/console/products/p-candle', product('Refused Basket')],
      ['POST', '/api/console/products/p-candle/duplicate', {}],
      ['DELETE', '/api/console/products/p-nothing-here', {}],
      ['POST', '/api/console/products/bulk', { ids: ['p-candle'], change: { kind: 'unlimited' } }],
      ['GET', '/api/console/catalog/c-shop/names?tagType=tag', undefined],
      ['POST', '/api/console/catalog/c-shop/names', { tagType: 'tag', change: { kind: 'add', name: 'refused' } }],
    ];
    const anonymous = await demo.signedIn(undefined);
    const others = await Promise.all([EDITOR, VIEWER, REPORTING].map((account) => demo.signedIn(account)));
    for (const [method, path, body] of calls) {
      expect(await anonymous.json(method, path, body), `${method} ${path}`).toEqual({
        status: 401,
        body: { error: MERCHANT_MESSAGES.signIn },
      });
      for (const other of others)
        expect(await other.json(method, path, body), `${method} ${path}`).toEqual({
          status: 403,
          body: { error: MERCHANT_MESSAGES.forbidden },
        });
    }
    const store = await demo.signedIn(STORE);
    const noCrumb = await store.fetch('/api/console/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(product('No Crumb')),
    });
    expect(noCrumb.status).toBe(403);
    expect(await noCrumb.json()).toEqual({ crumbFail: true, error: CRUMB_FAIL_MESSAGE });
    expect((await store.json('GET', '/api/console/products')).status).toBe(200);
  });
});

describe('console products', () => {
  it('creates a product with two options and a picture, shows it on /shop, edits its price, duplicates and deletes it', async () => {
    const owner = await demo.signedIn(OWNER);
    const created = await owner.json<{ id: string }>('POST', '/api/console/products', product('Woven Basket'));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ urlId: 'woven-basket', fullUrl: '/shop/p/woven-basket' });
    const id = created.body.id;
    const shop = await (await owner.fetch('/shop')).text();
    expect(shop).toContain('Woven Basket');
    const page = await owner.fetch('/shop/p/woven-basket');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('$25.00');
    expect(html).toContain('/images/demo/candle.webp');

    const stored = await owner.json<{ product: ProductForm; fullUrl: string }>('GET', `/api/console/products/${id}`);
    expect(stored.body.fullUrl).toBe('/shop/p/woven-basket');
    expect(stored.body.product.options).toEqual(['Size', 'Colour']);
    expect(stored.body.product.variants.map((v) => v.values)).toEqual([
      { Size: 'Small', Colour: 'Red' },
      { Size: 'Large', Colour: 'Blue' },
    ]);
    expect(stored.body.product.description).toBe('Woven by hand.\n\nShips in a week.');

    const edited = {
      ...stored.body.product,
      variants: stored.body.product.variants.map((v) => ({ ...v, price: 4200 })),
    };
    expect((await owner.json('PUT', `/api/console/products/${id}`, edited)).status).toBe(200);
    expect(await (await owner.fetch('/shop/p/woven-basket')).text()).toContain('$42.00');
    // Saving the same form again changes nothing.
    expect((await owner.json('PUT', `/api/console/products/${id}`, edited)).status).toBe(200);

    const copy = await owner.json<{ id: string }>('POST', `/api/console/products/${id}/duplicate`, {});
    expect(copy.status).toBe(200);
    const copied = await owner.json<{ product: ProductForm; fullUrl: string }>(
      'GET',
      `/api/console/products/${copy.body.id}`,
    );
    expect(copied.body.product.title).toBe('Woven Basket (copy)');
    expect(copied.body.fullUrl).toBe('/shop/p/woven-basket-copy');
    const skus = stored.body.product.variants.map((v) => v.sku);
    for (const v of copied.body.product.variants) expect(skus).not.toContain(v.sku);

    const listed = await owner.json<ListAnswer>('GET', '/api/console/products?q=woven%20bas');
    expect(listed.body.products.map((p) => p.title).sort()).toEqual(['Woven Basket', 'Woven Basket (copy)']);

    expect(await owner.json('DELETE', `/api/console/products/${copy.body.id}`, {})).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await owner.fetch('/shop/p/woven-basket-copy')).status).toBe(404);
    expect(await owner.json('DELETE', `/api/console/products/${copy.body.id}`, {})).toEqual({
      status: 404,
      body: { error: PRODUCT_MESSAGES.unknownProduct },
    });
  });

  it('names each field at fault with its message and refuses bodies too large or not of the shape', async () => {
    const store = await demo.signedIn(STORE);
    const bad = product('', {
      variants: [
        variantForm({ Size: 'Small', Colour: '' }, 2500, 1, { onSale: true, salePrice: 3000 }),
        variantForm({ Size: 'Small', Colour: '' }, 100, 1),
      ],
      options: ['Size', 'Colour'],
      tags: ['x'.repeat(51)],
      categories: ['y'.repeat(26)],
      productType: 2,
      subscription: { every: 1, unit: 'MONTH', cycles: 0 },
    });
    const digital = await store.json<{ error: string; fields: Record<string, string> }>(
      'POST',
      '/api/console/products',
      bad,
    );
    expect(digital.status).toBe(400);
    expect(digital.body.error).toBe(PRODUCT_MESSAGES.invalid);
    expect(digital.body.fields).toMatchObject({
      title: EDIT_MESSAGES.titleRequired,
      tags: TAG_MESSAGES.tooLong('tag'),
      categories: TAG_MESSAGES.tooLong('category'),
      subscription: PRODUCT_MESSAGES.subscription,
    });
    const physical = await store.json<{ fields: Record<string, string> }>('POST', '/api/console/products', {
      ...bad,
      productType: 1,
      title: 'Bad Variants',
      subscription: null,
      tags: [],
      categories: [],
    });
    expect(physical.body.fields).toEqual({
      'variants.0.salePrice': PRODUCT_MESSAGES.salePrice,
      'variants.0.values.Colour': PRODUCT_MESSAGES.optionValue('Colour'),
      'variants.1.values.Colour': PRODUCT_MESSAGES.optionValue('Colour'),
      'variants.1.values': PRODUCT_MESSAGES.sameVariant,
    });
    const taken = await store.json<{ fields: Record<string, string> }>(
      'POST',
      '/api/console/products',
      product('Taken Slug', { urlId: 'candle' }),
    );
    expect(taken).toEqual({
      status: 400,
      body: { error: EDIT_MESSAGES.urlIdTaken, fields: { urlId: EDIT_MESSAGES.urlIdTaken } },
    });
    expect((await store.json('POST', '/api/console/products', { ...product('Shape'), variants: 'many' })).status).toBe(
      400,
    );
    expect(
      (await store.json('POST', '/api/console/products', product('Big', { description: 'x'.repeat(200_000) }))).status,
    ).toBe(413);
    expect(
      (await store.json('POST', '/api/console/products', product('Nowhere', { collectionId: 'c-blog' }))).body,
    ).toEqual({ error: 'That collection does not hold products.' });
  });

  it('creates every product type the storefront sells', async () => {
    const store = await demo.signedIn(STORE);
    const forms: ProductForm[] = [
      product('Type Digital Guide', {
        productType: 2,
        options: [],
        variants: [],
        price: 1200,
        salePrice: 900,
        onSale: true,
        digitalFile: { id: DEMO_FILES.presets.id, name: DEMO_FILES.presets.name, size: 0 },
      }),
      product('Type Studio Hour', {
        productType: 3,
        options: [],
        variants: [variantForm({}, 6000, 0, { unlimited: true })],
        subscription: { every: 1, unit: 'MONTH', cycles: 6 },
      }),
      product('Type Gift Voucher', {
        productType: 4,
        options: ['Amount'],
        variants: [variantForm({ Amount: '$20' }, 2000, 0), variantForm({ Amount: '$40' }, 4000, 0)],
      }),
      product('Type Members Pass', { productType: 5, options: [], variants: [], price: 500 }),
    ];
    for (const form of forms) {
      const created = await store.json<{ id: string }>('POST', '/api/console/products', form);
      expect(created.status, form.title).toBe(200);
      const read = await store.json<{ product: ProductForm; fullUrl: string }>(
        'GET',
        `/api/console/products/${created.body.id}`,
      );
      expect(read.body.product.productType).toBe(form.productType);
      expect((await store.fetch(read.body.fullUrl)).status, form.title).toBe(200);
    }
    const guide = await (await store.fetch('/shop/p/type-digital-guide')).text();
    expect(guide).toContain('$9.00');
    const gift = await store.json<{ product: ProductForm }>(
      'GET',
      `/api/console/products/${(await store.json<ListAnswer>('GET', '/api/console/products?q=type%20gift')).body.products[0]?.id}`,
    );
    expect(gift.body.product.variants.every((v) => v.unlimited)).toBe(true);
  });

  it('keeps the sold-out and scarcity texts beside the product, shown on its page', async () => {
    const owner = await demo.signedIn(OWNER);
    const created = await owner.json<{ id: string }>(
      'POST',
      '/api/console/products',
      product('Sold Out Lantern', {
        options: [],
        variants: [variantForm({}, 4000, 0)],
        customSoldOutText: 'Back in spring',
      }),
    );
    expect(await (await owner.fetch('/shop/p/sold-out-lantern')).text()).toContain('Back in spring');
    const read = await owner.json<{ product: ProductForm }>('GET', `/api/console/products/${created.body.id}`);
    expect(read.body.product.customSoldOutText).toBe('Back in spring');
    await owner.json('PUT', `/api/console/products/${created.body.id}`, {
      ...read.body.product,
      customSoldOutText: '',
    });
    expect(await (await owner.fetch('/shop/p/sold-out-lantern')).text()).not.toContain('Back in spring');
  });

  it("features a product as Squarespace's starred item, which the page's data carries, and stops featuring it", async () => {
    const owner = await demo.signedIn(OWNER);
    const created = await owner.json<{ id: string }>(
      'POST',
      '/api/console/products',
      product('Featured Kettle', { featured: true }),
    );
    const starred = async () => {
      const page = await owner.json<{ items: { id: string; starred?: boolean }[] }>('GET', '/shop?format=json');
      return page.body.items.find((item) => item.id === created.body.id)?.starred;
    };
    expect(await starred()).toBe(true);
    const read = await owner.json<{ product: ProductForm }>('GET', `/api/console/products/${created.body.id}`);
    expect(read.body.product.featured).toBe(true);
    const { featured: _featured, ...withoutFlag } = read.body.product;
    // A caller that does not know the flag yet sends none: not featured.
    expect((await owner.json('PUT', `/api/console/products/${created.body.id}`, withoutFlag)).status).toBe(200);
    expect(await starred()).toBeUndefined();
  });

  it('lists by filter, sort and page, and changes stock and price of selected products at once', async () => {
    const store = await demo.signedIn(STORE);
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        (
          await store.json<{ id: string }>(
            'POST',
            '/api/console/products',
            product(`Bulk Bowl ${n}`, { options: [], variants: [variantForm({}, 1000 * n, n)], tags: ['bulk-bowls'] }),
          )
        ).body.id,
      );
    const byTag = await store.json<ListAnswer>(
      'GET',
      '/api/console/products?tag=bulk-bowls&sort=price&direction=descending',
    );
    expect(byTag.body.products.map((p) => p.title)).toEqual(['Bulk Bowl 3', 'Bulk Bowl 2', 'Bulk Bowl 1']);
    expect((await store.json<ListAnswer>('GET', '/api/console/products?tag=bulk-bowls&stock=low')).body.total).toBe(3);

    expect(
      (
        await store.json('POST', '/api/console/products/bulk', {
          ids,
          change: { kind: 'stock', mode: 'set', amount: 40 },
        })
      ).status,
    ).toBe(200);
    const stocked = await store.json<ListAnswer>('GET', '/api/console/products?tag=bulk-bowls&sort=title');
    expect(stocked.body.products.map((p) => p.stock)).toEqual([40, 40, 40]);
    await store.json('POST', '/api/console/products/bulk', {
      ids: [ids[0]],
      change: { kind: 'stock', mode: 'add', amount: -45 },
    });
    expect(
      (await store.json<ListAnswer>('GET', '/api/console/products?tag=bulk-bowls&stock=out')).body.products.map(
        (p) => p.title,
      ),
    ).toEqual(['Bulk Bowl 1']);

    await store.json('POST', '/api/console/products/bulk', {
      ids,
      change: { kind: 'price', mode: 'percent', amount: -10 },
    });
    const priced = await store.json<ListAnswer>('GET', '/api/console/products?tag=bulk-bowls&sort=price');
    expect(priced.body.products.map((p) => p.price)).toEqual([900, 1800, 2700]);
    expect(await (await store.fetch('/shop/p/bulk-bowl-3')).text()).toContain('$27.00');

    const invalid = await store.json('POST', '/api/console/products/bulk', {
      ids,
      change: { kind: 'stock', mode: 'set', amount: -1 },
    });
    expect(invalid).toEqual({
      status: 400,
      body: { error: PRODUCT_MESSAGES.stock, fields: { amount: PRODUCT_MESSAGES.stock } },
    });
    expect(
      (await store.json('POST', '/api/console/products/bulk', { ids: [], change: { kind: 'unlimited' } })).status,
    ).toBe(400);

    const first = await store.json<ListAnswer>('GET', '/api/console/products');
    expect(first.body.products).toHaveLength(Math.min(first.body.total, 50));
    expect((await store.json('GET', '/api/console/products?sort=colour')).status).toBe(400);
  });
});

describe('console products: the stock ledger', () => {
  it("reads the list's on-hand counts and levels through the request's one ledger stub", async () => {
    let made = 0;
    const counting = {
      idFromName: (name: string) => env.STOCK.idFromName(name),
      get: (id: DurableObjectId) => {
        made++;
        return env.STOCK.get(id);
      },
    } as unknown as Env['STOCK'];
    const owner = new Visitor(demo.origin, { vars: { STOCK: counting } });
    await owner.open('/contact');
    const account = OWNER as { email: string; password: string };
    const signIn = { email: account.email, password: account.password };
    expect((await owner.json('POST', '/api/merchant/session', signIn)).status).toBe(200);
    made = 0;
    const list = await owner.json<{ products: unknown[] }>('GET', '/api/console/products');
    expect(list.status).toBe(200);
    expect(list.body.products.length).toBeGreaterThan(0);
    expect(made).toBe(1);
  });
});

describe('the tag and category manager', () => {
  const names = (visitor: Visitor, tagType: 'tag' | 'category') =>
    visitor.json<{ names: { name: string; count: number }[] }>(
      'GET',
      `/api/console/catalog/c-gifts/names?tagType=${tagType}`,
    );
  const change = (visitor: Visitor, tagType: 'tag' | 'category', body: unknown) =>
    visitor.json('POST', '/api/console/catalog/c-gifts/names', { tagType, change: body });

  it("answers with the spec's messages and limits", async () => {
    const store = await demo.signedIn(STORE);
    expect(await change(store, 'tag', { kind: 'add', name: 'Gifts' })).toEqual({
      status: 400,
      body: { error: TAG_MESSAGES.exists('tag'), fields: { name: TAG_MESSAGES.exists('tag') } },
    });
    expect((await change(store, 'tag', { kind: 'add', name: 'x'.repeat(51) })).body).toMatchObject({
      error: TAG_MESSAGES.tooLong('tag'),
    });
    expect((await change(store, 'tag', { kind: 'add', name: 'x'.repeat(50) })).status).toBe(200);
    expect((await change(store, 'category', { kind: 'add', name: 'y'.repeat(26) })).body).toMatchObject({
      error: TAG_MESSAGES.tooLong('category'),
    });
    expect((await change(store, 'tag', { kind: 'rename', from: ['gifts', 'home'], to: 'presents' })).body).toEqual({
      error: TAG_MESSAGES.editOne('tag'),
    });
    expect((await change(store, 'tag', { kind: 'rename', from: ['nope'], to: 'presents' })).status).toBe(404);
    expect((await change(store, 'tag', { kind: 'merge', from: ['gifts'], into: 'gifts' })).body).toEqual({
      error: TAG_MESSAGES.mergeTwo('tag'),
    });
    expect((await store.json('GET', '/api/console/catalog/c-gifts/names?tagType=colour')).status).toBe(400);
    expect((await store.json('GET', '/api/console/catalog/c-blog/names?tagType=tag')).status).toBe(400);
  });

  it('adds, renames, merges and removes, changing every product that has the name', async () => {
    const store = await demo.signedIn(STORE);
    expect((await change(store, 'category', { kind: 'add', name: 'Paper goods' })).status).toBe(200);
    expect((await names(store, 'category')).body.names).toContainEqual({ name: 'Paper goods', count: 0 });
    const home = (await names(store, 'tag')).body.names.find((n) => n.name === 'home');
    expect(home?.count).toBe(2);
    expect((await change(store, 'tag', { kind: 'rename', from: ['home'], to: 'living' })).status).toBe(200);
    const afterRename = (await names(store, 'tag')).body.names;
    expect(afterRename.find((n) => n.name === 'home')).toBeUndefined();
    expect(afterRename.find((n) => n.name === 'living')?.count).toBe(2);
    expect(await (await store.fetch('/gifts?tag=living')).text()).toContain('Marble Bookends');

    expect((await change(store, 'tag', { kind: 'merge', from: ['living', 'classes'], into: 'living' })).status).toBe(
      200,
    );
    expect((await names(store, 'tag')).body.names.find((n) => n.name === 'living')?.count).toBe(3);
    expect((await change(store, 'tag', { kind: 'remove', names: ['living'] })).status).toBe(200);
    expect((await names(store, 'tag')).body.names.find((n) => n.name === 'living')).toBeUndefined();
    const bookends = await store.json<{ product: ProductForm }>('GET', '/api/console/products/p-bookends');
    expect(bookends.body.product.tags).toEqual(['gifts']);
  });
});
