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

/** A text an element showed, and when (the page's `performance.now()`). */
export interface ShownText {
  text: string;
  at: number;
}

let watches = 0;

/**
 * Starts recording, in the page, every text the first element matching `selector` shows from now on
 * (its text now first). A state a page shows only briefly ('Adding…' for 1 s, 'Added!' for 2 s) is
 * then seen however long a loaded machine keeps the test from asking: poll `texts()` for it, rather
 * than polling the element for a text that may already have gone. Until the page navigates.
 */
export async function watchTexts(
  page: Page,
  selector: string,
): Promise<{ texts: () => Promise<string[]>; timeline: () => Promise<ShownText[]> }> {
  const key = `watchedTexts${++watches}`;
  await page.evaluate(`{
    const shown = (window[${JSON.stringify(key)}] = []);
    const record = () => {
      const text = document.querySelector(${JSON.stringify(selector)})?.textContent ?? null;
      if (text !== null && text !== shown.at(-1)?.text) shown.push({ text, at: performance.now() });
    };
    record();
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  }`);
  const timeline = () => page.evaluate<ShownText[]>(`window[${JSON.stringify(key)}]`);
  return { timeline, texts: async () => (await timeline()).map((shown) => shown.text) };
}

/** Does `action` (a click) and resolves once the element at `selector` has shown `text`, however briefly (`watchTexts`). */
export async function seeTextAfter(
  page: Page,
  selector: string,
  text: string,
  action: () => Promise<unknown>,
  timeout = 60_000,
): Promise<void> {
  const shown = await watchTexts(page, selector);
  await action();
  await expect.poll(shown.texts, { timeout }).toContain(text);
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
