/**
 * The browser-to-worker contract (src/api) against the worker in workerd: every route of the
 * contract is one the app registers (method and path, so a renamed or removed route fails here),
 * and the console's main reads answer what their schemas in src/api/answer-schemas.ts say (a real
 * request, parsed).
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { ANSWER_SCHEMAS } from '../../src/api/answer-schemas';
import { ROLES } from '../../src/site/roles';
import { app } from '../../src/worker';
import { merchant, placeOrder, readyToPay } from './checkout-support';

/** The app's handlers by method and path; middleware registers as ALL and serves no route of its own. */
const served = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));

describe('the contract names only routes the worker serves', () => {
  it('reads the registered routes, and a renamed path or another method is not among them (the check can fail)', () => {
    expect(served.size).toBeGreaterThan(100);
    expect(served.has('GET /api/console/products/:id')).toBe(true);
    expect(served.has('GET /api/console/product/:id')).toBe(false);
    expect(served.has('PATCH /api/console/products/:id')).toBe(false);
  });

  it.each(Object.entries(api))('%s', (_name, route) => {
    expect(served.has(`${route.method} ${route.pattern}`), `${route.method} ${route.pattern} is not registered`).toBe(
      true,
    );
  });

  it('a path builder fills the parameters in order, encoded, and leaves out empty query values', () => {
    expect(api.product.path('p 1')).toBe('/api/console/products/p%201');
    expect(api.fileVariant.path('f1', 3, 640)).toBe('/api/console/files/f1/3/640');
    expect(api.products.path({ q: 'linen & wool', tag: undefined, offset: 50 })).toBe(
      '/api/console/products?q=linen+%26+wool&offset=50',
    );
    expect(api.order.at('ord_1', { token: 'abc' })).toEqual({
      method: 'GET',
      path: '/api/commerce/orders/ord_1?token=abc',
    });
  });
});

describe("the console's main reads answer what src/api says", () => {
  it('catalogue context, products, a product, orders, an order and the store parse with their schemas', async () => {
    const { base, websiteId, visitor } = await readyToPay('contract.example', 3);
    expect((await placeOrder(visitor)).status).toBe(201);
    const owner = await merchant(base, websiteId, ROLES.admin);
    const read = async (name: keyof typeof ANSWER_SCHEMAS, path: string) => {
      const res = await owner.json('GET', path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(ANSWER_SCHEMAS[name].safeParse(res.body).error, path).toBeUndefined();
      return res.body;
    };
    await read('catalogContext', api.catalogContext.path());
    const products = (await read('products', api.products.path())) as { products: { id: string }[] };
    expect(products.products.length).toBeGreaterThan(0);
    await read('product', api.product.path(products.products[0]?.id ?? ''));
    const orders = (await read('orders', api.orders.path())) as { orders: { id: string }[] };
    expect(orders.orders).toHaveLength(1);
    await read('consoleOrder', api.consoleOrder.path(orders.orders[0]?.id ?? ''));
    await read('store', api.store.path());
  });

  it('a schema refuses an answer whose field was renamed (the check can fail)', () => {
    const answer = {
      currency: 'USD',
      settings: { pricesIncludeTax: false, minimumSubtotal: 0, reservationMinutes: 15 },
    };
    expect(ANSWER_SCHEMAS.store.safeParse(answer).success).toBe(false);
  });
});
