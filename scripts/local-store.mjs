/**
 * Starts the store in development mode (the demo store) with a fresh local state folder of its own, serving the tests'
 * client build (`npm run build:client:test`), React in production mode and nothing sent to the network: for the
 * browser tests and the page-speed benchmark. Returns the store's URL (its worker's own socket) and a stop function
 * (which also removes the state). Given `state`, it uses that folder and keeps it (the caller removes it), and `kill`
 * ends the store's processes at once as a crash or a deploy would, so a test can start the store again on what it had
 * committed.
 *
 * The store runs the worker as the tree held it when it started: scripts/store-bundle.mjs copies the sources and the
 * client build and builds them once per state of the tree (a run's stores share one build), and
 * scripts/store-runtime.mjs runs that build in wrangler's Miniflare and workerd, a process group of its own, with no
 * bundler, watcher or proxy (`npm start` is still `wrangler dev`). An edit made while tests run, or a client rebuild,
 * reaches only the stores started after it.
 *
 * Given `entry`, the store runs that worker entry (a file under the tree) instead of wrangler.toml's: the soak
 * benchmark's bench/soak-worker.ts, the production worker with its fault control call, lets a browser test make a page
 * fail as a bug would (test/journeys/system-pages-language.test.ts).
 *
 * A store that cannot start fails at once with the reason: wrangler's message for a worker that does not build, the
 * runtime's for one it refuses.
 *
 * The runtime binds a port the system picks unless given one; given one another process holds (a test holds one to
 * show it), it starts again on a port the system picks.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { storeBundle } from './store-bundle.mjs';

const RUNTIME = fileURLToPath(new URL('./store-runtime.mjs', import.meta.url));

/** The port asked for was bound by another process. */
export class PortTaken extends Error {}

const ADDRESS_IN_USE = 'Address already in use';
const START_MS = 180_000;

export async function startLocalStore({ state: keptState, root = '.', entry, port: firstPort } = {}) {
  const bundle = await storeBundle({ root, entry });
  const state = resolve(keptState ?? `.wrangler/local-store-${process.pid}-${Date.now()}`);
  try {
    return await startOn({ port: firstPort ?? 0, state, keptState, bundle });
  } catch (error) {
    if (!(error instanceof PortTaken)) throw error;
    process.stderr.write(`local store: port ${firstPort} is taken; starting on one the system picks\n`);
    return await startOn({ port: 0, state, keptState, bundle });
  }
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

/** The runtime's URL once it is up; rejects with what it printed when it ends first. */
function runtimeUrl(child, printed) {
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith('{'));
      if (line !== undefined) done(JSON.parse(line).url);
    });
    child.once('exit', (code, signal) => {
      const reason = `the store's runtime exited with ${code ?? signal}:\n${printed()}`;
      fail(printed().includes(ADDRESS_IN_USE) ? new PortTaken(reason) : new Error(reason));
    });
  });
}

/** Waits for the store's /shop to answer 200: its first request seeds the demo store. */
async function shopAnswers(url, deadline) {
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/shop`);
      if (res.ok) return;
      last = `${res.status}: ${(await res.text()).slice(0, 500)}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the store did not answer ${url}/shop within ${START_MS} ms (last: ${last})`);
}

/** One start of the runtime on `port`; a failed start leaves nothing running and removes a fresh state. */
async function startOn({ port, state, keptState, bundle }) {
  const child = spawn(process.execPath, [RUNTIME, JSON.stringify({ bundle, state, port })], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Passed on as before, and the start's part kept for the error when the store does not come up.
  let printed = '';
  let starting = true;
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    if (starting) printed = (printed + stripVTControlCharacters(chunk.toString())).slice(-20_000);
  });
  const exited = new Promise((done) => child.once('exit', done));
  const removeFreshState = () => {
    if (keptState === undefined) rmSync(state, { recursive: true, force: true });
  };
  let url;
  try {
    const deadline = Date.now() + START_MS;
    let timer;
    url = await Promise.race([
      runtimeUrl(child, () => printed),
      new Promise((_, fail) => {
        timer = setTimeout(
          () => fail(new Error(`the store's runtime was not up within ${START_MS} ms:\n${printed}`)),
          START_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    await shopAnswers(url, deadline);
  } catch (error) {
    if (child.pid !== undefined) await endGroup(child.pid, 'SIGKILL');
    removeFreshState();
    throw error instanceof PortTaken ? error : new Error(`the store could not start: ${error.message}`);
  } finally {
    starting = false;
    printed = '';
  }
  const running = () => child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    url,
    stop: () => {
      if (running()) process.kill(-child.pid, 'SIGTERM');
      removeFreshState();
    },
    /** SIGKILL to the runtime and its workerd; resolves once both are gone. */
    kill: async () => {
      if (child.pid !== undefined) await endGroup(child.pid, 'SIGKILL');
      await exited;
    },
  };
}
