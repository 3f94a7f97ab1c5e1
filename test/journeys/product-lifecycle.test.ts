/**
 * Journey: a product's life from draft to store (issue 33, journey 2's status and variants). At 1366
 * px the store manager adds a product in /config: options Size (S, M, L) and Colour (Red, Blue) make
 * six variants (a gift card's denominations have no sale price), "Set every price" prices them all, the grid's price, sale price, stock, SKU and weight
 * fit without sideways scroll; saved as a draft it is nowhere on the storefront (its page 404, not in
 * /shop or /search, a direct cart add refused); published, shoppers find it and buy it. At 375 px the
 * product list shows it as a draft and the variant grid is one card per variant. Screenshots in
 * test-artifacts/journeys/lifecycle-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  deleteProduct,
  JOURNEY_TIMEOUT,
  merchantApi,
  openProduct,
  openSection,
  RUN,
  shot,
  signIn,
  SLOW,
  useContexts,
} from './support';

const contexts = useContexts();

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Whether a shopper meets the product: its page, /shop, /search and a direct cart add of its first variant. */
async function storefront(path: string, title: string, itemId: string, sku: string) {
  const context = await contexts.open(1366);
  const page = await context.request.get(`${storeUrl}${path}`);
  const shop = await (await context.request.get(`${storeUrl}/shop`)).text();
  const search = await (await context.request.get(`${storeUrl}/search?q=${encodeURIComponent(title)}`)).text();
  expect((await context.request.get(`${storeUrl}/api/crumb`)).status()).toBe(204);
  const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
  const add = await context.request.post(`${storeUrl}/api/commerce/shopping-cart/entries`, {
    data: { itemId, sku, quantity: 1 },
    headers: { 'X-CSRF-Token': crumb },
  });
  return {
    page: page.status(),
    shop: shop.includes(`href="${path}"`),
    search: search.includes(`href="${path}"`),
    cartAdd: add.status(),
  };
}

/** Every field and button of the variant grid inside the grid's visible box: nothing to scroll sideways for. */
async function gridFits(page: Page): Promise<string[]> {
  const grid = await page.locator('.VariantGrid').boundingBox();
  const outside: string[] = [];
  for (const control of await page.locator('.VariantGrid input, .VariantGrid select, .VariantGrid button').all()) {
    const box = await control.boundingBox();
    if (grid === null || box === null || box.x < grid.x - 1 || box.x + box.width > grid.x + grid.width + 1)
      outside.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
  }
  return outside;
}

describe('a product from draft to the store', () => {
  it(
    'options make the variants, a draft stays off the store, publishing puts it on',
    async () => {
      const title = `Journey Tee ${RUN}`;
      const merchant = await contexts.page(1366);
      await signIn(merchant.page, storeUrl, ACCOUNTS.store);
      await openSection(merchant.page, 'Products');
      await merchant.page.click('text=Add product');
      await merchant.page.waitForSelector('h1:text("Add product")', SLOW);
      await merchant.page.fill('#product-title', title);
      // A gift card sells at face value: its denominations offer no sale price to set.
      await merchant.page.selectOption('#product-type', { label: 'Gift card' });
      await expect.poll(() => merchant.page.locator('h2', { hasText: 'Denominations' }).count(), SLOW).toBe(1);
      expect(await merchant.page.locator('.VariantGrid th', { hasText: 'Sale price' }).count()).toBe(0);
      expect(await merchant.page.locator('[aria-label="On sale, variant 1"]').count()).toBe(0);
      await merchant.page.selectOption('#product-type', { label: 'Physical product' });
      await expect
        .poll(() => merchant.page.locator('.VariantGrid th', { hasText: 'Sale price' }).count(), SLOW)
        .toBe(1);
      // A new product is a draft until the merchant says otherwise.
      expect(await merchant.page.locator('#product-status').inputValue()).toBe('draft');

      // Options with values: the grid is made from them, by keyboard.
      await merchant.page.click('text=Add option');
      await merchant.page.fill('#option-0-name', 'Size');
      await merchant.page.press('#option-0-name', 'Tab');
      await merchant.page.keyboard.type('S, M, L');
      await expect.poll(() => merchant.page.locator('.VariantGrid tbody tr').count(), SLOW).toBe(3);
      await merchant.page.fill('[aria-label="Stock, variant 1"]', '5');
      await merchant.page.fill('[aria-label="SKU, variant 1"]', `TEE-${RUN}-S`);
      await merchant.page.click('text=Add option');
      await merchant.page.fill('#option-1-name', 'Colour');
      await merchant.page.fill('#option-1-values', 'Red, Blue');
      await expect
        .poll(() => merchant.page.locator('.VariantGrid tbody th').allInnerTexts(), SLOW)
        .toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue', 'L / Red', 'L / Blue']);
      // The first size kept what was typed for it: it became S / Red.
      expect(await merchant.page.locator('[aria-label="SKU, variant 1"]').inputValue()).toBe(`TEE-${RUN}-S`);
      expect(await merchant.page.locator('[aria-label="Stock, variant 1"]').inputValue()).toBe('5');
      await merchant.page.fill('#variants-every-price', '24.00');
      await merchant.page.press('#variants-every-price', 'Enter');
      for (let i = 1; i <= 6; i++)
        expect(await merchant.page.locator(`[aria-label="Price, variant ${i}"]`).inputValue()).toBe('24.00');
      await merchant.page.fill('[aria-label="Stock, variant 4"]', '3');
      expect(await gridFits(merchant.page)).toEqual([]);
      expect(await merchant.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      for (const field of ['Price', 'Sale price', 'Stock', 'SKU', 'Weight in grams']) {
        const box = await merchant.page.locator(`[aria-label="${field}, variant 1"]`).boundingBox();
        expect(box !== null && box.x >= 0 && box.x + box.width <= 1366, field).toBe(true);
      }
      await merchant.page.locator('.VariantGrid').scrollIntoViewIfNeeded();
      await shot(merchant.page, 'lifecycle-variants-1366');

      await merchant.page.click('.SaveBar button[type="submit"]');
      await expect.poll(() => merchant.page.locator('.SaveBar [role="status"]').innerText(), SLOW).toBe('Saved');
      await expect.poll(() => new URL(merchant.page.url()).pathname, SLOW).toMatch(/^\/config\/products\/p-[0-9a-f]+$/);
      const id = decodeURIComponent(new URL(merchant.page.url()).pathname.split('/').pop() ?? '');
      try {
        const { api } = await merchantApi(contexts, storeUrl);
        const stored = (await (await api.get(`${storeUrl}/api/console/products/${id}`)).json()) as {
          fullUrl: string;
          product: { variants: { sku: string }[] };
        };
        expect(stored.product.variants).toHaveLength(6);
        const path = stored.fullUrl;
        expect(path).toBe(`/shop/p/${slug(title)}`);
        const sku = stored.product.variants[0]?.sku ?? '';

        // The draft: nowhere a shopper looks, and a cart add by hand is refused.
        expect(await storefront(path, title, id, sku)).toEqual({ page: 404, shop: false, search: false, cartAdd: 404 });

        // The list on a phone says it is a draft.
        const phone = await contexts.page(375);
        await signIn(phone.page, storeUrl, ACCOUNTS.store);
        await openSection(phone.page, 'Products');
        await phone.page.fill('#products-search', title);
        await phone.page.press('#products-search', 'Enter');
        const row = phone.page.locator('tbody tr', { hasText: title });
        await expect.poll(() => phone.page.locator('tbody tr').count(), SLOW).toBe(1);
        expect(await row.innerText()).toContain('Draft');
        await shot(phone.page, 'lifecycle-list-draft-375');
        // Its editor on the phone: one card per variant, nothing to scroll sideways.
        await row.locator('a', { hasText: title }).click();
        await phone.page.waitForSelector(`h1:text("${title}")`, SLOW);
        await expect.poll(() => phone.page.locator('.VariantGrid tbody tr').count(), SLOW).toBe(6);
        expect(await phone.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
        expect(
          await phone.page.evaluate("getComputedStyle(document.querySelector('.VariantGrid tbody tr')).display"),
        ).toBe('grid');
        await phone.page.locator('.VariantGrid').scrollIntoViewIfNeeded();
        await shot(phone.page, 'lifecycle-variant-cards-375');
        expect(phone.errors).toEqual([]);

        // Published: on the store, and sold.
        await merchant.page.selectOption('#product-status', 'published');
        await merchant.page.click('.SaveBar button[type="submit"]');
        await expect.poll(() => merchant.page.locator('.SaveBar [role="status"]').innerText(), SLOW).toBe('Saved');
        await shot(merchant.page, 'lifecycle-published-1366');
        expect(await storefront(path, title, id, sku)).toEqual({ page: 200, shop: true, search: true, cartAdd: 200 });
        const shopper = await contexts.page(1366);
        await openProduct(shopper.page, storeUrl, path);
        expect(await shopper.page.locator('h1').first().textContent()).toBe(title);
        expect(await shopper.page.locator('.ProductItem-details').innerText()).toContain('$24.00');
        await shot(shopper.page, 'lifecycle-storefront-1366');
        expect(shopper.errors).toEqual([]);
        expect(merchant.errors).toEqual([]);
      } finally {
        await deleteProduct(contexts, storeUrl, id);
      }
    },
    JOURNEY_TIMEOUT,
  );
});
