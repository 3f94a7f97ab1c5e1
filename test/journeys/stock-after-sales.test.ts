/**
 * Journey: stock after sales (issue 29). A merchant's product has 5 on hand; a shopper buys 2 through
 * the product page and checkout; the merchant opens /config → Products and reads 3 for it, then adds
 * 10 with the list's bulk "Edit stock"; the next shopper's product page then sells at most 13 (14 is
 * refused with the store's message, 13 goes in the cart). At 1366 and 375 px side by side, each width with its own
 * product (created through the console's call, deleted after), so no other test's stock moves.
 * Screenshots in test-artifacts/journeys/stock-*.png.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escapeDialog } from '../e2e/pages';
import {
  atBothWidths,
  ACCOUNTS,
  addToCart,
  createProduct,
  deleteProduct,
  ensureShipping,
  fillCheckout,
  goToCheckout,
  JOURNEY_TIMEOUT,
  openProduct,
  openSection,
  placeOrder,
  RUN,
  shot,
  signIn,
  SLOW,
  useContexts,
} from './support';
import { storeUrl } from '../e2e/store';

const contexts = useContexts();

const NOT_ENOUGH = 'Sorry, we do not have enough of that item available. Only 13 left.';

async function onScreen(cell: Locator, width: number): Promise<boolean> {
  const box = await cell.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe('stock after sales', () => {
  it(
    '5 on hand, 2 sold, the console shows 3, "add 10" in the console, and the store sells 13 at most (1366 and 375 px)',
    async () => {
      await ensureShipping(contexts, storeUrl);
      await atBothWidths(async (width) => {
        const title = `Journey Lantern ${RUN} ${width}`;
        const product = await createProduct(contexts, storeUrl, title, 2000, 5);
        try {
          // A shopper buys 2 of the 5.
          const shopper = await contexts.page(width);
          await openProduct(shopper.page, storeUrl, product.path);
          expect(await shopper.page.locator('h1').first().textContent()).toBe(title);
          // The picture the merchant gave it, shown.
          await expect
            .poll(
              () =>
                shopper.page
                  .locator('.ProductItem-gallery img')
                  .first()
                  .evaluate(
                    (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0 && img.src,
                  ),
              SLOW,
            )
            .toMatch(/candle\.webp$/);
          expect(await addToCart(shopper.page, product.id, 2)).toBe('Added!');
          await goToCheckout(shopper.page, storeUrl, title);
          expect(await shopper.page.locator('.CheckoutLine-quantity').textContent()).toBe('× 2');
          await fillCheckout(shopper.page, `stock-journey-${RUN}-${width}@example.com`);
          await shot(shopper.page, `stock-checkout-${width}`);
          await placeOrder(shopper.page);
          expect(await shopper.page.locator('.CheckoutLine-name').textContent()).toBe(title);
          expect(await shopper.page.locator('.CheckoutLine-quantity').textContent()).toBe('× 2');
          await shot(shopper.page, `stock-order-confirmed-${width}`);
          expect(shopper.errors).toEqual([]);

          // The merchant finds the product in the console: 3 left, low stock.
          const merchant = await contexts.page(width);
          await signIn(merchant.page, storeUrl, ACCOUNTS.store);
          await openSection(merchant.page, 'Products');
          await merchant.page.fill('#products-search', title);
          await merchant.page.press('#products-search', 'Enter');
          const row = merchant.page.locator('tbody tr', { hasText: title });
          await expect.poll(() => merchant.page.locator('tbody tr').count(), SLOW).toBe(1);
          const stockCell = row.locator('td').last();
          expect(await stockCell.innerText()).toBe('3');
          // On the screen, not past its edge in a table the merchant would have to scroll sideways.
          expect(await onScreen(stockCell, width)).toBe(true);
          expect(await row.innerText()).toContain('Low stock');
          await shot(merchant.page, `stock-console-3-on-hand-${width}`);

          // "Add 10" with the bulk stock change: 13, the 2 sold kept sold.
          await merchant.page.check(`[aria-label="Select ${title}"]`);
          await merchant.page.click('.BulkBar >> text=Edit stock');
          await merchant.page.waitForSelector('dialog[open]');
          await merchant.page.check('dialog input[name="bulk-mode"][value="add"]');
          await merchant.page.fill('#bulk-amount', '10');
          await shot(merchant.page, `stock-console-add-10-${width}`);
          await merchant.page.click('dialog >> text=Apply to 1');
          await expect.poll(() => row.locator('td').last().innerText(), SLOW).toBe('13');
          expect(await merchant.page.locator('dialog[open]').count()).toBe(0);
          expect(await row.innerText()).not.toContain('Low stock');
          await shot(merchant.page, `stock-console-13-on-hand-${width}`);
          expect(merchant.errors).toEqual([]);

          // The next shopper may buy 13, not 14.
          const next = await contexts.page(width);
          await openProduct(next.page, storeUrl, product.path);
          expect(await addToCart(next.page, product.id, 14)).toBe(NOT_ENOUGH);
          await shot(next.page, `stock-14-refused-${width}`);
          await escapeDialog(next.page);
          expect(await addToCart(next.page, product.id, 13)).toBe('Added!');
          await expect.poll(() => next.page.locator('.CartPill-count').textContent(), SLOW).toBe('13');
          await shot(next.page, `stock-13-added-${width}`);
          expect(next.errors).toEqual([]);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
