/**
 * Journey: the catalogue in and out, and a product's history (issue 33, journeys 7 and 9), at 1366
 * and 375 px side by side. The store manager exports the catalogue from /config → Products, edits the file (a
 * price, a new product with two variants, a picture by address and an SEO title, and one bad row),
 * imports it: the dry run lists the bad row (row, column, message) and the store has changed in
 * nothing; with the row fixed the import applies, and the shopper sees the new product with its
 * variants, its price and its SEO title, and the new price. The product, edited once more in the
 * form, is restored from its history to its first version, which the storefront then shows. A viewer
 * cannot import (403). Screenshots in test-artifacts/journeys/catalogue-*.png.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { downloadedBytes } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  createProduct,
  deleteProduct,
  JOURNEY_TIMEOUT,
  openProduct,
  openSection,
  RUN,
  shot,
  signIn,
  SLOW,
  atBothWidths,
  useContexts,
} from './support';

const contexts = useContexts();

type Row = Record<string, string>;
const VIEWER = { email: 'viewer@example.com', password: 'studio-goods-viewer' };

describe('catalogue in and out', () => {
  it(
    'exports, lists a bad row without changing anything, imports the fixed file, and restores a product from its history (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const title = `Journey Jug ${RUN} ${width}`;
        const handle = `journey-planter-${RUN}-${width}`;
        const product = await createProduct(contexts, storeUrl, title, 2000, 5);
        try {
          const { page, errors } = await contexts.page(width);
          await signIn(page, storeUrl, ACCOUNTS.store);
          await openSection(page, 'Products');

          // Export: the whole catalogue, the demo's products and this journey's.
          const [download] = await Promise.all([
            page.waitForEvent('download', SLOW),
            page.locator('a', { hasText: 'Export' }).click(),
          ]);
          expect(download.suggestedFilename()).toBe('products_export.csv');
          const exported = Papa.parse<Row>((await downloadedBytes(download)).toString('utf8'), {
            header: true,
            skipEmptyLines: true,
          });
          const fields = exported.meta.fields ?? [];
          expect(fields.slice(0, 3)).toEqual(['Handle', 'Title', 'Body (HTML)']);
          expect(exported.data.some((row) => row.Handle === 'linen-shirt')).toBe(true);

          // The merchant keeps the rows they change: this journey's product with a new price, a new product, a bad row.
          const own = exported.data.filter(
            (row) => row.Title === title || row.Handle === product.path.split('/').pop(),
          );
          expect(own).toHaveLength(1);
          const edited = { ...(own[0] as Row), 'Variant Price': '24.00' };
          const planter = (price: string): Row[] => [
            {
              Handle: handle,
              Title: `Journey Planter ${RUN} ${width}`,
              'Body (HTML)': '<p>Thrown and glazed by hand.</p>',
              Status: 'active',
              'Option1 Name': 'Size',
              'Option1 Value': 'Small',
              'Variant SKU': `JP-${RUN}-${width}-S`,
              'Variant Price': '18.00',
              'Variant Inventory Qty': '6',
              'Image Src': '/images/demo/planter.webp',
              'Image Position': '1',
              'Image Alt Text': 'A glazed planter',
              'SEO Title': `Glazed planter ${RUN} ${width}`,
            },
            {
              Handle: handle,
              'Option1 Value': 'Large',
              'Variant SKU': `JP-${RUN}-${width}-L`,
              'Variant Price': price,
              'Variant Inventory Qty': '2',
            },
          ];
          const file = (rows: Row[]) => ({
            name: 'products.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(Papa.unparse({ fields, data: rows.map((row) => fields.map((f) => row[f] ?? '')) })),
          });

          // The dry run names the bad row, and nothing has changed.
          await page.locator('button', { hasText: 'Import' }).first().click();
          await page.waitForSelector('dialog[open] h2:text("Import products")', SLOW);
          await page.setInputFiles('#import-file', file([edited, ...planter('twenty')]));
          const problems = page.locator('.ImportProblems-table tbody tr');
          await expect.poll(() => problems.count(), SLOW).toBe(1);
          expect(await problems.first().locator('td').allInnerTexts()).toEqual([
            '4',
            'Variant Price',
            PRODUCT_MESSAGES.price,
          ]);
          expect(await page.locator('dialog button', { hasText: 'Import products' }).isDisabled()).toBe(true);
          await shot(page, `catalogue-dry-run-${width}`);
          const shopper = await contexts.page(width);
          const notYet = await shopper.page.goto(`${storeUrl}/shop/p/${handle}`);
          expect(notYet?.status()).toBe(404);

          // Fixed and chosen again: ready, then imported in one step.
          await page.setInputFiles('#import-file', file([edited, ...planter('26.00')]));
          await page.waitForSelector('dialog[open] [role="status"]:text("Ready: 1 new product, 1 to update.")', SLOW);
          await page.locator('dialog button', { hasText: 'Import products' }).click();
          await page.waitForSelector('dialog[open]', { state: 'detached', ...SLOW });

          // The shopper sees the new product: its variants, price, picture and SEO title; and the new price.
          await openProduct(shopper.page, storeUrl, `/shop/p/${handle}`);
          expect(await shopper.page.title()).toContain(`Glazed planter ${RUN} ${width}`);
          expect(await shopper.page.locator('main').innerText()).toContain('$18.00');
          const sizes = shopper.page.locator('select[id$="-Size"] option');
          expect(await sizes.allInnerTexts()).toEqual(expect.arrayContaining(['Small', 'Large']));
          expect(await shopper.page.locator('img[src*="/images/demo/planter.webp"]').count()).toBeGreaterThan(0);
          await shot(shopper.page, `catalogue-new-product-${width}`);
          await openProduct(shopper.page, storeUrl, product.path);
          expect(await shopper.page.locator('main').innerText()).toContain('$24.00');

          // Edited once more in the form, then restored from its history to its first version.
          await page.locator('#products-search').fill(title);
          await page.press('#products-search', 'Enter');
          await expect.poll(() => page.locator('tbody tr').count(), SLOW).toBe(1);
          await page.locator('tbody tr a', { hasText: title }).click();
          await page.waitForSelector(`h1:text("${title}")`, SLOW);
          await page.fill('[aria-label="Price, variant 1"]', '30.00');
          await page.locator('.SaveBar button', { hasText: 'Save' }).click();
          await page.waitForSelector('.SaveBar :text("Saved")', SLOW);
          await page.locator('.PageHeader button', { hasText: 'History' }).click();
          await page.waitForSelector('dialog[open] h2:text("Version history")', SLOW);
          const versions = page.locator('dialog[open] .VersionList input[type="radio"]');
          await expect.poll(() => versions.count(), SLOW).toBe(3);
          // The oldest is the product as it was created, by keyboard.
          await versions.last().focus();
          await page.keyboard.press('Space');
          await page.waitForSelector('dialog[open] .VersionView :text("$20.00")', SLOW);
          await shot(page, `catalogue-history-${width}`);
          await page.locator('dialog button', { hasText: 'Restore this version' }).click();
          await page.waitForSelector('dialog[open]', { state: 'detached', ...SLOW });
          await expect.poll(() => page.locator('[aria-label="Price, variant 1"]').inputValue(), SLOW).toBe('20.00');
          await openProduct(shopper.page, storeUrl, product.path);
          expect(await shopper.page.locator('main').innerText()).toContain('$20.00');
          await shot(shopper.page, `catalogue-restored-${width}`);
          expect(errors).toEqual([]);

          // A viewer cannot import.
          const viewer = await contexts.open(width);
          expect((await viewer.request.get(`${storeUrl}/api/crumb`)).status()).toBe(204);
          const headers = { 'X-CSRF-Token': (await viewer.cookies()).find((c) => c.name === 'crumb')?.value ?? '' };
          expect(
            (await viewer.request.post(`${storeUrl}/api/merchant/session`, { data: VIEWER, headers })).status(),
          ).toBe(200);
          const refused = await viewer.request.post(`${storeUrl}/api/console/products/import`, {
            data: { csv: 'Handle,Title\nx,X\n', apply: true },
            headers,
          });
          expect(refused.status()).toBe(403);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
