/** Islands in a real browser (Debian Chromium through playwright-core) against `wrangler dev`. */
import { describe, expect, it } from 'vitest';
import { useChromium } from './browser';
import { escapeDialog } from './pages';
import { storeUrl } from './store';

const browser = useChromium();

describe('islands in Chromium', () => {
  it('hydrate the product page and work by keyboard and mouse', async () => {
    const page = await browser().newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const loaded: string[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (path.startsWith('/build/')) loaded.push(path);
    });
    await page.goto(`${storeUrl}/shop/p/linen-shirt`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    // Every island but the back-in-stock sign-up, whose code loads once a sold-out variant is chosen
    // (test/journeys/choosing-a-variant.test.ts signs up for one).
    expect(await page.locator('[data-island][data-hydrated="true"]').count()).toBe(
      await page.locator('[data-island]:not([data-island="RestockForm"])').count(),
    );
    expect(await page.locator('[data-island="RestockForm"]').count()).toBe(1);
    expect(await page.locator('[data-island="RestockForm"][data-hydrated]').count()).toBe(0);
    expect(await page.getAttribute('.ProductItem-image', 'src')).toBe('/images/demo/linen-shirt.webp');

    // The sold-out combination is marked once the other option is chosen (and can still be chosen, for its back-in-stock sign-up).
    await page.selectOption('#variant-p-linen-shirt-Colour', 'Ink');
    const large = page.locator('#variant-p-linen-shirt-Size option[value="Large"]');
    expect(await large.isDisabled()).toBe(false);
    expect(await large.textContent()).toBe('Large (sold out)');

    // Adding without the options chosen asks for them in an alert; the chosen variant's image then shows.
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await expect
      .poll(() => page.locator('[role="alertdialog"]').textContent())
      .toBe('Unable to Add ItemPlease select the Size option.OK');
    await escapeDialog(page);
    expect(await page.locator('[role="alertdialog"]').count()).toBe(0);
    await page.selectOption('#variant-p-linen-shirt-Size', 'Medium');
    await expect.poll(() => page.getAttribute('.ProductItem-image', 'src')).toBe('/images/demo/linen-shirt-ink.webp');

    // A quantity above 9999 stays as typed and gets the spec's message.
    await page.fill('#quantity-p-linen-shirt', '12000');
    await page.locator('#quantity-p-linen-shirt').blur();
    expect(await page.inputValue('#quantity-p-linen-shirt')).toBe('12000');
    expect(await page.locator('.product-quantity-problem').textContent()).toBe('Quantity must be between 1 and 9999.');
    await page.fill('#quantity-p-linen-shirt', '1');
    // The demo's checkout offers no instalments, so no pill (its dialog: test/e2e/shopper.test.ts, on a store that offers them).
    expect(await page.locator('.InstalmentPill').count()).toBe(0);
    expect(errors).toEqual([]);

    // JavaScript budget for a product page, the chunks its dialogs load included: 101 KB gzip (sizes
    // from the client build's manifest; docs/storefront.md says what is in it and why it is no longer 90 or 100 KB).
    const manifest = (await (await fetch(`${storeUrl}/build/manifest.json`)).json()) as {
      files: Record<string, number>;
    };
    const gzipBytes = loaded.reduce((sum, path) => sum + (manifest.files[path] ?? 0), 0);
    expect(gzipBytes).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThan(101 * 1024);
    await page.close();
  });

  it('hydrate the islands a page script puts on the page later, as a template router swapping main for a fresh copy does', async () => {
    const page = await browser().newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${storeUrl}/shop/p/linen-shirt`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    const hydrated = page.locator('main [data-island][data-hydrated="true"]');
    const first = await hydrated.count();
    expect(first).toBeGreaterThan(0);
    // What Tabi no Hana's router does (test/fixtures/third-party/tabinohana/scripts/boxen.js): the page again, its main
    // set to the copy's. The copy's islands are the server's markup, none of them hydrated.
    await page.evaluate(async () => {
      const copy = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html');
      (document.querySelector('main') as HTMLElement).innerHTML = (copy.querySelector('main') as HTMLElement).innerHTML;
    });
    await expect.poll(() => hydrated.count()).toBe(first);
    // The copy's islands work: the variant selects mark the sold-out combination.
    await page.selectOption('#variant-p-linen-shirt-Colour', 'Ink');
    await expect
      .poll(() => page.locator('#variant-p-linen-shirt-Size option[value="Large"]').textContent())
      .toBe('Large (sold out)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('suggests products for words typed into the search field before the page script ran', async () => {
    const page = await browser().newPage();
    // The entry script is held back until the shopper has focused the field and typed, as on a slow phone.
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/build\/entry-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    // A module script delays DOMContentLoaded, so the page is used as soon as the field is there.
    await page.goto(`${storeUrl}/search`, { waitUntil: 'commit' });
    await page.waitForSelector('#search-q');
    await page.focus('#search-q');
    await page.keyboard.type('planters');
    release();
    const options = page.locator('[role="listbox"] [role="option"]');
    // Other files on this store may add their own planters: the demo's must be among the suggestions.
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('Terracotta Planter')]));
    expect(await page.getAttribute('#search-q', 'aria-expanded')).toBe('true');
    await page.close();
  });

  it('loads no React on a blog post for a visitor with no cart', async () => {
    const page = await browser().newPage();
    const loaded: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/build/') && path.endsWith('.js')) loaded.push(path);
    });
    await page.goto(`${storeUrl}/blog/linen-care`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-island="CartPill"][data-hydrated]').count()).toBe(0);
    // The island entry and the analytics collectors (web-vitals) only: React's chunk alone is 64 KB gzip.
    // Sizes from the client build's manifest, counted from the requests (a response body read may
    // still be pending when the page is idle, which made an earlier byte count vary by run).
    const manifest = (await (await fetch(`${storeUrl}/build/manifest.json`)).json()) as {
      files: Record<string, number>;
    };
    expect(loaded.filter((path) => /\/(client|react)-/.test(path))).toEqual([]);
    const gzipBytes = loaded.reduce((sum, path) => sum + (manifest.files[path] ?? 0), 0);
    expect(gzipBytes, `scripts loaded: ${loaded.join(', ')}`).toBeGreaterThan(0);
    expect(gzipBytes, `scripts loaded: ${loaded.join(', ')}`).toBeLessThan(17 * 1024);
    await page.close();
  });
});
