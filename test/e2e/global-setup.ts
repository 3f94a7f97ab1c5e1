/**
 * Browser tests run against the real store: Chromium installed (scripts/test-setup.sh), the client
 * built (npm test builds it first), and one store per test worker (E2E_WORKERS, started side by side from one
 * build of the worker: scripts/local-store.mjs), each on a free port with React in production mode and a fresh
 * state of its own. Their URLs are provided as `storeUrls`; a test file takes its worker's from test/e2e/store.ts. Each worker
 * also gets a Chromium of its own, launched once here (`chromiumEndpoints`): its files connect to it in
 * turn (test/e2e/browser.ts), each test in contexts of its own, instead of launching and closing one per file.
 * The demo store's content as this build seeds it is read once from the first store before any test changes it
 * (`demoSite`): a file that copies the demo to a host of its own starts from it, not from what the files that ran
 * before it on the shared store left (products they added push the demo's own off a listing's first page).
 * The merchant team's sessions are kept for the whole run in a folder made here (`merchantSessionFolder`,
 * test/e2e/merchant-session.ts), removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../../scripts/chromium.mjs';
import { startLocalStore } from '../../scripts/local-store.mjs';
import { receiveSite } from '../../scripts/site/admin-client';
import type { SiteJson } from '../../scripts/site/site-json';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrls: string[];
    chromiumEndpoints: string[];
    demoSite: SiteJson;
  }
}

type LocalStore = Awaited<ReturnType<typeof startLocalStore>>;

/**
 * The test workers' stores, started side by side from one build of the worker (scripts/store-bundle.mjs), each on a
 * port its runtime binds itself. If one cannot start, the run stops with its error (the runtime's or wrangler's
 * message) and the ones up are stopped.
 */
async function startStores(count: number): Promise<LocalStore[]> {
  const starts = await Promise.allSettled(Array.from({ length: count }, () => startLocalStore()));
  const stores = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed !== undefined) {
    for (const store of stores) store.stop();
    throw failed.reason;
  }
  return stores;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('bash', ['scripts/test-setup.sh'], { stdio: 'inherit' });
  // Launched while the stores start (a second or two, against their ten or more).
  const launching = Promise.all(Array.from({ length: E2E_WORKERS }, () => launchChromiumServer()));
  let stores: LocalStore[];
  try {
    stores = await startStores(E2E_WORKERS);
  } catch (error) {
    launching.then(
      (browsers) => Promise.all(browsers.map((browser) => browser.close())),
      () => undefined,
    );
    throw error;
  }
  let browsers: Awaited<typeof launching>;
  let demo: SiteJson;
  try {
    [browsers, { site: demo }] = await Promise.all([launching, receiveSite({ url: stores[0]?.url ?? '' })]);
  } catch (error) {
    for (const store of stores) store.stop();
    launching.then(
      (started) => Promise.all(started.map((browser) => browser.close())),
      () => undefined,
    );
    throw error;
  }
  project.provide(
    'storeUrls',
    stores.map((store) => store.url),
  );
  project.provide(
    'chromiumEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  project.provide('demoSite', demo);
  const sessions = mkdtempSync(join(tmpdir(), 'e2e-merchant-sessions-'));
  project.provide('merchantSessionFolder', sessions);
  return async () => {
    rmSync(sessions, { recursive: true, force: true });
    for (const store of stores) store.stop();
    for (const browser of browsers) await browser.close();
  };
}
