/**
 * Journey: buying through a developer-platform template (issue 35 point 4). A template developer
 * imports a template whose header has Squarespace's cart count (`.sqs-cart-dropzone`, and
 * `{shoppingCart.totalQuantity}` in a `.sqs-cart-quantity`) and whose product page is
 * `{@|product-checkout}`; the shopper chooses a shirt's size and colour by keyboard, adds it, and
 * sees the count in the template's header become 1 on the same page, with the sale price's
 * screen-reader label out of sight. The real template The Circuit Gym (test/fixtures/third-party/,
 * Apache-2.0, imported unchanged with its built output) shows the same selects and Add To Cart
 * (pressed before choosing, it asks in our styled dialog), and the shirt lands in the cart. (GarberCo
 * did until its own built scripts ran: they take its product page away, docs/templates.md.) At
 * 1366 and 375 px side by side; screenshots in test-artifacts/journeys/template-commerce-*.png.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiveSite, sendSite, sendTemplate } from '../../scripts/site/admin-client';
import { readTemplateFolder } from '../../scripts/site/template';
import { storeUrl } from '../e2e/store';
import { atBothWidths, JOURNEY_TIMEOUT, shot, SLOW, useContexts } from './support';

const contexts = useContexts();

const SHIRT = '/shop/p/linen-shirt';
const CART =
  '<div class="t-cart"><a href="/cart">Bag (<span class="sqs-cart-quantity">{shoppingCart.totalQuantity}</span>)</a><div class="sqs-cart-dropzone"></div></div>';
const ITEM =
  '{.section item}<article class="t-product"><h1>{title}</h1><div class="t-price">{@|product-price}</div>{@|product-checkout}</article>{.end}';
const TEMPLATES = {
  dropzone: { dir: 'test/fixtures/developer-platform', host: 'cart-count.localhost' },
  thecircuitgym: { dir: 'test/fixtures/third-party/thecircuitgym', host: 'circuitgym-cart.localhost' },
};
const urlOf = (host: string, path: string) => `http://${host}:${new URL(storeUrl).port}${path}`;

beforeAll(async () => {
  const demo = await receiveSite({ url: storeUrl });
  for (const [name, { dir, host }] of Object.entries(TEMPLATES)) {
    const target = { url: storeUrl, host };
    await sendSite(target, 'import', {
      ...demo.site,
      website: { ...(demo.site.website as Record<string, unknown>), id: `template-commerce-${name}` },
    });
    const template = await readTemplateFolder(dir);
    const theme = { ...template.theme };
    // The developer's own template: a cart count in the header and the platform's checkout form on the product page.
    if (name === 'dropzone') {
      theme['header.region'] = (theme['header.region'] ?? '').replace('</header>', `${CART}</header>`);
      theme['collections/products.item'] = ITEM;
    }
    await sendTemplate(
      target,
      theme,
      template.assets.map((asset) => ({
        path: asset.path,
        read: async () => new Uint8Array(await readFile(asset.file)),
      })),
    );
  }
}, 240_000);

/** Chooses a shirt (Small, Sand) in the option selects by keyboard. */
async function chooseShirt(page: Page): Promise<void> {
  for (const [option, value] of [
    ['Size', 'Small'],
    ['Colour', 'Sand'],
  ] as const) {
    const select = page.getByLabel(`${option}:`);
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue(), SLOW).toBe(value);
  }
}

async function open(width: number, host: string, path: string): Promise<Page> {
  const { page } = await contexts.page(width);
  await page.goto(urlOf(host, path), { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 60_000 });
  return page;
}

describe('buying through a developer-platform template', () => {
  it(
    "adds a shirt chosen by keyboard and sees the template's cart count become 1 (1366 and 375 px)",
    async () => {
      await atBothWidths(async (width) => {
        const { host } = TEMPLATES.dropzone;
        const page = await open(width, host, SHIRT);
        const dropzone = page.locator('.sqs-cart-dropzone .CartPill');
        await expect(dropzone.waitFor({ state: 'attached', ...SLOW })).resolves.toBeUndefined();
        await expect(page.locator('.t-cart .sqs-cart-quantity').innerText()).resolves.toBe('0');
        await expect(page.getByRole('button', { name: /purchase/i }).count()).resolves.toBe(0);
        await chooseShirt(page);
        const button = page.locator('.sf-product-checkout .sqs-add-to-cart-button');
        await button.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('.t-cart .sqs-cart-quantity').innerText(), SLOW).toBe('1');
        await expect.poll(() => dropzone.locator('.CartPill-count').innerText(), SLOW).toBe('1');
        await shot(page, `template-commerce-count-${width}`);

        // On a product on sale the platform's "Sale Price:" label is for screen readers only.
        await page.goto(urlOf(host, '/shop/p/canvas-tote'), { waitUntil: 'load', timeout: 120_000 });
        const label = page.locator('.t-price .v6-visually-hidden').first();
        await expect(label.innerText()).resolves.toBe('Sale Price:');
        // Clipped to a pixel, as the platform's class does: screen readers read it, no one sees it.
        const box = await label.boundingBox();
        expect(box?.width ?? 0).toBeLessThanOrEqual(1);
        expect(box?.height ?? 0).toBeLessThanOrEqual(1);
        // The count the shopper's cart holds shows on the next page too.
        await expect.poll(() => page.locator('.t-cart .sqs-cart-quantity').innerText(), SLOW).toBe('1');
        await shot(page, `template-commerce-sale-${width}`);
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'buys a shirt through the real template The Circuit Gym ({@|product-checkout}) (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const { host } = TEMPLATES.thecircuitgym;
        const page = await open(width, host, SHIRT);
        // Add To Cart before choosing: the message opens in our dialog, styled as on our own pages.
        await page
          .locator('.sf-product-checkout')
          .getByRole('button', { name: /add to cart/i })
          .click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog.waitFor(SLOW)).resolves.toBeUndefined();
        await expect(
          page.locator('.Dialog-backdrop').evaluate((element) => getComputedStyle(element).position),
        ).resolves.toBe('fixed');
        await shot(page, `template-commerce-circuitgym-choose-${width}`);
        await page.keyboard.press('Escape');
        await expect(dialog.waitFor({ state: 'detached', ...SLOW })).resolves.toBeUndefined();
        await chooseShirt(page);
        const added = page.waitForResponse(
          (response) =>
            response.url().includes('/api/commerce/shopping-cart') && response.request().method() === 'POST',
          SLOW,
        );
        await page
          .locator('.sf-product-checkout')
          .getByRole('button', { name: /add to cart/i })
          .click();
        expect((await added).ok()).toBe(true);
        await shot(page, `template-commerce-circuitgym-${width}`);
        await page.goto(urlOf(host, '/cart'), { waitUntil: 'domcontentloaded', timeout: 120_000 });
        // In the cart; the template's own stylesheet hides our cart page's lines (a gap named in docs/templates.md).
        const line = { state: 'attached', ...SLOW } as const;
        await expect(page.getByText('Linen Shirt').first().waitFor(line)).resolves.toBeUndefined();
        await expect(page.getByText(/Small/).first().waitFor(line)).resolves.toBeUndefined();
      });
    },
    JOURNEY_TIMEOUT,
  );
});
