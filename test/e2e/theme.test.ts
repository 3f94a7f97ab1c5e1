/**
 * The default theme in Chromium: every page kind at 375 and 1366 px, screenshots written to
 * test-artifacts/screenshots/ on every run (for people to look at), and what the theme promises a
 * shopper: the gallery (thumbnails by keyboard, zoom dialog, the chosen variant's picture), the
 * rating summary, JSON-LD and Open Graph tags, listing controls that work without JavaScript, the
 * header search, previous/next on posts, designed empty and error states, and pictures that are
 * sized, lazy below the fold and quick for the largest one.
 */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { cartHolding } from '../journeys/support';
import { REVIEW_SHOTS, reviewShot, useChromium } from './browser';
import { afterNextPaint } from './pages';
import { storeUrl } from './store';

// A page's load event waits for its pictures: on a loaded 2-core machine that can pass Playwright's 30 s default.
const NAVIGATION_TIMEOUT = 60_000;

const browser = useChromium();
const SCREENSHOTS = 'test-artifacts/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A page in a new context at `width`, no document loaded yet. */
async function blankPage(width: number, javaScript: boolean): Promise<Page> {
  context = await browser().newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    javaScriptEnabled: javaScript,
    reducedMotion: 'reduce',
  });
  // The promo popup would cover the home page in every screenshot: this visitor has seen it.
  await context.addInitScript("try { localStorage.setItem('promo-popup:date-closed', String(Date.now())); } catch {}");
  return context.newPage();
}

async function open(path: string, width = 1366, javaScript = true): Promise<{ page: Page; errors: string[] }> {
  const page = await blankPage(width, javaScript);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${storeUrl}${path}`, { timeout: NAVIGATION_TIMEOUT });
  if (javaScript) await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 20_000 });
  return { page, errors };
}

/**
 * Waits, after each load, until the page's islands have hydrated and every request it started has ended, so a
 * late answer's page error counts for its page. Playwright's `networkidle` waited for the same and then for 500 ms
 * of quiet: in 32 visits of PAGES at 375 px (30 Nov 2026, issue 30) no page started a request after its islands
 * hydrated, so the quiet caught nothing and cost about 0.45 s a page.
 */
function settledAfterLoad(page: Page): () => Promise<void> {
  const unanswered = new Set<Request>();
  page.on('request', (request) => unanswered.add(request));
  page.on('requestfinished', (request) => unanswered.delete(request));
  page.on('requestfailed', (request) => unanswered.delete(request));
  return async () => {
    await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 20_000 });
    await expect.poll(() => unanswered.size, { timeout: 30_000 }).toBe(0);
    // What the last answers set off (a render, another request) has run; a request it started is waited for too.
    await afterNextPaint(page);
    await expect.poll(() => unanswered.size, { timeout: 30_000 }).toBe(0);
  };
}

/**
 * A whole-page screenshot once every lazy picture below the fold has loaded, with E2E_SCREENSHOTS=1. Without it there
 * is no picture to wait for: the scroll and the pictures' loads cost about 1 s a page (issue 30).
 */
async function fullPageShot(page: Page, name: string): Promise<void> {
  if (!REVIEW_SHOTS) return;
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  // A function, not text: the store's CSP refuses the eval a polled text needs (the first check passes without it).
  await page.waitForFunction(
    () =>
      [...(globalThis as unknown as { document: { images: Iterable<{ complete: boolean }> } }).document.images].every(
        (img) => img.complete,
      ),
    undefined,
    { timeout: 10_000 },
  );
  await page.evaluate('window.scrollTo(0, 0)');
  await reviewShot(page, `${SCREENSHOTS}/${name}.png`, { fullPage: true });
}

/** Every page kind, and what it is called in the screenshot's file name. */
const PAGES: readonly (readonly [name: string, path: string])[] = [
  ['home', '/'],
  ['listing', '/shop'],
  ['listing-filtered', '/shop?tag=sale&sort=price-asc'],
  ['listing-empty', '/shop?tag=no-such-tag'],
  ['product', '/shop/p/linen-shirt'],
  ['product-sold-out', '/shop/p/ceramic-mug'],
  ['gifts', '/gifts'],
  ['blog', '/blog'],
  ['post', '/blog/how-we-fire-mugs'],
  ['page', '/contact'],
  ['search', '/search?q=linen'],
  ['search-empty', '/search?q=zzzz'],
  ['cart-empty', '/cart'],
  ['checkout', '/checkout'],
  ['account', '/account'],
  ['not-found', '/no-such-page'],
];

describe('screenshots of every page kind', () => {
  for (const width of [375, 1366]) {
    it(`writes ${PAGES.length} pages at ${width} px, none wider than the viewport`, { timeout: 180_000 }, async () => {
      const page = await blankPage(width, true);
      const settled = settledAfterLoad(page);
      const errors: string[] = [];
      let at = '/';
      page.on('pageerror', (error) => errors.push(`${at}: ${error.message}`));
      for (const [name, path] of PAGES) {
        at = path;
        await page.goto(`${storeUrl}${path}`, { timeout: NAVIGATION_TIMEOUT });
        await settled();
        expect(
          await page.evaluate('document.documentElement.scrollWidth'),
          `${path} at ${width} px`,
        ).toBeLessThanOrEqual(width);
        await fullPageShot(page, `${name}-${width}`);
      }
      // A cart with something in it (by the calls the product page's button makes: adding is cart.test's), and the
      // checkout summary for it.
      await cartHolding(page, storeUrl, 'p-canvas-tote');
      for (const [name, path] of [
        ['cart', '/cart'],
        ['checkout-with-items', '/checkout'],
      ] as const) {
        at = path;
        await page.goto(`${storeUrl}${path}`, { timeout: NAVIGATION_TIMEOUT });
        await settled();
        await page.locator('.CartEntry, .CheckoutLine').first().waitFor({ timeout: 10_000 });
        await fullPageShot(page, `${name}-${width}`);
      }
      expect(errors).toEqual([]);
    });
  }
});

describe('the product page', () => {
  it('shows the chosen variant’s picture, moves between thumbnails by keyboard and zooms into a dialog', {
    timeout: 60_000,
  }, async () => {
    const { page, errors } = await open('/shop/p/linen-shirt');
    const main = page.locator('.ProductGallery-main img');
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    const thumbs = page.locator('.ProductGallery-thumb');
    expect(await thumbs.count()).toBe(3);
    await page.selectOption('.product-variants select >> nth=1', 'Ink');
    await page.selectOption('.product-variants select >> nth=0', 'Small');
    await expect.poll(() => main.getAttribute('src')).toBe('/images/demo/linen-shirt-ink.webp');
    expect(await thumbs.nth(2).getAttribute('aria-pressed')).toBe('true');

    await thumbs.nth(2).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => main.getAttribute('src')).toBe('/images/demo/linen-shirt-sand.webp');
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-pressed')")).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => main.getAttribute('src')).toBe('/images/demo/linen-shirt-ink.webp');

    await page.locator('.ProductGallery-main').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Linen Shirt' });
    await dialog.waitFor();
    expect(await dialog.locator('img').getAttribute('src')).toBe('/images/demo/linen-shirt-ink.webp');
    await reviewShot(page, `${SCREENSHOTS}/product-zoom-1366.png`);
    await dialog.getByRole('button', { name: 'Next picture' }).click();
    expect(await dialog.locator('img').getAttribute('src')).toBe('/images/demo/linen-shirt.webp');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate("document.activeElement?.classList.contains('ProductGallery-main')")).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the rating summary, review cards, Product JSON-LD and Open Graph tags', async () => {
    const { page } = await open('/shop/p/canvas-tote');
    const summary = page.locator('.ProductItem-details .RatingSummary');
    expect((await summary.innerText()).replace(/\s+/g, ' ')).toBe('4.7 out of 5 stars, 3 reviews');
    expect(await summary.getAttribute('href')).toBe('#reviews-title');
    expect(await page.locator('.Reviews-list > li.Review').count()).toBe(3);

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Canvas Tote',
      url: `${storeUrl}/shop/p/canvas-tote`,
      image: [`${storeUrl}/images/demo/canvas-tote.webp`],
      offers: [{ '@type': 'Offer', price: '18.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' }],
      aggregateRating: { ratingValue: 4.7, reviewCount: 3 },
    });
    const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
    expect(await og('og:type')).toBe('product');
    expect(await og('og:title')).toBe('Canvas Tote');
    expect(await og('og:image')).toBe(`${storeUrl}/images/demo/canvas-tote.webp`);
    expect(await og('product:price:amount')).toBe('18.00');
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  });

  it('marks sold-out variants OutOfStock in the JSON-LD', async () => {
    const { page } = await open('/shop/p/ceramic-mug', 1366, false);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(jsonLd.offers).toEqual([
      expect.objectContaining({ price: '18.00', availability: 'https://schema.org/OutOfStock' }),
    ]);
  });
});

describe('listings, search and posts', () => {
  it('sorts and filters with a plain GET form and links, without JavaScript', { timeout: 60_000 }, async () => {
    const { page } = await open('/shop', 1366, false);
    const form = page.locator('form.ListingControls-form');
    const context = (await (await page.request.get(`${storeUrl}/shop?format=json`)).json()) as { listing?: unknown };
    if (context.listing === undefined) {
      // Until the store's content provides `listing`, the theme renders no controls rather than broken ones.
      expect(await form.count()).toBe(0);
      expect(await page.locator('.ProductList-grid .ProductCard').count()).toBeGreaterThan(0);
      return;
    }
    expect(await form.getAttribute('method')).toBe('get');
    await page.selectOption('#listing-sort', 'price-asc');
    await Promise.all([page.waitForURL(/sort=price-asc/), form.getByRole('button', { name: 'Apply' }).click()]);
    expect(await page.locator('#listing-sort').inputValue()).toBe('price-asc');
    // Two tags checked, then Apply: the list keeps products with either, and the sort.
    await form.locator('input[name="tag"][value="sale"]').check();
    await form.locator('input[name="tag"][value="home"]').check();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.getAll('tag').sort().join() === 'home,sale'),
      form.getByRole('button', { name: 'Apply' }).click(),
    ]);
    expect(page.url()).toContain('sort=price-asc');
    expect(
      await form
        .locator('input[name="tag"]:checked')
        .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('value')).sort()),
    ).toEqual(['home', 'sale']);
    expect(await page.locator('.ProductList-grid .ProductCard').count()).toBeGreaterThan(0);
    await page.goto(`${storeUrl}/shop?tag=no-such-tag`, { timeout: NAVIGATION_TIMEOUT });
    expect(await page.locator('.EmptyState a.Button').getAttribute('href')).toBe('/shop');
  });

  it('lines up the buttons of a row of cards, sold out or not', async () => {
    const { page } = await open('/gifts');
    const topsOf = (selector: string) =>
      page.evaluate(
        `[...document.querySelectorAll('${selector}')].map((e) => Math.round(e.getBoundingClientRect().top))`,
      ) as Promise<number[]>;
    const tops = await topsOf('.ProductList-grid > li .sqs-add-to-cart-button');
    const cardTops = await topsOf('.ProductList-grid > li');
    const rows = new Map<number, number>();
    cardTops.forEach((top, i) => {
      const seen = rows.get(top);
      if (seen === undefined) rows.set(top, tops[i] as number);
      else expect(tops[i]).toBe(seen);
    });
    expect(rows.size).toBeGreaterThan(1);
  });

  it('searches from the header on every page', async () => {
    const { page } = await open('/blog/linen-care', 1366, false);
    await page.fill('#site-search-q', 'mug');
    await Promise.all([page.waitForURL(/\/search\?q=mug/), page.keyboard.press('Enter')]);
    expect(await page.locator('.SearchResult').count()).toBeGreaterThan(0);
    expect(await page.locator('.SearchResult-image').first().getAttribute('loading')).toBe('lazy');
    await page.goto(`${storeUrl}/search?q=zzzz`, { timeout: NAVIGATION_TIMEOUT });
    expect(await page.locator('.EmptyState h2').innerText()).toBe('Nothing matches “zzzz”');
  });

  it('shows designed empty and not-found states', async () => {
    const { page } = await open('/no-such-page', 1366, false);
    expect(await page.locator('.NotFound h1').innerText()).toBe('Page not found');
    expect(await page.locator('.NotFound form[role="search"]').count()).toBe(1);
  });

  it('links a post to the posts before and after it when there are any', async () => {
    const { page } = await open('/blog/how-we-fire-mugs', 1366, false);
    const links = page.locator('.PostNav a');
    const count = await links.count();
    // Absent-safe: no navigation box at all until the content side provides neighbours.
    if (count === 0) expect(await page.locator('.PostNav').count()).toBe(0);
    else
      for (const href of (await page.evaluate(
        "[...document.querySelectorAll('.PostNav a')].map((a) => a.getAttribute('href'))",
      )) as string[])
        expect(href).toMatch(/^\/blog\//);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: 'How we fire our mugs' });
  });
});

describe('pictures', () => {
  it('are WebP photographs with a size, lazy below the fold, the largest one first', async () => {
    const { page } = await open('/shop', 1366, false);
    const images = (await page.evaluate(
      "[...document.querySelectorAll('main img')].map((img) => ({ src: img.getAttribute('src'), width: img.getAttribute('width'), height: img.getAttribute('height'), loading: img.getAttribute('loading'), top: img.getBoundingClientRect().top }))",
    )) as { src: string; width: string; height: string; loading: string | null; top: number }[];
    expect(images.length).toBeGreaterThan(4);
    for (const image of images) {
      expect(image.src).toMatch(/^\/images\/demo\/[a-z0-9-]+\.webp$/);
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      if (image.top > 900) expect(image.loading).toBe('lazy');
    }
    const response = await page.request.get(`${storeUrl}${images[0]?.src}`);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toContain('max-age=31536000');
  });
});
