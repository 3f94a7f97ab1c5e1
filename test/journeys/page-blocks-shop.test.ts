/**
 * Journey: a page that sells (issue 33, journeys 4 and 6), at 1366 and 375 px side by side. The content editor
 * adds a page, a products grid block (the Shop collection, tagged home, three products in three
 * columns) and a gallery of two pictures, drags the gallery above the grid and saves; the shopper
 * opens the page and meets the gallery, then the three newest home products as the shop listing
 * draws them, and opens one. Screenshots in test-artifacts/journeys/page-blocks-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import {
  atBothWidths,
  ACCOUNTS,
  JOURNEY_TIMEOUT,
  openSection,
  RUN,
  saveOutcome,
  shot,
  SLOW,
  signIn,
  useContexts,
} from './support';

const contexts = useContexts();

const item = (page: Page, type: string) => page.locator(`.BlockList-item[data-block-type="${type}"]`);

async function addBlock(page: Page, label: string): Promise<void> {
  await page.selectOption('#add-block-type', { label });
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
}

/** Adds the gallery's `n`th picture by its address, then its alt text once its row is there. */
async function addPicture(page: Page, n: number, address: string, alt: string): Promise<void> {
  const gallery = item(page, 'gallery');
  await gallery.getByLabel('Or add a picture by its address').fill(address);
  await gallery.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => gallery.getByLabel('Alt text').count(), SLOW).toBe(n);
  await gallery
    .getByLabel('Alt text')
    .nth(n - 1)
    .fill(alt);
}

describe('a page with a products grid and a gallery', () => {
  it(
    'the editor adds both blocks, drags the gallery up, saves, and the shopper sees them and opens a product (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const title = `Home shop ${RUN} ${width}`;
        const slug = `home-shop-${RUN}-${width}`;
        const { page, errors } = await contexts.page(width);
        await signIn(page, storeUrl, ACCOUNTS.editor);
        await openSection(page, 'Pages');
        await page.getByRole('button', { name: 'Add page' }).click();
        const dialog = page.locator('dialog.NewPageDialog');
        await dialog.getByLabel('Title').fill(title);
        await dialog.getByLabel('URL slug').fill(slug);
        await dialog.getByRole('button', { name: 'Add page' }).click();
        await page.waitForSelector(`h1:text-is("${title}")`, SLOW);
        const pageId = page.url().split('/').pop() ?? '';
        try {
          await addBlock(page, 'Products grid');
          const grid = item(page, 'products');
          await grid.getByLabel('Heading').fill('For the home');
          await expect.poll(() => grid.locator('option', { hasText: 'Shop' }).count(), SLOW).toBeGreaterThan(0);
          await grid.getByLabel('Collection').selectOption({ label: 'Shop' });
          await grid.getByLabel('Only products tagged').fill('home');
          await grid.getByLabel('How many').fill('3');
          await grid.getByLabel('Columns on wide screens').selectOption('3');
          await addBlock(page, 'Gallery');
          await addPicture(page, 1, '/images/demo/ceramic-mug.webp', 'A mug on the bench');
          await addPicture(page, 2, '/images/demo/wool-sweater.webp', 'A folded sweater');

          // The gallery is dragged above the grid: announced, the focus on it.
          await item(page, 'gallery').locator('.BlockList-row').dragTo(grid.locator('.BlockList-row'));
          await expect
            .poll(() =>
              page
                .locator('.BlockList-item')
                .evaluateAll((items) => items.map((li) => li.getAttribute('data-block-type'))),
            )
            .toEqual(['gallery', 'products']);
          await expect
            .poll(() => page.locator('#blocks-title ~ [aria-live="polite"]').textContent())
            .toBe('Gallery: 2 pictures moved to position 1 of 2.');
          expect(
            await saveOutcome(page, '.PostActions .SaveStatus', () =>
              page.getByRole('button', { name: 'Save', exact: true }).click(),
            ),
          ).toBe('Saved');
          await shot(page, `page-blocks-console-${width}`);

          // The shopper: the gallery, then the three newest home products as the shop draws them.
          const shopper = await contexts.page(width);
          await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
          await shopper.page.goto(`${storeUrl}/shop?tag=home`);
          const listed = await shopper.page
            .locator('.ProductList-grid .ProductCard')
            .evaluateAll((cards) => cards.slice(0, 3).map((card) => card.getAttribute('data-item-id')));
          await shopper.page.goto(`${storeUrl}/${slug}`);
          await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          const blocks = await shopper.page
            .locator('.GalleryBlock, .ProductsBlock')
            .evaluateAll((found) => found.map((block) => block.className));
          expect(blocks).toEqual(['GalleryBlock', 'ProductsBlock']);
          expect(
            await shopper.page
              .locator('.GalleryBlock img')
              .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
          ).toEqual(['A mug on the bench', 'A folded sweater']);
          const cards = shopper.page.locator('.ProductsBlock .ProductCard');
          expect(await cards.evaluateAll((found) => found.map((card) => card.getAttribute('data-item-id')))).toEqual(
            listed,
          );
          await shot(shopper.page, `page-blocks-storefront-${width}`);
          await cards.first().locator('.ProductCard-link').click();
          await shopper.page.waitForURL(/\/shop\/p\//, SLOW);
          expect(shopper.errors).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          const crumb = (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
          await page
            .context()
            .request.delete(`${storeUrl}/api/console/pages/${pageId}`, { headers: { 'X-CSRF-Token': crumb } });
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
