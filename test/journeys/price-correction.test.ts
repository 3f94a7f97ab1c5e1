/**
 * Journey: a price corrected while a shopper's cart holds it (issue 29). A product is listed at
 * $0.50 by mistake; a shopper adds it; the store manager corrects it to $24.00 in the console's
 * product form; at checkout the shopper reads 'The price of {title} has changed from $0.50 to
 * $24.00.' and the new total before paying, pays, and the order confirmed page shows $24.00; the
 * merchant finds the order at that price in /config → Orders. At 1366 and 375 px side by side, each width with
 * its own product (created through the console's call, deleted after). Screenshots in
 * test-artifacts/journeys/price-*.png.
 */
import { describe, expect, it } from 'vitest';
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

describe('a price corrected', () => {
  it(
    'the shopper is told of the new price at checkout, pays it, and the merchant sees the order at it (1366 and 375 px)',
    async () => {
      await ensureShipping(contexts, storeUrl);
      await atBothWidths(async (width) => {
        const title = `Journey Teapot ${RUN} ${width}`;
        const email = `price-journey-${RUN}-${width}@example.com`;
        const product = await createProduct(contexts, storeUrl, title, 50, 10);
        try {
          // Added during the pricing mistake.
          const shopper = await contexts.page(width);
          await openProduct(shopper.page, storeUrl, product.path);
          expect(await shopper.page.locator('.ProductItem-price').innerText()).toContain('$0.50');
          expect(await addToCart(shopper.page, product.id, 1)).toBe('Added!');

          // The store manager corrects the price in the product form.
          const merchant = await contexts.page(width);
          await signIn(merchant.page, storeUrl, ACCOUNTS.store);
          await openSection(merchant.page, 'Products');
          await merchant.page.fill('#products-search', title);
          await merchant.page.press('#products-search', 'Enter');
          await expect.poll(() => merchant.page.locator('tbody tr').count(), SLOW).toBe(1);
          await merchant.page.click(`tbody >> text=${title}`);
          await merchant.page.waitForSelector(`h1:text-is("${title}")`, SLOW);
          await merchant.page.fill('[aria-label="Price, variant 1"]', '24.00');
          await merchant.page.click('.SaveBar button[type="submit"]');
          await expect.poll(() => merchant.page.locator('.SaveBar [role="status"]').innerText(), SLOW).toBe('Saved');
          await shot(merchant.page, `price-console-corrected-${width}`);

          // At checkout: the change said above the lines, and the totals at the new price.
          await goToCheckout(shopper.page, storeUrl, title);
          const notice = shopper.page.locator('.Checkout-notices li');
          await expect
            .poll(() => notice.textContent(), SLOW)
            .toBe(`The price of ${title} has changed from $0.50 to $24.00.`);
          expect(await shopper.page.locator('.CheckoutLine-total').textContent()).toBe('$24.00');
          expect(await shopper.page.locator('.CheckoutTotals-subtotal').textContent()).toBe('$24.00');
          await fillCheckout(shopper.page, email);
          const total = (await shopper.page.locator('.CheckoutTotals-total').textContent()) ?? '';
          const shipping = (await shopper.page.locator('.CheckoutTotals-shipping').textContent()) ?? '';
          const tax = (await shopper.page.locator('.CheckoutTotals-tax').textContent()) ?? '';
          const cents = (money: string) =>
            money === 'Free' ? 0 : Math.round(Number(money.replace(/[^0-9.]/g, '')) * 100);
          expect(cents(total)).toBe(2400 + cents(shipping) + cents(tax));
          expect(await shopper.page.locator('.Checkout-button').textContent()).toContain(total);
          // Still said while the shopper fills the form in, where they read before paying.
          expect(await notice.isVisible()).toBe(true);
          await shot(shopper.page, `price-checkout-notice-${width}`);
          await placeOrder(shopper.page);
          expect(await shopper.page.locator('.CheckoutLine-name').textContent()).toBe(title);
          expect(await shopper.page.locator('.CheckoutLine-total').textContent()).toBe('$24.00');
          expect(await shopper.page.locator('.CheckoutTotals-total').textContent()).toBe(total);
          const orderNumber = ((await shopper.page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(
            /^Order /,
            '',
          );
          await shot(shopper.page, `price-order-confirmed-${width}`);
          expect(shopper.errors).toEqual([]);

          // The merchant finds the order at the corrected price.
          await openSection(merchant.page, 'Orders');
          await merchant.page.fill('#order-search', email);
          await merchant.page.press('#order-search', 'Enter');
          const row = merchant.page.locator('tbody tr', { hasText: orderNumber });
          await expect.poll(() => merchant.page.locator('tbody tr').count(), SLOW).toBe(1);
          expect(await row.innerText()).toContain(email);
          expect(await row.locator('td').last().innerText()).toBe(total);
          await shot(merchant.page, `price-console-orders-${width}`);
          await row.locator(`a:text-is("${orderNumber}")`).click();
          await merchant.page.waitForSelector(`h1:text-is("Order ${orderNumber}")`, SLOW);
          const line = merchant.page.locator('tbody tr', { hasText: title });
          expect((await line.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
            '1',
            '$24.00',
            '$24.00',
          ]);
          await shot(merchant.page, `price-console-order-${width}`);
          expect(merchant.errors).toEqual([]);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
