/**
 * A console list that fails to load says which list, in the spec's words (§8, E109): the orders search's results
 * 'Unable to load results', the catalogue's collections 'Unable to load collections', each with the reason and a
 * 'Try again' that loads it; an order that is not there says 'Unable to locate content', and a search that never
 * reaches the server 'Please check your internet connection' after its 'Network error' (E112). The owner signed in through the console's form; each call refused once by the browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, signIn, SLOW } from '../journeys/support';
import { reviewShot, useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();

async function failsOnceThenLoads(page: Page, calls: string, section: string, text: string, shown: string) {
  const refusal = { error: 'Please try again in a few seconds.' };
  await page.route(calls, (route) => route.fulfill({ status: 429, json: refusal }), { times: 1 });
  await page.locator('nav[aria-label="Console"] a', { hasText: section }).first().click();
  const failed = page.locator('[role="alert"]', { hasText: text });
  await failed.waitFor(SLOW);
  expect(await failed.locator('p').allTextContents()).toEqual([text, refusal.error]);
  await reviewShot(page, `test-artifacts/spec-details/console-${section.toLowerCase()}-failed-1366.png`);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await page.locator(shown).first().waitFor(SLOW);
  expect(await failed.count()).toBe(0);
}

describe("console lists' load failures (E109, E112)", () => {
  it("say 'Unable to load results' for the orders search and 'Unable to load collections' for the catalogue, and ask to check the connection", {
    timeout: 180_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, storeUrl, ACCOUNTS.owner);
    await failsOnceThenLoads(page, '**/api/console/orders**', 'Orders', 'Unable to load results', 'table');
    await failsOnceThenLoads(
      page,
      '**/api/console/catalog/context',
      'Catalogue',
      'Unable to load collections',
      '#names-title',
    );
    // A customers search that never reaches the server asks to check the connection (E112), at 375 px.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.route('**/api/console/customers**', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.goto(`${storeUrl}/config/customers`);
    const offline = page.locator('[role="alert"]', { hasText: 'Unable to load results' });
    await offline.waitFor(SLOW);
    expect(await offline.locator('p').allTextContents()).toEqual([
      'Unable to load results',
      'Network error',
      'Please check your internet connection',
    ]);
    await reviewShot(page, 'test-artifacts/spec-details/console-customers-offline-375.png');
    await offline.getByRole('button', { name: 'Try again' }).click();
    // The table is there either way: the notice going is what shows the list loaded.
    await offline.waitFor({ ...SLOW, state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 900 });

    // An order that is not there (a mistyped or old link) cannot be loaded by trying again (E112).
    await page.goto(`${storeUrl}/config/orders/no-such-order`);
    const missing = page.locator('[role="alert"]', { hasText: 'Unable to locate content' });
    await missing.waitFor(SLOW);
    expect(await missing.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Failed to load timezone …' where the browser cannot load the store's time zone: product scheduling, analytics, abandoned checkouts", {
    timeout: 180_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    // A browser whose time-zone data lacks the demo store's zone (America/New_York), as an old one lacks a new zone.
    await context.addInitScript(() => {
      const Original = Intl.DateTimeFormat;
      const Without = function (this: unknown, locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
        if (options?.timeZone === 'America/New_York')
          throw new RangeError('Invalid time zone specified: America/New_York');
        return new Original(locales, options);
      } as unknown as typeof Intl.DateTimeFormat;
      Object.defineProperties(Without, {
        prototype: { value: Original.prototype },
        supportedLocalesOf: { value: Original.supportedLocalesOf },
      });
      Intl.DateTimeFormat = Without;
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, storeUrl, ACCOUNTS.owner);
    const MESSAGE = 'Failed to load timezone America/New_York, retry or verify site availability';
    const problem = page.locator('[role="alert"]', { hasText: 'Failed to load timezone' });

    await page.goto(`${storeUrl}/config/analytics`);
    await problem.waitFor(SLOW);
    expect(await problem.textContent()).toBe(MESSAGE);
    expect(await page.locator('.Figures').count()).toBe(0);

    await page.goto(`${storeUrl}/config/orders/abandoned-checkouts`);
    await problem.waitFor(SLOW);
    expect(await problem.textContent()).toBe(MESSAGE);
    expect(await page.getByText('Times are in UTC.').count()).toBe(1);

    // Scheduling a product needs the zone: the message stands where the date and time would be entered, at 375 px.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${storeUrl}/config/products/new`);
    await page.locator('#product-status').waitFor(SLOW);
    await page.selectOption('#product-status', 'scheduled');
    await problem.waitFor(SLOW);
    expect(await problem.textContent()).toBe(MESSAGE);
    expect(await page.locator('#product-publish-on').count()).toBe(0);
    await reviewShot(page, 'test-artifacts/spec-details/console-time-zone-failed-375.png', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
