/**
 * Journey: a product's and a post's pictures, from the console to the storefront (issue 33). In
 * /config at 1366 px the owner adds a product, uploads two pictures with the editor's own file
 * picker and drops a third on it (a text file dropped first is refused, naming the reason and the
 * limit), removes the dropped one, puts the second first by dragging and by keyboard, describes each, gives a
 * variant the other picture, and is asked before leaving for Files with the product unsaved; then
 * saves. The storefront (1366 and 375 px, side by side) shows both pictures in order with their alt texts on the
 * product page, the first on the /shop card and in search, and the variant's in the cart. A post
 * with a main picture uploaded in the post editor shows it on its page and in the blog list.
 * Screenshots in test-artifacts/journeys/pictures-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from '../e2e/browser';
import { storeUrl } from '../e2e/store';
import {
  addToCart,
  closeTabAsked,
  Contexts,
  deleteProduct,
  JOURNEY_TIMEOUT,
  openProduct,
  openSection,
  RUN,
  shot,
  signIn,
  SLOW,
  atBothWidths,
  ACCOUNTS,
} from './support';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

const picture = (name: string) => ({
  name: `${name}-${RUN}.webp`,
  mimeType: 'image/webp',
  buffer: readFileSync(`public/images/demo/${name}.webp`),
});

/** Drops files on an element as a browser does when files are dragged from the desktop. */
async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  // A string evaluated in the page, as the other browser tests do: the Node type check knows no DOM.
  const list = JSON.stringify(
    files.map((file) => ({ name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  const transfer = await page.evaluateHandle(
    `(() => { const data = new DataTransfer(); for (const f of ${list}) data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type })); return data; })()`,
  );
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

const positions = (page: Page) => page.locator('.PicturesEditor-position').allInnerTexts();
const srcs = async (page: Page, selector: string) =>
  (await Promise.all((await page.locator(selector).all()).map((image) => image.getAttribute('src')))).map((src) =>
    src?.replace(/\?w=300$/, ''),
  );
const thumbs = (page: Page) => srcs(page, '.PicturesEditor-thumb');

describe('a product and a post with pictures', () => {
  it('the merchant uploads, orders and describes pictures in the editors; the storefront shows them everywhere', {
    timeout: JOURNEY_TIMEOUT * 2,
  }, async () => {
    const title = `Journey Vase ${RUN}`;
    const started = Date.now();
    const { page, errors } = await contexts.page(1366);
    await signIn(page, storeUrl, ACCOUNTS.owner);
    await openSection(page, 'Products');
    await page.click('text=Add product');
    await page.waitForSelector('h1:text("Add product")', SLOW);
    await page.fill('#product-title', title);
    await page.selectOption('#product-status', 'published');
    await page.fill('#product-description', 'Thrown on the wheel.');

    // Two pictures by the editor's own file picker, with progress; then a refused file and a third by drop.
    await page.setInputFiles('#product-images-upload', [picture('ceramic-mug'), picture('planter')]);
    await expect.poll(() => page.locator('.PicturesEditor-item').count(), SLOW).toBe(2);
    await dropFiles(page, '[data-testid="product-images-drop"]', [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    ]);
    await expect
      .poll(() => page.locator('.PicturesEditor .FieldError[role="alert"]').innerText(), SLOW)
      .toBe('The file notes.txt is not a picture: choose a JPEG, PNG, GIF, WebP or AVIF image.');
    expect(await page.locator('#product-images-limits').innerText()).toContain('up to 20 MB each');
    await dropFiles(page, '[data-testid="product-images-drop"]', [picture('candle')]);
    await expect.poll(() => page.locator('.PicturesEditor-item').count(), SLOW).toBe(3);
    const [mug, planter, candle] = (await thumbs(page)) as string[];
    expect([mug, planter, candle].every((src) => /^\/files\/[\w-]+\/1\/[\w.-]+\.webp$/.test(src ?? ''))).toBe(true);
    await page.click('button:has-text("Remove picture 3")');
    await expect.poll(() => page.locator('.PicturesEditor-item').count()).toBe(2);

    // The planter first by dragging it; then back and first again by keyboard, the focus staying with the moved
    // picture (its other button once it is at an end).
    await page.locator('.PicturesEditor-item').nth(1).dragTo(page.locator('.PicturesEditor-item').nth(0));
    await expect.poll(() => thumbs(page)).toEqual([planter, mug]);
    await page.focus('button:has-text("Move later: picture 1")');
    await page.keyboard.press('Enter');
    await expect.poll(() => thumbs(page)).toEqual([mug, planter]);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Move earlier: picture 2');
    await page.keyboard.press('Enter');
    await expect.poll(() => thumbs(page)).toEqual([planter, mug]);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Move later: picture 1');
    expect(await positions(page)).toEqual(['Picture 1 of 2 (main)', 'Picture 2 of 2']);
    await page.fill('#product-images-alt-0', 'A planter in terracotta');
    await page.fill('#product-images-alt-1', 'The vase from above');

    // A Colour option: Sand shows the second picture.
    await page.click('text=Add option');
    await page.fill('#option-0-name', 'Colour');
    await page.fill('#option-0-values', 'Sand');
    await page.waitForSelector('.VariantsEditor th:text-is("Sand")', SLOW);
    await page.fill('[aria-label="Price, variant 1"]', '36.00');
    await page.fill('[aria-label="Stock, variant 1"]', '5');
    await page.selectOption('[aria-label="Picture, variant 1"]', { label: 'Picture 2: The vase from above' });

    // Leaving for Files with the product unsaved asks first; staying keeps every field.
    await page.locator('nav[aria-label="Console"] a', { hasText: 'Files' }).click();
    await page.waitForSelector('dialog[open] >> text=Leave without saving?', SLOW);
    await shot(page, 'pictures-console-unsaved-1366');
    await page.click('dialog[open] button:text-is("Keep editing")');
    expect(page.url()).toContain('/config/products/new');
    expect(await page.inputValue('#product-title')).toBe(title);

    await page.click('.SaveBar button[type="submit"]');
    await expect.poll(() => page.locator('.SaveBar [role="status"]').innerText(), SLOW).toContain('Saved');
    await page.waitForURL(/\/config\/products\/p-[0-9a-f]+$/, SLOW);
    const id = page.url().split('/').pop() ?? '';
    await shot(page, 'pictures-console-product-1366');
    const consoleSeconds = (Date.now() - started) / 1000;

    // A post with a main picture, uploaded in the post editor.
    const postTitle = `Journey kiln day ${RUN}`;
    await openSection(page, 'Blog posts');
    await page.click('text=New post');
    await page.waitForSelector('h1:text("New post")', SLOW);
    await page.fill('#post-title', postTitle);
    await page.selectOption('#post-status', 'published');
    await page.setInputFiles('#post-picture-upload', [picture('how-we-fire-mugs')]);
    await expect.poll(() => page.locator('.PicturesEditor-item').count(), SLOW).toBe(1);
    const postPicture = (await thumbs(page))[0] ?? '';
    await page.fill('#post-picture-alt-0', 'Mugs stacked in the kiln');
    await page.click('.PostActions button[type="submit"]');
    await expect.poll(() => page.locator('.PostActions [role="status"]').innerText(), SLOW).toContain('Saved');
    const postUrl = (await page.locator('a:text("View on site")').getAttribute('href')) ?? '';
    await shot(page, 'pictures-console-post-1366');
    expect(errors).toEqual([]);

    try {
      await atBothWidths(async (width) => {
        const shopper = await contexts.page(width);
        const product = `/shop/p/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
        await openProduct(shopper.page, storeUrl, product);
        const main = shopper.page.locator('.ProductGallery-main img');
        expect([await main.getAttribute('src'), await main.getAttribute('alt')]).toEqual([
          planter,
          'A planter in terracotta',
        ]);
        expect(
          await Promise.all(
            (await shopper.page.locator('.ProductGallery-thumb').all()).map((thumb) =>
              thumb.getAttribute('aria-label'),
            ),
          ),
        ).toEqual(['Picture 1 of 2: A planter in terracotta', 'Picture 2 of 2: The vase from above']);
        await shot(shopper.page, `pictures-product-${width}`);

        await shopper.page.goto(`${storeUrl}/shop`);
        const card = shopper.page.locator(`.ProductCard:has(a[href="${product}"]) img.ProductCard-image`).first();
        expect(await card.getAttribute('src')).toBe(planter);
        await shopper.page.goto(`${storeUrl}/search?q=${encodeURIComponent(title)}`);
        expect(await shopper.page.locator('.SearchResult-image').first().getAttribute('src')).toBe(planter);
        await shot(shopper.page, `pictures-search-${width}`);

        await openProduct(shopper.page, storeUrl, product);
        expect(await addToCart(shopper.page, id, 1)).toBe('Added!');
        await shopper.page.goto(`${storeUrl}/cart`);
        await expect.poll(() => shopper.page.locator('.CartEntry-image').first().getAttribute('src'), SLOW).toBe(mug);
        await shot(shopper.page, `pictures-cart-${width}`);

        await shopper.page.goto(`${storeUrl}${postUrl}`);
        const postImage = shopper.page.locator('img.BlogItem-image');
        expect([await postImage.getAttribute('src'), await postImage.getAttribute('alt')]).toEqual([
          postPicture,
          'Mugs stacked in the kiln',
        ]);
        await shopper.page.goto(`${storeUrl}/blog`);
        expect(await shopper.page.locator(`.PostCard:has(a[href="${postUrl}"]) img`).first().getAttribute('src')).toBe(
          postPicture,
        );
        await shot(shopper.page, `pictures-blog-${width}`);
        expect(shopper.errors).toEqual([]);
      });
    } finally {
      await deleteProduct(contexts, storeUrl, id);
    }
    console.log(
      `product-pictures journey: console part ${consoleSeconds.toFixed(1)} s, whole ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  it('an edited product or post warns before Back, another screen and the tab closing; an untouched one leaves at once', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    const { page } = await contexts.page(1366);
    await signIn(page, storeUrl, ACCOUNTS.owner);
    await openSection(page, 'Products');
    await page.click('text=Add product');
    await page.waitForSelector('h1:text("Add product")', SLOW);
    // Nothing typed yet: the sidebar leaves at once.
    await page.locator('nav[aria-label="Console"] a', { hasText: 'Orders' }).click();
    await page.waitForSelector('h1:text-is("Orders")', SLOW);
    await page.goBack();
    await page.waitForSelector('h1:text("Add product")', SLOW);
    await page.fill('#product-title', `Journey unsaved ${RUN}`);
    // Back: asked, and the editor stays with its text.
    await page.goBack();
    await page.waitForSelector('dialog[open] >> text=Leave without saving?', SLOW);
    await page.click('dialog[open] button:text-is("Keep editing")');
    expect(await page.inputValue('#product-title')).toBe(`Journey unsaved ${RUN}`);
    // The post editor too: leaving is asked, and 'Leave without saving' goes.
    await page.locator('nav[aria-label="Console"] a', { hasText: 'Blog posts' }).click();
    await page.waitForSelector('dialog[open] >> text=Leave without saving?', SLOW);
    await page.click('dialog[open] button:text-is("Leave without saving")');
    await page.waitForSelector('h1:text-is("Blog posts")', SLOW);
    await page.click('text=New post');
    await page.waitForSelector('h1:text("New post")', SLOW);
    await page.fill('#post-title', `Journey unsaved post ${RUN}`);
    await page.locator('nav[aria-label="Console"] a', { hasText: 'Products' }).click();
    await page.waitForSelector('dialog[open] >> text=Leave without saving?', SLOW);
    await page.click('dialog[open] button:text-is("Keep editing")');
    expect(await page.inputValue('#post-title')).toBe(`Journey unsaved post ${RUN}`);
    // Closing the tab: the browser's own question.
    expect(await closeTabAsked(page)).toBe('beforeunload');
  });
});
