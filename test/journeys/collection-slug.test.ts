/**
 * Journey: a shop's and a blog's new address (issue 33, console gaps). The owner opens Pages in the console, edits
 * the Shop's URL slug by keyboard at 1366 px (a reserved slug is refused beside the field with the page slug's
 * message, then 'store' is saved), and the Journal's at 375 px ('journal'); a shopper's old product link and old
 * post link land on the new addresses. A store of its own: the journey moves the demo store's shop and blog.
 * Screenshots in test-artifacts/journeys/collection-slug-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { seriousViolations } from '../e2e/axe';
import { ACCOUNTS, JOURNEY_TIMEOUT, openSection, shot, signIn, SLOW, useContexts, useOwnStore } from './support';

const contexts = useContexts();
const store = useOwnStore();
const OWNER = ACCOUNTS.owner;

/** In the open settings dialog: types the slug and saves it with Enter, as a keyboard user does. */
async function typeSlug(page: Page, slug: string): Promise<void> {
  const field = page.getByRole('dialog').getByLabel('URL slug');
  await field.fill(slug);
  await field.press('Enter');
}

/** The owner moves `title` (Shop or Journal) to `slug` in Pages at `width`, by keyboard, a reserved slug refused first. */
async function moveInConsole(width: number, title: string, slug: string): Promise<void> {
  const { page, errors } = await contexts.page(width);
  await signIn(page, store.url, OWNER);
  await openSection(page, 'Pages');
  const edit = page.getByRole('button', { name: `Edit URL slug of ${title}` });
  await edit.waitFor(SLOW);
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `${title} settings` });
  await dialog.waitFor(SLOW);
  await typeSlug(page, 'cart');
  await expect.poll(() => dialog.locator('.FieldError').textContent(), SLOW).toBe(EDIT_MESSAGES.urlIdReserved);
  expect(await dialog.getByLabel('URL slug').getAttribute('aria-invalid')).toBe('true');
  await shot(page, `collection-slug-refused-${width}`);
  expect(await seriousViolations(page, `shop or blog settings at ${width} px`)).toEqual([]);
  await typeSlug(page, slug);
  await dialog.waitFor({ state: 'detached', ...SLOW });
  const status = page.locator('[aria-labelledby="collection-pages-heading"] [role="status"]');
  await expect
    .poll(() => status.textContent(), SLOW)
    .toBe(`${title} is now at /${slug}. Its old address redirects there.`);
  await expect
    .poll(() => page.locator('[aria-labelledby="collection-pages-heading"]').innerText(), SLOW)
    .toContain(`/${slug}`);
  // The focus goes back to the button that opened the settings.
  expect(await edit.evaluate((button) => button === document.activeElement)).toBe(true);
  await shot(page, `collection-slug-console-${width}`);
  expect(await seriousViolations(page, `shop and blog pages at ${width} px`)).toEqual([]);
  expect(errors).toEqual([]);
}

/** A shopper at `width` follows an old link and lands on `to`, which shows `text`. */
async function followOldLink(width: number, from: string, to: string, text: string): Promise<void> {
  const shopper = await contexts.page(width);
  await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
  await shopper.page.goto(`${store.url}${from}`);
  await shopper.page.waitForURL(`${store.url}${to}`, SLOW);
  await expect.poll(() => shopper.page.locator('main').innerText(), SLOW).toContain(text);
  await shot(shopper.page, `collection-slug-shopper-${width}`);
  expect(shopper.errors).toEqual([]);
}

describe('A shop’s and a blog’s URL slug', () => {
  it(
    'at 1366 px the owner moves the Shop to /store by keyboard; a shopper’s old product link lands on the new address',
    async () => {
      const started = Date.now();
      await moveInConsole(1366, 'Shop', 'store');
      await followOldLink(1366, '/shop/p/candle?ref=mail', '/store/p/candle?ref=mail', 'Candle');
      console.log(`collection slug at 1366 px: ${Date.now() - started} ms`);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'at 375 px the owner moves the Journal to /journal; a shopper’s old post link lands on the new address',
    async () => {
      const started = Date.now();
      await moveInConsole(375, 'Journal', 'journal');
      await followOldLink(375, '/blog/gift-guide', '/journal/gift-guide', 'A small gift guide');
      console.log(`collection slug at 375 px: ${Date.now() - started} ms`);
    },
    JOURNEY_TIMEOUT,
  );
});
