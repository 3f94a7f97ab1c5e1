/**
 * axe-core in Chromium over every page of the sitemap: no serious or critical violations.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { useChromium } from './browser';
import { clickAndSeeAddedPopover, escapeDialog } from './pages';
import { storeUrl } from './store';

const browser = useChromium();

describe('accessibility', () => {
  it('has none on the cart page with entries, its open lightbox and an alert', async () => {
    const page = await browser().newPage();
    await page.goto(`${storeUrl}/shop/p/brass-pen`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await page.waitForSelector('[role="dialog"]');
    const problems = await seriousViolations(page, 'engraving asked before the add');
    await page.fill('[role="dialog"] input', 'For Ada');
    await clickAndSeeAddedPopover(page, '[role="dialog"] button[type="submit"]');
    problems.push(...(await seriousViolations(page, 'product page after an add')));
    await page.goto(`${storeUrl}/cart`);
    await page.waitForSelector('.CartEntry');
    problems.push(...(await seriousViolations(page, '/cart')));
    await page.click('.CartEntry-edit');
    await page.waitForSelector('[role="dialog"]');
    problems.push(...(await seriousViolations(page, '/cart lightbox')));
    await escapeDialog(page);
    await page.goto(`${storeUrl}/shop/p/linen-shirt`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await page.waitForSelector('[role="alertdialog"]');
    problems.push(...(await seriousViolations(page, 'add-to-cart alert')));
    await page.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it('has no serious or critical axe violations on any page of the sitemap', async () => {
    const sitemap = await (await fetch(`${storeUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    expect(paths.length).toBeGreaterThan(30);
    const page = await browser().newPage();
    const problems: string[] = [];
    for (const path of [...paths, '/cart', '/search?q=linen', '/nope']) {
      const res = await page.goto(`${storeUrl}${path}`);
      expect(res?.status(), path).toBe(path === '/nope' ? 404 : 200);
      problems.push(...(await seriousViolations(page, path)));
    }
    await page.close();
    expect(problems).toEqual([]);
  }, 300_000);
});
