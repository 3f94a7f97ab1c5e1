/** Opening a store page in a fresh browser context (own cookies and cart), with page errors collected. */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export async function openPage(browser: Browser, storeUrl: string, path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${storeUrl}${path}`);
  await page.waitForSelector('html[data-islands="hydrated"]');
  return { context, page, errors };
}
