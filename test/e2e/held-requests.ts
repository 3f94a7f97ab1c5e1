/**
 * A slow network that the test ends: requests to `url` are held until the test has seen what the page
 * shows meanwhile (a pending text, a choice made before a late answer) and calls the returned `release()`;
 * later ones pass at once. A fixed hold (1.5 or 2 s) raced a loaded machine: it could run out before the
 * page's pending state was read, failing the test or letting it pass without checking the race.
 */
import type { Page } from 'playwright-core';

export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
