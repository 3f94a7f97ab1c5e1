/**
 * Prices at checkout in Chromium against `wrangler dev` (issue 29): a price that moved since the
 * item was added is said above the order's lines, and Place order never pays totals the page did
 * not show. The merchant moves the price through the console's bulk price call, as they would, on
 * a product no other browser test buys, and puts it back afterwards.
 */
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from './browser';
import { merchantSessions } from './merchant-session';
import { clickAndSeeAddedPopover } from './pages';
import { storeUrl } from './store';

const browser = useChromium();
const signedInContext = merchantSessions(browser);
const STORE_MANAGER = { email: 'store@example.com', password: 'studio-goods-store' };
const SUCCESS_CARD = '4242424242424242';
const CLASS = { itemId: 'p-pottery-class', path: '/shop/p/pottery-class', title: 'Pottery Class', cents: 7500 };
const SLOW = { timeout: 60_000 };

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

async function newContext(): Promise<BrowserContext> {
  const context = await (browser() as Browser).newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  return context;
}

/** The store manager's calls, with the session kept for the run (merchant-session.ts), in a context of their own. */
async function merchantApi(): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const context = await signedInContext(STORE_MANAGER);
  contexts.push(context);
  const headers = { 'X-CSRF-Token': (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '' };
  return { api: context.request, headers };
}

describe('prices at checkout', () => {
  it('says a price that moved since the add, and places nothing at totals the page did not show', async () => {
    const { api, headers } = await merchantApi();
    const setPrice = async (cents: number) => {
      const res = await api.post(`${storeUrl}/api/console/products/bulk`, {
        data: { ids: [CLASS.itemId], change: { kind: 'price', mode: 'set', amount: cents } },
        headers,
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    try {
      // Added during a pricing mistake, corrected before checkout.
      await setPrice(50);
      const page = await (await newContext()).newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${storeUrl}${CLASS.path}`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      await clickAndSeeAddedPopover(page, '.ProductItem-form .sqs-add-to-cart-button');
      await setPrice(CLASS.cents);

      await page.goto(`${storeUrl}/checkout`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const notice = page.locator('.Checkout-notices li');
      await expect
        .poll(() => notice.textContent(), SLOW)
        .toBe('The price of Pottery Class has changed from $0.50 to $75.00.');
      expect(await page.locator('.CheckoutTotals-total').textContent()).toBe('$75.00');
      expect(await page.locator('.Checkout-notices').getAttribute('role')).toBe('status');

      // The price moves again while the shopper fills in the form: Place order shows the new total and pays nothing.
      const email = `moved-price-${Date.now()}@example.com`;
      await page.fill('#checkout-email', email);
      await page.fill('#checkout-cardNumber', SUCCESS_CARD);
      await setPrice(8000);
      await page.click('.Checkout-button');
      const failure = page.locator('.Checkout-message .Checkout-error');
      await expect
        .poll(() => failure.textContent(), SLOW)
        .toBe('The prices in your order have changed. Please review your order.');
      expect(page.url()).toMatch(/\/checkout$/);
      expect(await page.locator('.CheckoutTotals-total').textContent()).toBe('$80.00');
      expect(await notice.textContent()).toBe('The price of Pottery Class has changed from $0.50 to $80.00.');

      // Seen now: the second press places the order at $80.
      await page.click('.Checkout-button');
      await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
      await page.waitForSelector('.OrderConfirmation-number', SLOW);
      expect(await page.locator('.CheckoutTotals-total').textContent()).toBe('$80.00');
      expect(errors).toEqual([]);
    } finally {
      await setPrice(CLASS.cents);
    }
  }, 240_000);
});
