/**
 * Starts the store under `wrangler dev` on a free port, in development mode (the demo store), with
 * a fresh local state folder of its own, serving the tests' client build (`npm run build:client:test`), React in production mode and nothing sent to the network:
 * for the browser tests and the page-speed benchmark. Returns the store's URL and a stop function
 * (which also removes the state). Given `state`, it uses that folder and keeps it (the caller removes
 * it), and `kill` ends the process at once as a crash or a deploy would, so a test can start the store
 * again on what it had committed.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { TEST_ASSETS } from './assets.mjs';
import { developmentVarArgs } from './development.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms`);
}

export async function startLocalStore({ state: keptState } = {}) {
  const state = keptState ?? `.wrangler/local-store-${process.pid}-${Date.now()}`;
  const port = await freePort();
  const child = spawn('npx', ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--log-level', 'warn', '--assets', TEST_ASSETS, ...developmentVarArgs()], {
    env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, name);
  };
  const stop = () => {
    signal('SIGTERM');
    if (keptState === undefined) rmSync(state, { recursive: true, force: true });
  };
  /** SIGKILL to wrangler and workerd; resolves once wrangler is gone. */
  const kill = async () => {
    signal('SIGKILL');
    await exited;
  };
  try {
    await waitFor(`${url}/shop`, child, 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop, kill };
}
