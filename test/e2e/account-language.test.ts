/**
 * A signed-in shopper's language in Chromium (storefront spec §7): the locale call is sent only for
 * languages that are not the translation plugin's own, the chosen language becomes the page's
 * `<html lang>` and the language of the store's own texts on every page (prices keep the page's
 * one format), and 'Site default' clears it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useChromium } from './browser';
import { holdRequests } from './held-requests';
import { merchantRequests } from './merchant-session';
import { storeUrl } from './store';
import { afterNextPaint } from './pages';
import { signUpShopper } from '../journeys/support';

const browser = useChromium();
const OWNER = { email: 'owner@example.com', password: 'studio-goods-owner' };

/** The owner's calls (the session kept for the run) while a test has connected translations, undone after it. */
let owner: Awaited<ReturnType<typeof merchantRequests>> | undefined;
// The test's contexts are left to useChromium's hook, which runs after this one: a failed test's pages are saved
// then. A context the test closed itself (in a finally) was closed before the failure was known, and nothing was saved.
afterEach(async () => {
  try {
    await owner?.api.delete(`${storeUrl}/api/multilingual/connection`, { headers: owner.headers });
  } finally {
    await owner?.api.dispose();
    owner = undefined;
  }
});

describe("the signed-in account's language", () => {
  it('calls the locale API only outside the translation languages, and the store follows the choice', {
    timeout: 180_000,
  }, async () => {
    owner = await merchantRequests(OWNER);
    expect(
      (
        await owner.api.put(`${storeUrl}/api/multilingual/languages`, {
          data: { languages: ['de-DE'] },
          headers: owner.headers,
        })
      ).status(),
    ).toBe(200);
    const page = await (await browser().newContext()).newPage();
    const localeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/site-users/account/locale')) localeCalls.push(request.postData() ?? '');
    });
    // A shopper of the test's own (signed up, verified and signed in): the shared demo account's language would be
    // another file's leftovers.
    const email = `language-${Date.now().toString(36)}@example.com`;
    await signUpShopper(page, storeUrl, email, 'linden-orchard-41');
    await expect.poll(() => page.locator('.AccountPanel-email').textContent()).toBe(`Signed in as ${email}`);
    // The first save answers late: the shopper picks the plugin's language meanwhile, and the late
    // answer must not take the page back to the site's language (a loaded CI machine did that).
    const release = await holdRequests(page, '**/api/site-users/account/locale');
    await page.selectOption('#account-language', '');
    await expect.poll(() => localeCalls.length).toBe(1);

    // The translation plugin's own language: the plugin serves it, no locale call.
    await page.selectOption('#account-language', 'de-DE');
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('de-DE');
    // Its answer is awaited from its release (held until then): the wait's 30 s are the answer's alone, not the steps
    // above too.
    const lateAnswer = page.waitForResponse('**/api/site-users/account/locale');
    release();
    // The page has the late answer whole; the panel then has until the next paints to (wrongly) act on it.
    await (await lateAnswer).finished();
    await afterNextPaint(page);
    expect(await page.evaluate('document.documentElement.lang')).toBe('de-DE');
    expect(await page.locator('#account-language').inputValue()).toBe('de-DE');
    expect(localeCalls).toHaveLength(1);
    await page.unroute('**/api/site-users/account/locale');

    // Any other language goes to the account, and the store speaks it.
    await page.selectOption('#account-language', 'fr-FR');
    await expect.poll(() => page.locator('.AccountPanel-message').textContent()).toBe('Langue enregistrée.');
    expect(localeCalls.map((body) => JSON.parse(body) as unknown)).toEqual([{ language: null }, { language: 'fr-FR' }]);
    await page.goto(`${storeUrl}/shop/p/field-notes`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('fr-FR');
    // The store's texts speak French, and its prices are written the French way (one format on the page).
    await expect
      .poll(() => page.locator('.ProductItem-form .sqs-add-to-cart-button').textContent())
      .toBe('Ajouter au panier');
    await page.selectOption('#variant-p-field-notes-Pages', '96');
    await expect.poll(() => page.locator('.ProductPrice').textContent()).toMatch(/12,00\s\$US/);

    // 'Site default' clears it: the site's language again.
    await page.goto(`${storeUrl}/account`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await expect.poll(() => page.locator('#account-language').inputValue()).toBe('fr-FR');
    await page.selectOption('#account-language', '');
    await expect.poll(() => page.locator('.AccountPanel-message').textContent()).toBe('Language saved.');
    expect(JSON.parse(localeCalls.at(-1) ?? '{}')).toEqual({ language: null });
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('en-US');
    await page.goto(`${storeUrl}/shop/p/field-notes`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await page.selectOption('#variant-p-field-notes-Pages', '96');
    await expect.poll(() => page.locator('.ProductPrice').textContent()).toContain('$12.00');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en-US');
  });
});
