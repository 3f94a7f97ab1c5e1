/**
 * Journey 8, language (issue 32): the pages around the shop in a French visitor's language. A visitor with no cart
 * chooses French on the account page; a journal post (a page whose only island is the header's cart link, which is
 * then not hydrated) names its cart link 'Panier' to the eye and 'Panier, vide' to a screen reader, and the journal's
 * own words (author line, previous and next post, Read more) and dates are French; the cart page is headed and its tab
 * titled 'Panier', the checkout page 'Paiement'; a download link that gives no file says why in French; a missing page's
 * tab is titled 'Page introuvable · Studio Goods'; and when the store fails on the shop page (a bug injected into the
 * content reads while the shopper sorts the shop: a list no one asked for yet, so no kept copy answers it), its 500 page is French: `<html lang>`, its tab title, its heading, and a home link that works by
 * keyboard. The store is this file's own, started on the soak benchmark's worker (bench/soak-worker.ts: the
 * production worker with its fault control call, development only), so no other file's store ever fails.
 * At 1366 and 375 px. Screenshots in test-artifacts/journeys/system-pages-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStore } from '../../scripts/local-store.mjs';
import type { Fault } from '../../src/faults';
import { chooseLanguage, JOURNEY_TIMEOUT, shot, SLOW, useContexts, WIDTHS } from './support';

const contexts = useContexts();
let store: Awaited<ReturnType<typeof startLocalStore>>;

beforeAll(async () => {
  store = await startLocalStore({ entry: 'bench/soak-worker.ts' });
}, 300_000);
afterAll(() => store?.stop());

/** Switches the store's injected faults to `faults` (none: []). */
async function setFaults(faults: Fault[]): Promise<void> {
  const res = await fetch(`${store.url}/__soak/faults`, { method: 'PUT', body: JSON.stringify(faults) });
  expect(res.status).toBe(200);
}
afterEach(() => setFaults([]));

/** The page fits the screen's width (nothing to scroll sideways). */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

const FRENCH_MONTHS = 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' ');

/** A journal date (`<time datetime="YYYY-MM-DD">`) written as French writes it: '28 novembre 2026' (the 1st: '1' or '1er'). */
async function expectFrenchDate(time: Locator): Promise<void> {
  const [year, month, day] = ((await time.getAttribute('datetime')) ?? '').split('-').map(Number);
  const french = new RegExp(`^${day}${day === 1 ? '(er)?' : ''} ${FRENCH_MONTHS[(month ?? 0) - 1]} ${year}$`);
  await expect.poll(() => time.textContent(), SLOW).toMatch(french);
}

for (const width of WIDTHS) {
  describe(`the pages around the shop in French at ${width} px`, () => {
    it(
      'names the cart link with no cart, heads the cart and checkout pages, says why a download gives no file, titles the missing page, and shows the failed shop page in French with a way home',
      async () => {
        const { page, errors } = await contexts.page(width);
        await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
        await chooseLanguage(page, store.url, 'Français (France)');

        // A page whose only island is the cart link: not hydrated (no cart, no React), and still French.
        await page.goto(`${store.url}/blog/linen-care`);
        const pill = page.locator('.site-header .CartPill');
        await expect.poll(() => pill.textContent(), SLOW).toMatch(/^Panier\s/);
        expect(await pill.getAttribute('aria-label')).toBe('Panier, vide');
        expect(await page.locator('[data-island="CartPill"]').getAttribute('data-hydrated')).toBeNull();
        // The journal's own words on that page: its author line, the links to the other posts and their landmark.
        expect(await page.locator('.Blog-meta-author').textContent()).toMatch(/^par \S/);
        const postLabels = await page.locator('.PostNav-label').allTextContents();
        expect(postLabels.length).toBeGreaterThan(0);
        for (const label of postLabels) expect(label).toMatch(/^Article (précédent|suivant)$/);
        expect(await page.locator('.PostNav').getAttribute('aria-label')).toBe('Autres articles');
        await expectFrenchDate(page.locator('.BlogItem-header time'));
        await shot(page, `system-pages-cart-link-${width}`);
        // The journal's list: each card's Read more, named for a screen reader by what it shows and the post's title.
        await page.goto(`${store.url}/blog`);
        const readMore = page.locator('.PostCard-more').first();
        await expect.poll(() => readMore.locator('[data-text]').textContent(), SLOW).toBe('Lire la suite');
        await expectFrenchDate(page.locator('.PostCard .Blog-meta time').first());
        await page
          .getByRole('link', { name: /^Lire la suite ?: \S/ })
          .first()
          .waitFor(SLOW);

        // The cart page, with no cart: its heading and its tab's title.
        await page.goto(`${store.url}/cart`);
        await expect.poll(() => page.locator('#cart-title').textContent(), SLOW).toBe('Panier');
        await expect.poll(() => page.title(), SLOW).toBe('Panier · Studio Goods');
        // The checkout page: its heading and its tab's title.
        await page.goto(`${store.url}/checkout`);
        await expect.poll(() => page.locator('#checkout-title').textContent(), SLOW).toBe('Paiement');
        await expect.poll(() => page.title(), SLOW).toBe('Paiement · Studio Goods');

        // A download link that gives no file: the page saying why.
        const refused = await page.goto(`${store.url}/downloads/inconnu`);
        expect(refused?.status()).toBe(404);
        await expect.poll(() => page.locator('main h1').textContent(), SLOW).toBe('Téléchargement indisponible');
        expect(await page.locator('main p').textContent()).toBe(
          'Ce lien de téléchargement n’est pas valide. Vérifiez le lien dans l’e-mail de votre commande.',
        );
        expect(await page.locator('main nav a').allTextContents()).toEqual(['Vos commandes', 'Continuer vos achats']);
        expect(await page.title()).toBe('Téléchargement indisponible · Studio Goods');
        await fitsWidth(page, width);
        await shot(page, `system-pages-download-${width}`);

        // A missing page: its heading and its tab's title.
        const missing = await page.goto(`${store.url}/rien-ici-${width}`);
        expect(missing?.status()).toBe(404);
        await expect.poll(() => page.locator('.NotFound h1').textContent(), SLOW).toBe('Page introuvable');
        await expect.poll(() => page.title(), SLOW).toBe('Page introuvable · Studio Goods');
        await fitsWidth(page, width);
        await shot(page, `system-pages-404-${width}`);

        // The shop, sorted by price, fails as a bug of ours would: the store's 500 page, in French. A page the store
        // keeps is answered without reading the content (the store's start rendered /shop, kept for its stock slot),
        // so the shopper asks for a list no one asked for yet: only its render reads the content, and meets the bug.
        const sorted = `/shop?sort=${width === WIDTHS[0] ? 'price-asc' : 'price-desc'}`;
        await setFaults([{ target: 'durable-object', mode: 'bug', name: 'CONTENT' }]);
        const failed = await page.goto(`${store.url}${sorted}`);
        expect({ status: failed?.status(), kept: failed?.headers()['x-page-cache'] }).toEqual({
          status: 500,
          kept: undefined,
        });
        expect(await (await fetch(`${store.url}/__soak/faults`)).json()).toMatchObject({
          'durable-object:bug': expect.any(Number),
        });
        await expect.poll(() => page.locator('main h1').textContent(), SLOW).toBe('Une erreur s’est produite');
        expect(await page.evaluate('document.documentElement.lang')).toBe('fr-FR');
        await expect.poll(() => page.title(), SLOW).toBe('Une erreur s’est produite · Studio Goods');
        expect(await page.locator('main h1 + p').textContent()).toBe(
          'Cette page n’a pas pu être affichée. Veuillez réessayer dans un instant.',
        );
        expect(await page.locator('.skip-link').textContent()).toBe('Aller au contenu');
        const again = page.getByRole('link', { name: 'Réessayer' });
        expect(await again.getAttribute('href')).toBe(sorted);
        await fitsWidth(page, width);
        await shot(page, `system-pages-500-${width}`);

        // The store is back; the shopper goes home by keyboard.
        await setFaults([]);
        const home = page.getByRole('link', { name: 'Page d’accueil' });
        for (let tabs = 0; tabs < 6 && !(await home.evaluate((link) => link === document.activeElement)); tabs++)
          await page.keyboard.press('Tab');
        expect(await home.evaluate((link) => link === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await page.waitForURL(`${store.url}/`, SLOW);
        await expect.poll(() => page.locator('.site-header .site-account').textContent(), SLOW).toBe('Compte');
        expect(errors).toEqual([]);
      },
      JOURNEY_TIMEOUT,
    );
  });
}
