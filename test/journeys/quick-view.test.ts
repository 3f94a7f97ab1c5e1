/**
 * Journey: quick view (spec E82, RecordQuickView; issue 36). A shopper on the shop's list opens a
 * scarf's Quick View by keyboard: a dialog named by the product with its picture, its price (the
 * sale price beside the original), its colours (Rust marked sold out, and 'Sold Out' when chosen, as
 * on the product page), quantity and Add To Cart, and a link to the full page. They choose Sage, two
 * of them, add, see the cart count go to 2, press Escape and are back on the Quick View button. The
 * collectors sent RecordQuickView for the product with the page's website and address. At 1366 and
 * 375 px side by side; screenshots in test-artifacts/journeys/quick-view-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blankVariant } from '../../src/site/editor/product-form';
import { seeTextAfter } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import {
  atBothWidths,
  createProduct,
  deleteProduct,
  JOURNEY_TIMEOUT,
  merchantApi,
  RUN,
  shot,
  SLOW,
  useContexts,
  chooseLanguage,
} from './support';

const contexts = useContexts();

interface Variant {
  values: Record<string, string>;
  [field: string]: unknown;
}

/** A scarf in Rust (sold out) and Sage (4 in stock, $30.00 on sale at $24.00), tagged to list alone, through the console's calls. */
async function scarf(title: string, tag: string): Promise<{ id: string; path: string }> {
  const product = await createProduct(contexts, storeUrl, title, 3000, 0);
  const { api, headers } = await merchantApi(contexts, storeUrl);
  const read = await api.get(`${storeUrl}/api/console/products/${product.id}`);
  expect(read.status(), await read.text()).toBe(200);
  const { product: form } = (await read.json()) as { product: { options: string[]; variants: Variant[] } };
  const [rust] = form.variants;
  if (rust === undefined) throw new Error('the new product has no variant');
  rust.values = { Colour: 'Rust' };
  const sage = { ...blankVariant(), values: { Colour: 'Sage' }, price: 3000, salePrice: 2400, onSale: true, stock: 4 };
  const saved = await api.put(`${storeUrl}/api/console/products/${product.id}`, {
    data: { ...form, options: ['Colour'], variants: [rust, sage], tags: [tag] },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return product;
}

/** Chooses `value` in a select by keyboard: focus, then the arrow keys until it is chosen. */
async function chooseByKeyboard(page: Page, selector: string, value: string): Promise<void> {
  const select = page.locator(selector);
  await select.focus();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
  const from = values.indexOf(await select.inputValue());
  const to = values.indexOf(value);
  for (let i = from; i !== to; i += to > from ? 1 : -1) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await expect.poll(() => select.inputValue()).toBe(value);
}

const hasFocus = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element === element.ownerDocument.activeElement);

describe('quick view', () => {
  it('opens from the list by keyboard, adds the chosen colour, closes with Escape back on its button; RecordQuickView sent (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const title = `Quick Scarf ${RUN} ${width}`;
      const tag = `quick-${RUN}-${width}`;
      const product = await scarf(title, tag);
      try {
        const { page, errors } = await contexts.page(width);
        await page.goto(`${storeUrl}/shop?tag=${tag}`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        // The census has counted the page (its cookie is set), so the collectors send widget calls.
        await expect
          .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'ss_cvr'), SLOW)
          .toBe(true);
        const opener = `.ProductCard[data-item-id="${product.id}"] .ProductCard-quickView`;
        expect(await page.locator(opener).getAttribute('aria-haspopup')).toBe('dialog');

        const beacon = page.waitForRequest((request) => request.url().includes('/api/census/RecordQuickView/'), SLOW);
        await page.locator(opener).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor(SLOW);
        const sent = await beacon;
        expect(new URL(sent.url()).pathname).toBe(`/api/census/RecordQuickView/${product.id}`);
        const fields = Object.fromEntries(new URLSearchParams(sent.postData() ?? ''));
        expect(Object.keys(fields).sort()).toEqual(['url', 'websiteId']);
        expect(fields.url).toBe(page.url());
        expect(fields.websiteId).toMatch(/^\S+$/);
        expect((await sent.response())?.status()).toBeLessThan(300);

        // The product page's parts: its picture, price, colours with Rust sold out, quantity, Add To Cart, the full page's link.
        const colour = `#variant-${product.id}-Colour`;
        await dialog.locator(colour).waitFor(SLOW);
        await expect.poll(() => hasFocus(page, colour), SLOW).toBe(true);
        expect(await dialog.locator('img.ProductItem-image').count()).toBe(1);
        expect(await dialog.locator(`${colour} option[value="Rust"]`).textContent()).toBe('Rust (sold out)');
        expect(await dialog.getByRole('link', { name: 'View full details' }).getAttribute('href')).toBe(product.path);
        const add = dialog.locator('.sqs-add-to-cart-button');
        await chooseByKeyboard(page, colour, 'Rust');
        await expect.poll(() => add.textContent(), SLOW).toBe('Sold Out');
        await chooseByKeyboard(page, colour, 'Sage');
        await expect.poll(() => add.textContent(), SLOW).toBe('Add To Cart');
        const price = dialog.locator('.ProductPrice');
        expect(await price.locator('.original-price').textContent()).toBe('$30.00');
        expect(await price.textContent()).toContain('$24.00');

        // Two of them, by keyboard: Tab to the quantity, type 2, Tab on to Add To Cart and press Enter.
        await page.keyboard.press('Tab');
        expect(await hasFocus(page, `#quantity-${product.id}`)).toBe(true);
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('2');
        await page.keyboard.press('Tab');
        await expect.poll(() => add.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
        await seeTextAfter(page, '.QuickView .sqs-add-to-cart-button', 'Added!', () => page.keyboard.press('Enter'));
        await expect.poll(() => page.locator('.CartPill').getAttribute('aria-label'), SLOW).toBe('Cart, 2 items');
        await shot(page, `quick-view-added-${width}`);

        // Escape closes it and the focus is back on the card's Quick View.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', ...SLOW });
        await expect.poll(() => hasFocus(page, opener), SLOW).toBe(true);
        await shot(page, `quick-view-closed-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await deleteProduct(contexts, storeUrl, product.id);
      }
    });
  });
});

/** Whether `locator`'s whole box is inside the window (not cut off, not below the fold of the dialog). */
const inWindow = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = element.ownerDocument.defaultView;
    return (
      box.width > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= (view?.innerHeight ?? 0) &&
      box.right <= (view?.innerWidth ?? 0)
    );
  });

describe('quick view in French', () => {
  it("speaks French, adds as the listing's add (plp), and its footer is on screen and usable by keyboard with nothing to scroll sideways (1366 and 375 px)", {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const title = `Foulard ${RUN} ${width}`;
      const tag = `rapide-${RUN}-${width}`;
      const product = await scarf(title, tag);
      try {
        const { page, errors } = await contexts.page(width);
        await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
        // The shopper chooses French on the account page, as a visitor does.
        await chooseLanguage(page, storeUrl, 'Français (France)');

        const events: Record<string, unknown>[] = [];
        page.on('request', (request) => {
          if (!request.url().includes('/api/events/RecordEvent')) return;
          const form = new URLSearchParams(request.postData() ?? '');
          if (form.get('event') === 'add_to_cart') events.push(JSON.parse(form.get('data') ?? '{}'));
        });
        await page.goto(`${storeUrl}/shop?tag=${tag}`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        const opener = `.ProductCard[data-item-id="${product.id}"] .ProductCard-quickView`;
        await expect
          .poll(() => page.locator(`${opener} [data-text="product.quickView"]`).textContent(), SLOW)
          .toBe('Aperçu rapide');
        await expect
          .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'ss_cvr'), SLOW)
          .toBe(true);
        await page.locator(opener).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor(SLOW);
        const colour = `#variant-${product.id}-Colour`;
        await dialog.locator(colour).waitFor(SLOW);
        await expect.poll(() => hasFocus(page, colour), SLOW).toBe(true);

        // Everything the shopper reads in it is French: the product page's parts and the dialog's own, its prices as French
        // writes them before a colour is chosen too.
        await expect.poll(() => dialog.locator('.ProductPrice').textContent(), SLOW).toMatch(/24,00\s\$US/);
        const add = dialog.locator('.sqs-add-to-cart-button');
        await expect
          .poll(() => dialog.locator(`${colour} option[value="Rust"]`).textContent(), SLOW)
          .toBe('Rust (épuisé)');
        await chooseByKeyboard(page, colour, 'Sage');
        await expect.poll(() => add.textContent(), SLOW).toBe('Ajouter au panier');
        expect(await dialog.locator(`label[for="quantity-${product.id}"]`).innerText()).toMatch(/^Quantité/);
        expect(await dialog.getByRole('link', { name: 'Voir tous les détails' }).getAttribute('href')).toBe(
          product.path,
        );
        expect(await dialog.getByRole('button', { name: 'Fermer' }).count()).toBe(1);
        const shown = await dialog.innerText();
        for (const english of [
          'Quick View',
          'View full details',
          'Close',
          'Quantity',
          'Add To Cart',
          'sold out',
          'Price:',
        ])
          expect(shown, shown).not.toContain(english);
        expect(shown).toContain('24,00');

        // The footer's link and Close are on screen, nothing scrolls sideways, and the add is the listing's.
        expect(await inWindow(page, '.QuickView-full')).toBe(true);
        expect(await inWindow(page, '.QuickView-actions .Dialog-secondary')).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        expect(await page.locator('.QuickView').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        );
        await add.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => add.textContent(), SLOW).toBe('Ajouté !');
        await expect.poll(() => events.length, SLOW).toBe(1);
        expect(events[0]).toMatchObject({ product_page: 'plp', product: { item_id: product.id, item_quantity: 1 } });
        await shot(page, `quick-view-french-${width}`);

        // Close, reached by Tab from the add through the footer's link, closes it and the focus is back on the card.
        await page.keyboard.press('Tab');
        expect(await hasFocus(page, '.QuickView-full')).toBe(true);
        await page.keyboard.press('Tab');
        expect(await hasFocus(page, '.QuickView-actions .Dialog-secondary')).toBe(true);
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached', ...SLOW });
        await expect.poll(() => hasFocus(page, opener), SLOW).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await deleteProduct(contexts, storeUrl, product.id);
      }
    });
  });
});
