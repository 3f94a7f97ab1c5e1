/**
 * Browser tests run against the real store: Chromium installed (scripts/test-setup.sh), the client
 * built (npm test builds it first), and one `wrangler dev` per test worker (E2E_WORKERS, started side
 * by side), each on a free port with React in production mode and a fresh state of its own. Their
 * URLs are provided as `storeUrls`; a test file takes its worker's from test/e2e/store.ts.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startLocalStore } from '../../scripts/local-store.mjs';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrls: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('bash', ['scripts/test-setup.sh'], { stdio: 'inherit' });
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startLocalStore()));
  const stores = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    for (const store of stores) store.stop();
    throw failed.reason;
  }
  project.provide(
    'storeUrls',
    stores.map((store) => store.url),
  );
  return async () => {
    for (const store of stores) store.stop();
  };
}
