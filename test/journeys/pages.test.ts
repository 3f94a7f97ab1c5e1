/**
 * Journey: pages in the console (issue 33, journey 4), in Chromium. At 1366 px the content editor
 * (an Editor: no code injection) adds the page "Our studio" with a slug of its own, adds a text, an
 * image and a newsletter block, moves the newsletter above the image by keyboard, drags the image to
 * the top and back to the end (each move announced, the focus on the moved block), gives it an SEO
 * title, saves and adds it to the navigation. A shopper opens it from the store's menu at 1366 and
 * 375 px and meets the blocks in that order under the SEO title. The editor is offered no code
 * block and the API refuses one (403); the editor removes the image block, then deletes the page:
 * it answers 404 and the menu no longer lists it. Leaving with unsaved blocks asks first. Screenshots in test-artifacts/journeys/pages-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CODE_INJECTION_MESSAGES } from '../../src/site/model/code-injection';
import { storeUrl } from '../e2e/store';
import {
  ACCOUNTS,
  JOURNEY_TIMEOUT,
  openSection,
  RUN,
  saveOutcome,
  shot,
  SLOW,
  signIn,
  WIDTHS,
  useContexts,
} from './support';

const contexts = useContexts();

const TITLE = 'Our studio';
const SLUG = `our-studio-${RUN}`;
const SEO_TITLE = 'Our studio, handmade in Lisbon';

const item = (page: Page, type: string) => page.locator(`.BlockList-item[data-block-type="${type}"]`);

async function addBlock(page: Page, label: string): Promise<void> {
  await page.selectOption('#add-block-type', { label });
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
}

/** The shopper opens the page from the store's menu (behind Menu on a phone) and reads what it shows. */
async function shopperOpensFromMenu(page: Page, width: number): Promise<string[]> {
  await page.goto(`${storeUrl}/`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  if (width < 600) await page.locator('.site-menu-button').click();
  await page.locator('#site-nav a', { hasText: TITLE }).click();
  await page.waitForURL(`${storeUrl}/${SLUG}`, SLOW);
  expect(await page.title()).toMatch(new RegExp(`^${SEO_TITLE} · `));
  await shot(page, `pages-storefront-${width}`);
  return page
    .locator('.Page .HtmlBlock, .Page .NewsletterBlock, .Page .ImageBlock')
    .evaluateAll((blocks) => blocks.map((block) => block.className));
}

describe('pages in the console', () => {
  it('an editor makes a page of blocks, puts it in the navigation, shoppers open it from the menu; removing a block and deleting the page show on the store', {
    timeout: JOURNEY_TIMEOUT,
  }, async () => {
    const { page, errors } = await contexts.page(1366);
    await signIn(page, storeUrl, ACCOUNTS.editor);
    await openSection(page, 'Pages');

    // A new page: the slug is made from the title, and may be typed.
    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.locator('dialog.NewPageDialog');
    await dialog.getByLabel('Title').fill(TITLE);
    await expect.poll(() => dialog.locator('.Field-hint').textContent()).toContain('/our-studio.');
    await dialog.getByLabel('URL slug').fill(SLUG);
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await page.waitForSelector(`h1:text-is("${TITLE}")`, SLOW);

    // Blocks: an Editor is offered every type but code.
    const offered = await page.locator('#add-block-type option').allTextContents();
    expect(offered).toEqual(['Text', 'Image', 'Gallery', 'Product', 'Products grid', 'Form', 'Newsletter', 'Chart']);
    await addBlock(page, 'Text');
    await item(page, 'html').locator('.RichText-content').click();
    await page.keyboard.type('We throw every pot in this room.');
    await addBlock(page, 'Image');
    await item(page, 'image').getByLabel('Or add a picture by its address').fill('/images/demo/linen-shirt.webp');
    await item(page, 'image').getByRole('button', { name: 'Add', exact: true }).click();
    await item(page, 'image').getByLabel('Alt text').fill('The studio bench');
    await addBlock(page, 'Newsletter');
    await item(page, 'newsletter').getByLabel('Heading').fill('Studio letters');

    // The newsletter moves above the image by keyboard: announced, the focus kept on the moved block.
    await page.getByRole('button', { name: 'Move Newsletter: Studio letters up' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.locator('.BlockList-item').evaluateAll((items) => items.map((li) => li.getAttribute('data-block-type'))),
      )
      .toEqual(['html', 'newsletter', 'image']);
    await expect
      .poll(() => page.locator('#blocks-title ~ [aria-live="polite"]').textContent())
      .toBe('Newsletter: Studio letters moved to position 2 of 3.');
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe(
      'Move Newsletter: Studio letters up',
    );

    // Or by dragging a block's row onto another's place: announced, the focus on the moved block.
    const order = () =>
      page.locator('.BlockList-item').evaluateAll((items) => items.map((li) => li.getAttribute('data-block-type')));
    await item(page, 'image').locator('.BlockList-row').dragTo(item(page, 'html').locator('.BlockList-row'));
    await expect.poll(order, SLOW).toEqual(['image', 'html', 'newsletter']);
    await expect
      .poll(() => page.locator('#blocks-title ~ [aria-live="polite"]').textContent())
      .toBe('Image: The studio bench moved to position 1 of 3.');
    await expect
      .poll(() => page.evaluate('document.activeElement?.closest(".BlockList-item")?.dataset.blockType'))
      .toBe('image');
    await shot(page, 'pages-console-dragged-1366');
    await item(page, 'image').locator('.BlockList-row').dragTo(item(page, 'newsletter').locator('.BlockList-row'));
    await expect.poll(order, SLOW).toEqual(['html', 'newsletter', 'image']);
    await expect
      .poll(() => page.locator('#blocks-title ~ [aria-live="polite"]').textContent())
      .toBe('Image: The studio bench moved to position 3 of 3.');

    // Leaving with unsaved blocks asks first; Keep editing stays with every block as it was.
    await page.locator('.Breadcrumbs a', { hasText: 'Pages' }).click();
    const leaving = page.locator('dialog', { hasText: 'Leave without saving?' });
    await leaving.getByRole('button', { name: 'Keep editing' }).click();
    await leaving.waitFor({ state: 'detached' });
    expect(await page.locator('.BlockList-item').count()).toBe(3);

    await page.fill('#page-seo-title', SEO_TITLE);
    expect(
      await saveOutcome(page, '.PostActions .SaveStatus', () =>
        page.getByRole('button', { name: 'Save', exact: true }).click(),
      ),
    ).toBe('Saved');
    await page.getByRole('button', { name: 'Add to navigation' }).click();
    await page.getByText('In the main navigation.').waitFor(SLOW);
    await shot(page, 'pages-console-1366');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'pages-console-375');
    await page.setViewportSize({ width: 1366, height: 900 });

    // The API refuses a code block to the Editor too, and writes nothing.
    const pageId = page.url().split('/').pop() ?? '';
    const crumb = (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
    const stored = await page.context().request.get(`${storeUrl}/api/console/pages/${pageId}`);
    const { id: _id, fullUrl: _url, inNavigation: _nav, ...form } = (await stored.json()) as Record<string, unknown>;
    const refused = await page.context().request.put(`${storeUrl}/api/console/pages/${pageId}`, {
      data: { ...form, blocks: [{ id: 'block-code', type: 'code', code: '<script>alert(1)</script>' }] },
      headers: { 'X-CSRF-Token': crumb },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: CODE_INJECTION_MESSAGES.codeBlocks });

    // Shoppers at both widths find it in the menu, the blocks in the order the editor left them.
    for (const width of WIDTHS) {
      const shopper = await contexts.page(width);
      await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      expect(await shopperOpensFromMenu(shopper.page, width)).toEqual(['HtmlBlock', 'NewsletterBlock', 'ImageBlock']);
      expect(shopper.errors).toEqual([]);
    }

    // The editor removes the image block, saves; then deletes the page, told its link goes too.
    await page.getByRole('button', { name: 'Remove Image: The studio bench' }).click();
    expect(
      await saveOutcome(page, '.PostActions .SaveStatus', () =>
        page.getByRole('button', { name: 'Save', exact: true }).click(),
      ),
    ).toBe('Saved');
    const afterRemoval = await (await fetch(`${storeUrl}/${SLUG}`)).text();
    expect(afterRemoval).toContain('Studio letters');
    expect(afterRemoval).not.toContain('class="ImageBlock"');

    await page.getByRole('button', { name: 'Delete page' }).click();
    const confirm = page.locator('dialog', { hasText: 'Delete page' }).last();
    await expect.poll(() => confirm.textContent()).toContain('its link in the navigation will be removed');
    await confirm.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForSelector('h1:text-is("Pages")', SLOW);
    expect(await page.getByRole('table', { name: 'Pages', exact: true }).textContent()).not.toContain(SLUG);
    await shot(page, 'pages-console-deleted-1366');

    expect((await fetch(`${storeUrl}/${SLUG}`)).status).toBe(404);
    const home = await (await fetch(`${storeUrl}/`)).text();
    expect(home).not.toContain(`href="/${SLUG}"`);
    expect(errors).toEqual([]);
  });
});
