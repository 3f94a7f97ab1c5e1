/**
 * Journey 8, language (issue 32): a signed-in shopper whose account's language is not the site's sees the header in
 * it from the first paint of every page, not English first and the account's words once the session call answered.
 * A shopper of its own signs up, picks Français (France) for the account on /account, and opens the shop: every frame
 * the browser drew of the header says 'Compte' (and the phone menu 'Menu'), never 'Account'. The shopper switches the
 * account to Español de España and opens the journal: 'Cuenta' (and 'Menú') from the first frame. After signing out,
 * a journal post's header is the site's English again from the first frame (the account's language stays with the
 * account). Then the same shopper signs in on a new browser (nothing kept in it): the account page switches to French at
 * once (the sign-in's answer carries the account's language), and the first page after it is French before its page
 * script runs: `<html lang>` and the header as parsed, the entry script held back, and in every frame drawn; the
 * signed-in Account link reads 'Compte, connecté' to a screen reader. At 1366 and 375 px side by side. Screenshots in
 * test-artifacts/journeys/account-language-header-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterNextPaint } from '../e2e/pages';
import { storeUrl } from '../e2e/store';
import { JOURNEY_TIMEOUT, RUN, SLOW, shot, signUpShopper, useContexts, atBothWidths } from './support';

/** The entry script's request, held back by a test to see a page as its HTML and the inline head scripts leave it. */
const ENTRY_SCRIPT = /\/build\/entry-[^/]*\.js$/;

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

/** On /account, signed out: signs in with the form (as a shopper who already has the account, on a new browser). */
async function signInOnAccountPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${storeUrl}/account`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await page.fill('#signin-email', email, SLOW);
  await page.fill('#signin-password', password);
  await page.click('.SignInForm button[type="submit"]');
  await page.locator('.AccountPanel-email').waitFor(SLOW);
}

describe(`the header in a signed-in shopper's language`, () => {
  it('is in the account’s language from the first frame, follows a change, and is the site’s after sign-out (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
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

  it('is the account’s from the first page after signing in on a new browser, its screen-reader label too (1366 and 375 px)', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    await atBothWidths(async (width) => {
      const email = `header-words-signin-${RUN}-${width}@example.com`;
      const password = 'quiet-harbour-58';
      const first = await contexts.page(width);
      await signUpShopper(first.page, storeUrl, email, password);
      await chooseAccountLanguage(first.page, 'fr-FR', 'Langue enregistrée.');

      // A new browser: no language kept, no session. Signing in switches the account page to French at once.
      const { page, errors } = await contexts.page(width);
      await recordHeaderFrames(page.context());
      await signInOnAccountPage(page, email, password);
      await expect.poll(() => page.evaluate('document.documentElement.lang'), SLOW).toBe('fr-FR');
      const account = page.locator('.site-header .site-account');
      await expect.poll(() => account.getAttribute('aria-label'), SLOW).toBe('Compte, connecté');

      // The first page after it, before its page script runs: French as parsed (the entry script held back).
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(ENTRY_SCRIPT, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${storeUrl}/shop`, { waitUntil: 'commit' });
      await page.locator('#main').waitFor({ state: 'attached', ...SLOW });
      expect(
        await page.evaluate(`({
          lang: document.documentElement.lang,
          account: document.querySelector('.site-header .site-account').textContent,
          search: document.querySelector('.site-header [data-text="header.search"]').textContent,
          pageScriptRan: document.documentElement.dataset.islands !== undefined,
        })`),
      ).toEqual({ lang: 'fr-FR', account: 'Compte', search: 'Rechercher', pageScriptRan: false });
      release();

      // Once the page script ran: still French in every frame, the page's own words too, the label in French.
      await expect
        .poll(() => page.evaluate('document.readyState + " " + document.documentElement.lang'), SLOW)
        .toBe('complete fr-FR');
      await expect
        .poll(() => page.locator('[data-text="listing.sortBy"]').first().textContent(), SLOW)
        .toBe('Trier par');
      await expect.poll(() => account.getAttribute('aria-label'), SLOW).toBe('Compte, connecté');
      await afterNextPaint(page);
      expect(await page.evaluate<string[]>('window.headerFrames')).toEqual(['Compte / Menu']);
      await shot(page, `account-language-header-signed-in-${width}`);
      expect([...first.errors, ...errors]).toEqual([]);
    });
  });
});
