/**
 * One browser-test store's runtime, a process of its own (scripts/local-store.mjs starts it in a process group of its
 * own, so a `kill` ends it and its workerd at once): wrangler's own Miniflare, and so the workerd `wrangler dev` runs,
 * on a worker built once by scripts/store-bundle.mjs, with the bindings wrangler's config translation gave for it, the
 * development vars (scripts/development.mjs) and its state under `state/v3` as `wrangler dev --persist-to state` keeps
 * it. No bundler, no watcher and no proxy in front: the tests reach the worker's own socket.
 *
 * `node scripts/store-runtime.mjs '{"bundle":…,"state":…,"port":…}'` (port 0: one the system picks) prints one line on
 * stdout once the runtime is up, `{"url":"http://127.0.0.1:PORT"}`; the runtime's warnings and errors, and the
 * worker's `console.warn` and `console.error`, go to stderr as wrangler dev's `--log-level warn` prints them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEVELOPMENT_VARS } from './development.mjs';

const require = createRequire(import.meta.url);
// wrangler's own Miniflare (and its workerd), not the newer one the worker tests' pool brings.
const { Log, LogLevel, Miniflare } = createRequire(require.resolve('wrangler'))('miniflare');

const { bundle, state, port } = JSON.parse(process.argv[2] ?? '{}');
const { name, scriptPath, workerOptions } = JSON.parse(readFileSync(`${bundle}/options.json`, 'utf8'));

const miniflare = new Miniflare({
  host: '127.0.0.1',
  port,
  defaultPersistRoot: `${state}/v3`,
  unsafeTriggerHandlers: true,
  logRequests: false,
  log: new Log(LogLevel.WARN),
  handleStructuredLogs: ({ level, message }) => {
    if (level === 'warn' || level === 'error') process.stderr.write(`${message}\n`);
  },
  workers: [
    // In front, as Cloudflare's proxies and wrangler dev's are: it reads a request's whole body before the store sees
    // it, so a body the store answers without reading (a refusal, a DELETE that takes none) cannot leave workerd
    // closing the keep-alive connection under the client's next request (ECONNRESET in Playwright's request contexts).
    {
      name: 'front',
      modules: true,
      script: `export default {
        async fetch(request, env) {
          const body = request.body === null ? null : await request.arrayBuffer();
          return env.STORE.fetch(new Request(request, { body, cf: request.cf }));
        },
      };`,
      serviceBindings: { STORE: name },
    },
    {
      ...workerOptions,
      name,
      modules: true,
      scriptPath: `${bundle}/${scriptPath}`,
      modulesRoot: bundle,
      bindings: { ...workerOptions.bindings, ...DEVELOPMENT_VARS },
      // The client build copied beside the worker (the folder is built elsewhere and renamed into place).
      assets: { ...workerOptions.assets, directory: `${bundle}/assets` },
    },
  ],
});

try {
  const url = await miniflare.ready;
  process.stdout.write(`${JSON.stringify({ url: url.origin })}\n`);
} catch (error) {
  process.stderr.write(`[ERROR] the store's runtime could not start: ${error?.stack ?? error}\n`);
  process.exit(1);
}

process.once('SIGTERM', () => {
  miniflare.dispose().finally(() => process.exit(0));
});
