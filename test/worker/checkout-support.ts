/** Shared by the checkout and order tests: a store on its own host, shoppers with carts, and the calls. */
import { env } from 'cloudflare:workers';
import { expect, onTestFinished, vi } from 'vitest';
import type { ShippingAddress } from '../../src/commerce/address';
import { demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';
import type { Checkout } from '../../src/durable/orders';
import type { Order } from '../../src/commerce/order';
import { hashPassword } from '../../src/durable/passwords';
import { contentObjects } from '../../src/durable/stubs';
import { ROLES } from '../../src/site/roles';
import { FakeStripe } from './fake-stripe';
import { Visitor } from './visitor';

export const ENTRIES = '/api/commerce/shopping-cart/entries';
export const CHECKOUT = '/api/commerce/checkout';
export const ORDERS = '/api/commerce/orders';
export const CARD = {
  ok: 'local_card_4242424242424242',
  declined: 'local_card_4000000000000002',
  noFunds: 'local_card_4000000000009995',
  action: 'local_card_4000002500003155',
} as const;
export const ADDRESS: ShippingAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  countryCode: 'US',
  phone: '',
};

export type Site = ReturnType<typeof demoSite>;

export function skuOf(urlId: string, index = 0): string {
  return demoSite().items.find((i) => i.urlId === urlId)?.structuredContent?.variants[index]?.sku ?? '';
}

/** The demo's candle, the product most checkout tests buy. */
export const CANDLE = { itemId: 'p-candle', sku: skuOf('candle') };

/** What the public stock API says others can still buy of an item. */
export async function available(base: string, itemId: string = CANDLE.itemId): Promise<number | undefined> {
  const res = await new Visitor(base).json<{ results: { qtyInStock: number }[] }>(
    'GET',
    `/api/commerce/inventory/stock/?itemId=${itemId}`,
  );
  return res.body.results[0]?.qtyInStock;
}

/** A store of its own (stock, orders and codes not shared with other tests), at http://{host}. */
export async function storeOnHost(
  host: string,
  change: (site: Site) => void = () => undefined,
): Promise<{ base: string; websiteId: string }> {
  const site = demoSite();
  site.website.id = host.replaceAll('.', '-');
  change(site);
  expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, host, site.website.id);
  return { base: `http://${host}`, websiteId: site.website.id };
}

export function setStock(site: Site, urlId: string, stock: number): void {
  const variant = site.items.find((i) => i.urlId === urlId)?.structuredContent?.variants[0];
  if (variant === undefined) throw new Error(`demo ${urlId} missing`);
  variant.qtyInStock = stock;
  variant.unlimited = false;
}

export function orders(websiteId: string) {
  return env.ORDERS.get(env.ORDERS.idFromName(websiteId));
}

export function stock(websiteId: string) {
  return env.STOCK.get(env.STOCK.idFromName(websiteId));
}

export function paymentLedger() {
  return env.LOCAL_PAYMENTS.get(env.LOCAL_PAYMENTS.idFromName('local-account'));
}

/** The usual store rules: standard and express shipping in the US, Illinois sales tax. */
export async function standardRules(websiteId: string): Promise<void> {
  const store = orders(websiteId);
  await store.saveRate('shipping', null, {
    name: 'Standard',
    regions: ['US'],
    method: 'flat',
    amountCents: 500,
    perKgCents: 0,
    freeOverCents: 20_000,
  });
  await store.saveRate('shipping', null, {
    name: 'Express',
    regions: ['US'],
    method: 'flat',
    amountCents: 1500,
    perKgCents: 0,
    freeOverCents: null,
  });
  await store.saveRate('tax', null, { name: 'Illinois', countryCode: 'US', region: 'IL', ratePercent: '6.25' });
}

export async function shopper(
  base: string,
  lines: { itemId: string; sku?: string; quantity: number }[],
): Promise<Visitor> {
  const visitor = await new Visitor(base).open('/cart');
  for (const line of lines) expect((await visitor.json('POST', ENTRIES, line)).status).toBe(200);
  return visitor;
}

export async function startCheckout(visitor: Visitor, body: unknown = {}) {
  return visitor.json<{ checkout: Checkout; error?: string }>('POST', CHECKOUT, body);
}

export async function fillCheckout(visitor: Visitor, extra: Record<string, unknown> = {}): Promise<Checkout> {
  const first = await visitor.json<{ checkout: Checkout }>('PUT', CHECKOUT, {
    email: 'ada@example.com',
    shippingAddress: ADDRESS,
    ...extra,
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const option = first.body.checkout.shippingOptions[0]?.id ?? null;
  if (!first.body.checkout.requiresShipping) return first.body.checkout;
  const second = await visitor.json<{ checkout: Checkout }>('PUT', CHECKOUT, { shippingOptionId: option });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return second.body.checkout;
}

/** A shopper with `quantity` candles in the cart whose checkout is started and filled in; `cartId` is the cart's cookie. */
export async function shopperAtPayment(base: string, quantity = 1): Promise<{ visitor: Visitor; cartId: string }> {
  const visitor = await shopper(base, [{ ...CANDLE, quantity }]);
  const cartId = visitor.cookies.get('CART') ?? '';
  expect((await startCheckout(visitor)).status).toBe(200);
  await fillCheckout(visitor);
  return { visitor, cartId };
}

/** A store of its own at `host` with `candles` in stock and the usual rules, and a shopper ready to pay for `quantity` of them. */
export async function readyToPay(
  host: string,
  candles = 2,
  quantity = 1,
): Promise<{ base: string; websiteId: string; visitor: Visitor; cartId: string }> {
  const { base, websiteId } = await storeOnHost(host, (site) => setStock(site, 'candle', candles));
  await standardRules(websiteId);
  return { base, websiteId, ...(await shopperAtPayment(base, quantity)) };
}

export async function placeOrder(
  visitor: Visitor,
  token: string = CARD.ok,
  key = crypto.randomUUID(),
  extra: Record<string, unknown> = {},
) {
  const res = await visitor.fetch(ORDERS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': visitor.crumb, 'idempotency-key': key },
    body: JSON.stringify({ payment: { provider: 'local', token }, ...extra }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { order: Order; error?: string; errors?: Record<string, string>; code?: string },
  };
}

/** A merchant of `websiteId` with `role`, signed in. */
export async function merchant(base: string, websiteId: string, role: number = ROLES.storeManager): Promise<Visitor> {
  const email = `m${role}@example.com`;
  await env.MERCHANTS.get(env.MERCHANTS.idFromName(websiteId)).ensureMember(
    email,
    await hashPassword('merchant-password'),
    [role],
  );
  const visitor = await new Visitor(base).open('/contact');
  expect((await visitor.json('POST', '/api/merchant/session', { email, password: 'merchant-password' })).status).toBe(
    200,
  );
  return visitor;
}

/**
 * Payments go to Stripe for this test, that is to a fresh local fake of its API: the provider
 * variables are set on the pool's env (which the worker and its objects share) and `fetch` is the
 * fake's, both put back when the test ends.
 */
export function useFakeStripe(): FakeStripe {
  const fake = new FakeStripe();
  const vars = env as unknown as Record<string, string | undefined>;
  const names = ['PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const saved = names.map((name) => vars[name]);
  Object.assign(vars, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  });
  vi.stubGlobal('fetch', fake.fetch);
  onTestFinished(() => {
    names.forEach((name, i) => {
      if (saved[i] === undefined) delete vars[name];
      else vars[name] = saved[i];
    });
    vi.unstubAllGlobals();
  });
  return fake;
}

/** Places the visitor's order paying with a Stripe PaymentMethod id. */
export async function placeWithStripe(
  visitor: Visitor,
  paymentMethod: string,
  key: string,
  extra: Record<string, unknown> = {},
) {
  const res = await visitor.fetch(ORDERS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': visitor.crumb, 'idempotency-key': key },
    body: JSON.stringify({ payment: { provider: 'stripe', token: paymentMethod }, ...extra }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { order: Order; error?: string; code?: string },
  };
}

/** Stripe's signed delivery of an event, through the store's webhook. */
export async function deliverStripeEvent(base: string, delivery: { body: string; signature: string }): Promise<number> {
  const res = await new Visitor(base).fetch('/api/commerce/payments/webhook/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.body,
  });
  await res.arrayBuffer();
  return res.status;
}
