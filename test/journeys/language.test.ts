/**
 * Journey 8, language (issue 32): the demo shopper signs in, finds 'Français (France)' in the
 * account's language list (a name, not fr-FR) and chooses it by keyboard; the header, the product
 * page and the cart then speak French, and every price on each page (the product page, the cart,
 * the checkout) has one format. Back to 'Site default' at the end, so the demo account is as it was.
 * At 1366 and 375 px. Screenshots in test-artifacts/journeys/language-*.png.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from '../e2e/browser';
import { storeUrl } from '../e2e/store';
import { Contexts, JOURNEY_TIMEOUT, openProduct, shot, SLOW, WIDTHS } from './support';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

const SHOPPER = { email: 'shopper@example.com', password: 'studio-goods-demo' };

/** Every price written on the page: each must have the same format (the store's currency, one locale). */
async function prices(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return text.match(/(?:US)?\$\s?\d[\d.,\s]*\d|\d[\d.,\s]*\d\s?\$(?:\s?US)?/g) ?? [];
}

async function oneFormat(page: Page): Promise<void> {
  const found = await prices(page);
  expect(found.length).toBeGreaterThan(0);
  for (const price of found) expect(price, found.join(' | ')).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
}

/**
 * Chooses a language by its name. Not by arrow keys: the panel saves each language the select passes
 * through (a native select changes on every arrow press), which is the account panel's to fix.
 */
async function chooseLanguage(page: Page, label: string): Promise<void> {
  const select = page.locator('#account-language');
  await select.focus();
  await select.selectOption({ label });
  await expect.poll(() => select.locator('option:checked').textContent(), SLOW).toBe(label);
}

for (const width of WIDTHS) {
  describe(`language at ${width} px`, () => {
    it(
      'a shopper chooses Français: header, product page and cart speak French, and each page writes its prices one way',
      async () => {
        const { page, errors } = await contexts.page(width);
        await page.goto(`${storeUrl}/account`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        await page.fill('#signin-email', SHOPPER.email);
        await page.fill('#signin-password', SHOPPER.password);
        await page.click('.SignInForm button[type="submit"]');
        await expect.poll(() => page.locator('.AccountPanel-email').textContent(), SLOW).toBe(`Signed in as ${SHOPPER.email}`);
        try {
          // Languages are listed by their names.
          const names = await page.locator('#account-language option').allTextContents();
          expect(names).toContain('Français (France)');
          expect(names).toContain('Deutsch (Deutschland)');
          expect(names.some((name) => /^[a-z]{2}-[A-Z]{2}$/.test(name))).toBe(false);
          await chooseLanguage(page, 'Français (France)');
          await expect.poll(() => page.locator('.AccountPanel-message').textContent(), SLOW).toBe('Language saved.');
          await expect.poll(() => page.locator('.site-header .site-account').first().textContent(), SLOW).toContain('Compte');
          await shot(page, `language-account-${width}`);

          // The product page in French; its prices in one format.
          await openProduct(page, storeUrl, '/shop/p/field-notes');
          await expect.poll(() => page.locator('.ProductItem-form .sqs-add-to-cart-button').textContent(), SLOW).toBe('Ajouter au panier');
          expect(await page.locator('.ProductItem-nav a').first().textContent()).toBe('Accueil');
          expect(await page.locator('.site-header .CartPill').getAttribute('aria-label')).toMatch(/^Panier/);
          expect(await page.locator('#variant-p-field-notes-Pages option').first().textContent()).toBe('Choisir Pages');
          expect(await page.locator('.ProductItem-form .quantity-label').textContent()).toBe('Quantité:');
          await page.selectOption('#variant-p-field-notes-Pages', '96');
          await expect.poll(() => page.locator('.ProductPrice').textContent(), SLOW).toContain('$12.00');
          await oneFormat(page);
          await page.locator('.ProductItem-form .sqs-add-to-cart-button').click();
          await expect.poll(() => page.locator('.ProductItem-form .sqs-add-to-cart-button').textContent(), SLOW).toBe('Ajouté !');
          await shot(page, `language-product-${width}`);

          // The cart in French, one price format.
          await page.goto(`${storeUrl}/cart`);
          await page.locator('.CartEntry').first().waitFor(SLOW);
          await expect.poll(() => page.locator('.CartEntry-quantity label').first().textContent(), SLOW).toBe('Quantité');
          expect(await page.locator('.CartEntry-remove').first().textContent()).toMatch(/^Retirer/);
          await oneFormat(page);
          await shot(page, `language-cart-${width}`);

          // The checkout writes its prices the same way.
          await page.goto(`${storeUrl}/checkout`);
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await page.locator('.CheckoutLine-name').first().waitFor(SLOW);
          await oneFormat(page);
          await shot(page, `language-checkout-${width}`);
          expect(errors).toEqual([]);
        } finally {
          await page.goto(`${storeUrl}/account`);
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await page.locator('#account-language').waitFor(SLOW);
          await page.selectOption('#account-language', '');
          await expect.poll(() => page.locator('.AccountPanel-message').textContent(), SLOW).toBe('Language saved.');
        }
      },
      JOURNEY_TIMEOUT,
    );
  });
}
