/** The product page's price follows the chosen variant, in Chromium against `wrangler dev`. */
import { describe, expect, it } from 'vitest';
import { reviewShot, useChromium } from './browser';
import { holdRequests } from './held-requests';
import { storeUrl } from './store';

const browser = useChromium();

const priceText = async (page: Awaited<ReturnType<ReturnType<typeof browser>['newPage']>>) =>
  ((await page.locator('.ProductItem-price .product-price').textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('variant price in Chromium', () => {
  it('shows the chosen variant’s sale and original price without moving the page', { timeout: 60_000 }, async () => {
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${storeUrl}/shop/p/field-notes`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    expect(await priceText(page)).toBe('from $9.00');
    const before = await page.locator('.ProductItem-form').boundingBox();

    await page.selectOption('#variant-p-field-notes-Pages', '96');
    await expect.poll(() => priceText(page)).toBe('Sale Price:$12.00 Original Price:$14.00');
    expect(await page.locator('.ProductItem-price .original-price').textContent()).toBe('$14.00');
    expect(await page.locator('.ProductItem-price .visually-hidden').allTextContents()).toEqual([
      'Sale Price:',
      'Original Price:',
    ]);
    expect((await page.locator('.ProductItem-form').boundingBox())?.y).toBe(before?.y);
    await reviewShot(page, 'test-artifacts/product-page-1366.png');

    await page.selectOption('#variant-p-field-notes-Pages', '48');
    await expect.poll(() => priceText(page)).toBe('$9.00');
    expect(await page.locator('.ProductItem-price .original-price').count()).toBe(0);
    await page.close();
  });

  it('shows a variant the shopper chose before the price island had loaded', { timeout: 60_000 }, async () => {
    const page = await browser().newPage({ viewport: { width: 375, height: 812 } });
    // A slow network: the price's code arrives only after the shopper has chosen.
    const release = await holdRequests(page, '**/build/chunks/ProductPrice-*.js');
    await page.goto(`${storeUrl}/shop/p/field-notes`);
    await page.waitForSelector('[data-island="VariantSelects"][data-hydrated="true"]');
    expect(await page.locator('[data-island="ProductPrice"][data-hydrated="true"]').count()).toBe(0);
    await page.selectOption('#variant-p-field-notes-Pages', '96');
    release();
    await page.waitForSelector('html[data-islands="hydrated"]');
    await expect.poll(() => priceText(page)).toBe('Sale Price:$12.00 Original Price:$14.00');
    await page.close();
  });

  it('follows the terracotta planter’s size, at 375 px too', { timeout: 60_000 }, async () => {
    const page = await browser().newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(`${storeUrl}/shop/p/planter`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    expect(await priceText(page)).toBe('from $16.00');
    await page.selectOption('#variant-p-planter-Size', 'Large');
    await expect.poll(() => priceText(page)).toBe('$28.00');
    await reviewShot(page, 'test-artifacts/product-page-375.png');
    await page.selectOption('#variant-p-planter-Size', '');
    await expect.poll(() => priceText(page)).toBe('from $16.00');
    await page.close();
  });
});
