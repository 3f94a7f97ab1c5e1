/**
 * `npm start`: prepares the local store, then serves it with `wrangler dev` on
 * http://localhost:$PORT (default 8787) in development mode (wrangler.toml alone is production).
 * Stops wrangler on SIGINT/SIGTERM and exits with its code.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants } from 'node:os';
import { developmentVarArgs } from './development.mjs';

const DEFAULT_PORT = '8787';
const HOST = 'localhost';
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The pinned wrangler's CLI, run with this same Node. */
function wranglerCli() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');
}

/**
 * Environment for every wrangler run: no usage metrics leave the machine, and `request.cf` is a
 * local placeholder instead of one fetched from Cloudflare (dev makes no calls to the internet).
 */
function wranglerEnv() {
  return { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
}

/**
 * Puts the local state (KV, Durable Objects under .wrangler/state) in the shape the store needs
 * before the server starts. The worker serves without any local state so far.
 */
async function prepareLocalStore(_env) {}

/** Runs `wrangler dev` until it exits; resolves to the exit code to pass on. */
function serve(port, env) {
  const child = spawn(process.execPath, [wranglerCli(), 'dev', '--port', port, '--ip', HOST, ...developmentVarArgs()], {
    stdio: 'inherit',
    env,
  });
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);

  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const s of FORWARDED_SIGNALS) process.off(s, forward);
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

async function main() {
  const port = process.env.PORT || DEFAULT_PORT;
  const env = wranglerEnv();
  await prepareLocalStore(env);
  process.exitCode = await serve(port, env);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
