/**
 * Starts the store under `wrangler dev` on a free port, in development mode (the demo store), with
 * a fresh local state folder of its own, serving the tests' client build (`npm run build:client:test`), React in production mode and nothing sent to the network:
 * for the browser tests and the page-speed benchmark. Returns the store's URL and a stop function
 * (which also removes the state). Given `state`, it uses that folder and keeps it (the caller removes
 * it), and `kill` ends the process at once as a crash or a deploy would, so a test can start the store
 * again on what it had committed.
 *
 * The store runs from a copy of the source and of the client build taken when it starts: wrangler dev
 * rebuilds on every change under its folder, so an edit made while tests run (or a client rebuild)
 * would otherwise reload the worker under a test half-way through a purchase.
 *
 * Given `entry`, the store runs that worker entry (a file under the tree, copied with the sources) instead of
 * wrangler.toml's: the soak benchmark's bench/soak-worker.ts, the production worker with its fault control call, lets
 * a browser test make a page fail as a bug would (test/journeys/error-pages.test.ts).
 *
 * A store that cannot start fails at once with wrangler's own message: a build error leaves wrangler dev
 * running and waiting for an edit, so an `[ERROR]` it prints before the store answers ends the start.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { TEST_ASSETS } from './assets.mjs';
import { developmentVarArgs } from './development.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits for `url` to answer 200; `output()` is what wrangler printed on stderr so far. */
async function waitFor(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const failure = () => {
    if (child.exitCode !== null) return new Error(`wrangler dev exited with ${child.exitCode}:\n${output()}`);
    if (output().includes('[ERROR]')) return new Error(`wrangler dev could not start the store:\n${output()}`);
    return null;
  };
  let last = 'no answer';
  while (Date.now() < deadline) {
    const failed = failure();
    if (failed !== null) throw failed;
    // wrangler's proxy holds a request until its runtime is up, and for good when the runtime cannot start:
    // keep reading its output while the request waits.
    const request = new AbortController();
    const watch = setInterval(() => {
      if (failure() !== null || Date.now() > deadline) request.abort();
    }, 250);
    try {
      const res = await fetch(url, { signal: request.signal });
      if (res.ok) return;
      last = `${res.status}: ${(await res.text()).slice(0, 500)}`;
    } catch {
      // not listening yet, or given up on above
    } finally {
      clearInterval(watch);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms (last: ${last}):\n${output()}`);
}

/** What the worker is built from: the store's source, its theme and its configuration. */
const WORKER_SOURCES = [
  'src',
  'themes',
  'wrangler.toml',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.worker.json',
  'worker-configuration.d.ts',
];

/** Copies the worker's sources and the test client build from `root` into `folder`, so the store serves them as they are now. */
function snapshotSources(root, folder) {
  mkdirSync(folder, { recursive: true });
  for (const path of [...WORKER_SOURCES, TEST_ASSETS])
    cpSync(`${root}/${path}`, `${folder}/${path}`, { recursive: true });
  symlinkSync(resolve('node_modules'), `${folder}/node_modules`, 'dir');
}

/** `root` is the tree the store is built from (the working tree unless a test gives another). */
export async function startLocalStore({ state: keptState, root = '.', entry } = {}) {
  const state = resolve(keptState ?? `.wrangler/local-store-${process.pid}-${Date.now()}`);
  const sources = resolve(`.wrangler/store-sources-${process.pid}-${Date.now()}`);
  snapshotSources(root, sources);
  if (entry !== undefined) cpSync(`${root}/${entry}`, `${sources}/${entry}`);
  const port = await freePort();
  // wrangler's inspector listens on 9229 unless told: a second store (another test worker, or `npm start`) would collide.
  const inspectorPort = await freePort();
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      ...(entry === undefined ? [] : [entry]),
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      state,
      '--log-level',
      'warn',
      '--assets',
      TEST_ASSETS,
      ...developmentVarArgs(),
    ],
    {
      cwd: sources,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  // Passed on as before, and the start's part kept for the error when the store does not come up.
  let printed = '';
  let starting = true;
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    // Without wrangler's colours, which split '[ERROR]' in a terminal.
    if (starting) printed = (printed + stripVTControlCharacters(chunk.toString())).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, name);
  };
  const stop = () => {
    signal('SIGTERM');
    rmSync(sources, { recursive: true, force: true });
    if (keptState === undefined) rmSync(state, { recursive: true, force: true });
  };
  /** SIGKILL to wrangler and workerd; resolves once wrangler is gone. */
  const kill = async () => {
    signal('SIGKILL');
    await exited;
    rmSync(sources, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/shop`, child, () => printed, 180_000);
  } catch (error) {
    stop();
    throw error;
  } finally {
    starting = false;
    printed = '';
  }
  return { url, stop, kill };
}
