/**
 * The store a browser test file talks to, and the Chromium it drives. Browser test files run two at a time, and each
 * test worker has a store of its own (global-setup.ts starts one per worker), so two files running side by side never
 * share a cart, a setting, a stock level or a rate limit. A file importing this waits, as it loads, until global setup
 * has its stores and Chromiums up (test/e2e/setup-hand-off.ts), and fails with the reason if they could not start.
 */
import { inject } from 'vitest';
import { handedOver } from './setup-hand-off';

const worker = Number(process.env.VITEST_POOL_ID ?? '1');

/** This test worker's own one of what global setup started one of per worker. */
function ofThisWorker<T>(started: T[], what: string): T {
  const mine = started[(worker - 1) % started.length];
  if (mine === undefined) throw new Error(`No ${what} was started for the browser tests`);
  return mine;
}

const started = await handedOver(inject('setupHandOff'));

export const storeUrl = ofThisWorker(started.storeUrls, 'store');

/** This worker's Chromium, launched by global setup (test/e2e/browser.ts connects to it). */
export const chromiumEndpoint = ofThisWorker(started.chromiumEndpoints, 'Chromium');

/** The demo store's content as this build seeds it, read from the first store before any test changed it. */
export const demoSite = started.demoSite;
