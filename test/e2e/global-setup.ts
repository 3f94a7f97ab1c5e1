/**
 * Browser tests run against the real store: Chromium installed (scripts/test-setup.sh), the client
 * built (npm test builds it first), and one store per test worker (E2E_WORKERS, started side by side from one
 * build of the worker: scripts/local-store.mjs), each on a free port with React in production mode and a fresh
 * state of its own. Each worker also gets a Chromium of its own, launched once here (`chromiumEndpoints`): its files
 * connect to it in turn (test/e2e/browser.ts), each test in contexts of its own, instead of launching and closing one
 * per file.
 * The stores start without global setup waiting for them: vitest runs every global setup before any test file, so
 * waiting here kept the engine and worker projects from starting for the stores' build and start. They are handed
 * over in a file (`storesHandOff`, test/e2e/stores-hand-off.ts) that a browser test file waits for as it loads
 * (test/e2e/store.ts takes its worker's): their URLs, and the demo store's content as this build seeds it, read once
 * from the first store before any test changes it (`demoSite`): a file that copies the demo to a host of its own
 * starts from it, not from what the files that ran before it on the shared store left (products they added push the
 * demo's own off a listing's first page). If the stores cannot start, every browser test file fails with the reason.
 * The merchant team's sessions are kept for the whole run in a folder made here (`merchantSessionFolder`,
 * test/e2e/merchant-session.ts), removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../../scripts/chromium.mjs';
import { startLocalStore } from '../../scripts/local-store.mjs';
import { receiveSite } from '../../scripts/site/admin-client';
import { handOver } from './stores-hand-off';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    storesHandOff: string;
    chromiumEndpoints: string[];
  }
}

type LocalStore = Awaited<ReturnType<typeof startLocalStore>>;

/**
 * The test workers' stores, started side by side from one build of the worker (scripts/store-bundle.mjs), each on a
 * port its runtime binds itself. If one cannot start, the ones up are stopped and it fails with its error (the
 * runtime's or wrangler's message).
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

/** Starts the stores, reads the demo's content from the first, and hands both over to `handOff`, or the reason. */
async function startAndHandOver(handOff: string): Promise<LocalStore[]> {
  let stores: LocalStore[] = [];
  try {
    stores = await startStores(E2E_WORKERS);
    const { site } = await receiveSite({ url: stores[0]?.url ?? '' });
    handOver(handOff, { storeUrls: stores.map((store) => store.url), demoSite: site });
    return stores;
  } catch (error) {
    for (const store of stores) store.stop();
    handOver(handOff, { error: (error as Error)?.stack ?? String(error) });
    return [];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('bash', ['scripts/test-setup.sh'], { stdio: 'inherit' });
  const run = mkdtempSync(join(tmpdir(), 'e2e-run-'));
  const handOff = join(run, 'stores.json');
  const starting = startAndHandOver(handOff);
  let browsers: Awaited<ReturnType<typeof launchChromiumServer>>[];
  try {
    browsers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => launchChromiumServer()));
  } catch (error) {
    starting.then((stores) => {
      for (const store of stores) store.stop();
      rmSync(run, { recursive: true, force: true });
    });
    throw error;
  }
  project.provide('storesHandOff', handOff);
  project.provide(
    'chromiumEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  const sessions = join(run, 'merchant-sessions');
  mkdirSync(sessions);
  project.provide('merchantSessionFolder', sessions);
  return async () => {
    for (const store of await starting) store.stop();
    for (const browser of browsers) await browser.close();
    rmSync(run, { recursive: true, force: true });
  };
}
