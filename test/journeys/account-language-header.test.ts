/**
 * Journey 8, language (issue 32): a signed-in shopper whose account's language is not the site's sees the header in
 * it from the first paint of every page, not English first and the account's words once the session call answered.
 * A shopper of its own signs up, picks Français (France) for the account on /account, and opens the shop: every frame
 * the browser drew of the header says 'Compte' (and the phone menu 'Menu'), never 'Account'. The shopper switches the
 * account to Español de España and opens the journal: 'Cuenta' (and 'Menú') from the first frame. After signing out,
 * a journal post's header is the site's English again from the first frame (the account's language stays with the
 * account). At 1366 and 375 px. Screenshots in test-artifacts/journeys/account-language-header-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterNextPaint } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import { JOURNEY_TIMEOUT, RUN, SLOW, shot, signUpShopper, useContexts, WIDTHS } from './support';

const contexts = useContexts();

/**
 * From each page's start, the header's Account and Menu words as each animation frame finds them, once they change:
 * what the browser paints (frames before the header is parsed are left out).
 */
async function recordHeaderFrames(context: BrowserContext): Promise<void> {
  await context.addInitScript(`{
    const frames = (window.headerFrames = []);
    const frame = () => {
      const account = document.querySelector('.site-header .site-account');
      const menu = document.querySelector('.site-header .site-menu-button');
      const words = account === null || menu === null ? null : account.textContent + ' / ' + menu.textContent;
      if (words !== null && words !== frames.at(-1)) frames.push(words);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }`);
}

/**
 * Opens `path` and answers the header's words of the frames drawn until the page has loaded and is in `lang` (a
 * signed-in page once the session call answered), then, for a page in another language than the site's, until the
 * page's own words are too (the `settled` element shows its translation), and two more frames were drawn.
 */
async function headerFramesOf(
  page: Page,
  path: string,
  lang: string,
  settled?: { selector: string; text: string },
): Promise<string[]> {
  await page.goto(`${storeUrl}${path}`);
  await expect
    .poll(() => page.evaluate('document.readyState + " " + document.documentElement.lang'), SLOW)
    .toBe(`complete ${lang}`);
  if (settled !== undefined)
    await expect.poll(() => page.locator(settled.selector).first().textContent(), SLOW).toBe(settled.text);
  await afterNextPaint(page);
  return page.evaluate<string[]>('window.headerFrames');
}

/** On /account, signed in: the account's language chosen from its select (focused, as by Tab), and saved. */
async function chooseAccountLanguage(page: Page, locale: string, saved: string): Promise<void> {
  await page.goto(`${storeUrl}/account`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  const select = page.locator('#account-language');
  await select.waitFor(SLOW);
  await select.focus();
  await select.selectOption(locale);
  await expect.poll(() => page.locator('.AccountPanel-status').textContent(), SLOW).toBe(saved);
  expect(await page.evaluate('document.documentElement.lang')).toBe(locale);
}

for (const width of WIDTHS) {
  describe(`the header in a signed-in shopper's language at ${width} px`, () => {
    it('is in the account’s language from the first frame, follows a change, and is the site’s after sign-out', {
      timeout: JOURNEY_TIMEOUT,
    }, async () => {
      const { page, errors } = await contexts.page(width);
      const email = `header-words-${RUN}-${width}@example.com`;
      await signUpShopper(page, storeUrl, email, 'quiet-harbour-58');
      await recordHeaderFrames(page.context());

      await chooseAccountLanguage(page, 'fr-FR', 'Langue enregistrée.');
      expect(
        await headerFramesOf(page, '/shop', 'fr-FR', { selector: '[data-text="listing.sortBy"]', text: 'Trier par' }),
      ).toEqual(['Compte / Menu']);
      await shot(page, `account-language-header-fr-${width}`);

      await chooseAccountLanguage(page, 'es-ES', 'Idioma guardado.');
      expect(
        await headerFramesOf(page, '/blog', 'es-ES', { selector: '[data-text="blog.readMore"]', text: 'Leer más' }),
      ).toEqual(['Cuenta / Menú']);
      await shot(page, `account-language-header-es-${width}`);

      // Signed out: the site's words from the first frame; the account keeps its language for its next sign-in.
      await page.goto(`${storeUrl}/account`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      await page.locator('.AccountPanel-signout').click();
      await page.locator('#signin-email').waitFor(SLOW);
      expect(await headerFramesOf(page, '/blog/linen-care', 'en-US')).toEqual(['Account / Menu']);
      await shot(page, `account-language-header-signed-out-${width}`);
      expect(errors).toEqual([]);
    });
  });
}
