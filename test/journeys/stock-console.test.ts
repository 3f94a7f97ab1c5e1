/**
 * Journey: stock in the console (issue 33, journeys 3 and 8). At 1366 px: a product has 5 on hand; a
 * shopper buys 2 through the store; the store manager opens it in /config → Products and its
 * Inventory card reads 3 on hand and 3 available (the stock ledger's, not the 5 last saved), adds 10
 * with the reason "Received" in the Adjust dialog, and its history lists the edit and the sale; the
 * next shopper may buy 13 and not 14; the order is refunded and /config → Analytics shows the refund
 * on its own line. Screenshots in test-artifacts/journeys/stock-console-*.png.
 */
import { describe, expect, it } from 'vitest';
import { escapeDialog } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  addToCart,
  createProduct,
  deleteProduct,
  ensureShipping,
  fillCheckout,
  goToCheckout,
  JOURNEY_TIMEOUT,
  merchantApi,
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

describe('stock in the console at 1366 px', () => {
  it(
    'after a sale of 2 the console shows 3, "add 10" with a reason makes 13 on the store, the history lists both, a refund shows in analytics',
    async () => {
      const title = `Journey Vase ${RUN}`;
      await ensureShipping(contexts, storeUrl);
      const product = await createProduct(contexts, storeUrl, title, 2000, 5);
      try {
        const shopper = await contexts.page(1366);
        await openProduct(shopper.page, storeUrl, product.path);
        expect(await addToCart(shopper.page, product.id, 2)).toBe('Added!');
        await goToCheckout(shopper.page, storeUrl, title);
        await fillCheckout(shopper.page, `stock-console-${RUN}@example.com`);
        await placeOrder(shopper.page);
        const orderId = new URL(shopper.page.url()).pathname.split('/').pop() ?? '';

        const merchant = await contexts.page(1366);
        await signIn(merchant.page, storeUrl, ACCOUNTS.store);
        await openSection(merchant.page, 'Products');
        await merchant.page.fill('#products-search', title);
        await merchant.page.press('#products-search', 'Enter');
        await expect.poll(() => merchant.page.locator('tbody tr').count(), SLOW).toBe(1);
        await merchant.page.locator('tbody tr a', { hasText: title }).click();
        await merchant.page.waitForSelector(`h1:text("${title}")`, SLOW);
        const card = merchant.page.locator('.StockPanel-variant').first();
        const count = (label: string) =>
          card.locator('.StockPanel-counts div', { hasText: label }).locator('dd').innerText();
        await expect.poll(() => count('On hand'), SLOW).toBe('3');
        expect(await count('Available')).toBe('3');
        expect(await count('Sold')).toBe('2');
        // The form's stock field shows the same on-hand count, not the 5 last saved.
        expect(await merchant.page.locator('[aria-label="Stock, variant 1"]').inputValue()).toBe('3');
        await card.scrollIntoViewIfNeeded();
        await shot(merchant.page, 'stock-console-after-sale-1366');

        // "Add 10", with a reason, by keyboard.
        await card.locator('button', { hasText: 'Adjust' }).click();
        await merchant.page.waitForSelector('dialog[open]', SLOW);
        expect(await merchant.page.evaluate('document.activeElement?.id')).toBe('adjust-amount');
        await merchant.page.keyboard.type('10');
        expect(await merchant.page.locator('dialog .Field-hint').innerText()).toBe('On hand after: 13');
        await merchant.page.selectOption('#adjust-reason', 'Received');
        await shot(merchant.page, 'stock-console-adjust-1366');
        await merchant.page.press('#adjust-amount', 'Enter');
        await expect.poll(() => merchant.page.locator('dialog[open]').count(), SLOW).toBe(0);
        await expect.poll(() => count('On hand'), SLOW).toBe('13');
        expect(await count('Available')).toBe('13');
        expect(await merchant.page.locator('.StockPanel [role="status"]').innerText()).toContain(
          '13 on hand, 13 available',
        );
        expect(await merchant.page.locator('[aria-label="Stock, variant 1"]').inputValue()).toBe('13');
        await card.locator('summary').click();
        const history = card.locator('.StockHistory tbody tr');
        await expect.poll(() => history.count(), SLOW).toBe(2);
        expect(await history.nth(0).innerText()).toMatch(/Edited\s+\+10\s+13\s+store@example\.com · Received/);
        expect(await history.nth(1).innerText()).toMatch(/Sold\s+-2\s+3\s+Order/);
        await card.scrollIntoViewIfNeeded();
        await shot(merchant.page, 'stock-console-history-1366');

        // The store offers exactly the ledger's 13.
        const next = await contexts.page(1366);
        await openProduct(next.page, storeUrl, product.path);
        expect(await addToCart(next.page, product.id, 14)).toContain('Only 13 left');
        await escapeDialog(next.page);
        expect(await addToCart(next.page, product.id, 13)).toBe('Added!');

        // The order is refunded (with its units back): analytics shows the refund on its own line.
        const { api, headers } = await merchantApi(contexts, storeUrl);
        expect(
          (
            await api.post(`${storeUrl}/api/commerce/orders/${orderId}/refund`, { data: { restock: true }, headers })
          ).status(),
        ).toBe(200);
        await openSection(merchant.page, 'Analytics');
        const refunds = merchant.page.locator('.Figures div', { hasText: 'Refunds' }).locator('dd');
        await expect.poll(() => refunds.innerText(), SLOW).toMatch(/^−\$\d/);
        expect(
          await merchant.page.locator('.Figures div', { hasText: 'Net revenue' }).locator('dd').innerText(),
        ).toMatch(/^\$/);
        await shot(merchant.page, 'stock-console-analytics-refund-1366');
        expect(merchant.errors).toEqual([]);
        expect(shopper.errors).toEqual([]);
      } finally {
        await deleteProduct(contexts, storeUrl, product.id);
      }
    },
    JOURNEY_TIMEOUT,
  );
});
