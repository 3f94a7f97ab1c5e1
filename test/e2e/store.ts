/**
 * The store a browser test file talks to. Browser test files run two at a time, and each test
 * worker has a `wrangler dev` store of its own (global-setup.ts starts one per worker), so two files
 * running side by side never share a cart, a setting, a stock level or a rate limit.
 */
import { inject } from 'vitest';

const stores = inject('storeUrls');
const worker = Number(process.env.VITEST_POOL_ID ?? '1');

function storeOfThisWorker(): string {
  const url = stores[(worker - 1) % stores.length];
  if (url === undefined) throw new Error('No store was started for the browser tests');
  return url;
}

export const storeUrl = storeOfThisWorker();
