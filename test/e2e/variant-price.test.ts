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
  it("keeps an island's server markup when it fails to render, and reports the error (E104), at 375 px", {
    timeout: 60_000,
  }, async () => {
    const page = await browser().newPage({ viewport: { width: 375, height: 812 } });
    // What the error reporter sends (a Blob, which the request event does not show).
    await page.addInitScript(`window.sentBeacons = [];
      const beacon = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) data.text().then((text) => window.sentBeacons.push(text));
        return beacon(url, data);
      };`);
    // A price island whose variants are missing: choosing a size makes it throw while rendering.
    await page.route(`${storeUrl}/shop/p/planter`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(data-island="ProductPrice" data-props=')([^']*)'/,
        (_whole, head: string, json: string) => {
          const props = JSON.parse(json.replaceAll('&lt;', '<').replaceAll('&#39;', "'").replaceAll('&amp;', '&'));
          const broken = JSON.stringify({ ...props, variants: null });
          return `${head}${broken.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;')}'`;
        },
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${storeUrl}/shop/p/planter`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    expect(await priceText(page)).toBe('from $16.00');
    const thrown = page.waitForEvent('pageerror');
    await page.selectOption('#variant-p-planter-Size', 'Large');
    expect((await thrown).message).toMatch(/null/);
    // React took the island down; its server markup is back in its place.
    await expect.poll(() => priceText(page)).toBe('from $16.00');
    await reviewShot(page, 'test-artifacts/product-page-island-failed-375.png');
    const reports = async () =>
      (await page.evaluate(() => (globalThis as unknown as { sentBeacons: string[] }).sentBeacons)).filter((body) =>
        body.includes('"frontend_error"'),
      );
    await expect.poll(async () => (await reports()).length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse((await reports())[0] ?? '{}')).toMatchObject({
      eventSchemaName: 'frontend_error',
      eventContent: { error_kind: 'error', page_path: '/shop/p/planter' },
    });
    await page.close();
  });
});
