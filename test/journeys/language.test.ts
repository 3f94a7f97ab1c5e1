/**
 * Journey 8, language (issue 32): the demo shopper signs in, finds 'Français (France)' in the
 * account's language list (a name, not fr-FR) and chooses it by keyboard; the header, the product
 * page, the cart (its totals too), the checkout (headings, section titles, Place order, its messages), the order
 * confirmed page after paying, and the shop's sort and filter controls and quick add then speak French: no English
 * text of the storefront's catalogue is left on those pages, and every price on each page (the product page, the
 * cart, the checkout, the confirmation, the shop) has one format, the store's dollars as French writes them ('12,00 $US'),
 * the template's prices as the islands'; the checkout names countries in French. Back to 'Site default' at the end, so the
 * demo account is as it was.
 * At 1366 and 375 px. Screenshots in test-artifacts/journeys/language-*.png.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from '../e2e/browser';
import { EN } from '../../src/commerce/storefront-text/en';
import { FR } from '../../src/commerce/storefront-text/fr';
import { storeUrl } from '../e2e/store';
import { Contexts, ensureShipping, fillCheckout, JOURNEY_TIMEOUT, openProduct, shot, SLOW, WIDTHS } from './support';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

const SHOPPER = { email: 'shopper@example.com', password: 'studio-goods-demo' };

/** Every price written on the page, in French ('12,00 $US') or English ('$12.00') form. */
async function prices(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return text.match(/\d{1,3}(?:[\s.]\d{3})*,\d{2}\s?\$(?:\s?US)?|(?:US)?\$\s?\d[\d.,]*\d/g) ?? [];
}

/** As French writes the store's dollars: '12,00 $US', '1 234,00 $US' (narrow no-break spaces). */
const FRENCH_PRICE = /^\d{1,3}(\u202f\d{3})*,\d{2}\u00a0\$US$/;

/** Every price on the page has one format: the store currency as the page's language (French) writes it. */
async function oneFormat(page: Page): Promise<void> {
  const found = await prices(page);
  expect(found.length).toBeGreaterThan(0);
  for (const price of found) expect(price, found.join(' | ')).toMatch(FRENCH_PRICE);
}

/** The storefront's English texts (those French writes differently, longer than a word) that the page's main part shows. */
async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return (Object.keys(EN) as (keyof typeof EN)[])
    .map((key) => EN[key].split('{')[0]?.trim() ?? '')
    .filter((english, index, all) => english.length > 8 && all.indexOf(english) === index)
    .filter((english) => !Object.values(FR).some((french) => french.includes(english)) && text.includes(english));
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
      'a shopper chooses Français: header, product page, cart totals and checkout speak French, and each page writes its prices one way',
      async () => {
        await ensureShipping(contexts, storeUrl);
        const { page, errors } = await contexts.page(width);
        await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
        await page.goto(`${storeUrl}/account`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        await page.fill('#signin-email', SHOPPER.email);
        await page.fill('#signin-password', SHOPPER.password);
        await page.click('.SignInForm button[type="submit"]');
        await expect
          .poll(() => page.locator('.AccountPanel-email').textContent(), SLOW)
          .toBe(`Signed in as ${SHOPPER.email}`);
        try {
          // Languages are listed by their names.
          const names = await page.locator('#account-language option').allTextContents();
          expect(names).toContain('Français (France)');
          expect(names).toContain('Deutsch (Deutschland)');
          expect(names.some((name) => /^[a-z]{2}-[A-Z]{2}$/.test(name))).toBe(false);
          await chooseLanguage(page, 'Français (France)');
          await expect.poll(() => page.locator('.AccountPanel-message').textContent(), SLOW).toBe('Language saved.');
          await expect
            .poll(() => page.locator('.site-header .site-account').first().textContent(), SLOW)
            .toContain('Compte');
          await shot(page, `language-account-${width}`);

          // The product page in French; its prices in one format.
          await openProduct(page, storeUrl, '/shop/p/field-notes');
          await expect
            .poll(() => page.locator('.ProductItem-form .sqs-add-to-cart-button').textContent(), SLOW)
            .toBe('Ajouter au panier');
          expect(await page.locator('.ProductItem-nav a').first().textContent()).toBe('Accueil');
          expect(await page.locator('.site-header .CartPill').getAttribute('aria-label')).toMatch(/^Panier/);
          expect(await page.locator('#variant-p-field-notes-Pages option').first().textContent()).toBe('Choisir Pages');
          expect(await page.locator('.ProductItem-form .quantity-label').textContent()).toBe('Quantité:');
          // The template's price block and the related products' prices too, before any choice.
          await expect.poll(() => prices(page), SLOW).not.toContainEqual(expect.stringMatching(/^\$/));
          await oneFormat(page);
          await page.selectOption('#variant-p-field-notes-Pages', '96');
          await expect.poll(() => page.locator('.ProductPrice').textContent(), SLOW).toMatch(/12,00\s\$US/);
          await oneFormat(page);
          await page.locator('.ProductItem-form .sqs-add-to-cart-button').click();
          await expect
            .poll(() => page.locator('.ProductItem-form .sqs-add-to-cart-button').textContent(), SLOW)
            .toBe('Ajouté !');
          await shot(page, `language-product-${width}`);

          // The cart in French, one price format.
          await page.goto(`${storeUrl}/cart`);
          await page.locator('.CartEntry').first().waitFor(SLOW);
          await expect
            .poll(() => page.locator('.CartEntry-quantity label').first().textContent(), SLOW)
            .toBe('Quantité');
          expect(await page.locator('.CartEntry-remove').first().textContent()).toMatch(/^Retirer/);
          // Its totals and the way to checkout in French too.
          await expect
            .poll(() => page.locator('.CartPage-totals dt').allTextContents(), SLOW)
            .toEqual(expect.arrayContaining(['Sous-total', 'Total']));
          expect(await page.locator('.CartPage-checkout').textContent()).toBe('Passer au paiement');
          await oneFormat(page);
          await shot(page, `language-cart-${width}`);

          // The checkout writes its prices the same way.
          await page.goto(`${storeUrl}/checkout`);
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await page.locator('.CheckoutLine-name').first().waitFor(SLOW);
          // Its headings, section titles, totals and Place order are French.
          await expect
            .poll(() => page.locator('#checkout-summary-title').textContent(), SLOW)
            .toBe('Récapitulatif de la commande');
          expect(await page.locator('#checkout-title').textContent()).toBe('Paiement');
          expect(await page.locator('.Checkout-section legend').allTextContents()).toEqual(
            expect.arrayContaining(['Adresse de livraison', 'Mode de livraison', 'Paiement']),
          );
          expect(await page.locator('.CheckoutTotals dt').first().textContent()).toBe('Sous-total');
          expect(await page.locator('.CheckoutTotals-total-label').textContent()).toBe('Total');
          expect(await page.locator('.Checkout-button').textContent()).toMatch(/^Passer la commande/);
          await oneFormat(page);
          // Countries by their French names (the runtime's, not a hand list).
          const countries = await page.locator('#checkout-countryCode option').allTextContents();
          expect(countries).toEqual(expect.arrayContaining(['États-Unis', 'Allemagne', 'Royaume-Uni', 'Espagne']));
          expect(countries).not.toContain('Germany');
          // The address fields' labels too (the United States' State and Zip in French).
          expect(await page.locator('.CheckoutAddress label').allTextContents()).toEqual(
            expect.arrayContaining(['Prénom', 'Nom', 'Adresse', 'Ville', 'État', 'Code postal', 'Pays']),
          );
          await shot(page, `language-checkout-${width}`);
          // Its own messages too: Place order with no address says what is missing in French.
          await page.locator('.Checkout-button').click();
          await expect.poll(() => page.locator('#checkout-firstName-error').textContent(), SLOW).toBe('Obligatoire');
          expect(await page.locator('.Checkout-message').textContent()).toBe(
            'Complétez ou corrigez les informations ci-dessus',
          );
          await shot(page, `language-checkout-messages-${width}`);
          expect(await englishLeft(page)).toEqual([]);

          // The purchase itself, and the order confirmed page in French with one price format.
          await fillCheckout(page, SHOPPER.email);
          await page.locator('.Checkout-button').click();
          await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
          await page.waitForSelector('.OrderConfirmation-number', SLOW);
          await expect.poll(() => page.locator('h1').textContent(), SLOW).toBe('Commande confirmée');
          await expect
            .poll(() => page.locator('.OrderConfirmation-number').textContent(), SLOW)
            .toMatch(/^Commande #\d+$/);
          expect(await page.locator('#order-items').textContent()).toBe('Votre commande');
          expect(await page.locator('#order-shipping').textContent()).toBe('Livraison à');
          expect(await page.locator('.OrderConfirmation-charged').textContent()).toMatch(/^Débité sur votre carte : /);
          expect(await englishLeft(page)).toEqual([]);
          await oneFormat(page);
          await shot(page, `language-order-confirmed-${width}`);

          // The account's order history writes that order's total in French, and a saved address's country by its French name.
          await page.goto(`${storeUrl}/account`);
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await page.locator('.AccountOrder-total').first().waitFor(SLOW);
          expect(await page.locator('.AccountOrder-total').first().textContent()).toMatch(FRENCH_PRICE);
          // Its sections, the order's status and the address buttons in French.
          await expect.poll(() => page.locator('#account-orders').textContent(), SLOW).toBe('Commandes');
          expect(await page.locator('#account-addresses').textContent()).toBe('Adresses');
          expect(await page.locator('.AccountOrder-status').first().textContent()).toBe('Payée');
          // A saved address in Germany reads 'Allemagne' (deleted again: the demo account stays as it was).
          await page.getByRole('button', { name: 'Ajouter une adresse' }).click();
          await page.fill('#checkout-firstName', 'Ada');
          await page.fill('#checkout-lastName', 'Lovelace');
          await page.fill('#checkout-address1', '7 Unter den Linden');
          await page.fill('#checkout-city', 'Berlin');
          await page.selectOption('#checkout-countryCode', { label: 'Allemagne' });
          await page.fill('#checkout-postalCode', '10117');
          await page.click('.AccountAddressForm button[type="submit"]');
          const saved = page.locator('.AccountAddress', { hasText: '7 Unter den Linden' });
          await expect.poll(() => saved.locator('address').textContent(), SLOW).toContain('Allemagne');
          expect(await page.locator('.AccountAddresses-status').textContent()).toBe('Adresse enregistrée.');
          await shot(page, `language-order-history-${width}`);
          await saved.getByRole('button', { name: 'Delete the address at 7 Unter den Linden' }).click();
          await saved.waitFor({ state: 'detached', ...SLOW });

          // The search page in French.
          await page.goto(`${storeUrl}/search?q=mug`);
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await expect.poll(() => page.locator('#search-title').textContent(), SLOW).toBe('Résultats pour “mug”');
          expect(await page.locator('.SearchPage-count').textContent()).toMatch(/^\d+ résultats? pour “mug”$/);
          expect(await page.locator('.SearchResult-kind').first().textContent()).toBe('Produit');
          expect(await englishLeft(page)).toEqual([]);
          await shot(page, `language-search-${width}`);

          // The shop's sort and filter controls and a card's quick add in French.
          await page.goto(`${storeUrl}/shop?tag=clothing`);
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await expect.poll(() => page.locator('label[for="listing-sort"]').textContent(), SLOW).toBe('Trier par');
          expect(await page.locator('#listing-sort option').first().textContent()).toBe('Nouveautés');
          expect(await page.locator('.ActiveFilters-clear').textContent()).toBe('Tout effacer');
          expect(await page.locator('.ProductList-count').textContent()).toMatch(/^\d+ produits?$/);
          expect(await page.locator('.ListingControls-filter legend').allTextContents()).toContain('Étiquettes');
          expect(await page.locator('.ActiveFilters .Chip--remove').first().textContent()).toMatch(
            /^Étiquette: clothing/,
          );
          expect(await englishLeft(page)).toEqual([]);
          // The cards' template prices are French too.
          await expect.poll(() => prices(page), SLOW).not.toContainEqual(expect.stringMatching(/^\$/));
          await oneFormat(page);
          await page.locator('.ProductCard', { hasText: 'Linen Shirt' }).locator('.sqs-add-to-cart-button').click();
          const dialog = page.locator('[role="dialog"].QuickAdd');
          await dialog.waitFor(SLOW);
          expect(await dialog.locator('.Dialog-actions button').allTextContents()).toEqual([
            'Annuler',
            'Ajouter au panier',
          ]);
          await shot(page, `language-quick-add-${width}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached', ...SLOW });
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
