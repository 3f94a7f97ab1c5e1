/**
 * Three test projects: `engine` runs pure modules' tests in Node (`engine-mocks` the few that mock modules); `e2e`
 * drives Chromium against `wrangler dev` (test/e2e, and the users' journeys across features in test/journeys);
 * `worker` runs inside workerd through the Workers Vitest integration, with the bindings of wrangler.toml
 * in development mode (tests of production pass its env explicitly), a workerd a file, and `worker-shared` the
 * worker files written to share one (test/worker/shared-files.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { configDefaults, defineConfig } from 'vitest/config';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { DEVELOPMENT_VARS } from './scripts/development.mjs';
import { E2E_WORKERS } from './test/e2e/workers.ts';
import { LongestFirstSequencer } from './test/longest-first.ts';
import { WORKER_SHARED_FILES } from './test/worker/shared-files.ts';

/** Pure modules' tests in Node. */
const ENGINE = {
  environment: 'node' as const,
  include: ['test/engine/**/*.test.ts', 'test/deploy/**/*.test.ts', 'test/architecture.test.ts', 'src/**/*.test.ts'],
  testTimeout: 60_000,
  // Durable Objects need workerd; their tests belong in test/worker.
  exclude: ['src/durable/**'],
  // Runs in one group with the worker project, which vitest allows only with the same number of workers.
  maxWorkers: 2,
};

/**
 * The queue consumers of wrangler.toml, each gathering a batch for 50 ms instead of its `max_batch_timeout` (1 s): every
 * worker test that reads beacons back waits for the consumer's delivery (test/worker/beacons-delivered.ts), a second
 * each in which nothing else ran. Batches still group what arrives together; the consumer's grouping per website is
 * tested by handing it batches itself (beacon-delivery.test.ts).
 */
function quickQueueConsumers() {
  const consumers: Record<string, { maxBatchTimeout?: number }> | string[] =
    unstable_getMiniflareWorkerOptions('./wrangler.toml').workerOptions.queueConsumers ?? {};
  if (Array.isArray(consumers)) throw new Error('wrangler.toml gave queue consumers without their settings');
  return Object.fromEntries(
    Object.entries(consumers).map(([queue, consumer]) => [queue, { ...consumer, maxBatchTimeout: 0.05 }]),
  );
}

/** The worker projects' pool: the bindings of wrangler.toml in development mode, the quick queue consumers. */
function workersPool() {
  return cloudflareTest({
    wrangler: { configPath: './wrangler.toml' },
    miniflare: { bindings: DEVELOPMENT_VARS, queueConsumers: quickQueueConsumers() },
  });
}

/** What the two worker projects have in common. */
const WORKER = {
  setupFiles: ['test/worker/load-worker.ts'],
  // vitest's default on a 2-core machine is one file at a time; many of these files wait on alarms,
  // storage and timers, so two at a time keep both cores busy.
  maxWorkers: 2,
  // Headroom for a loaded 2-core machine, as the browser project has: a first page render or a sign-in (PBKDF2)
  // can take over 10 s there, and a test of many steps passed 60 s at load 25 (orders-never-paid, clean56).
  // A passing test returns at once; tests that need longer say so themselves.
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

/**
 * The engine files that replace a module with vi.mock: they need a fresh module graph (in a shared one the module
 * under test had already loaded the real one), so they run in a project that isolates each file.
 */
const MODULE_MOCKS = ['src', 'test/engine', 'test/deploy'].flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => `${root}/${name}`)
    .filter((path) => path.endsWith('.test.ts') && readFileSync(path, 'utf8').includes('vi.mock(')),
);

export default defineConfig({
  test: {
    // Each project's files the longest first by test/file-durations.json: on a fresh clone vitest has no results cache
    // and takes them by file size, and a long file taken last keeps its group on one worker (docs/testing.md).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          ...ENGINE,
          name: 'engine',
          exclude: [...ENGINE.exclude, ...MODULE_MOCKS],
          // One Node process per worker keeps its loaded modules from file to file instead of a fresh module graph
          // per file: 42 % less CPU (71.0 -> 41.1 s side by side, docs/testing.md).
          isolate: false,
        },
      },
      {
        test: { ...ENGINE, name: 'engine-mocks', include: MODULE_MOCKS },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts', 'test/journeys/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // Two browser files at a time unless E2E_WORKERS says, each worker with a store of its own (test/e2e/global-setup.ts).
          maxWorkers: E2E_WORKERS,
          // After the engine and worker projects, not beside them: on a 2-core CI machine their files
          // starved the browser of CPU (a product page's load passed 30 s once, a 1 s poll missed).
          sequence: { groupOrder: 1 },
          // A browser test walks several pages; on a 2-core machine loaded several times over (other
          // work beside the suite) a 60 s budget ran out on tests that were still progressing.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits 1 s unless told, too little for a server round trip on a loaded 2-core
          // CI machine; with other work beside the suite (load 20) a cart read took more than 10 s once. A
          // poll that passes returns at once, so the bound costs only a failing test. Polls that assert a
          // spec timing say so.
          expect: { poll: { timeout: 30_000 } },
          // Once, and only when a page never finished loading its own scripts from the local store:
          // wrangler dev has left a /build/ asset pending past 60 s under load (clean31, two tests in
          // 2,404, not reproduced alone; docs/testing.md). Any assertion failure still fails at once.
          retry: { count: 1, condition: /page\.goto: Timeout \d+ms exceeded/ },
        },
      },
      {
        plugins: [workersPool()],
        test: {
          ...WORKER,
          name: 'worker',
          include: ['test/worker/**/*.test.ts', 'test/security/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...WORKER_SHARED_FILES],
          // Each file has a workerd, so storage, module state and rate limits, of its own.
        },
      },
      {
        plugins: [workersPool()],
        test: {
          ...WORKER,
          name: 'worker-shared',
          include: WORKER_SHARED_FILES,
          // One workerd per pool worker for all its files: no workerd start or module load per file (its rules in
          // test/worker/shared-files.ts; docs/testing.md, "One workerd for the files that share").
          isolate: false,
        },
      },
    ],
  },
});
