/**
 * What a shopper meets, in Chromium against `wrangler dev` (issue 17's defects): rich text as
 * HTML, the additional-fields form asked before the add and shown on the cart line and at
 * checkout, the instalment dialog, quantity messages and "You may also like" with options. Each
 * test has its own browser context, so its own cookies and cart.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './browser';
import { openPage } from './pages';

const storeUrl = inject('storeUrl');
const browser = useChromium();

const open = (path: string) => openPage(browser(), storeUrl, path);

describe('a shopper in Chromium', () => {
  it('reads post bodies, product descriptions and excerpts as paragraphs', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${storeUrl}/blog/opening-the-studio`);
    expect(await page.locator('.BlogItem-body p').count()).toBe(2);
    expect(await page.locator('.BlogItem-body p').nth(1).textContent()).toBe('Thanks for reading, and for shopping small.');
    await page.goto(`${storeUrl}/shop/p/brass-pen`);
    expect(await page.locator('.ProductItem-body p').count()).toBe(1);
    await page.goto(`${storeUrl}/contact`);
    expect(await page.locator('.Page-body p').textContent()).toBe('Questions about an order, wholesale or press? Write to us.');
    await context.close();
  }, 60_000);
});
