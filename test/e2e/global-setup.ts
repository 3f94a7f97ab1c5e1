/**
 * Browser tests run against the real store: Chromium installed (scripts/test-setup.sh), the client
 * built (npm test builds it first), and `wrangler dev` started on a free port with React in
 * production mode and a fresh state of its own. The store's URL is provided to the tests as `storeUrl`.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startLocalStore } from '../../scripts/local-store.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('bash', ['scripts/test-setup.sh'], { stdio: 'inherit' });
  const store = await startLocalStore();
  project.provide('storeUrl', store.url);
  return async () => store.stop();
}
