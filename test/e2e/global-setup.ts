/**
 * Browser tests run against the real store: Chromium installed (scripts/test-setup.sh), the client
 * built (npm test builds it first), and one store per test worker (E2E_WORKERS, started side by side from one
 * build of the worker: scripts/local-store.mjs), each on a free port with React in production mode and a fresh
 * state of its own. Each worker also gets a Chromium of its own, launched once here: its files connect to it in turn
 * (test/e2e/browser.ts), each test in contexts of its own, instead of launching and closing one per file.
 * Global setup starts the stores and Chromiums without waiting for them: vitest runs every global setup before any
 * test file, so waiting here kept the engine and worker projects from starting for the stores' build and start. What
 * started is handed over in a file (`setupHandOff`, test/e2e/setup-hand-off.ts) that a browser test file waits for as
 * it loads (test/e2e/store.ts takes its worker's): the stores' URLs, the Chromiums' endpoints, and the demo store's
 * content as this build seeds it, read once from the first store before any test changes it (`demoSite`): a file that
 * copies the demo to a host of its own starts from it, not from what the files that ran before it on the shared store
 * left (products they added push the demo's own off a listing's first page). If a store or a Chromium cannot start,
 * every browser test file fails with the reason.
 * The merchant team's sessions are kept for the whole run in a folder made here (`merchantSessionFolder`,
 * test/e2e/merchant-session.ts), removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { launchChromiumServer } from '../../scripts/chromium.mjs';
import { startLocalStore } from '../../scripts/local-store.mjs';
import { receiveSite } from '../../scripts/site/admin-client';
import { handOver } from './setup-hand-off';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    setupHandOff: string;
  }
}

type LocalStore = Awaited<ReturnType<typeof startLocalStore>>;
type ChromiumServer = Awaited<ReturnType<typeof launchChromiumServer>>;

/** What was started, to stop at the end. */
interface Running {
  stores: LocalStore[];
  browsers: ChromiumServer[];
}

/**
 * `count` of what `start` starts, side by side. If one cannot start, the ones up are stopped with `stop` and it fails
 * with its error (for a store, the runtime's or wrangler's message).
 */
async function startAll<T>(count: number, start: () => Promise<T>, stop: (started: T) => unknown): Promise<T[]> {
  const starts = await Promise.allSettled(Array.from({ length: count }, start));
  const started = starts.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : []));
  const failed = starts.find((one) => one.status === 'rejected');
  if (failed !== undefined) {
    await Promise.all(started.map(stop));
    throw failed.reason;
  }
  return started;
}

async function launchChromiums(count: number): Promise<ChromiumServer[]> {
  // Imported here rather than with this file: playwright-core's import takes seconds on a loaded machine.
  const { launchChromiumServer } = await import('../../scripts/chromium.mjs');
  return startAll(count, launchChromiumServer, (browser) => browser.close());
}

async function stop({ stores, browsers }: Running): Promise<void> {
  for (const store of stores) store.stop();
  for (const browser of browsers) await browser.close();
}

/**
 * Starts the stores (from one build of the worker, scripts/store-bundle.mjs) and the Chromiums, reads the demo's
 * content from the first store, and hands them over to `handOff`, or the reason one could not start.
 */
async function startAndHandOver(handOff: string): Promise<Running> {
  const [stores, browsers] = await Promise.allSettled([
    startAll(
      E2E_WORKERS,
      () => startLocalStore(),
      (store) => store.stop(),
    ),
    launchChromiums(E2E_WORKERS),
  ]);
  const running: Running = {
    stores: stores.status === 'fulfilled' ? stores.value : [],
    browsers: browsers.status === 'fulfilled' ? browsers.value : [],
  };
  try {
    if (stores.status === 'rejected') throw stores.reason;
    if (browsers.status === 'rejected') throw browsers.reason;
    const { site } = await receiveSite({ url: running.stores[0]?.url ?? '' });
    handOver(handOff, {
      storeUrls: running.stores.map((store) => store.url),
      chromiumEndpoints: running.browsers.map((browser) => browser.wsEndpoint()),
      demoSite: site,
    });
    return running;
  } catch (error) {
    await stop(running);
    handOver(handOff, { error: (error as Error)?.stack ?? String(error) });
    return { stores: [], browsers: [] };
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  execFileSync('bash', ['scripts/test-setup.sh'], { stdio: 'inherit' });
  const run = mkdtempSync(join(tmpdir(), 'e2e-run-'));
  const handOff = join(run, 'started.json');
  const sessions = join(run, 'merchant-sessions');
  mkdirSync(sessions);
  project.provide('setupHandOff', handOff);
  project.provide('merchantSessionFolder', sessions);
  const starting = startAndHandOver(handOff);
  return async () => {
    await stop(await starting);
    rmSync(run, { recursive: true, force: true });
  };
}
