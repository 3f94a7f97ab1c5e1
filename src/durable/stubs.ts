/**
 * Every Durable Object a route, another object or an integration talks to, by the name it is kept
 * under: one object per website (its stock, forms, accounts, …), one per cart within a website, and
 * the local payment provider's one ledger. No other module makes a stub (test/architecture.test.ts holds it so):
 * the site modules below this room that read or publish content are given the content object by their caller.
 */
import { paymentProvider, type PaymentProvider } from '../integrations/payments';
import { LOCAL_LEDGER_NAME } from '../integrations/payments-local';
import type { StoredPaymentSettings } from '../commerce/payment-mode';
import type { ContentObject, ContentObjects } from '../site/published/catalog';

/** The website's published content (src/durable/site-content.ts). */
export function contentObject(env: Env, websiteId: string) {
  return env.CONTENT.get(env.CONTENT.idFromName(websiteId));
}

/** Every website's content object by id, for the site modules that find the website themselves (by host, say). */
export function contentObjects(env: Env): ContentObjects {
  return (websiteId) => contentObject(env, websiteId);
}

export function cartStub(env: Env, websiteId: string, cartId: string) {
  return env.CARTS.get(env.CARTS.idFromName(`${websiteId}:${cartId}`));
}

export function stockLedger(env: Env, websiteId: string) {
  return env.STOCK.get(env.STOCK.idFromName(websiteId));
}

/** The website's ledger asked what is available now per sku (given each sku's published level), for code that must not reach objects itself. */
export function availableStockOf(objects: WebsiteObjects) {
  return async (counted: Record<string, number>): Promise<Readonly<Record<string, number>>> =>
    objects.stock.available(counted);
}

export function beaconStore(env: Env, websiteId: string) {
  return env.BEACONS.get(env.BEACONS.idFromName(websiteId));
}

export function formSubmissions(env: Env, websiteId: string) {
  return env.FORMS.get(env.FORMS.idFromName(websiteId));
}

export function merchantAccounts(env: Env, websiteId: string) {
  return env.MERCHANTS.get(env.MERCHANTS.idFromName(websiteId));
}

export function restockSignups(env: Env, websiteId: string) {
  return env.RESTOCK.get(env.RESTOCK.idFromName(websiteId));
}

export function siteUsers(env: Env, websiteId: string) {
  return env.SITE_USERS.get(env.SITE_USERS.idFromName(websiteId));
}

export function commerceOrders(env: Env, websiteId: string) {
  return env.ORDERS.get(env.ORDERS.idFromName(websiteId));
}

/** The local payment provider's one ledger (development and tests). */
export function localPaymentLedger(env: Env) {
  return env.LOCAL_PAYMENTS.get(env.LOCAL_PAYMENTS.idFromName(LOCAL_LEDGER_NAME));
}

/**
 * The payment provider of a website with `saved` settings (null: the deployment's), its local ledger (development
 * and tests) reached through `localPaymentLedger`.
 */
export function paymentsOf(env: Env, saved: StoredPaymentSettings | null = null): PaymentProvider {
  return paymentProvider(env, saved, () => localPaymentLedger(env));
}

/** A website's objects, each stub made on first use and kept (a request's `c.var.store.objects`). */
export interface WebsiteObjects {
  readonly content: ContentObject;
  cart(cartId: string): ReturnType<typeof cartStub>;
  readonly orders: ReturnType<typeof commerceOrders>;
  readonly stock: ReturnType<typeof stockLedger>;
  readonly siteUsers: ReturnType<typeof siteUsers>;
  readonly merchants: ReturnType<typeof merchantAccounts>;
  readonly forms: ReturnType<typeof formSubmissions>;
  readonly restock: ReturnType<typeof restockSignups>;
  readonly beacons: ReturnType<typeof beaconStore>;
}

export function websiteObjects(env: Env, websiteId: string): WebsiteObjects {
  const made = new Map<string, unknown>();
  const once = <T>(name: string, make: () => T): T => {
    if (!made.has(name)) made.set(name, make());
    return made.get(name) as T;
  };
  return {
    get content() {
      return once('content', () => contentObject(env, websiteId));
    },
    cart: (cartId) => once(`cart:${cartId}`, () => cartStub(env, websiteId, cartId)),
    get orders() {
      return once('orders', () => commerceOrders(env, websiteId));
    },
    get stock() {
      return once('stock', () => stockLedger(env, websiteId));
    },
    get siteUsers() {
      return once('siteUsers', () => siteUsers(env, websiteId));
    },
    get merchants() {
      return once('merchants', () => merchantAccounts(env, websiteId));
    },
    get forms() {
      return once('forms', () => formSubmissions(env, websiteId));
    },
    get restock() {
      return once('restock', () => restockSignups(env, websiteId));
    },
    get beacons() {
      return once('beacons', () => beaconStore(env, websiteId));
    },
  };
}
