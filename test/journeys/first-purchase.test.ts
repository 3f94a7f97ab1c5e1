/**
 * Journey: the first purchase on a new store (issue 32, journey 1). Nothing is set up: the demo
 * store as `npm start` seeds it. A visitor buys a physical product (a Brazilian address is refused
 * at the address step with the reason, a UK address asks for Postcode and County, a US address gets
 * the default 'Standard' rate chosen, a mistyped card number is refused in the page), then a
 * digital product and a service together (no address asked); the store manager's Commerce →
 * Shipping rates screen names the countries nobody can buy physical products from. At 1366 and
 * 375 px side by side; screenshots in test-artifacts/journeys/first-purchase-*.png.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useChromium } from '../e2e/browser';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  addOneToCart,
  atBothWidths,
  Contexts,
  goToCheckout,
  JOURNEY_TIMEOUT,
  merchantApi,
  openProduct,
  placeOrder,
  RUN,
  shot,
  signIn,
  SLOW,
  SUCCESS_CARD,
} from './support';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

const PHYSICAL = { path: '/shop/p/canvas-tote', title: 'Canvas Tote' };
const DIGITAL = { path: '/shop/p/recipe-ebook', title: 'Recipe E-book' };
const SERVICE = { path: '/shop/p/design-consult', title: 'Design Consultation' };
const UNSHIPPED =
  'No rate ships to Singapore, Hong Kong, Mexico, Brazil, South Africa: shoppers there cannot buy physical products.';

/** One of the product at `storePath` into the cart, as a shopper adds it. */
async function addOne(page: Page, storePath: string): Promise<void> {
  await openProduct(page, storeUrl, storePath);
  await addOneToCart(page);
}

async function typeAddress(
  page: Page,
  address: { city: string; region: string; postalCode: string; country: string },
): Promise<void> {
  await page.selectOption('#checkout-countryCode', address.country);
  await page.fill('#checkout-firstName', 'Ada');
  await page.fill('#checkout-lastName', 'Lovelace');
  await page.fill('#checkout-address1', '1 Main Street');
  await page.fill('#checkout-city', address.city);
  await page.fill('#checkout-region', address.region);
  await page.fill('#checkout-postalCode', address.postalCode);
  // Leaving the address group sends it: the server answers with its shipping options.
  await page.locator('#checkout-phone').focus();
  await page.locator('#checkout-discountCode').focus();
}

const label = (page: Page, field: string) => page.locator(`label[for="checkout-${field}"]`).innerText();

/**
 * A new store ships with its default rates only, each naming its countries. Other browser files on this
 * store add rates of their own that ship everywhere (no regions; each adds what it needs in its own
 * set-up), so those are taken away first.
 */
beforeEach(async () => {
  const { api, headers } = await merchantApi(contexts, storeUrl);
  const { shippingRates } = (await (await api.get(`${storeUrl}/api/commerce/shipping-rates`)).json()) as {
    shippingRates: { id: string; regions: string[] }[];
  };
  for (const rate of shippingRates)
    if (rate.regions.length === 0)
      expect((await api.delete(`${storeUrl}/api/commerce/shipping-rates/${rate.id}`, { headers })).status()).toBe(200);
}, 60_000);

describe('first purchase on a new store', () => {
  it(
    'buys a physical product with the default rate chosen, then a digital product and a service; the console names who cannot buy (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const { page, errors } = await contexts.page(width);
        await addOne(page, PHYSICAL.path);
        await goToCheckout(page, storeUrl, PHYSICAL.title);
        await page.fill('#checkout-email', `first-purchase-${RUN}-${width}@example.com`);

        // A country no rate ships to: said at the address, with the reason, before anything is paid.
        await typeAddress(page, { city: 'Rio de Janeiro', region: 'RJ', postalCode: '20040-002', country: 'BR' });
        const refused = page.locator('.Checkout-addressStatus .Checkout-noShipping');
        await expect
          .poll(() => refused.textContent(), SLOW)
          .toBe(
            'We do not ship to this address. This store has no shipping to RJ, Brazil. Choose another address, or buy only items that need no shipping.',
          );
        expect(await page.locator('.Checkout-addressStatus').getAttribute('aria-live')).toBe('polite');
        expect(await page.locator('.Checkout-shipping .Checkout-hint').textContent()).toBe(
          'No shipping options for this address.',
        );
        await page.fill('#checkout-cardNumber', SUCCESS_CARD);
        await page.click('.Checkout-button');
        await expect
          .poll(() => page.locator('#checkout-countryCode-error').textContent(), SLOW)
          .toBe('We do not ship to this address.');
        expect(await page.evaluate('document.activeElement?.id')).toBe('checkout-countryCode');
        await shot(page, `first-purchase-no-rate-${width}`);

        // A UK address is asked for as the UK writes it.
        await page.selectOption('#checkout-countryCode', 'GB');
        expect([await label(page, 'postalCode'), await label(page, 'region')]).toEqual([
          'Postcode',
          'County (optional)',
        ]);

        // Home: the 'Standard' rate comes chosen, its price in the summary.
        await typeAddress(page, { city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' });
        expect([await label(page, 'postalCode'), await label(page, 'region')]).toEqual(['Zip', 'State']);
        const standard = page.locator('.Checkout-option', { hasText: 'Standard' });
        await standard.waitFor(SLOW);
        expect(await standard.locator('input').isChecked()).toBe(true);
        await expect.poll(() => page.locator('.CheckoutTotals-shipping').textContent(), SLOW).toBe('$5.00');
        expect(await refused.count()).toBe(0);

        // A mistyped card number is refused in the page, never sent.
        let placements = 0;
        page.on('request', (request) => {
          if (request.url().endsWith('/api/commerce/orders') && request.method() === 'POST') placements++;
        });
        await page.fill('#checkout-cardNumber', '4242 4242 4242 4241');
        await page.click('.Checkout-button');
        await expect
          .poll(() => page.locator('#checkout-cardNumber-error').textContent(), SLOW)
          .toBe('This card number is not valid. Check it for a mistyped digit.');
        expect(placements).toBe(0);
        await page.fill('#checkout-cardNumber', SUCCESS_CARD);
        await shot(page, `first-purchase-checkout-${width}`);
        await placeOrder(page);
        expect(await page.locator('.OrderConfirmation-shipping-option').textContent()).toBe(
          'Shipping method: Standard',
        );
        await shot(page, `first-purchase-physical-confirmed-${width}`);

        // A digital product and a service together: nothing to ship, no address asked.
        await addOne(page, DIGITAL.path);
        await addOne(page, SERVICE.path);
        await goToCheckout(page, storeUrl, DIGITAL.title);
        expect(await page.locator('.CheckoutLine-name').allTextContents()).toEqual([DIGITAL.title, SERVICE.title]);
        expect(await page.locator('#checkout-address1').count()).toBe(0);
        await page.fill('#checkout-email', `first-purchase-${RUN}-${width}@example.com`);
        await page.fill('#checkout-cardNumber', SUCCESS_CARD);
        await placeOrder(page);
        expect(await page.locator('.CheckoutLine-name').allTextContents()).toEqual([DIGITAL.title, SERVICE.title]);
        await shot(page, `first-purchase-digital-service-confirmed-${width}`);
        expect(errors).toEqual([]);

        // The store manager is told who cannot buy physical products.
        const merchant = await contexts.page(width);
        await signIn(merchant.page, storeUrl, ACCOUNTS.store, '/config/commerce/shipping');
        const warning = merchant.page.locator('.Warning');
        await expect.poll(() => warning.textContent(), SLOW).toBe(UNSHIPPED);
        await shot(merchant.page, `first-purchase-console-shipping-${width}`);
        expect(merchant.errors).toEqual([]);
      });
    },
    JOURNEY_TIMEOUT,
  );
});
