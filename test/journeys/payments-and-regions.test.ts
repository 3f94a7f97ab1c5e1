/**
 * Journey: payments and regions (issue 33, points 2 and 3). The owner follows the Home checklist's "Set up
 * payments" to Commerce → Payments at 1366 px: the test-mode banner, Stripe's test keys saved with the secret
 * shown only by its last 4, instalments not offered, then back to the local test provider to try the store; the
 * checklist ticks it; a store manager is refused the screen; at 375 px it fits. Then a German merchant picks
 * Bavaria from the tax list and ships to Germany (at 375 px the rates list fits, each rate's places and price under
 * its name, its Edit and Delete in view), and a shopper at 375 px with a Bavarian address ('Bayern') pays
 * the 19 % and buys with the test card. Screenshots in test-artifacts/journeys/payments-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  addOneToCart,
  cartHolding,
  JOURNEY_TIMEOUT,
  openProduct,
  placeOrder,
  shot,
  signIn,
  SLOW,
  useContexts,
  save,
  useOwnStore,
} from './support';
import { TEST_MODE_BANNER } from '../../src/commerce/payment-mode';
import { overflowing } from './order-page';

const contexts = useContexts();

const store = useOwnStore();
const PK = 'pk_test_51FernFieldJourney00';
const SK = 'sk_test_51FernFieldJourneySecret7x9Q';

/**
 * A shopper at `width` px opens the checkout with a tote in the cart (added by the storefront's call: what this
 * journey checks is the checkout): the test-mode line it shows, once hydrated.
 */
async function checkoutTestMode(width: number, name: string): Promise<string | null> {
  const shopper = await contexts.page(width);
  await cartHolding(shopper.page, store.url, 'p-canvas-tote');
  await shopper.page.goto(`${store.url}/checkout`);
  const banner = shopper.page.locator('.Checkout-test-mode');
  await banner.waitFor(SLOW);
  await shot(shopper.page, name);
  return banner.textContent();
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('Payments and regions', () => {
  it(
    'the owner sets payments from the checklist: test mode shown, the Stripe secret only by its last 4; a store manager is refused',
    async () => {
      const started = Date.now();
      const { page, errors } = await contexts.page(1366);
      await signIn(page, store.url, ACCOUNTS.owner);
      await page.getByRole('link', { name: 'Set up payments' }).click();
      await page.waitForSelector('h1:text-is("Commerce · Payments")', SLOW);
      const banner = page.locator('.Payments-mode');
      await expect.poll(() => banner.textContent(), SLOW).toContain('Test mode: no real charges.');
      expect(await page.getByLabel('Local test provider').isChecked()).toBe(true);
      expect(await page.locator('[data-instalments]').textContent()).toContain('Not offered');

      // Stripe, keyboard only: a wrong key is refused beside its field, then the test keys are saved.
      await page.getByLabel('Stripe').focus();
      await page.keyboard.press('Space');
      await page.locator('#payments-publishable-key').waitFor(SLOW);
      await page.fill('#payments-publishable-key', 'sk_test_wrongfield');
      await page.fill('#payments-secret-key', SK);
      await page.getByRole('button', { name: 'Save payments' }).click();
      await expect
        .poll(() => page.locator('#payments-publishable-key-error').textContent(), SLOW)
        .toBe("Enter the publishable key: it starts with 'pk_test_' or 'pk_live_'");
      await page.fill('#payments-publishable-key', PK);
      await save(page, 'Save payments');
      await expect
        .poll(() => page.locator('#payments-secret-key-description').textContent(), SLOW)
        .toContain('Saved key ending in 7x9Q');
      expect(await page.inputValue('#payments-secret-key')).toBe('');
      // The masked password placeholder (engine spec §9, E125): the saved secret as dots and its last 4.
      expect(await page.getAttribute('#payments-secret-key', 'placeholder')).toBe('•••• 7x9Q');
      expect(await banner.textContent()).toContain('Test mode: no real charges.');
      expect(await page.content()).not.toContain(SK);
      await shot(page, 'payments-console-stripe-1366');
      // The shopper's checkout now runs on the store's Stripe test keys: it says so, in the console's words.
      expect(
        await Promise.all([
          checkoutTestMode(1366, 'payments-checkout-stripe-test-1366'),
          checkoutTestMode(375, 'payments-checkout-stripe-test-375'),
        ]),
      ).toEqual([TEST_MODE_BANNER, TEST_MODE_BANNER]);

      // Back to the local test provider while the store is tried out; the checklist reads it.
      await page.getByLabel('Local test provider').check();
      await save(page, 'Save payments');
      await page.goto(`${store.url}/config`);
      const item = page.locator('.SetupChecklist-items li[data-item="payments"]');
      await expect.poll(() => item.getAttribute('class'), SLOW).toBe('is-done');
      expect(errors).toEqual([]);
      // The local test provider is test mode too.
      expect(
        await Promise.all([
          checkoutTestMode(375, 'payments-checkout-local-test-375'),
          checkoutTestMode(1366, 'payments-checkout-local-test-1366'),
        ]),
      ).toEqual([TEST_MODE_BANNER, TEST_MODE_BANNER]);

      // At 375 px the screen fits; a store manager is told their role does not allow it.
      const phone = await contexts.page(375);
      await signIn(phone.page, store.url, ACCOUNTS.owner, '/config/commerce/payments');
      await phone.page.locator('.Payments-mode').waitFor(SLOW);
      expect(await overflows(phone.page)).toBe(false);
      await shot(phone.page, 'payments-console-375');
      const manager = await contexts.page(375);
      await signIn(manager.page, store.url, ACCOUNTS.store, '/config/commerce/payments');
      await expect
        .poll(() => manager.page.locator('main').textContent(), SLOW)
        .toContain('Your role does not allow this.');
      expect(await manager.page.locator('.SubNav a', { hasText: 'Payments' }).count()).toBe(0);
      await shot(manager.page, 'payments-console-store-manager-375');
      console.log(`payments journey: ${Math.round((Date.now() - started) / 1000)} s`);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a German merchant taxes Bavaria picked from the list; a shopper at 375 px with a Bavarian address pays it and buys',
    async () => {
      const started = Date.now();
      const { page, errors } = await contexts.page(1366);
      await signIn(page, store.url, ACCOUNTS.owner, '/config/commerce/taxes');
      await page.getByRole('button', { name: 'Add tax rate' }).click();
      await page.fill('#tax-name', 'Bavarian VAT');
      await page.fill('#tax-rate', '19');
      await page.selectOption('#tax-country', 'DE');
      await page.selectOption('#tax-region', { label: 'Bavaria' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const taxRow = page.locator('tr', { hasText: 'Bavarian VAT' });
      await expect.poll(() => taxRow.textContent(), SLOW).toContain('Bavaria, Germany');
      await shot(page, 'payments-console-bavaria-tax-1366');

      await page.goto(`${store.url}/config/commerce/shipping`);
      await page.getByRole('button', { name: 'Add shipping rate' }).click();
      await page.fill('#rate-name', 'DHL Germany');
      // Country first, then its regions: "All of Germany" is proposed; Bavaria could be added on its own.
      await page.selectOption('#rate-regions', 'DE');
      expect(await page.locator('#rate-regions-region option:checked').textContent()).toBe('All of Germany');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect.poll(() => page.locator('.PlacesPicker-place').allTextContents(), SLOW).toEqual(['GermanyRemove']);
      expect(await page.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
      await page.selectOption('#rate-regions-region', { label: 'Bavaria' });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect
        .poll(() => page.locator('.PlacesPicker-place').allTextContents(), SLOW)
        .toEqual(['GermanyRemove', 'Bavaria, GermanyRemove']);
      await shot(page, 'payments-console-country-region-1366');
      // Removed again from the keyboard: the whole country covers it.
      await page.getByRole('button', { name: 'Remove Bavaria, Germany' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.PlacesPicker-place').allTextContents(), SLOW).toEqual(['GermanyRemove']);
      // At 375 px the country and region selects stack and fit.
      const phone = await contexts.page(375);
      await signIn(phone.page, store.url, ACCOUNTS.owner, '/config/commerce/shipping');
      await phone.page.getByRole('button', { name: 'Add shipping rate' }).click();
      await phone.page.selectOption('#rate-regions', 'DE');
      await phone.page.selectOption('#rate-regions-region', { label: 'Bavaria' });
      expect(await overflows(phone.page)).toBe(false);
      await phone.page.locator('#rate-regions-region').scrollIntoViewIfNeeded();
      await shot(phone.page, 'payments-console-country-region-375');
      await page.fill('#rate-amount', '4.90');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.locator('tr', { hasText: 'DHL Germany' }).textContent(), SLOW).toContain('Germany');
      expect(await page.locator('tr', { hasText: 'DHL Germany' }).locator('td').first().textContent()).toBe('Germany');
      await shot(page, 'payments-console-shipping-rates-1366');
      expect(errors).toEqual([]);
      // At 375 px the rates fit: each one's places and price under its name, its Edit and Delete in view.
      await phone.page.getByRole('button', { name: 'Cancel' }).click();
      await phone.page.reload();
      const phoneRow = phone.page.locator('tr', { hasText: 'DHL Germany' });
      await phoneRow.waitFor(SLOW);
      expect((await phoneRow.innerText()).replace(/\s+/g, ' ')).toBe(
        'DHL Germany Ships to: Germany Price: $4.90 Free over: — Edit Delete',
      );
      expect(await overflowing(phone.page)).toEqual([]);
      for (const name of ['Edit DHL Germany', 'Delete DHL Germany']) {
        const button = await phone.page.getByRole('button', { name }).boundingBox();
        expect(button?.x, name).toBeGreaterThanOrEqual(0);
        expect((button?.x ?? 0) + (button?.width ?? Number.POSITIVE_INFINITY), name).toBeLessThanOrEqual(375);
      }
      await shot(phone.page, 'payments-console-shipping-rates-375');

      const shopper = await contexts.page(375);
      await openProduct(shopper.page, store.url, '/shop/p/canvas-tote');
      await addOneToCart(shopper.page);
      await shopper.page.goto(`${store.url}/checkout`);
      await shopper.page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      await shopper.page.fill('#checkout-email', 'bavaria-shopper@example.com');
      await shopper.page.selectOption('#checkout-countryCode', 'DE');
      await shopper.page.fill('#checkout-firstName', 'Anna');
      await shopper.page.fill('#checkout-lastName', 'Huber');
      await shopper.page.fill('#checkout-address1', 'Marienplatz 1');
      await shopper.page.fill('#checkout-city', 'München');
      await shopper.page.fill('#checkout-region', 'Bayern');
      await shopper.page.fill('#checkout-postalCode', '80331');
      await shopper.page.locator('#checkout-phone').focus();
      await expect
        .poll(() => shopper.page.locator('.Checkout-option-name').allTextContents(), SLOW)
        .toContain('DHL Germany');
      await shopper.page.locator('.Checkout-option', { hasText: 'DHL Germany' }).locator('input').check();
      const subtotal = Number(
        ((await shopper.page.locator('.CheckoutTotals-subtotal').textContent()) ?? '').replace(/[^\d.]/g, ''),
      );
      const tax = `$${(Math.round(subtotal * 100 * 0.19) / 100).toFixed(2)}`;
      await expect.poll(() => shopper.page.locator('.CheckoutTotals-tax').textContent(), SLOW).toBe(tax);
      await shopper.page.fill('#checkout-cardNumber', '4242424242424242');
      await shot(shopper.page, 'payments-storefront-checkout-bavaria-375');
      await placeOrder(shopper.page);
      expect(await shopper.page.locator('main').textContent()).toContain(tax);
      await shot(shopper.page, 'payments-storefront-order-bavaria-375');
      expect(shopper.errors).toEqual([]);
      console.log(`bavaria journey: ${Math.round((Date.now() - started) / 1000)} s`);
    },
    JOURNEY_TIMEOUT,
  );
});
