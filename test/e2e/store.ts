/**
 * The store a browser test file talks to. Browser test files run two at a time, and each test
 * worker has a store of its own (global-setup.ts starts one per worker), so two files
 * running side by side never share a cart, a setting, a stock level or a rate limit. `ofThisWorker`
 * picks this worker's one of anything global setup starts per worker. A file importing this waits, as it loads, until
 * global setup has the stores up (test/e2e/stores-hand-off.ts), and fails with the reason if they could not start.
 */
import { inject } from 'vitest';
import { handedOver } from './stores-hand-off';

const worker = Number(process.env.VITEST_POOL_ID ?? '1');

/** This test worker's own one of what global setup started one of per worker. */
export function ofThisWorker<T>(started: T[], what: string): T {
  const mine = started[(worker - 1) % started.length];
  if (mine === undefined) throw new Error(`No ${what} was started for the browser tests`);
  return mine;
}

const stores = await handedOver(inject('storesHandOff'));

export const storeUrl = ofThisWorker(stores.storeUrls, 'store');

/** The demo store's content as this build seeds it, read from the first store before any test changed it. */
export const demoSite = stores.demoSite;
