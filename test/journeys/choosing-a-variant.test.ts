/**
 * Journey: choosing a variant (issue 32, journey 7's product page and the smaller points). A
 * product in three colours, Rust sold out, Sage on sale and Moss in stock at full price: the shopper chooses Rust by
 * keyboard, sees it marked sold out (the SALE mark gone, Add To Cart 'Sold Out'), signs up for Rust by keyboard; the
 * SALE mark is there on Sage and gone on Moss;
 * the store manager restocks Rust (the console's product call) and the development mailbox shows
 * the email naming Rust. Add To Cart pressed before the page's code has loaded adds once it has. A
 * product sold one per order refuses a second unit with its message, and a quantity of 0 in the
 * cart removes the line with an Undo. At 1366 and 375 px side by side. Screenshots in
 * test-artifacts/journeys/variant-*.png.
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
  openProduct,
  RUN,
  shot,
  SLOW,
  useContexts,
} from './support';

const contexts = useContexts();

interface Variant {
  values: Record<string, string>;
  stock: number;
  [field: string]: unknown;
}
type Form = { options: string[]; variants: Variant[] } & Record<string, unknown>;

/** The product's form as the console reads it, changed by `change` and saved as the console saves it. */
async function editProduct(id: string, change: (form: Form) => void): Promise<void> {
  const { api, headers } = await merchantApi(contexts, storeUrl);
  const read = await api.get(`${storeUrl}/api/console/products/${id}`);
  expect(read.status(), await read.text()).toBe(200);
  const { product } = (await read.json()) as { product: Form };
  change(product);
  const saved = await api.put(`${storeUrl}/api/console/products/${id}`, { data: product, headers });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A scarf in Rust (sold out, full price), Sage (4 in stock, on sale) and Moss (2 in stock, full price), made through the console's calls. */
async function scarf(title: string): Promise<{ id: string; path: string }> {
  const product = await createProduct(contexts, storeUrl, title, 3000, 0);
  await editProduct(product.id, (form) => {
    const [rust] = form.variants;
    if (rust === undefined) throw new Error('the new product has no variant');
    form.options = ['Colour'];
    rust.values = { Colour: 'Rust' };
    form.variants = [
      rust,
      { ...blankVariant(), values: { Colour: 'Sage' }, price: 3000, salePrice: 2400, onSale: true, stock: 4 },
      { ...blankVariant(), values: { Colour: 'Moss' }, price: 3000, stock: 2 },
    ];
  });
  return product;
}

const ADD_BUTTON = '.ProductItem-form .sqs-add-to-cart-button';
const addButton = (page: Page) => page.locator(ADD_BUTTON);
const saleMarks = (page: Page) => page.locator('.ProductItem-details .product-mark.sale');

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

describe('choosing a variant', () => {
  it(
    'a sold-out colour is chosen and signed up for by keyboard; the merchant restocks it and the email names it (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const title = `Journey Scarf ${RUN} ${width}`;
        const email = `scarf-${RUN}-${width}@example.com`;
        const product = await scarf(title);
        try {
          const { page, errors } = await contexts.page(width);
          await openProduct(page, storeUrl, product.path);
          const colour = `#variant-${product.id}-Colour`;
          // Before a choice: Sage is on sale, so the product shows the SALE mark; Rust is marked sold out but can be chosen.
          expect(await saleMarks(page).count()).toBe(1);
          expect(await page.locator(`${colour} option[value="Rust"]`).textContent()).toBe('Rust (sold out)');
          expect(await page.locator(`${colour} option[value="Rust"]`).isDisabled()).toBe(false);
          expect(await page.locator('.product-restock-notification').isVisible()).toBe(false);

          await chooseByKeyboard(page, colour, 'Rust');
          await expect.poll(() => addButton(page).textContent(), SLOW).toBe('Sold Out');
          expect(await addButton(page).isDisabled()).toBe(true);
          expect(await saleMarks(page).count()).toBe(0);
          const signUp = page.locator('.product-restock-notification');
          await signUp.waitFor({ state: 'visible', ...SLOW });
          expect(await signUp.locator('.product-restock-variant').textContent()).toBe('Rust');
          await shot(page, `variant-sold-out-${width}`);

          // Signed up by keyboard once its captcha is ready: Tab from the select reaches the email field, Enter sends.
          await expect
            .poll(() => signUp.locator('.captcha-container[data-captcha-rendered="true"]').count(), SLOW)
            .toBe(1);
          const input = page.locator(`#restock-email-${product.id}`);
          for (
            let i = 0;
            i < 5 &&
            !(await input.evaluate(
              (el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement,
            ));
            i++
          )
            await page.keyboard.press('Tab');
          await page.keyboard.type(email);
          await page.keyboard.press('Enter');
          await expect.poll(() => page.locator('.product-restock-success').textContent(), SLOW).toBe('Signed up!');
          await shot(page, `variant-signed-up-${width}`);

          // Sage is in stock: no sign-up, the SALE mark and Add To Cart are back.
          await chooseByKeyboard(page, colour, 'Sage');
          await expect.poll(() => addButton(page).textContent(), SLOW).toBe('Add To Cart');
          expect(await saleMarks(page).count()).toBe(1);
          expect(await page.locator('.product-restock-notification').isVisible()).toBe(false);
          // Moss is in stock at full price: Add To Cart, and no SALE mark (issue 32: the mark stayed on a variant not on sale).
          await chooseByKeyboard(page, colour, 'Moss');
          await expect
            .poll(() => page.locator('.ProductItem-details .ProductPrice').textContent(), SLOW)
            .toBe('$30.00');
          expect(await saleMarks(page).count()).toBe(0);
          expect(await addButton(page).textContent()).toBe('Add To Cart');
          expect(errors).toEqual([]);

          // The store manager restocks Rust; the back-in-stock email names it.
          await editProduct(product.id, (form) => {
            const rust = form.variants.find((variant) => variant.values.Colour === 'Rust');
            if (rust === undefined) throw new Error('no Rust variant');
            rust.stock = 3;
          });
          // Read in the shopper's page, which has nothing more to show (the mailbox is the store's).
          const subject = `${title} (Rust) is back in stock`;
          await expect
            .poll(
              async () => {
                await page.goto(`${storeUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
                return page.locator('.subject').allTextContents();
              },
              { timeout: 60_000, interval: 1000 },
            )
            .toEqual([subject]);
          await page.locator('.subject').first().click();
          await expect.poll(() => page.locator('pre').textContent(), SLOW).toContain(product.path);
          await shot(page, `variant-restock-email-${width}`);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
        }
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'Add To Cart pressed before the page has its code waits, then adds (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const { page, errors } = await contexts.page(width);
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/build/chunks/AddToCartButton-*.js', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${storeUrl}/shop/p/candle`);
        const island = page.locator('.ProductItem-form [data-island="AddToCartButton"]');
        expect(await island.getAttribute('data-hydrated')).toBeNull();
        await addButton(page).click();
        // Visibly waiting while the code loads.
        expect(await island.getAttribute('aria-busy')).toBe('true');
        await shot(page, `variant-early-click-${width}`);
        await seeTextAfter(page, ADD_BUTTON, 'Added!', async () => release());
        await expect.poll(() => page.locator('.CartPill-count').textContent(), SLOW).toBe('1');
        expect(await island.getAttribute('aria-busy')).toBeNull();
        expect(errors).toEqual([]);
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'one per order: a second Workshop Voucher is refused with its message; 0 in the cart removes the line, with Undo (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const { page, errors } = await contexts.page(width);
        await openProduct(page, storeUrl, '/gifts/p/workshop-voucher');
        expect(await page.locator('.ProductItem-form [data-island="QuantityInput"]').count()).toBe(0);
        await seeTextAfter(page, ADD_BUTTON, 'Added!', () => addButton(page).click());
        await expect.poll(() => addButton(page).textContent(), SLOW).toBe('Add To Cart');
        await addButton(page).click();
        const alert = page.locator('[role="alertdialog"]');
        await expect
          .poll(() => alert.locator('.Dialog-message').textContent(), SLOW)
          .toBe('Workshop Voucher is limited to one per order.');
        await shot(page, `variant-one-per-order-${width}`);
        await page.keyboard.press('Escape');

        await page.goto(`${storeUrl}/cart`);
        const quantity = page.locator('.CartEntry-quantity input');
        await quantity.waitFor(SLOW);
        await quantity.fill('2');
        await quantity.press('Enter');
        await expect
          .poll(() => alert.locator('.Dialog-message').textContent(), SLOW)
          .toBe('Workshop Voucher is limited to one per order.');
        await alert.locator('button').click();
        await expect.poll(() => quantity.inputValue(), SLOW).toBe('1');

        await quantity.fill('0');
        await quantity.press('Enter');
        const removed = page.locator('.CartPage-removed');
        await expect.poll(() => removed.textContent(), SLOW).toBe('Removed Workshop Voucher from your cart. Undo');
        expect(await page.locator('.CartEntry').count()).toBe(0);
        expect(await alert.count()).toBe(0);
        await shot(page, `variant-cart-removed-${width}`);
        await page.locator('.CartPage-undo').click();
        await expect.poll(() => page.locator('.CartEntry-title').allTextContents(), SLOW).toEqual(['Workshop Voucher']);
        expect(errors).toEqual([]);
      });
    },
    JOURNEY_TIMEOUT,
  );
});
