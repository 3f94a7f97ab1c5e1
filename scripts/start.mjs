/**
 * `npm start`: prepares the local store, then serves it with `wrangler dev` on
 * http://localhost:$PORT (default 8787) in development mode (wrangler.toml alone is production),
 * wrangler's inspector on $INSPECTOR_PORT (default: 9229, moved as far as PORT is: dev-ports.mjs).
 * `npm start -- --template DIR` also imports the developer-platform template DIR as the store's
 * theme once the store answers, and again on every change (`npm run site -- watch-template`).
 * Stops wrangler on SIGINT/SIGTERM and exits with its code.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { devPorts, portProblem } from './dev-ports.mjs';
import { developmentVarArgs } from './development.mjs';

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
function serve(port, inspectorPort, env) {
  const child = spawn(
    process.execPath,
    [
      wranglerCli(),
      'dev',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--ip',
      HOST,
      ...developmentVarArgs(),
    ],
    {
      stdio: 'inherit',
      env,
    },
  );
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

/** Resolves once the store answers at `url`; gives up when `serving` ends first. */
async function answered(url, serving) {
  let done = false;
  serving.then(() => (done = true));
  while (!done) {
    try {
      await (await fetch(url, { signal: AbortSignal.timeout(5000) })).arrayBuffer();
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return false;
}

/** Imports and watches the template folder once the store answers; stopped with the server. */
async function watchTemplate(dir, port, env, serving) {
  if (!(await answered(`http://${HOST}:${port}/api/site-admin/site`, serving))) return;
  const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, 'scripts/site.mjs', 'watch-template', dir], {
    stdio: 'inherit',
    env: { ...env, PORT: String(port) },
  });
  serving.then(() => child.kill('SIGTERM'));
}

async function main() {
  const { values } = parseArgs({ options: { template: { type: 'string' } } });
  const ports = devPorts(process.env);
  const problem = 'error' in ports ? ports.error : await portProblem(ports, HOST);
  if (problem !== null) {
    console.error(`npm start: ${problem}`);
    process.exitCode = 1;
    return;
  }
  const { port, inspectorPort } = ports;
  const env = wranglerEnv();
  await prepareLocalStore(env);
  const serving = serve(port, inspectorPort, env);
  if (values.template !== undefined) void watchTemplate(values.template, port, env, serving);
  process.exitCode = await serving;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
