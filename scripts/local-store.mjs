/**
 * Starts the store under `wrangler dev` on a free port, in development mode (the demo store), with
 * a fresh local state folder of its own, serving the tests' client build (`npm run build:client:test`), React in production mode and nothing sent to the network:
 * for the browser tests and the page-speed benchmark. Returns the store's URL (its worker's own socket, behind
 * wrangler dev's proxy: `workerUrl` below) and a stop function (which also removes the state). Given `state`, it uses that folder and keeps it (the caller removes
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
 *
 * A port chosen free can be taken before wrangler binds it (a store starting beside this one took it for its own
 * runtime in one whole run): wrangler then prints "Address already in use" and exits, but the port answers, so an
 * answer alone does not say the store is up. The start takes an answer only once the socket listening on the port
 * belongs to this wrangler's processes (Linux's /proc; elsewhere an answer is taken as before), and starts again on
 * new ports when the port was taken.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
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

/** The start's port (or its inspector's) was bound by another process before this wrangler could bind it. */
export class PortTaken extends Error {}

const ADDRESS_IN_USE = 'Address already in use';

/** The inodes of the sockets listening on `port` (any address), or null where /proc cannot tell (not Linux). */
function listeningSockets(port) {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  let readable = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    readable = true;
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode; st 0A is LISTEN
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A' && fields[1]?.endsWith(hex)) inodes.add(`socket:[${fields[9]}]`);
    }
  }
  return readable ? inodes : null;
}

/** The ids of the processes in process group `group`, or null without /proc. */
function processesOf(group) {
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const pids = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after its last ')'
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group) pids.push(name);
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/**
 * Whether what listens on `port` is wrangler's (the store runs in its own process group, `group`): 'ours', 'theirs'
 * (another process holds it, or nothing listens any more) or 'unknown' (no /proc).
 */
export function listenerOf(port, group) {
  const sockets = listeningSockets(port);
  if (sockets === null) return 'unknown';
  if (sockets.size === 0) return 'theirs';
  const ours = new Set();
  for (const pid of processesOf(group) ?? []) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (sockets.has(target)) ours.add(target);
      } catch {
        // closed meanwhile
      }
    }
  }
  return ours.size === sockets.size ? 'ours' : 'theirs';
}

/** Waits for `url` (on `port`) to answer 200 from this wrangler; `output()` is what wrangler printed on stderr so far. */
async function waitFor(url, port, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const taken = () =>
    new PortTaken(`wrangler dev could not bind its port: port ${port} answered from another process:\n${output()}`);
  const failure = () => {
    if (output().includes(ADDRESS_IN_USE)) return taken();
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
      if (res.ok) {
        // Another process holding the port answers too, at once: the answer counts only from this wrangler's socket.
        if (listenerOf(port, child.pid) === 'theirs') throw taken();
        return;
      }
      last = `${res.status}: ${(await res.text()).slice(0, 500)}`;
    } catch (error) {
      if (error instanceof PortTaken) throw error;
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

/** Attempts at a start whose port was taken meanwhile before the start gives up. */
const PORT_ATTEMPTS = 4;

/**
 * `root` is the tree the store is built from (the working tree unless a test gives another); `port`, the port to try
 * first (a test holds one to show that a taken port is refused), else one chosen free.
 */
export async function startLocalStore({ state: keptState, root = '.', entry, port: firstPort } = {}) {
  const sources = resolve(`.wrangler/store-sources-${process.pid}-${Date.now()}`);
  snapshotSources(root, sources);
  if (entry !== undefined) cpSync(`${root}/${entry}`, `${sources}/${entry}`);
  try {
    for (let attempt = 1; ; attempt++) {
      const state = resolve(keptState ?? `.wrangler/local-store-${process.pid}-${Date.now()}`);
      const port = attempt === 1 && firstPort !== undefined ? firstPort : await freePort();
      try {
        return await startOn({ port, state, keptState, sources, entry });
      } catch (error) {
        if (!(error instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw error;
        process.stderr.write(`local store: port ${port} was taken before wrangler bound it; starting on new ports\n`);
      }
    }
  } catch (error) {
    rmSync(sources, { recursive: true, force: true });
    throw error;
  }
}

/** Ends every process of group `group` and resolves once none is left (a store started again may reuse its state). */
async function endGroup(group, name) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const left = processesOf(group);
    if (left?.length === 0 || Date.now() > deadline) return;
    try {
      process.kill(-group, name);
    } catch {
      return; // none left
    }
    if (left === null) return; // no /proc to watch them end
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One start of wrangler dev on `port`; a failed start leaves nothing running and removes a fresh state. */
async function startOn({ port, state, keptState, sources, entry }) {
  // wrangler's inspector listens on 9229 unless told: a second store (another test worker, or `npm start`) would collide.
  const inspectorPort = await freePort();
  const logs = resolve(`.wrangler/logs/store-${process.pid}-${port}-${Date.now()}`);
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
        WRANGLER_LOG_PATH: logs,
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
    await waitFor(`${url}/shop`, port, child, () => printed, 180_000);
  } catch (error) {
    if (child.pid !== undefined) await endGroup(child.pid, 'SIGKILL');
    if (keptState === undefined) rmSync(state, { recursive: true, force: true });
    throw error;
  } finally {
    starting = false;
    printed = '';
  }
  return { url: await workerUrl(logs, url), proxyUrl: url, stop, kill };
}

/**
 * The URL the tests reach the store at: the worker's own runtime socket, not wrangler dev's proxy in front of it.
 * The proxy (a second runtime that forwards each request to that socket) loses a request now and then under load:
 * the browser gets its 500 'Error: Network connection lost.' for a page or a 503 'Your worker restarted mid-request'
 * for a POST, while our worker logged no error for it (whole runs clean48 and CI at 2e2e482; 9 of about 1,250 requests
 * through the proxy against none of about 1,290 straight to the socket, side by side in two loads, docs/testing.md).
 * wrangler writes the socket to its debug log (`reloadComplete`, `userWorkerUrl`); without it, the proxy's `url`.
 */
async function workerUrl(logs, url) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = lastWorkerUrl(logs);
    if (found !== null) {
      try {
        if ((await fetch(`${found}/shop`)).ok) return found;
      } catch {
        // not this one
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  process.stderr.write(`local store: no worker socket in wrangler's log under ${logs}; using its proxy at ${url}\n`);
  return url;
}

function lastWorkerUrl(logs) {
  if (!existsSync(logs)) return null;
  const text = readdirSync(logs)
    .map((file) => readFileSync(`${logs}/${file}`, 'utf8'))
    .join('');
  const found = [...text.matchAll(/"userWorkerUrl":\{"protocol":"http:","hostname":"([^"]+)","port":"(\d+)"\}/g)].at(
    -1,
  );
  return found === undefined ? null : `http://${found[1]}:${found[2]}`;
}
