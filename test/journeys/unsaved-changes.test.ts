/**
 * Journey: unsaved changes are never lost silently (issue 33, safe editing). The owner types a new announcement
 * into Commerce → Header (a settings card) and clicks another section in the sidebar: the console asks 'Leave
 * without saving?' in a dialog that holds the focus; 'Keep editing' keeps the screen and the text, closing the tab
 * gets the browser's own question; once saved, the sidebar moves freely. In Pages → Add page (a form dialog), a
 * typed title makes Escape and Cancel ask 'Close without saving?' first; 'Keep editing' keeps the dialog and its
 * text; once the dialog saves, the console moves to the new page and back to Pages without asking. A store of its own: the journey saves the header's announcement. Screenshots in
 * test-artifacts/journeys/unsaved-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  JOURNEY_TIMEOUT,
  RUN,
  closeTabAsked,
  save,
  openSection,
  openSidebar,
  shot,
  signIn,
  SLOW,
  useContexts,
  useOwnStore,
  WIDTHS,
} from './support';

const contexts = useContexts();
const store = useOwnStore();

/** Whether the focus is inside the open dialog named `name`. */
function focusIn(page: Page, name: string): Promise<boolean> {
  return page
    .getByRole('dialog', { name })
    .evaluate((dialog) => dialog.contains(document.activeElement) && document.activeElement !== document.body);
}

/** Closes the phone's menu, left open over the screen that stayed, and waits until it says so. */
async function closeMenu(page: Page): Promise<void> {
  const menu = page.locator('.Topbar-menu');
  if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
  await expect.poll(() => menu.getAttribute('aria-expanded'), SLOW).not.toBe('true');
}

/** Clicks a sidebar link without waiting for its screen (a guarded screen may stay). */
async function clickSidebar(page: Page, label: string): Promise<void> {
  await openSidebar(page);
  await page.locator('nav[aria-label="Console"] a', { hasText: label }).first().click();
}

describe('unsaved changes', () => {
  for (const width of WIDTHS) {
    it(
      `a settings card and a dialog ask before their changes are lost, at ${width} px`,
      async () => {
        const started = Date.now();
        const { page, errors } = await contexts.page(width);
        await signIn(page, store.url, ACCOUNTS.owner);
        await clickSidebar(page, 'Navigation');
        await page.waitForSelector('h1:text-is("Navigation, header and footer")', SLOW);
        const announcement = page.getByLabel('Announcement bar');
        await announcement.waitFor(SLOW);
        const typed = `Free delivery this week ${RUN} ${width}`;
        await announcement.fill(typed);

        // Another section: asked in a dialog that has the focus; staying keeps the screen and the text.
        await clickSidebar(page, 'Products');
        const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
        await leave.waitFor(SLOW);
        await expect.poll(() => focusIn(page, 'Leave without saving?'), SLOW).toBe(true);
        await shot(page, `unsaved-leave-${width}`);
        await leave.getByRole('button', { name: 'Keep editing' }).click();
        await leave.waitFor({ state: 'detached', ...SLOW });
        expect(new URL(page.url()).pathname).toBe('/config/navigation');
        expect(await announcement.inputValue()).toBe(typed);
        await closeMenu(page);

        // Saved: the sidebar moves at once, nothing asked.
        await save(page, 'Save header');
        await clickSidebar(page, 'Products');
        await page.waitForSelector('h1:text-is("Products")', SLOW);
        expect(await page.locator('dialog[open]').count()).toBe(0);

        // A form dialog: Escape with a typed title asks first; Keep editing keeps it, then Cancel closes it once confirmed.
        await openSection(page, 'Pages');
        await page.getByRole('button', { name: 'Add page' }).click();
        const adding = page.getByRole('dialog', { name: 'Add page' });
        await adding.getByLabel('Title', { exact: true }).fill(`Our story ${RUN}`);
        await adding.getByLabel('Title', { exact: true }).press('Escape');
        const close = page.getByRole('dialog', { name: 'Close without saving?' });
        await close.waitFor(SLOW);
        await expect.poll(() => focusIn(page, 'Close without saving?'), SLOW).toBe(true);
        await shot(page, `unsaved-dialog-${width}`);
        await close.getByRole('button', { name: 'Keep editing' }).click();
        await close.waitFor({ state: 'detached', ...SLOW });
        expect(await adding.getByLabel('Title', { exact: true }).inputValue()).toBe(`Our story ${RUN}`);
        // Escape on the question is Keep editing too: the dialog stays open.
        await adding.getByLabel('Title', { exact: true }).press('Escape');
        await close.waitFor(SLOW);
        await expect.poll(() => focusIn(page, 'Close without saving?'), SLOW).toBe(true);
        await page.keyboard.press('Escape');
        await close.waitFor({ state: 'detached', ...SLOW });
        expect(await adding.isVisible()).toBe(true);
        expect(await adding.getByLabel('Title', { exact: true }).inputValue()).toBe(`Our story ${RUN}`);
        await adding.getByRole('button', { name: 'Cancel' }).click();
        await close.waitFor(SLOW);
        await close.getByRole('button', { name: 'Close without saving' }).click();
        await adding.waitFor({ state: 'detached', ...SLOW });
        expect(await page.locator('dialog[open]').count()).toBe(0);

        // Saved: the dialog hands over to the new page's editor, and nothing asks on the way or after.
        const saved = `Saved page ${RUN} ${width}`;
        await page.getByRole('button', { name: 'Add page' }).click();
        await adding.getByLabel('Title', { exact: true }).fill(saved);
        await adding.getByRole('button', { name: 'Add page' }).click();
        await page.waitForSelector(`h1:text-is("${saved}")`, SLOW);
        expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);
        await clickSidebar(page, 'Pages');
        // The screen first: the console closes the menu as it navigates, and a toggle read before that reopened it.
        await page.waitForSelector('h1:text-is("Pages")', SLOW);
        await closeMenu(page);
        // Back on the list: the new page is listed, and the dialog it came from is closed.
        await expect.poll(() => page.getByRole('link', { name: saved }).count(), SLOW).toBe(1);
        expect(await page.locator('dialog[open]').count()).toBe(0);

        // Typed again and the tab closed: the browser's own question.
        await page.getByRole('button', { name: 'Add page' }).click();
        await adding.getByLabel('Title', { exact: true }).fill('Typed, then the tab closed');
        expect(await closeTabAsked(page)).toBe('beforeunload');
        expect(errors).toEqual([]);
        console.log(`unsaved changes at ${width} px: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
      JOURNEY_TIMEOUT,
    );
  }
});
