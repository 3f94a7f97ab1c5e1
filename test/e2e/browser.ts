/** Chromium for a browser test file: launched before its tests, closed after them. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';

/**
 * How long a navigation may take in any context of these tests. A page's load event waits for its
 * pictures, and on a loaded 2-core CI machine a product page passed Playwright's 30 s default once.
 */
const NAVIGATION_TIMEOUT_MS = 60_000;

/** The browser with every new context (and so every `newPage`) given the navigation timeout. */
function withNavigationTimeout(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    return context;
  };
  return browser;
}

export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = withNavigationTimeout(await launchChromium());
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('Chromium is not running');
    return browser;
  };
}
