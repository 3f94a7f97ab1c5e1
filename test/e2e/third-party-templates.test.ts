/**
 * Three real third-party Squarespace developer-platform templates (templates/third-party/, MIT,
 * from three authors) run unchanged: each is imported with the importer's own code into a store of
 * its own, on its own host (`{name}.localhost`, which Chromium sends to this machine), holding the
 * demo content, so the other browser tests keep the demo store and its default theme. In Chromium
 * the home page, the shop listing, a product and a blog post answer 200 with no template error
 * panel and no page is wider than a 375 px viewport; our own product page inside the template shows
 * its title, price and a sized Add To Cart button with the template's stylesheet on the page; add
 * to cart from the product page puts the product in the cart. Screenshots at 1366 and 375 px go to
 * test-artifacts/screenshots/template-{name}-*.png.
 *
 * Two more, chosen for what real templates do (issue 35; test/fixtures/third-party/, MIT and
 * Apache-2.0, each with its SOURCE.md): their own products `.list`/`.item` (`store_item`), a blog
 * type accepting custom types, several layouts, their own inline scripts and data attributes. Home,
 * a product and the blog render with the template's own markup and no console error other than the
 * files the repositories never had (their webpack build's output, named in SOURCE.md).
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receiveSite, sendSite, sendTemplate } from '../../scripts/site/admin-client';
import { readTemplateFolder } from '../../scripts/site/template';
import { useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();
const SCREENSHOTS = 'test-artifacts/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

const TEMPLATES = ['foundry', 'redbadger-blog', 'project-boilerplate'] as const;
const PRODUCT = '/shop/p/canvas-tote';
const PAGES = [
  ['home', '/'],
  ['listing', '/shop'],
  ['product', PRODUCT],
  ['post', '/blog/how-we-fire-mugs'],
] as const;

const hostOf = (name: string) => `${name}.localhost`;
const urlOf = (name: string, path: string) => `http://${hostOf(name)}:${new URL(storeUrl).port}${path}`;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(name: string, path: string, width: number): Promise<{ page: Page; status: number }> {
  context = await browser().newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // The listing's unstyled pictures are many and large: the test waits for the document, not every picture.
  // The first page of a freshly imported store is rendered cold on a loaded machine: a generous wait.
  const response = await page.goto(urlOf(name, path), { waitUntil: 'domcontentloaded', timeout: 120_000 });
  return { page, status: response?.status() ?? 0 };
}

beforeAll(async () => {
  // The demo store's content, once, as every template's store starts from it.
  const demo = await receiveSite({ url: storeUrl });
  for (const name of TEMPLATES) {
    const target = { url: storeUrl, host: hostOf(name) };
    const site = {
      ...demo.site,
      website: { ...(demo.site.website as Record<string, unknown>), id: `template-${name}` },
    };
    await sendSite(target, 'import', site);
    const template = await readTemplateFolder(`templates/third-party/${name}`);
    const files = template.assets.map((asset) => ({
      path: asset.path,
      read: async () => new Uint8Array(await readFile(asset.file)),
    }));
    await sendTemplate(target, template.theme, files);
  }
}, 240_000);

describe.each(TEMPLATES)('the third-party template %s', (name) => {
  it.each(PAGES)(
    'renders the %s page without template errors at 1366 and 375 px',
    async (kind, path) => {
      for (const width of [1366, 375]) {
        const { page, status } = await open(name, path, width);
        expect(status).toBe(200);
        await expect(page.locator('aside[role="alert"]').count()).resolves.toBe(0);
        await expect(page.locator('body').innerText()).resolves.not.toMatch(/Template errors|Template import error/);
        // The template's own stylesheet is what styles the page.
        await expect(page.locator('link[rel="stylesheet"], style').count()).resolves.toBeGreaterThan(0);
        // Pictures take their size once loaded: the page is measured and pictured after its load event.
        if (width === 375) await page.waitForLoadState('load', { timeout: 60_000 });
        await page.screenshot({ path: `${SCREENSHOTS}/template-${name}-${kind}-${width}.png`, fullPage: true });
        if (width === 375) {
          const innerWidth = await page.evaluate('innerWidth');
          expect(innerWidth).toBe(375);
          expect(
            await page.evaluate('document.documentElement.scrollWidth'),
            'page width at a 375 px viewport',
          ).toBeLessThanOrEqual(innerWidth as number);
        }
        await context?.close();
        context = undefined;
      }
    },
    180_000,
  );

  it('shows our product page inside the template with its title, price and a sized Add To Cart button', async () => {
    // None of the three templates has a products .item: the product renders with our own markup.
    const compiled = (await readTemplateFolder(`templates/third-party/${name}`)).theme['styles/compiled.css'] ?? '';
    expect(compiled.length).toBeGreaterThan(0);
    for (const width of [1366, 375]) {
      const { page } = await open(name, PRODUCT, width);
      await page.waitForLoadState('load', { timeout: 60_000 });
      const styles = await page.locator('style').allTextContents();
      expect(
        styles.some((text) => text.includes(compiled)),
        "the template's stylesheet is on the page",
      ).toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: 'Canvas Tote' }).isVisible()).resolves.toBe(true);
      const price = page.locator('.ProductItem-price');
      await expect(price.isVisible()).resolves.toBe(true);
      await expect(price.innerText()).resolves.toMatch(/\$\d+\.\d\d/);
      const button = page.getByRole('button', { name: /add to cart/i }).first();
      await expect(button.isVisible()).resolves.toBe(true);
      const box = await button.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(0);
      expect(box?.height ?? 0).toBeGreaterThan(0);
      await context?.close();
      context = undefined;
    }
  });

  it('adds the product to the cart from its page', async () => {
    const { page } = await open(name, PRODUCT, 1366);
    await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 20_000 });
    const added = page.waitForResponse(
      (response) => response.url().includes('/api/commerce/shopping-cart') && response.request().method() === 'POST',
      { timeout: 20_000 },
    );
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    expect((await added).ok()).toBe(true);
    await page.goto(urlOf(name, '/cart'));
    await expect(page.getByText('Canvas Tote').first().waitFor({ timeout: 20_000 })).resolves.toBeUndefined();
  });

  it('serves the template static files from the store host', async () => {
    const template = await readTemplateFolder(`templates/third-party/${name}`);
    const asset = template.assets.find((file) => file.path.startsWith('assets/')) ?? template.assets[0];
    expect(asset).toBeDefined();
    context = await browser().newContext();
    const response = await (await context.newPage()).goto(urlOf(name, `/${asset?.path ?? ''}`));
    expect(response?.status()).toBe(200);
    expect(new Uint8Array((await response?.body()) ?? [])).toEqual(new Uint8Array(await readFile(asset?.file ?? '')));
  });
});

/** Each fixture's own markup on every page: a selector only the template writes. */
const FIXTURES = [
  { name: 'garberco', markup: '.js-page, .js-screens, .screens' },
  { name: 'boxen', markup: 'header.header.js-header' },
] as const;
const FIXTURE_PAGES = [
  ['home', '/'],
  ['product', PRODUCT],
  ['blog', '/blog'],
] as const;

beforeAll(async () => {
  const demo = await receiveSite({ url: storeUrl });
  for (const { name } of FIXTURES) {
    const target = { url: storeUrl, host: hostOf(name) };
    await sendSite(target, 'import', {
      ...demo.site,
      website: { ...(demo.site.website as Record<string, unknown>), id: `template-${name}` },
    });
    const template = await readTemplateFolder(`test/fixtures/third-party/${name}`);
    await sendTemplate(
      target,
      template.theme,
      template.assets.map((asset) => ({
        path: asset.path,
        read: async () => new Uint8Array(await readFile(asset.file)),
      })),
    );
  }
}, 240_000);

describe.each(FIXTURES)('the real template $name, imported unchanged', ({ name, markup }) => {
  it.each(FIXTURE_PAGES)(
    'renders the %s page with its own markup and no console error at 1366 and 375 px',
    async (kind, path) => {
      const folder = `test/fixtures/third-party/${name}`;
      const files = new Set((await readTemplateFolder(folder)).assets.map((asset) => `/${asset.path}`));
      for (const width of [1366, 375]) {
        context = await browser().newContext({
          viewport: { width, height: width < 600 ? 812 : 900 },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          // A file the repository never had (its build's output) answers 404, so its script does not run: the template's own gap, as on Squarespace.
          const url = /'(https?:[^']+)'/.exec(message.text())?.[1] ?? message.location().url;
          const missing = new URL(url || 'http://x/', 'http://x/').pathname;
          if (
            /status of 404|MIME type \('text\/plain'\)/.test(message.text()) &&
            /^\/(?:assets|scripts)\//.test(missing) &&
            !files.has(missing)
          )
            return;
          // The store copy carries the demo's content as other browser files left it, not their uploads: a post's uploaded picture (/files/…) is not on this host.
          if (/status of 404/.test(message.text()) && missing.startsWith('/files/')) return;
          errors.push(message.text());
        });
        // The first page of a freshly imported store is rendered cold on a loaded machine: a generous wait.
        const response = await page.goto(urlOf(name, path), { waitUntil: 'domcontentloaded', timeout: 120_000 });
        expect(response?.status()).toBe(200);
        // Every script and picture has run or loaded (the blog's unstyled pictures are many and large).
        await page.waitForLoadState('load', { timeout: 120_000 });
        await expect(page.locator('aside[role="alert"]').count()).resolves.toBe(0);
        await expect(
          page.locator(markup).first().waitFor({ state: 'attached', timeout: 20_000 }),
        ).resolves.toBeUndefined();
        // The runtime template scripts call is there before them (runtime.ts).
        const runtime = await page.evaluate(
          `[typeof Y.use, Y.one('body').hasClass('x'), Y.all('a').size() > 0, typeof ImageLoader.load, typeof Squarespace.initializeLayoutBlocks]`,
        );
        expect(runtime).toEqual(['function', false, true, 'function', 'function']);
        await page.screenshot({ path: `${SCREENSHOTS}/template-${name}-${kind}-${width}.png`, fullPage: true });
        expect(errors, `${name} ${path} at ${width}`).toEqual([]);
        await context.close();
        context = undefined;
      }
    },
    300_000,
  );
});
