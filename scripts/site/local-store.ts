/**
 * The local store `npm start` serves: `wrangler dev` on http://localhost:$PORT (8787) with its
 * state in .wrangler/state. When it is running the CLI talks to it; when it is not, the CLI runs
 * `wrangler dev` on that same state for the duration of the command (two workerd processes must
 * never share one state folder, so it only starts one when nothing answers).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { developmentVarArgs } from '../development.mjs';
import { ADMIN_PATH } from './admin-client.ts';

const DEFAULT_PORT = '8787';
const START_TIMEOUT_MS = 120_000;

/** Whether something answers HTTP at `url` (any status). */
async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(5000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

function wranglerCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');
}

/** Where `npm start` serves the local store. */
export function localUrl(): string {
  return `http://localhost:${process.env.PORT || DEFAULT_PORT}`;
}

export interface LocalStore {
  url: string;
  /** Stops the wrangler this command started (nothing when `npm start` was already serving). */
  stop: () => Promise<void>;
}

/** The running local store, or one started on its state for this command. */
export async function localStore(log: (line: string) => void): Promise<LocalStore> {
  const running = localUrl();
  if (await answers(`${running}${ADMIN_PATH}/site`)) return { url: running, stop: async () => {} };
  const port = await freePort();
  log(`No store answers at ${running}; starting wrangler dev on .wrangler/state for this command…`);
  const child = spawn(
    process.execPath,
    [wranglerCli(), 'dev', '--port', String(port), '--ip', '127.0.0.1', '--log-level', 'warn', ...developmentVarArgs()],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(`${url}${ADMIN_PATH}/site`))) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, stop };
}
