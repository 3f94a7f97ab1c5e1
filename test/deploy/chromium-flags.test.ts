/**
 * The browser tests' Chromium (scripts/chromium.mjs) runs without the address bar's WebUI popup, a renderer and its
 * script for every context that no test looks at (issue 30), and still without every feature Playwright turns off:
 * Chromium reads only the last `--disable-features` it is given, so ours repeats Playwright's list, and a Playwright
 * upgrade that changes that list fails here.
 */
import { readFileSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromiumServer, OUR_DISABLED_FEATURES } from '../../scripts/chromium.mjs';

let server: BrowserServer;
beforeAll(async () => {
  server = await launchChromiumServer();
});
afterAll(async () => {
  await server?.close();
});

const featuresOf = (arg: string) => arg.slice('--disable-features='.length).split(',');

describe("the browser tests' Chromium", () => {
  it("turns off Playwright's features and ours in the last --disable-features, the one Chromium reads", () => {
    const args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
    const lists = args.filter((arg) => arg.startsWith('--disable-features='));
    // Playwright's own list first, scripts/chromium.mjs's last.
    expect(lists).toHaveLength(2);
    const [playwrights, ours] = lists.map(featuresOf);
    expect(ours).toEqual(expect.arrayContaining([...(playwrights ?? []), ...OUR_DISABLED_FEATURES]));
  });

  it("opens no address-bar popup (chrome://omnibox-popup) beside a context's page", async () => {
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<h1>A page</h1>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.map((target) => target.url)).toEqual(['data:text/html,<h1>A page</h1>']);
    } finally {
      await browser.close();
    }
  });
});
