/** The cart API in workerd: every call, message and status of the storefront spec, CSRF, limits, stock and concurrency. */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, type ShoppingCart } from '../../src/commerce/cart';
import { contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';
import { demoStoreOnHost } from './demo-on-host';
import { Visitor } from './visitor';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';
const SHIRT = { itemId: 'p-linen-shirt', sku: 'SQ1001' };
const OAK = { itemId: 'p-oak-board', sku: 'SQ1015' };

interface Added {
  shoppingCart: ShoppingCart;
  newlyAdded: ShoppingCart['entries'][number];
  error?: string;
}

async function skuOf(urlId: string, index = 0): Promise<string> {
  const item = demoSite().items.find((i) => i.urlId === urlId);
  return item?.structuredContent?.variants[index]?.sku ?? '';
}

/** A store on its own host, so stock and currency tests do not share the demo's ledger. */
async function storeOnHost(host: string, change: (site: ReturnType<typeof demoSite>) => void): Promise<string> {
  const site = demoSite();
  site.website.id = host.replaceAll('.', '-');
  change(site);
  expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, host, site.website.id);
  return `http://${host}`;
}

/** The demo store on a host of this file's own: its stock and carts this file's alone. */
let demo = { origin: '', websiteId: '' };
beforeAll(async () => {
  demo = await demoStoreOnHost('cart', 'demo');
});

describe('cart API', () => {
  it('uses the demo skus these tests name', async () => {
    expect(await skuOf('linen-shirt')).toBe(SHIRT.sku);
    expect(await skuOf('oak-board')).toBe(OAK.sku);
  });

  it('adds an entry, sets the CART cookie HttpOnly beside its readable flag and returns the cart with totals in minor units', async () => {
    const visitor = await new Visitor(demo.origin).open();
    const res = await visitor.send('POST', ENTRIES, { ...SHIRT, quantity: 2, additionalFields: null });
    expect(res.status).toBe(200);
    const set = res.headers.getAll('set-cookie');
    expect(set.find((c: string) => c.startsWith('CART='))).toMatch(
      /^CART=[0-9a-f]{32}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(set.find((c: string) => c.startsWith('HasCart='))).toBe('HasCart=1; Max-Age=2592000; Path=/; SameSite=Lax');
    const { shoppingCart, newlyAdded } = (await res.json()) as Added;
    expect(newlyAdded).toMatchObject({
      itemId: SHIRT.itemId,
      chosenVariant: { sku: SHIRT.sku, attributes: { Size: 'Small', Colour: 'Sand' } },
      quantity: 2,
      title: 'Linen Shirt',
      purchasePriceCents: 6800,
      subTotal: { decimalValue: '136.00', currencyCode: 'USD' },
    });
    expect(shoppingCart).toMatchObject({
      id: visitor.cookies.get('CART'),
      websiteId: demo.websiteId,
      isPurchased: false,
      subtotalCents: 13600,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 13600,
      totalQuantity: 2,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: true,
      coupons: [],
    });
    expect(typeof shoppingCart.created).toBe('number');

    const again = await visitor.json<Added>('POST', ENTRIES, { ...SHIRT, quantity: '3' });
    expect(again.body.shoppingCart.entries).toHaveLength(1);
    expect(again.body.newlyAdded.quantity).toBe(5);
    const read = await visitor.json<ShoppingCart>('GET', `${CART}?timecode=123&calculateSubtotal=true`);
    expect(read.body.totalQuantity).toBe(5);
    expect(read.body.subtotalCents).toBe(34000);
  });

  it('keeps a digital product, a gift card and a sale price apart, with the cart flags', async () => {
    const visitor = await new Visitor(demo.origin).open();
    const digital = await visitor.json<Added>('POST', ENTRIES, { itemId: 'p-recipe-ebook', quantity: 1 });
    expect(digital.status).toBe(200);
    expect(digital.body.shoppingCart).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
      subtotalCents: 900,
    });
    const gift = await visitor.json<Added>('POST', ENTRIES, {
      itemId: 'p-gift-card',
      sku: await skuOf('gift-card', 1),
      quantity: 1,
    });
    expect(gift.body.newlyAdded.purchasePriceCents).toBe(5000);
    const tote = await visitor.json<Added>('POST', ENTRIES, {
      itemId: 'p-canvas-tote',
      sku: await skuOf('canvas-tote'),
      quantity: 1,
    });
    expect(tote.body.newlyAdded.purchasePriceCents).toBe(1800);
    expect(tote.body.shoppingCart).toMatchObject({
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
      subtotalCents: 7700,
      totalQuantity: 3,
    });
  });

  it('answers with the spec messages for bad variants and quantities', async () => {
    const visitor = await new Visitor(demo.origin).open();
    const cases: [unknown, number, string][] = [
      [{ itemId: SHIRT.itemId, sku: 'NOPE', quantity: 1 }, 400, CART_MESSAGES.variantUnavailable],
      [{ itemId: SHIRT.itemId, quantity: 1 }, 400, CART_MESSAGES.variantUnavailable],
      [{ itemId: 'p-gift-card', quantity: 1 }, 400, CART_MESSAGES.giftCardDenomination],
      [{ ...SHIRT, quantity: 'many' }, 400, CART_MESSAGES.quantityNotNumber],
      [{ ...SHIRT, quantity: true }, 400, CART_MESSAGES.quantityNotNumber],
      [{ ...SHIRT, quantity: 1.5 }, 400, CART_MESSAGES.quantityNotWhole],
      [{ ...SHIRT, quantity: 0 }, 400, CART_MESSAGES.quantityOutOfRange],
      [{ ...SHIRT, quantity: 10000 }, 400, CART_MESSAGES.quantityOutOfRange],
      [{ itemId: 'p-missing', sku: 'x', quantity: 1 }, 404, CART_MESSAGES.itemNotFound],
      [
        { itemId: 'p-coffee-beans', sku: await skuOf('coffee-beans'), quantity: 1 },
        400,
        CART_MESSAGES.subscriptionOnly,
      ],
      [{ itemId: 42, sku: 'x' }, 400, 'itemId: Invalid input: expected string, received number'],
      [{ sku: 'x' }, 400, 'itemId: Invalid input: expected string, received undefined'],
      ['{"itemId": "p-linen-shirt",', 400, 'Request body is not valid JSON'],
      ['[1,2]', 400, 'Invalid input: expected object, received array'],
      [{ ...SHIRT, additionalFields: 'x'.repeat(9000) }, 400, 'additionalFields must be at most 8000 characters'],
    ];
    for (const [body, status, error] of cases) {
      const res = await visitor.send('POST', ENTRIES, body);
      expect({ body, status: res.status, json: await res.json() }).toEqual({ body, status, json: { error } });
    }
    const huge = await visitor.send('POST', ENTRIES, JSON.stringify({ ...SHIRT, pad: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'Request body is larger than 16384 bytes' });
    expect(visitor.cookies.has('CART')).toBe(false);
  });

  it("answers the platform's /api/commerce/shopping-cart/?crumb=… (a template's own cart count) with the same cart", async () => {
    const visitor = await new Visitor(demo.origin).open();
    await visitor.send('POST', ENTRIES, { ...SHIRT, quantity: 2, additionalFields: null });
    const res = await visitor.fetch(`${CART}/?crumb=${visitor.crumb}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const platform = (await res.json()) as ShoppingCart;
    expect(platform).toMatchObject({ totalQuantity: 2, entries: [{ itemId: SHIRT.itemId, quantity: 2 }] });
    expect(platform).toEqual((await visitor.json<ShoppingCart>('GET', CART)).body);
  });

  it('adding 9999 to a line that has some: the stock message for a limited variant, the limit for an unlimited one', async () => {
    const visitor = await new Visitor(demo.origin).open();
    const candle = { itemId: 'p-candle', sku: await skuOf('candle') };
    expect((await visitor.send('POST', ENTRIES, { ...candle, quantity: 1 })).status).toBe(200);
    const more = await visitor.send('POST', ENTRIES, { ...candle, quantity: 9999 });
    expect({ status: more.status, json: await more.json() }).toEqual({
      status: 400,
      json: { error: CART_MESSAGES.notEnoughStock },
    });
    const pen = { itemId: 'p-brass-pen', sku: await skuOf('brass-pen') };
    expect((await visitor.send('POST', ENTRIES, { ...pen, quantity: 1 })).status).toBe(200);
    const pens = await visitor.send('POST', ENTRIES, { ...pen, quantity: 9999 });
    expect({ status: pens.status, json: await pens.json() }).toEqual({
      status: 400,
      json: { error: CART_MESSAGES.quantityOutOfRange },
    });
  });

  it('refuses state changes without the crumb: 403 crumbFail', async () => {
    const visitor = await new Visitor(demo.origin).open();
    expect(visitor.cookies.get('crumb')).toMatch(/^[0-9a-f]{32}$/);
    const noHeader = await visitor.fetch(ENTRIES, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SHIRT),
    });
    expect(noHeader.status).toBe(403);
    expect(await noHeader.json()).toEqual({ crumbFail: true, error: 'Missing or invalid CSRF token' });
    const wrong = await visitor.fetch(ENTRIES, {
      method: 'POST',
      headers: { 'x-csrf-token': 'f'.repeat(32) },
      body: JSON.stringify(SHIRT),
    });
    expect(wrong.status).toBe(403);
    const noCookie = await new Visitor(demo.origin).send('POST', ENTRIES, SHIRT);
    expect(noCookie.status).toBe(403);
  });

  it('changes quantities, removes entries and edits additional fields', async () => {
    const visitor = await new Visitor(demo.origin).open();
    const pen = await visitor.json<Added>('POST', ENTRIES, {
      itemId: 'p-brass-pen',
      sku: await skuOf('brass-pen'),
      quantity: 1,
      additionalFields: { 'engraving-text': 'Ada' },
    });
    const entryId = pen.body.newlyAdded.id;
    expect(pen.body.newlyAdded.additionalFields).toBe('{"engraving-text":"Ada"}');

    const quantity = await visitor.json<{ shoppingCart: ShoppingCart; updatedEntry: { quantity: number } }>(
      'PUT',
      `${ENTRIES}/${entryId}`,
      { quantity: 4 },
    );
    expect(quantity.status).toBe(200);
    expect(quantity.body.updatedEntry.quantity).toBe(4);
    expect(quantity.body.shoppingCart.subtotalCents).toBe(15600);
    expect((await visitor.json('PUT', `${ENTRIES}/${entryId}`, { quantity: 'x' })).body).toEqual({
      error: CART_MESSAGES.quantityNotNumber,
    });

    const fields = await visitor.json<{ updatedEntry: { additionalFields: string } }>(
      'PUT',
      `${ENTRIES}/${entryId}/additionalFields`,
      {
        itemId: 'p-brass-pen',
        sku: await skuOf('brass-pen'),
        additionalFields: '{"engraving-text":"Grace"}',
      },
    );
    expect(fields.status).toBe(200);
    expect(fields.body.updatedEntry.additionalFields).toBe('{"engraving-text":"Grace"}');
    const wrongSku = await visitor.json('PUT', `${ENTRIES}/${entryId}/additionalFields`, {
      itemId: 'p-brass-pen',
      sku: 'SQ0',
      additionalFields: null,
    });
    expect(wrongSku).toEqual({ status: 404, body: { error: CART_MESSAGES.entryNotFound } });

    const removed = await visitor.json<{ shoppingCart: ShoppingCart }>('DELETE', `${ENTRIES}/${entryId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.shoppingCart.totalQuantity).toBe(0);
    expect((await visitor.json('DELETE', `${ENTRIES}/${entryId}`)).status).toBe(404);
    expect(
      (await new Visitor(demo.origin).open().then((v) => v.json('PUT', `${ENTRIES}/abc`, { quantity: 1 }))).status,
    ).toBe(404);
  });

  it('reads an empty cart without a cookie, a mock cart, and never caches the cart', async () => {
    const visitor = new Visitor(demo.origin);
    const res = await visitor.fetch(CART);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ id: null, entries: [], totalQuantity: 0, currencyCode: 'USD' });
    const mock = await visitor.json<ShoppingCart>('GET', `${CART}?mock=true`);
    expect(mock.body.id).toBe('mock');
    expect(mock.body.entries).toHaveLength(2);
    expect(mock.body.totalQuantity).toBe(2);
    expect(visitor.cookies.has('CART')).toBe(false);
  });

  it('buys a subscription in a cart of its own and returns its token', async () => {
    const visitor = await new Visitor(demo.origin).open();
    const res = await visitor.json<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'p-coffee-beans',
      sku: await skuOf('coffee-beans'),
      qty: 1,
      additionalFields: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.cartToken).toMatch(/^[0-9a-f]{32}$/);
    expect(visitor.cookies.has('CART')).toBe(false);
    const tokenCart = await visitor.json<ShoppingCart>('GET', `${CART}?cartToken=${res.body.cartToken}`);
    expect(tokenCart.body.entries[0]).toMatchObject({
      itemId: 'p-coffee-beans',
      quantity: 1,
      purchasePriceCents: 1900,
    });
    const notSub = await visitor.json('POST', '/api/3/commerce/cart/subscription', { ...SHIRT, qty: 1 });
    expect(notSub).toEqual({ status: 400, body: { error: CART_MESSAGES.notSubscription } });
  });

  it('sells subscriptions for physical and service products only, and publishes paywall products (type 5)', async () => {
    const base = await storeOnHost('subscriptions.cart.test', (site) => {
      for (const item of site.items) {
        const content = item.structuredContent;
        if (content === undefined) continue;
        if (item.urlId === 'photo-presets' || item.urlId === 'design-consult') content.isSubscribable = true;
        if (item.urlId === 'recipe-ebook') content.productType = 5;
      }
    });
    const visitor = await new Visitor(base).open();
    const digital = await visitor.json('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'p-photo-presets',
      sku: 'p-photo-presets',
      qty: 1,
      additionalFields: null,
    });
    expect(digital).toEqual({ status: 400, body: { error: CART_MESSAGES.notSubscription } });
    expect(
      (await visitor.json('POST', ENTRIES, { itemId: 'p-photo-presets', sku: 'p-photo-presets', quantity: 1 })).status,
    ).toBe(200);
    const service = await visitor.json<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'p-design-consult',
      sku: await skuOf('design-consult'),
      qty: 1,
      additionalFields: null,
    });
    expect(service.status).toBe(200);
    expect(service.body.cartToken).toMatch(/^[0-9a-f]{32}$/);
    const paywall = await visitor.fetch('/shop/p/recipe-ebook');
    expect(paywall.status).toBe(200);
  });

  it('lets no cart ask for more than is available, and reserves nothing for a cart (issue 16)', async () => {
    const a = await new Visitor(demo.origin).open();
    const b = await new Visitor(demo.origin).open();
    const stock = async () =>
      (
        await a.json<{ results: { sku: string; qtyInStock: number; unlimited: boolean }[] }>(
          'GET',
          `/api/commerce/inventory/stock/?itemId=${OAK.itemId}`,
        )
      ).body.results;
    expect(await stock()).toEqual([
      { itemId: OAK.itemId, variantId: expect.any(String), sku: OAK.sku, unlimited: false, qtyInStock: 1 },
    ]);
    expect((await a.json('POST', ENTRIES, { ...OAK, quantity: 2 })).body).toEqual({
      error: `${CART_MESSAGES.notEnoughStock} Only 1 left.`,
    });
    expect((await a.json('POST', ENTRIES, { ...OAK, quantity: 1 })).status).toBe(200);
    expect((await stock())[0]?.qtyInStock).toBe(1);
    expect((await b.json('POST', ENTRIES, { ...OAK, quantity: 1 })).status).toBe(200);
    expect((await a.json('POST', ENTRIES, { ...OAK, quantity: 1 })).body).toEqual({
      error: `${CART_MESSAGES.notEnoughStock} Only 1 left, and your cart has 1.`,
    });
    const entryId = (await a.json<ShoppingCart>('GET', CART)).body.entries[0]?.id;
    expect((await a.json('PUT', `${ENTRIES}/${entryId}`, { quantity: 2 })).body).toEqual({
      error: `${CART_MESSAGES.notEnoughStock} Only 1 left.`,
    });
    expect((await a.json('DELETE', `${ENTRIES}/${entryId}`)).status).toBe(200);
    expect((await stock())[0]?.qtyInStock).toBe(1);

    const unlimited = (
      await a.json<{ results: { unlimited: boolean }[] }>(
        'GET',
        '/api/commerce/inventory/stock/?itemId=p-brass-pen&itemId=p-gift-card',
      )
    ).body.results;
    expect(unlimited.every((r) => r.unlimited)).toBe(true);
    expect((await a.json('GET', '/api/commerce/inventory/stock/')).body).toEqual({ error: 'itemId is required' });
    expect((await a.json('GET', '/api/commerce/inventory/stock/?itemId=p-none')).status).toBe(404);
  });

  it('forgets an abandoned cart when its expiry alarm runs', async () => {
    const base = await storeOnHost('expiry.cart.test', () => undefined);
    const visitor = await new Visitor(base).open();
    expect((await visitor.json('POST', ENTRIES, { ...OAK, quantity: 1 })).status).toBe(200);
    const cartId = visitor.cookies.get('CART') ?? '';
    const stub = env.CARTS.get(env.CARTS.idFromName(`expiry-cart-test:${cartId}`));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await visitor.json<ShoppingCart>('GET', CART)).body).toMatchObject({ id: null, totalQuantity: 0 });
    const other = await new Visitor(base).open();
    expect((await other.json('POST', ENTRIES, { ...OAK, quantity: 1 })).status).toBe(200);
  });

  it('counts money in the store currency minor units (JPY has none)', async () => {
    const base = await storeOnHost('yen.cart.test', (site) => {
      site.website.storeCurrency = 'JPY';
      const variant = site.items.find((i) => i.urlId === 'candle')?.structuredContent?.variants[0];
      if (variant === undefined) throw new Error('demo candle missing');
      variant.priceMoney = { value: '1200', currency: 'JPY' };
    });
    const visitor = await new Visitor(base).open();
    const added = await visitor.json<Added>('POST', ENTRIES, {
      itemId: 'p-candle',
      sku: await skuOf('candle'),
      quantity: 2,
    });
    expect(added.body.newlyAdded).toMatchObject({
      purchasePriceCents: 1200,
      subTotal: { decimalValue: '2400', currencyCode: 'JPY' },
    });
    expect(added.body.shoppingCart).toMatchObject({ subtotalCents: 2400, currencyCode: 'JPY' });
  });
});

describe('cart under concurrency', () => {
  it('100 parallel adds to one cart: the final quantity equals the successful responses', {
    timeout: 120_000,
  }, async () => {
    const visitor = await new Visitor(demo.origin).open();
    const penSku = await skuOf('brass-pen');
    await visitor.json('POST', ENTRIES, { itemId: 'p-brass-pen', sku: penSku, quantity: 1 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        visitor.send('POST', ENTRIES, { itemId: 'p-brass-pen', sku: penSku, quantity: 1 }),
      ),
    );
    const ok = responses.filter((r) => r.status === 200).length;
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(ok).toBeGreaterThan(0);
    const cart = (await visitor.json<ShoppingCart>('GET', CART)).body;
    expect(cart.entries).toHaveLength(1);
    expect(cart.totalQuantity).toBe(ok + 1);
  });

  it('50 parallel adds against a stock of 10 all succeed: carts reserve nothing (issue 16)', {
    timeout: 120_000,
  }, async () => {
    const base = await storeOnHost('stock.cart.test', (site) => {
      const variant = site.items.find((i) => i.urlId === 'candle')?.structuredContent?.variants[0];
      if (variant === undefined) throw new Error('demo candle missing');
      variant.qtyInStock = 10;
    });
    const sku = await skuOf('candle');
    const visitors = await Promise.all(Array.from({ length: 50 }, () => new Visitor(base).open()));
    const statuses = await Promise.all(
      visitors.map(async (v) => (await v.json('POST', ENTRIES, { itemId: 'p-candle', sku, quantity: 1 })).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    const left = await visitors[0]?.json<{ results: { qtyInStock: number }[] }>(
      'GET',
      '/api/commerce/inventory/stock/?itemId=p-candle',
    );
    expect(left?.body.results[0]?.qtyInStock).toBe(10);
    expect((await visitors[0]?.json('POST', ENTRIES, { itemId: 'p-candle', sku, quantity: 10 }))?.body).toEqual({
      error: `${CART_MESSAGES.notEnoughStock} Only 10 left, and your cart has 1.`,
    });
  });

  it('answers 429 with the spec message once a visitor passes the write limit', async () => {
    const visitor = await new Visitor(demo.origin).open('/');
    let limited: Response | undefined;
    // The limiter counts per clock minute: writes that straddle a minute's end pass 120 in the next one.
    for (let batch = 0; batch < 20 && limited === undefined; batch++) {
      const responses = await Promise.all(Array.from({ length: 25 }, () => visitor.send('POST', ENTRIES, '{')));
      limited = responses.find((res) => res.status === 429);
      await Promise.all(responses.filter((res) => res !== limited).map((res) => res.arrayBuffer()));
    }
    expect(limited?.status).toBe(429);
    expect(await limited?.json()).toEqual({ error: 'Please try again in a few seconds.' });
  }, 180_000);
});

describe('a product sold one per order (issue 32)', () => {
  const VOUCHER = { itemId: 'p-workshop-voucher' };

  it('refuses a second unit by a second add, a quantity of 2, a larger first add and two tabs at once, with the message', async () => {
    const sku = await skuOf('workshop-voucher');
    const refused = { error: 'Workshop Voucher is limited to one per order.' };
    const visitor = await new Visitor(demo.origin).open();
    expect((await visitor.json('POST', ENTRIES, { ...VOUCHER, sku, quantity: 2 })).body).toEqual(refused);
    expect((await visitor.json('POST', ENTRIES, { ...VOUCHER, sku, quantity: 1 })).status).toBe(200);
    expect((await visitor.json('POST', ENTRIES, { ...VOUCHER, sku, quantity: 1 })).body).toEqual(refused);
    const entryId = (await visitor.json<ShoppingCart>('GET', CART)).body.entries[0]?.id;
    expect((await visitor.json('PUT', `${ENTRIES}/${entryId}`, { quantity: 2 })).body).toEqual(refused);
    expect((await visitor.json<ShoppingCart>('GET', CART)).body.totalQuantity).toBe(1);
    // Two tabs share the cart cookie: their adds meet in the one cart object, which lets one through.
    const tabs = await new Visitor(demo.origin).open();
    expect(
      (await tabs.json('POST', ENTRIES, { itemId: 'p-candle', sku: await skuOf('candle'), quantity: 1 })).status,
    ).toBe(200);
    const answers = await Promise.all([1, 2].map(() => tabs.send('POST', ENTRIES, { ...VOUCHER, sku, quantity: 1 })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    for (const res of answers) await res.arrayBuffer();
    expect(
      (await tabs.json<ShoppingCart>('GET', CART)).body.entries
        .filter((entry) => entry.itemId === VOUCHER.itemId)
        .map((entry) => entry.quantity),
    ).toEqual([1]);
  });

  it('shows no quantity input on its page', async () => {
    const html = await (await new Visitor(demo.origin).fetch('/gifts/p/workshop-voucher')).text();
    expect(html).toContain('data-island="AddToCartButton"');
    expect(html).not.toContain('data-island="QuantityInput"');
  });
});
