/** Opening a store page in a fresh browser context (own cookies and cart), with page errors collected; closing its dialogs by keyboard. */
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { expect } from 'vitest';

export async function openPage(
  browser: Browser,
  storeUrl: string,
  path: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${storeUrl}${path}`);
  await page.waitForSelector('html[data-islands="hydrated"]');
  return { context, page, errors };
}

/**
 * Resolves once the page has painted twice more: whatever a finished answer or a resize set in
 * motion (a React commit, a layout) has reached the screen. For checking that something did not happen.
 */
export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/**
 * Presses Escape once the open dialog or alert has the focus. A dialog moves the focus in at the
 * same step as it starts listening for Escape, just after it is painted, so a key pressed as soon as
 * its text shows can arrive before anything listens for it.
 */
export async function escapeDialog(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate('Boolean(document.activeElement?.closest(\'[role="dialog"], [role="alertdialog"]\'))'))
    .toBe(true);
  await page.keyboard.press('Escape');
}

/**
 * Clicks an add button and resolves once the "Added to cart" popover has shown. The popover stays
 * for 3 s; on a loaded machine the test's own process can be starved for longer than that between
 * the click and a wait sent after it, so the wait is in the page before the click is.
 */
export async function clickAndSeeAddedPopover(page: Page, selector: string, timeout = 60_000): Promise<void> {
  const shown = page.locator('.CartPill-popover').waitFor({ state: 'visible', timeout });
  await page.click(selector);
  await shown;
}

/** A download's bytes, streamed from the browser: the test workers connect to Chromium remotely, where `download.path()` is refused. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
