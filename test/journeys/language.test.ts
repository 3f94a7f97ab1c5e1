/**
 * Journey 8, language (issue 32), from a shopper of its own: a French-speaking visitor opens the account page, switches
 * the store to 'Français (France)' (a name, not fr-FR), signs up in French and reads the French verification email in
 * the development mailbox, follows it and signs in; the product page, the cart, the checkout (countries, labels, its
 * messages) and the order confirmed page then speak French with one price format ('12,00 $US'); the order email in the
 * mailbox is French, its date and time in the store's time zone (America/New_York) and its prices as French writes them;
 * the account lists the order in French. No shared demo account: nothing is left for the next file to inherit.
 * At 1366 and 375 px side by side. Screenshots in test-artifacts/journeys/language-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EN } from '../../src/commerce/storefront-text/en';
import { FR } from '../../src/commerce/storefront-text/fr';
import { storeUrl } from '../e2e/store';
import {
  atBothWidths,
  ensureShipping,
  fillCheckout,
  JOURNEY_TIMEOUT,
  openProduct,
  RUN,
  shot,
  SLOW,
  openEmail,
  useContexts,
} from './support';

const contexts = useContexts();

const PASSWORD = 'tilleul-verger-27';

/** Opens the newest email to `to` whose subject starts with `subject` in the development mailbox; its text. */
async function readEmail(page: Page, to: string, subject: string, screenshot: string): Promise<string> {
  await openEmail(page, storeUrl, to, subject);
  await page.locator('pre').waitFor(SLOW);
  await shot(page, screenshot);
  return (await page.locator('pre').textContent()) ?? '';
}

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

describe('language', () => {
  it(
    'a French visitor switches the store to French, signs up and verifies in French, buys, reads the French order email and finds the order in the French account (1366 and 375 px)',
    async () => {
      await ensureShipping(contexts, storeUrl);
      await atBothWidths(async (width) => {
        const { page, errors } = await contexts.page(width);
        await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
        const email = `francais-${RUN}-${width}@example.com`;
        // A visitor with no account switches the store to French on the account page, by keyboard.
        await page.goto(`${storeUrl}/account`);
        await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
        await page.locator('#visitor-language').waitFor(SLOW);
        const names = await page.locator('#visitor-language option').allTextContents();
        expect(names).toContain('Français (France)');
        expect(names).toContain('Deutsch (Deutschland)');
        expect(names.some((name) => /^[a-z]{2}-[A-Z]{2}$/.test(name))).toBe(false);
        const visitorSelect = page.locator('#visitor-language');
        await visitorSelect.focus();
        await visitorSelect.selectOption({ label: 'Français (France)' });
        await expect.poll(() => page.evaluate('document.documentElement.lang'), SLOW).toBe('fr-FR');
        await expect.poll(() => page.locator('#signin-title').textContent(), SLOW).toBe('Se connecter');
        await expect
          .poll(() => page.locator('.site-header .site-account').first().textContent(), SLOW)
          .toContain('Compte');
        await shot(page, `language-visitor-${width}`);
        {
          // Sign up in French: the form, its messages and the verification email.
          await page.getByRole('button', { name: 'Créer un compte' }).click();
          await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe('signup-email');
          await page.keyboard.type(email);
          await page.fill('#signup-password', 'court');
          await page.click('.AccountPanel-form button[type="submit"]');
          await expect
            .poll(() => page.locator('#signup-password-error').textContent(), SLOW)
            .toBe('Utilisez au moins 10 caractères pour votre mot de passe.');
          expect(await page.locator('#signup-password-hint').textContent()).toMatch(/^Au moins 10 caractères/);
          await page.fill('#signup-password', PASSWORD);
          await page.click('.AccountPanel-form button[type="submit"]');
          await expect
            .poll(() => page.locator('.AccountPanel-status').textContent(), SLOW)
            .toMatch(/^Consultez vos e-mails/);
          await shot(page, `language-signed-up-${width}`);
          const verification = await readEmail(
            page,
            email,
            'Confirmez votre adresse e-mail',
            `language-mailbox-verify-${width}`,
          );
          expect(verification).toContain('Ouvrez ce lien pour confirmer votre adresse e-mail :');
          await page.locator('pre a').first().click();
          await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
          await expect
            .poll(() => page.locator('.AccountPanel-status').textContent(), SLOW)
            .toBe('Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.');
          await page.fill('#signin-email', email);
          await page.fill('#signin-password', PASSWORD);
          await page.click('.SignInForm button[type="submit"]');
          await expect
            .poll(() => page.locator('.AccountPanel-email').textContent(), SLOW)
            .toBe(`Connecté en tant que ${email}`);
          // The account kept the language it was made in.
          expect(await page.locator('#account-language').inputValue()).toBe('fr-FR');
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
          await fillCheckout(page, email);
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

          // The order email in French: its subject, its date and time in the store's zone, its prices as French writes them.
          const orderNumber = ((await page.locator('.OrderConfirmation-number').textContent()) ?? '').replace(
            /\D/g,
            '',
          );
          const orderEmail = await readEmail(
            page,
            email,
            `Commande n° ${orderNumber} confirmée`,
            `language-mailbox-order-${width}`,
          );
          expect(orderEmail).toMatch(/Passée le \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2} UTC−[45]/);
          expect(orderEmail).toMatch(/Total : \d{1,3}(\u202f\d{3})*,\d{2}\u00a0\$US/);
          expect(orderEmail).not.toContain('$1');

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
          // A subscription's button keeps the store's default words, in French too.
          await page.goto(`${storeUrl}/shop`);
          const subscribe = page
            .locator('.ProductCard', { hasText: 'Coffee Subscription' })
            .locator('.sqs-add-to-cart-button');
          await expect.poll(() => subscribe.textContent(), SLOW).toBe('S’abonner');
          expect(await englishLeft(page)).toEqual([]);
          expect(errors).toEqual([]);
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
