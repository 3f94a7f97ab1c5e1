/**
 * Journey: a shop's and a blog's settings (issue 33, console gaps). The owner opens Pages → Shop and blog pages in
 * the console. At 1366 px, by keyboard, the Shop's Settings: a reserved slug is refused beside the field with the
 * page slug's message, then 'store' is saved, and a shopper's old product link lands on the new address; then its
 * title (its slug emptied, so made from the title: /the-store), navigation title, description and search engine
 * listing, which the shopper finds on /the-store, reached by the old /store (heading,
 * description, navigation link, the tab's title and meta description). At 375 px the Journal moves to /journal and
 * takes 'Stories' as its navigation title; a shopper's old post link lands on the new address and the phone's menu
 * says Stories. A store of its own: the journey changes the demo store's shop and blog.
 * Screenshots in test-artifacts/journeys/collection-settings-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../../src/site/edits/edits';
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
async function moveInConsole(width: number, title: string, slug: string): Promise<Page> {
  const { page, errors } = await contexts.page(width);
  await signIn(page, store.url, OWNER);
  await openSection(page, 'Pages');
  const edit = page.getByRole('button', { name: `Settings of ${title}` });
  await edit.waitFor(SLOW);
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `${title} settings` });
  await dialog.waitFor(SLOW);
  await typeSlug(page, 'cart');
  await expect.poll(() => dialog.locator('.FieldError').textContent(), SLOW).toBe(EDIT_MESSAGES.urlIdReserved);
  expect(await dialog.getByLabel('URL slug').getAttribute('aria-invalid')).toBe('true');
  await shot(page, `collection-settings-refused-${width}`);
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
  await shot(page, `collection-settings-console-${width}`);
  expect(await seriousViolations(page, `shop and blog pages at ${width} px`)).toEqual([]);
  expect(errors).toEqual([]);
  return page;
}

/** In Pages, opens `title`'s settings, lets `fill` change them, saves with the button and waits for `note`. */
async function changeSettings(page: Page, title: string, fill: (dialog: Locator) => Promise<void>, note: string) {
  await page.getByRole('button', { name: `Settings of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `${title} settings` });
  await dialog.getByLabel('Title', { exact: true }).waitFor(SLOW);
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached', ...SLOW });
  const status = page.locator('[aria-labelledby="collection-pages-heading"] [role="status"]');
  await expect.poll(() => status.textContent(), SLOW).toBe(note);
}

/** A shopper at `width` follows an old link and lands on `to`, which shows `text`. */
async function followOldLink(width: number, from: string, to: string, text: string): Promise<void> {
  const shopper = await contexts.page(width);
  await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
  await shopper.page.goto(`${store.url}${from}`);
  await shopper.page.waitForURL(`${store.url}${to}`, SLOW);
  await expect.poll(() => shopper.page.locator('main').innerText(), SLOW).toContain(text);
  await shot(shopper.page, `collection-settings-shopper-${width}`);
  expect(shopper.errors).toEqual([]);
}

describe('A shop’s and a blog’s settings', () => {
  it(
    'at 1366 px the owner moves the Shop to /store by keyboard, then names and describes it; a shopper finds both',
    async () => {
      const started = Date.now();
      const page = await moveInConsole(1366, 'Shop', 'store');
      await followOldLink(1366, '/shop/p/candle?ref=mail', '/store/p/candle?ref=mail', 'Candle');
      await changeSettings(
        page,
        'Shop',
        async (dialog) => {
          await dialog.getByLabel('Title', { exact: true }).fill('The Store');
          // An empty slug is made from the title, as its hint says.
          await dialog.getByLabel('URL slug').fill('');
          expect(await dialog.locator('.Field-hint', { hasText: 'Made from the title when left empty.' }).count()).toBe(
            1,
          );
          await dialog.getByLabel('Navigation title').fill('Store');
          const description = dialog.locator('.RichText-content');
          await description.click();
          await page.keyboard.press('ControlOrMeta+a');
          await page.keyboard.type('Everything here is thrown, poured and printed in our studio.');
          await dialog.getByLabel('Page title').fill('Handmade homeware from Studio Goods');
          await dialog.getByLabel('Meta description').fill('Candles, mugs and prints made by hand.');
          await expect
            .poll(() => dialog.locator('.SeoPreview-title').textContent(), SLOW)
            .toBe('Handmade homeware from Studio Goods');
          await shot(page, 'collection-settings-dialog-1366');
        },
        'The Store is now at /the-store. Its old address redirects there.',
      );
      // The note can come a moment before the list shows the saved title.
      await expect
        .poll(() => page.locator('[aria-labelledby="collection-pages-heading"] tbody').innerText(), SLOW)
        .toContain('The Store');

      const shopper = await contexts.page(1366);
      await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      await shopper.page.goto(`${store.url}/store`);
      await shopper.page.waitForURL(`${store.url}/the-store`, SLOW);
      await shopper.page.waitForSelector('h1:text-is("The Store")', SLOW);
      expect(await shopper.page.locator('main').innerText()).toContain(
        'Everything here is thrown, poured and printed in our studio.',
      );
      expect(await shopper.page.title()).toMatch(/^Handmade homeware from Studio Goods · /);
      expect(await shopper.page.locator('meta[name="description"]').getAttribute('content')).toBe(
        'Candles, mugs and prints made by hand.',
      );
      expect(await shopper.page.locator('header a[href="/the-store"]').first().innerText()).toBe('Store');
      await shot(shopper.page, 'collection-settings-shop-1366');
      expect(shopper.errors).toEqual([]);
      console.log(`collection settings at 1366 px: ${Date.now() - started} ms`);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'at 375 px the owner moves the Journal to /journal and calls it Stories in the navigation; a shopper follows both',
    async () => {
      const started = Date.now();
      const page = await moveInConsole(375, 'Journal', 'journal');
      await followOldLink(375, '/blog/gift-guide', '/journal/gift-guide', 'A small gift guide');
      await changeSettings(
        page,
        'Journal',
        async (dialog) => {
          await dialog.getByLabel('Navigation title').fill('Stories');
          const box = await dialog.boundingBox();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
          await shot(page, 'collection-settings-dialog-375');
        },
        'Journal settings saved.',
      );
      const shopper = await contexts.page(375);
      await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      await shopper.page.goto(`${store.url}/`);
      await expect
        .poll(() => shopper.page.locator('a[href="/journal"]').first().textContent(), SLOW)
        .toContain('Stories');
      expect(shopper.errors).toEqual([]);
      console.log(`collection settings at 375 px: ${Date.now() - started} ms`);
    },
    JOURNEY_TIMEOUT,
  );
});
