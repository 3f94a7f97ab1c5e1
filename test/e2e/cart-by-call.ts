/**
 * A shopper's cart filled by the storefront's own calls in a browser context, for a test whose step is what follows
 * the add (the cart, the checkout, how those pages hold still), not the product page: the product page's load and
 * hydration are spared (issue 30). The calls are the ones the product page's button makes: the crumb, then
 * `POST /api/commerce/shopping-cart/entries` with the variant's sku, which the product's stock answer names. The
 * cart's cookie lands in the context, so its pages at any port of the store's host show that cart.
 */
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { CRUMB_PATH, CSRF_HEADER, STORE_COOKIES } from '../../src/cookies';
import { storeUrl } from './store';

/** Adds `quantity` of a one-variant product (`p-candle`) to the context's cart. */
export async function addToCartByCall(context: BrowserContext, itemId: string, quantity = 1): Promise<void> {
  const api = context.request;
  const stock = await api.get(`${storeUrl}/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`);
  expect(stock.status(), await stock.text()).toBe(200);
  const variants = ((await stock.json()) as { results: { sku: string }[] }).results;
  expect(variants, `${itemId}'s variants`).toHaveLength(1);
  expect((await api.get(`${storeUrl}${CRUMB_PATH}`)).status()).toBe(204);
  const crumb = (await context.cookies(storeUrl)).find((cookie) => cookie.name === STORE_COOKIES.crumb)?.value ?? '';
  const added = await api.post(`${storeUrl}/api/commerce/shopping-cart/entries`, {
    data: { itemId, sku: variants[0]?.sku, quantity },
    headers: { [CSRF_HEADER]: crumb },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
}
