/**
 * Journey: the merchant finds a customer's order by their name and cancels it knowing what cancel
 * does (issue 33, journey 6). A shopper named José Núñez buys through the storefront and checkout;
 * the Store manager signs into /config → Orders, types "jose nunez…" (no accents, lower case) and
 * finds the order with the name on its row; the order's page offers Cancel as its primary action
 * with a line that tells cancel from refund; the dialog (opened and confirmed from the keyboard) says
 * the order is void, stock goes back and the payment is refunded in full; the order then reads
 * Cancelled with no actions left, and the CSV export of the same search lists it as cancelled. The order also holds
 * a Linen Shirt with its options: the order's page shows every item's product, options, quantity, price and total
 * without scrolling sideways, at 375 px as at 1366 (issue 32), and an engraved pen's answer under its field's title
 * ("Engraving text"), not the form's key. At 1366 and 375 px side by side. Screenshots in
 * test-artifacts/journeys/orders-*.png.
 */
import { describe, expect, it } from 'vitest';
import { seeTextAfter } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import { itemLines, overflowing } from './order-page';
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

const contexts = useContexts();
const PEN_BUTTON = '.ProductItem-form .sqs-add-to-cart-button';

describe('order search and cancel', () => {
  it(
    'finds the order by the customer’s name without accents and cancels it from the explained dialog (1366 and 375 px)',
    async () => {
      await ensureShipping(contexts, storeUrl);
      await atBothWidths(async (width) => {
        const title = `Journey Jug ${RUN} ${width}`;
        const lastName = `Núñez${RUN}${width}`;
        // A price in the thousands and its SKU, one word, are what once pushed the total out of a phone's width.
        const product = await createProduct(contexts, storeUrl, title, 124000, 5);
        try {
          const shopper = await contexts.page(width);
          await openProduct(shopper.page, storeUrl, product.path);
          expect(await addToCart(shopper.page, product.id, 2)).toBe('Added!');
          // A shirt with its options beside it.
          await openProduct(shopper.page, storeUrl, '/shop/p/linen-shirt');
          await shopper.page.selectOption('#variant-p-linen-shirt-Size', 'Medium');
          await shopper.page.selectOption('#variant-p-linen-shirt-Colour', 'Sand');
          expect(await addToCart(shopper.page, 'p-linen-shirt', 2)).toBe('Added!');
          // A pen whose form asks for its engraving: the order page names the answer by the field's title.
          await openProduct(shopper.page, storeUrl, '/shop/p/brass-pen');
          await shopper.page.locator(PEN_BUTTON).click();
          await shopper.page.locator('[role="dialog"] input').fill('Happy birthday');
          await seeTextAfter(shopper.page, PEN_BUTTON, 'Added!', () =>
            shopper.page.locator('[role="dialog"] button[type="submit"]').click(),
          );
          await goToCheckout(shopper.page, storeUrl, title);
          await fillCheckout(shopper.page, `orders-journey-${RUN}-${width}@example.com`);
          await shopper.page.fill('#checkout-firstName', 'José');
          await shopper.page.fill('#checkout-lastName', lastName);
          await placeOrder(shopper.page);
          const orderNumber = ((await shopper.page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(
            /^Order /,
            '',
          );

          const manager = await contexts.page(width);
          const page = manager.page;
          await signIn(page, storeUrl, ACCOUNTS.store);
          await openSection(page, 'Orders');
          const query = `jose ${lastName.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()}`;
          await page.fill('#order-search', query);
          await page.press('#order-search', 'Enter');
          await expect.poll(() => page.locator('tbody tr').count(), SLOW).toBe(1);
          const row = page.locator('tbody tr', { hasText: orderNumber });
          expect(await row.innerText()).toContain(`José ${lastName}`);
          await shot(page, `orders-found-by-name-${width}`);

          await row.locator(`a:text-is("${orderNumber}")`).click();
          await page.waitForSelector(`h1:text-is("Order ${orderNumber}")`, SLOW);
          expect(await page.locator('.PageHeader-actions .Button--primary').textContent()).toBe('Cancel order');
          expect(await page.locator('.Page > .Field-hint').textContent()).toContain('Cancel voids the order');
          // Every item's product, options, quantity, price and total can be read, nothing wider than the window.
          expect(await overflowing(page)).toEqual([]);
          const items = await itemLines(page);
          expect(items.map((item) => item.totalInView)).toEqual([true, true, true]);
          // A phone reads the quantity and price under the product ('2 × $68.00'), a wide screen in their columns.
          const times = width === 375 ? ' × ' : ' ';
          expect(items.map((item) => item.text)).toEqual([
            expect.stringMatching(new RegExp(`^${title} SKU \\S+ 2${times}\\$1,240\\.00 \\$2,480\\.00$`)),
            expect.stringMatching(
              new RegExp(`^Linen Shirt Size: Medium, Colour: Sand SKU \\S+ 2${times}\\$68\\.00 \\$136\\.00$`),
            ),
            expect.stringMatching(
              new RegExp(`^Engraved Brass Pen SKU \\S+ Engraving text Happy birthday 1${times}\\$39\\.00 \\$39\\.00$`),
            ),
          ]);
          await shot(page, `orders-order-page-${width}`);
          await page.locator('.PageHeader-actions .Button--primary').focus();
          await page.keyboard.press('Enter');
          const dialog = page.locator('dialog.ConfirmModal');
          await dialog.waitFor(SLOW);
          expect(await dialog.textContent()).toContain('The order becomes void and its items go back into stock.');
          expect(await dialog.textContent()).toContain('is refunded in full to the customer.');
          await shot(page, `orders-cancel-dialog-${width}`);
          await dialog.locator('button:text-is("Cancel order")').focus();
          await page.keyboard.press('Enter');
          await page.waitForSelector('.PageHeader .StatusLabel:text-is("Cancelled")', SLOW);
          expect(await page.locator('.PageHeader-actions button').count()).toBe(0);
          await shot(page, `orders-cancelled-${width}`);

          const csv = await page.request.get(`${storeUrl}/api/commerce/orders.csv?q=${encodeURIComponent(query)}`);
          expect(csv.status()).toBe(200);
          const lines = (await csv.text()).split('\r\n');
          expect(lines[1]).toMatch(new RegExp(`^${orderNumber.slice(1)},[^,]+,cancelled,`));
          expect(manager.errors).toEqual([]);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
