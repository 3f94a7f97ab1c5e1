/**
 * Journey: an index page made in the console (issue 35), in Chromium, on a store of the file's own whose template is
 * a developer's own (test/fixtures/developer-platform) with an index design: `collections/index.conf` marks its
 * index type and `index.list` repeats `collection.collections`, each section's title linking to its page. At 1366 px
 * the content editor and at 375 px the owner add an index under Pages, add three of the site's pages and
 * collections as its sections, move the last one up with the keyboard (the move announced, the focus staying on the
 * moved section's button), make it the home page and save. A shopper opens the index's address, then the store's
 * own (/), sees its sections in that order and follows one to its page. Screenshots in test-artifacts/journeys/index-pages-*.png.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendTemplate } from '../../scripts/site/admin-client';
import { readTemplateFolder } from '../../scripts/site/template';
import {
  ACCOUNTS,
  JOURNEY_TIMEOUT,
  openSection,
  RUN,
  saveOutcome,
  shot,
  SLOW,
  signIn,
  useContexts,
  useOwnStore,
  WIDTHS,
} from './support';

const contexts = useContexts();
const store = useOwnStore();

/** The developer's index design: a list of the index's sections, each its title linking to its page. */
const INDEX_CONF = JSON.stringify({ title: 'Index', index: true, acceptTypes: ['page', 'products', 'blog'] });
const INDEX_LIST =
  '{.section collection}<section class="t-index"><h1 class="t-index-title">{title}</h1><ol class="t-index-sections">' +
  '{.repeated section collections}<li class="t-index-section"><a href="{fullUrl}">{title}</a></li>{.end}</ol></section>{.end}';

beforeAll(async () => {
  const template = await readTemplateFolder('test/fixtures/developer-platform');
  await sendTemplate(
    { url: store.url },
    { ...template.theme, 'collections/index.conf': INDEX_CONF, 'collections/index.list': INDEX_LIST },
    template.assets.map((asset) => ({
      path: asset.path,
      read: async () => new Uint8Array(await readFile(asset.file)),
    })),
  );
}, 240_000);

describe('an index page made in the console', () => {
  for (const width of WIDTHS)
    it(
      `the ${width === 1366 ? 'content editor' : 'owner'} builds an index of three sections, orders them by keyboard and saves; the shopper sees them in that order at ${width} px`,
      async () => {
        const title = `Studio work ${width} ${RUN}`;
        const { page, errors } = await contexts.page(width);
        await signIn(page, store.url, width === 1366 ? ACCOUNTS.editor : ACCOUNTS.owner);
        await openSection(page, 'Pages');
        await page.getByRole('button', { name: 'Add index', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Add index' });
        await dialog.getByLabel('Title').fill(title);
        await dialog.getByRole('button', { name: 'Add index', exact: true }).click();
        await page.waitForSelector(`h1:text-is("${title}")`, SLOW);
        const address = new URL(
          (await page.getByRole('link', { name: 'View on site' }).getAttribute('href')) ?? '',
          store.url,
        ).pathname;
        expect(address).toMatch(/^\/studio-work-/);

        for (const label of ['Journal (/blog)', 'Shop (/shop)', 'Contact (/contact)']) {
          await page.selectOption('#add-index-section', { label });
          await page.getByRole('button', { name: 'Add section', exact: true }).click();
        }
        const sections = page.locator('.IndexSections .BlockList-name');
        await expect
          .poll(() => sections.allInnerTexts(), SLOW)
          .toEqual(['Blog\nJournal', 'Shop\nShop', 'Page\nContact']);
        // Contact up, by keyboard: the focus stays on its button, and the move is announced.
        const up = page.getByRole('button', { name: 'Move Contact up' });
        await up.focus();
        await page.keyboard.press('Enter');
        await expect
          .poll(() => sections.allInnerTexts(), SLOW)
          .toEqual(['Blog\nJournal', 'Page\nContact', 'Shop\nShop']);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), SLOW)
          .toBe('Move Contact up');
        await expect(page.getByText('Contact moved to position 2 of 3.').count()).resolves.toBe(1);
        // The store's home page: shoppers opening / see it.
        await page.getByLabel('Home page').check();
        await shot(page, `index-pages-editor-${width}`);
        const outcome = await saveOutcome(page, '.SaveStatus', () =>
          page.getByRole('button', { name: 'Save', exact: true }).click(),
        );
        expect(outcome).toBe('Saved');

        // The shopper, at its address and at the store's own: the template's index list, in the merchant's order.
        const shopper = (await contexts.page(width)).page;
        await shopper.goto(`${store.url}${address}`, { waitUntil: 'domcontentloaded', ...SLOW });
        await expect(shopper.locator('h1.t-index-title').innerText(SLOW)).resolves.toBe(title);
        await shopper.goto(`${store.url}/`, { waitUntil: 'domcontentloaded', ...SLOW });
        await expect(shopper.locator('h1.t-index-title').innerText(SLOW)).resolves.toBe(title);
        const links = shopper.locator('.t-index-section a');
        await expect.poll(() => links.allInnerTexts(), SLOW).toEqual(['Journal', 'Contact', 'Shop']);
        await shot(shopper, `index-pages-shopper-${width}`);
        await links.filter({ hasText: 'Contact' }).click();
        await expect.poll(() => new URL(shopper.url()).pathname, SLOW).toBe('/contact');
        expect(errors).toEqual([]);
      },
      JOURNEY_TIMEOUT,
    );
});
