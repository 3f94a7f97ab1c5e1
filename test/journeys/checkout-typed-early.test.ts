/**
 * Journey: a shopper types into the checkout before it has hydrated (issue 32; found on a loaded machine, where the
 * checkout's code arrives seconds after the page). The page's own fields are there at once; what the shopper typed in
 * them is kept when the checkout starts and loads the cart, and the order is placed with it. The checkout's code is
 * held back until the email and name are typed, as a slow network holds it. At 1366 and 375 px.
 */
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import {
  addToCart,
  createProduct,
  deleteProduct,
  ensureShipping,
  fillUsAddressAfterFirstName,
  JOURNEY_TIMEOUT,
  openProduct,
  placeOrder,
  RUN,
  shot,
  SLOW,
  SUCCESS_CARD,
  useContexts,
  WIDTHS,
} from './support';

const contexts = useContexts();

for (const width of WIDTHS) {
  describe(`typing before the checkout has loaded at ${width} px`, () => {
    it(
      'keeps the email and name typed into the page before its code ran, and the order is placed with them',
      async () => {
        const title = `Journey Jug ${RUN} ${width}`;
        const email = `typed-early-${RUN}-${width}@example.com`;
        await ensureShipping(contexts, storeUrl);
        const product = await createProduct(contexts, storeUrl, title, 1800, 5);
        try {
          const { page, errors } = await contexts.page(width);
          await openProduct(page, storeUrl, product.path);
          expect(await addToCart(page, product.id, 1)).toBe('Added!');

          // The checkout's code is held back until the shopper has typed.
          let release = () => {};
          const held = new Promise<void>((resolve) => {
            release = resolve;
          });
          await page.route('**/build/chunks/CheckoutPage-*.js', async (route) => {
            await held;
            await route.continue();
          });
          await page.goto(`${storeUrl}/checkout`, { waitUntil: 'domcontentloaded' });
          await page.fill('#checkout-email', email, SLOW);
          await page.fill('#checkout-firstName', 'Ada');
          expect(await page.locator('[data-island="CheckoutPage"]').getAttribute('data-hydrated')).toBeNull();
          release();

          // Hydrated and loaded: what was typed is still there, and stays through the renders that follow.
          await page.waitForSelector('[data-island="CheckoutPage"][data-hydrated="true"]', SLOW);
          await expect.poll(() => page.locator('.CheckoutLine-name').first().textContent(), SLOW).toBe(title);
          await fillUsAddressAfterFirstName(page);
          await page.locator('.Checkout-option input').first().waitFor(SLOW);
          expect(await page.inputValue('#checkout-email')).toBe(email);
          expect(await page.inputValue('#checkout-firstName')).toBe('Ada');
          await page.fill('#checkout-cardNumber', SUCCESS_CARD);
          await shot(page, `checkout-typed-early-${width}`);
          await placeOrder(page);
          expect(await page.locator('.OrderPage').innerText()).toContain(email);
          expect(errors).toEqual([]);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
        }
      },
      JOURNEY_TIMEOUT,
    );
  });
}
