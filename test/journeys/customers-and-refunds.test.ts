/**
 * Journey: customers, a per-line refund and an abandoned checkout (issue 33, journey 6). A shopper
 * named Zoë buys two lines on the storefront; the Store manager opens Customers, finds her by
 * "zoe …" (no accent), opens her profile (her order and guest status), opens the order from it and
 * refunds one unit of one line with restock from the refund dialog, keyboard only (the other line
 * set to 0, Enter to refund); the order reads Paid and Partially refunded with the refund listed,
 * the shopper's email says what went back for which item, the storefront offers the restocked unit
 * again, and Analytics counts one refund more. The same
 * refund call replayed with its Idempotency-Key refunds once. A second shopper fills in the
 * checkout and leaves: Orders → Abandoned checkouts lists her email and item. An Editor has no
 * Customers in the sidebar, is told 'Your role does not allow this.' at its address and gets 403
 * from the refund call. At 1366 and 375 px; screenshots in test-artifacts/journeys/customers-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  addToCart,
  cartHolding,
  createProduct,
  deleteProduct,
  ensureShipping,
  fillCheckout,
  JOURNEY_TIMEOUT,
  merchantApi,
  openProduct,
  openSection,
  placeOrder,
  RUN,
  shot,
  sidebarLinks,
  signIn,
  SLOW,
  oneAtATime,
  atBothWidths,
  useContexts,
} from './support';

const contexts = useContexts();

/** What shoppers can still buy of a product, as the storefront's stock call says. */
async function onSale(page: Page, itemId: string): Promise<number | undefined> {
  const res = await page.request.get(`${storeUrl}/api/commerce/inventory/stock/?itemId=${itemId}`);
  return ((await res.json()) as { results: { qtyInStock: number }[] }).results[0]?.qtyInStock;
}

async function refundsSoFar(page: Page): Promise<number> {
  const res = await page.request.get(`${storeUrl}/api/console/analytics?days=1`);
  const { sales } = (await res.json()) as { sales: { refunds: number }[] };
  return sales.reduce((sum, hour) => sum + hour.refunds, 0);
}

async function openCheckout(page: Page): Promise<void> {
  await page.goto(`${storeUrl}/checkout`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await page.locator('.CheckoutLine-name').first().waitFor(SLOW);
}

describe('customers and refunds', () => {
  it('finds the customer, refunds one line with restock from her order, and lists an abandoned checkout (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    // Both widths' shoppers need a rate: added once before they start (two finding none would both add one).
    await ensureShipping(contexts, storeUrl);
    // Analytics' refund count is the store's: each width's read, refund and check of it run while the other's
    // refunds wait, so the count moves by this width's refund alone.
    const counted = oneAtATime();
    await atBothWidths(async (width) => {
      const lastName = `Quill${RUN}${width}`;
      const email = `zoe-${RUN}-${width}@example.com`;
      const lamp = await createProduct(contexts, storeUrl, `Journey Lamp ${RUN} ${width}`, 3000, 5);
      const cup = await createProduct(contexts, storeUrl, `Journey Cup ${RUN} ${width}`, 1200, 5);
      try {
        // The shopper buys two lines.
        const shopper = await contexts.page(width);
        await openProduct(shopper.page, storeUrl, lamp.path);
        expect(await addToCart(shopper.page, lamp.id, 1)).toBe('Added!');
        await openProduct(shopper.page, storeUrl, cup.path);
        expect(await addToCart(shopper.page, cup.id, 2)).toBe('Added!');
        await openCheckout(shopper.page);
        expect(await shopper.page.locator('.CheckoutLine-name').count()).toBe(2);
        await fillCheckout(shopper.page, email);
        await shopper.page.fill('#checkout-firstName', 'Zoë');
        await shopper.page.fill('#checkout-lastName', lastName);
        await placeOrder(shopper.page);
        const orderNumber = ((await shopper.page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(
          /^Order /,
          '',
        );
        expect(await onSale(shopper.page, lamp.id)).toBe(4);

        // The Store manager finds her in Customers without typing the accent.
        const manager = await contexts.page(width);
        const page = manager.page;
        await signIn(page, storeUrl, ACCOUNTS.store);
        await openSection(page, 'Customers');
        await page.fill('#customer-search', `zoe ${lastName.toLowerCase()}`);
        await page.press('#customer-search', 'Enter');
        // Only her row once the search answers (the whole list, shown first, has the other width's customer too).
        await expect
          .poll(
            async () => (await page.locator('tbody tr').allInnerTexts()).filter((text) => text.includes(lastName)),
            SLOW,
          )
          .toEqual([expect.stringContaining(email)]);
        await expect.poll(() => page.locator('tbody tr').count(), SLOW).toBe(1);
        const row = page.locator('tbody tr', { hasText: email });
        expect(await row.innerText()).toContain(`Zoë ${lastName}`);
        expect(await row.innerText()).toContain(email);
        await shot(page, `customers-found-${width}`);

        await row.locator(`a:text-is("Zoë ${lastName}")`).click();
        await page.waitForSelector(`h1:text-is("Zoë ${lastName}")`, SLOW);
        expect(await page.locator('main').innerText()).toContain('No shopper account: orders placed as a guest.');
        await shot(page, `customers-profile-${width}`);
        await page.locator(`a:text-is("${orderNumber}")`).click();
        await page.waitForSelector(`h1:text-is("Order ${orderNumber}")`, SLOW);

        // The refund dialog, keyboard only: one lamp back into stock, no cups.
        const refundButton = page.locator('.PageHeader-actions button:text-is("Refund")');
        await refundButton.focus();
        await page.keyboard.press('Enter');
        const dialog = page.locator('dialog.RefundDialog');
        await dialog.waitFor(SLOW);
        const lampLine = dialog.locator('tbody tr', { hasText: 'Journey Lamp' });
        const cupLine = dialog.locator('tbody tr', { hasText: 'Journey Cup' });
        expect(await lampLine.locator('input[type="checkbox"]').isChecked()).toBe(true);
        await cupLine.locator('input[type="number"]').focus();
        await page.keyboard.press('Control+A');
        await page.keyboard.type('0');
        await expect.poll(() => dialog.locator('button[type="submit"]').textContent(), SLOW).toMatch(/^Refund \$\d/);
        const refundText = (await dialog.locator('button[type="submit"]').textContent()) ?? '';
        await shot(page, `customers-refund-dialog-${width}`);
        // Refunded: Analytics counts one refund more than before it.
        await counted(async () => {
          const refundsBefore = await refundsSoFar(page);
          await page.keyboard.press('Enter');
          await page.waitForSelector('.PageHeader .StatusLabel:text-is("Partially refunded")', SLOW);
          expect(await page.locator('.PageHeader .StatusLabel').first().textContent()).toBe('Paid');
          const refunds = page.locator('section[aria-labelledby="refunds-title"]');
          expect(await refunds.innerText()).toContain(refundText.replace(/^Refund /, ''));
          expect(await refunds.innerText()).toContain('restocked');
          expect(await refunds.innerText()).toMatch(/1 × Journey Lamp/);
          await shot(page, `customers-partially-refunded-${width}`);
          await openSection(page, 'Analytics');
          const refundsFigure = page.locator('.Figures > div', { has: page.locator('dt:text-is("Refunds")') });
          const count = refundsBefore + 1;
          await expect
            .poll(() => refundsFigure.locator('.Figures-note').textContent(), SLOW)
            .toBe(count === 1 ? '1 refund' : `${count} refunds`);
          await shot(page, `customers-analytics-${width}`);
        });

        // The shopper is told by email: the amount and the item.
        await expect
          .poll(
            async () => {
              await shopper.page.goto(`${storeUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
              return shopper.page.locator('.subject').allTextContents();
            },
            { timeout: 60_000, interval: 1000 },
          )
          .toContain(`Order ${orderNumber} partially refunded`);
        await shopper.page.locator('.subject', { hasText: 'partially refunded' }).first().click();
        await expect
          .poll(() => shopper.page.locator('pre').textContent(), SLOW)
          .toContain(`Refunded to your card: ${refundText.replace(/^Refund /, '')}`);
        expect(await shopper.page.locator('pre').textContent()).toContain(`1 × Journey Lamp ${RUN} ${width}`);
        await shot(shopper.page, `customers-refund-email-${width}`);

        // The storefront offers the lamp again.
        await expect.poll(() => onSale(shopper.page, lamp.id), SLOW).toBe(5);
        expect(await onSale(shopper.page, cup.id)).toBe(3);
        // A replayed refund (the same Idempotency-Key) refunds once.
        const { api, headers } = await merchantApi(contexts, storeUrl);
        const found = await api.get(`${storeUrl}/api/console/orders?q=${encodeURIComponent(email)}`);
        const orderId = ((await found.json()) as { orders: Order[] }).orders[0]?.id ?? '';
        const replay = {
          headers: { ...headers, 'Idempotency-Key': `journey-${RUN}-${width}` },
          data: { amountCents: 100 },
        };
        const [once, twice] = await counted(async () => [
          await api.post(`${storeUrl}/api/commerce/orders/${orderId}/refund`, replay),
          await api.post(`${storeUrl}/api/commerce/orders/${orderId}/refund`, replay),
        ]);
        expect([once.status(), twice.status()]).toEqual([200, 200]);
        expect(((await twice.json()) as { order: Order }).order.refunds).toHaveLength(2);

        // A second shopper fills in the checkout and leaves (a cup in her cart by the storefront's call).
        const leaving = await contexts.page(width);
        const leavingEmail = `leaving-${RUN}-${width}@example.com`;
        await cartHolding(leaving.page, storeUrl, cup.id);
        await openCheckout(leaving.page);
        await fillCheckout(leaving.page, leavingEmail);
        await leaving.page.close();
        await openSection(page, 'Orders');
        await page.locator('a:text-is("Abandoned checkouts")').click();
        await page.waitForSelector('h1:text-is("Abandoned checkouts")', SLOW);
        const abandoned = page.locator('tbody tr', { hasText: leavingEmail });
        await abandoned.waitFor(SLOW);
        expect(await abandoned.innerText()).toContain(`1 × Journey Cup ${RUN} ${width}`);
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await shot(page, `customers-abandoned-${width}`);
        expect(manager.errors).toEqual([]);

        // The Editor: no Customers, told so at its address, and 403 from the refund call.
        const editor = await contexts.page(width);
        await signIn(editor.page, storeUrl, ACCOUNTS.editor, '/config/customers');
        expect(await sidebarLinks(editor.page)).not.toContain('Customers');
        await editor.page.waitForSelector('h1:text-is("Customers")', SLOW);
        await expect
          .poll(() => editor.page.locator('main').innerText(), SLOW)
          .toContain('Your role does not allow this.');
        expect(await editor.page.locator('main').innerText()).not.toContain(email);
        const crumb = (await editor.page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
        const refused = await editor.page.request.post(`${storeUrl}/api/commerce/orders/${orderId}/refund`, {
          headers: { 'X-CSRF-Token': crumb, 'Idempotency-Key': `editor-${RUN}-${width}` },
          data: { amountCents: 100 },
        });
        expect(refused.status()).toBe(403);
        await shot(editor.page, `customers-editor-refused-${width}`);
      } finally {
        await deleteProduct(contexts, storeUrl, lamp.id);
        await deleteProduct(contexts, storeUrl, cup.id);
      }
    });
  });
});
