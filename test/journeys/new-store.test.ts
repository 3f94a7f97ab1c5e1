/**
 * Journey: a new store from nothing (issue 33, journey 1). `npm run site -- new` makes an empty store at its own
 * host (no products, pages or orders) and invites the owner; its storefront looks finished while empty (home and
 * Shop at 1366 and 375 px). The owner, at 1366 px, joins from the invitation email and signs in to a Home checklist
 * with nothing done, then sets the store's name, address and currency, a refund policy, adds a product with a
 * picture (a draft), a UK shipping zone, the local payment provider, and publishes the product: the checklist ticks
 * each as it is really done. A shopper at 375 px buys the product; the owner sees the order. Screenshots in
 * test-artifacts/journeys/new-store-*.png.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seeTextAfter } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import { JOURNEY_TIMEOUT, placeOrder, RUN, shot, SLOW, openEmail, useContexts, save, fillUkAddress } from './support';

const contexts = useContexts();

const HOST = `fern-${RUN}.localhost`;
const NAME = 'Fern & Field';
const OWNER = `owner-${RUN}@fern.example`;
const PASSWORD = 'a long owner password';
const PRODUCT = 'Linen Apron';
const REFUND = 'Return anything unused within 30 days for a full refund.';

let shopUrl = '';
let created = '';
beforeAll(async () => {
  // The documented command, against this test worker's store: the new store is a website of its own at its own host.
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'scripts/site.mjs', 'new', '--url', storeUrl, '--host', HOST, '--name', NAME, '--owner', OWNER],
    { timeout: 120_000 },
  );
  created = stdout;
  shopUrl = `http://${HOST}:${new URL(storeUrl).port}`;
}, 300_000);

async function checklist(page: Page): Promise<Record<string, boolean>> {
  await page.goto(`${shopUrl}/config`);
  const items = page.locator('.SetupChecklist-items li');
  await items.first().waitFor(SLOW);
  const entries = await items.evaluateAll((lis) =>
    lis.map((li) => [li.getAttribute('data-item') ?? '', li.classList.contains('is-done')] as const),
  );
  return Object.fromEntries(entries);
}

/** Done so far, in the checklist's order: details, product, shipping, payments, policies, publish. */
const done = (...ids: string[]) =>
  Object.fromEntries(
    ['details', 'product', 'shipping', 'payments', 'policies', 'publish'].map((id) => [id, ids.includes(id)]),
  );

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('A new store from nothing', () => {
  it(
    'an empty store: the owner joins, works down the checklist to a published product; a shopper at 375 px buys it',
    async () => {
      const started = Date.now();
      expect(created).toContain(`Created ${NAME} at ${shopUrl}`);

      // Empty, and finished-looking: home and the Shop at both widths.
      const visitors = new Map<number, Page>();
      for (const width of [1366, 375]) {
        const { page, errors } = await contexts.page(width);
        visitors.set(width, page);
        // A page whose only island is the empty cart's pill loads no React: nothing hydrates, so the load is waited for.
        await page.goto(shopUrl, { waitUntil: 'load', ...SLOW });
        expect(await page.locator('.site-title').textContent()).toBe(NAME);
        expect(await overflows(page)).toBe(false);
        await shot(page, `new-store-storefront-empty-home-${width}`);
        await page.goto(`${shopUrl}/shop`, { waitUntil: 'load', ...SLOW });
        expect(await page.locator('main').innerText()).toContain('No products yet');
        expect(await overflows(page)).toBe(false);
        await shot(page, `new-store-storefront-empty-shop-${width}`);
        expect(errors).toEqual([]);
      }

      // The owner joins from the invitation email and lands on Home: nothing done yet.
      const { page, errors } = await contexts.page(1366);
      await openEmail(page, shopUrl, OWNER);
      await page.locator('pre a').first().click();
      await page.fill('#join-password', PASSWORD, SLOW);
      await page.getByRole('button', { name: 'Join and sign in' }).click();
      await page.locator('.SetupChecklist-items li').first().waitFor(SLOW);
      expect(await checklist(page)).toEqual(done());
      expect(await page.locator('.SetupChecklist-header p').textContent()).toBe('0 of 6 done');
      await shot(page, 'new-store-console-checklist-empty-1366');

      // Store details and the currency.
      await page.getByRole('link', { name: 'Add your store details' }).click();
      await page.waitForSelector('#details-name', SLOW);
      expect(await page.inputValue('#details-name')).toBe(NAME);
      await page.fill('#details-name', `${NAME} Homewares`);
      await page.fill('#details-email', 'hello@fernandfield.com');
      await page.selectOption('#details-countryCode', 'GB');
      await page.fill('#details-address1', '12 Harbour Street');
      await page.fill('#details-city', 'Bristol');
      await page.fill('#details-postalCode', 'BS1 4RN');
      await save(page, 'Save store details');
      await page.selectOption('#store-currency', 'GBP');
      await save(page, 'Save settings');
      expect(await checklist(page)).toEqual(done('details'));

      // A refund policy.
      await page.getByRole('link', { name: 'Publish your policies' }).click();
      await page.waitForSelector('h1:text-is("Commerce · Policies")', SLOW);
      await page.locator('#policy-refund .ProseMirror, [aria-labelledby="policy-refund-label"]').first().click();
      await page.keyboard.type(REFUND);
      await save(page, 'Save policies');
      expect(await checklist(page)).toEqual(done('details', 'policies'));

      // A product with a picture, saved as the draft a new product is.
      await page.getByRole('link', { name: 'Add a product' }).click();
      await page.waitForSelector('h1:text("Add product")', SLOW);
      await page.fill('#product-title', PRODUCT);
      expect(await page.locator('#product-status').inputValue()).toBe('draft');
      await page.setInputFiles('#product-images-upload', {
        name: 'apron.webp',
        mimeType: 'image/webp',
        buffer: readFileSync('public/images/demo/canvas-tote.webp'),
      });
      await expect.poll(() => page.locator('.PicturesEditor-item').count(), SLOW).toBe(1);
      await page.fill('[aria-label="Price, variant 1"]', '28.00');
      await page.fill('[aria-label="Stock, variant 1"]', '5');
      await page.click('.SaveBar button[type="submit"]');
      await expect.poll(() => page.locator('.SaveBar [role="status"]').innerText(), SLOW).toBe('Saved');
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/config\/products\/p-[0-9a-f]+$/);
      const productPath = new URL(page.url()).pathname;
      expect(await checklist(page)).toEqual(done('details', 'policies', 'product'));
      // A draft is not on the store: the signed-out visitor at 1366 px asks (Chromium sends *.localhost to this machine).
      const visitor = visitors.get(1366);
      expect((await visitor?.goto(`${shopUrl}/shop/p/linen-apron`))?.status()).toBe(404);

      // A UK shipping zone picked from the list.
      await page.getByRole('link', { name: 'Set shipping rates' }).click();
      await page.waitForSelector('h1:text-is("Commerce · Shipping rates")', SLOW);
      await page.getByRole('button', { name: 'Add shipping rate' }).click();
      await page.fill('#rate-name', 'UK Post');
      await page.selectOption('#rate-regions', 'GB');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.fill('#rate-amount', '4.50');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.locator('tr', { hasText: 'UK Post' }).textContent(), SLOW).toContain('£4.50');
      expect(await checklist(page)).toEqual(done('details', 'policies', 'product', 'shipping'));

      // Payments: the local test provider, chosen and saved.
      await page.getByRole('link', { name: 'Set up payments' }).click();
      await page.waitForSelector('h1:text-is("Commerce · Payments")', SLOW);
      await page.getByLabel('Local test provider').check();
      await save(page, 'Save payments');
      expect(await checklist(page)).toEqual(done('details', 'policies', 'product', 'shipping', 'payments'));

      // Publish the product.
      await page.goto(`${shopUrl}${productPath}`);
      await page.waitForSelector('#product-status', SLOW);
      await page.selectOption('#product-status', 'published');
      await page.click('.SaveBar button[type="submit"]');
      await expect.poll(() => page.locator('.SaveBar [role="status"]').innerText(), SLOW).toBe('Saved');
      expect(await checklist(page)).toEqual(done('details', 'policies', 'product', 'shipping', 'payments', 'publish'));
      expect(await page.locator('.SetupChecklist-header p').textContent()).toBe('6 of 6 done');
      await shot(page, 'new-store-console-checklist-done-1366');
      const consoleSeconds = Math.round((Date.now() - started) / 1000);

      // The shopper, on a phone: the Shop, the product with its picture, the cart, the checkout in pounds.
      const shopper = await contexts.page(375);
      const buying = Date.now();
      await shopper.page.goto(`${shopUrl}/shop`);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const card = shopper.page.locator(`a[href="/shop/p/linen-apron"]`).first();
      await card.waitFor(SLOW);
      await expect
        .poll(
          () =>
            shopper.page
              .locator('main img')
              .first()
              .evaluate((img) => (img as HTMLImageElement).naturalWidth),
          SLOW,
        )
        .toBeGreaterThan(0);
      // The store's whole name in the phone's header (it was cut to 'Fern & Field …').
      const title = shopper.page.locator('.site-title');
      expect(
        await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
      ).toBe(true);
      expect(await overflows(shopper.page)).toBe(false);
      await shot(shopper.page, 'new-store-storefront-shop-375');
      await card.click();
      await shopper.page.waitForURL(/\/shop\/p\/linen-apron$/, SLOW);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      expect(await shopper.page.locator('main').innerText()).toContain('£28.00');
      const button = shopper.page.locator('.ProductItem-form .sqs-add-to-cart-button');
      await expect.poll(() => button.textContent(), SLOW).toBe('Add To Cart');
      await seeTextAfter(shopper.page, '.ProductItem-form .sqs-add-to-cart-button', 'Added!', () => button.click());
      await shot(shopper.page, 'new-store-storefront-product-375');
      await shopper.page.goto(`${shopUrl}/checkout`);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const email = `shopper-${RUN}@example.com`;
      await fillUkAddress(shopper.page, email);
      await expect
        .poll(() => shopper.page.locator('.Checkout-option-name').allTextContents(), SLOW)
        .toEqual(['UK Post']);
      await expect.poll(() => shopper.page.locator('.CheckoutTotals-shipping').textContent(), SLOW).toBe('£4.50');
      await shopper.page.fill('#checkout-cardNumber', '4242424242424242');
      await shot(shopper.page, 'new-store-storefront-checkout-375');
      await placeOrder(shopper.page);
      const number = ((await shopper.page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(/\D/g, '');
      expect(await shopper.page.locator('main').innerText()).toContain('£32.50');
      await shot(shopper.page, 'new-store-storefront-confirmed-375');
      const buyingSeconds = Math.round((Date.now() - buying) / 1000);
      expect(shopper.errors).toEqual([]);

      // The owner sees the order.
      await page.goto(`${shopUrl}/config/orders`);
      const row = page.locator('tbody tr', { hasText: email });
      await row.waitFor(SLOW);
      expect(await row.innerText()).toContain(number);
      expect(await row.innerText()).toContain('£32.50');
      await shot(page, 'new-store-console-orders-1366');
      expect(errors).toEqual([]);
      console.log(
        `new-store journey: ${Math.round((Date.now() - started) / 1000)} s (owner's set-up ${consoleSeconds} s, shopper's purchase ${buyingSeconds} s)`,
      );
    },
    JOURNEY_TIMEOUT,
  );
});
