/**
 * Journey: the store's own words in its order emails (issue 33, "email templates the merchant can read and edit").
 * A merchant (the owner at 1366 px, the store manager at 375 px) opens Commerce → Emails, writes a message for the
 * order confirmation and one for the shipping confirmation, reads each in the email's preview, and saves; a shopper
 * buys at the same width; the merchant finds the order and marks it fulfilled with a tracking number; the shopper's
 * two emails in the store's mailbox carry each message under their first line, and only their own. A store of its
 * own: the messages go into every order email of the store. Screenshots in test-artifacts/journeys/order-email-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  addToCart,
  createProduct,
  ensureShipping,
  save,
  fillCheckout,
  JOURNEY_TIMEOUT,
  openEmail,
  openProduct,
  openSection,
  openSidebar,
  placeOrder,
  RUN,
  shot,
  signIn,
  SLOW,
  useContexts,
  useOwnStore,
} from './support';

const contexts = useContexts();
const store = useOwnStore();

/** The email's text once the mailbox shows it (`openEmail` opened it). */
async function emailText(page: Page): Promise<string> {
  const body = page.locator('pre');
  await body.waitFor(SLOW);
  return (await body.textContent()) ?? '';
}

describe('the order emails carry the store’s own message', () => {
  for (const [width, account] of [
    [1366, ACCOUNTS.owner],
    [375, ACCOUNTS.store],
  ] as const) {
    it(
      `a merchant writes the confirmation's and the shipping email's message; the shopper's emails carry them, at ${width} px`,
      async () => {
        const thanks = `Thank you for choosing us ${RUN} ${width}: every order is packed by hand.`;
        const shipped = `On its way ${RUN} ${width}: keep the box upright.`;
        const email = `emails-${RUN}-${width}@example.com`;
        await ensureShipping(contexts, store.url);
        const product = await createProduct(contexts, store.url, `Journey Vase ${RUN} ${width}`, 2400, 5);

        // The merchant writes both messages, reading them in each email's preview.
        const { page, errors } = await contexts.page(width);
        await signIn(page, store.url, account);
        await openSidebar(page);
        await page.locator('nav[aria-label="Console"] a', { hasText: 'Commerce' }).first().click();
        await page.waitForSelector('h1:text-is("Commerce · Store")', SLOW);
        await page.locator('nav[aria-label="Commerce settings"] a', { hasText: 'Emails' }).click();
        await page.waitForSelector('h1:text-is("Commerce · Emails")', SLOW);
        const confirmation = page.getByLabel('Message in the order confirmation email');
        await confirmation.waitFor(SLOW);
        await confirmation.fill(thanks);
        await page.getByLabel('Message in the shipping confirmation email').fill(shipped);
        const preview = page.locator('section[aria-labelledby="email-confirmed-title"] .EmailPreview');
        await expect.poll(() => preview.locator('.EmailPreview-message').textContent(), SLOW).toBe(thanks);
        expect(await preview.locator('.EmailPreview-subject').textContent()).toBe('Subject: Order #1001 confirmed');
        await save(page, 'Save emails');
        await shot(page, `order-email-console-${width}`);
        // Saved as the store keeps them: read back after a reload.
        await page.reload();
        await expect
          .poll(() => page.getByLabel('Message in the order confirmation email').inputValue(), SLOW)
          .toBe(thanks);

        // A shopper buys at the same width.
        const shopper = await contexts.page(width);
        await openProduct(shopper.page, store.url, product.path);
        expect(await addToCart(shopper.page, product.id, 1)).toBe('Added!');
        await shopper.page.goto(`${store.url}/checkout`);
        await fillCheckout(shopper.page, email);
        await placeOrder(shopper.page);
        const number = ((await shopper.page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(
          /^Order /,
          '',
        );
        expect(number).toMatch(/^#\d+$/);

        // The merchant finds the order and marks it fulfilled.
        await openSection(page, 'Orders');
        await page.fill('#order-search', email);
        await page.press('#order-search', 'Enter');
        await page.locator(`a:text-is("${number}")`).click();
        await page.waitForSelector(`h1:text-is("Order ${number}")`, SLOW);
        await page.fill('#tracking-number', `TRACK-${RUN}-${width}`);
        await page.getByRole('button', { name: 'Mark as fulfilled' }).click();
        await page.waitForSelector('.StatusLabel:text-is("Fulfilled")', SLOW);

        // The shopper's emails: each message under its first line, and only its own.
        await openEmail(shopper.page, store.url, email, `Order ${number} confirmed`);
        const confirmed = await emailText(shopper.page);
        expect(confirmed.startsWith(`Order ${number} confirmed.\n\n${thanks}\n\nPlaced on `)).toBe(true);
        expect(confirmed).not.toContain(shipped);
        await shot(shopper.page, `order-email-confirmed-${width}`);
        await openEmail(shopper.page, store.url, email, `Order ${number} has shipped`);
        const shipping = await emailText(shopper.page);
        expect(shipping.startsWith(`Order ${number} has shipped.\n\n${shipped}\n\n`)).toBe(true);
        expect(shipping).toContain(`TRACK-${RUN}-${width}`);
        expect(shipping).not.toContain(thanks);
        await shot(shopper.page, `order-email-shipped-${width}`);

        // Nothing sideways at a phone's width, on the console's form or in the email.
        for (const seen of [page, shopper.page])
          expect(await seen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(errors).toEqual([]);
        expect(shopper.errors).toEqual([]);
      },
      JOURNEY_TIMEOUT,
    );
  }
});
