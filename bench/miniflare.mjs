/**
 * What the worker benchmarks share: the production bundle built as `wrangler deploy` builds it,
 * run on Miniflare's own HTTP port (not behind `wrangler dev`'s proxy) with wrangler.toml's
 * bindings in development mode; a worker answering a prebuilt string (the runtime's ceiling on
 * this machine); and keep-alive load from this process.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import { join } from 'node:path';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { DEVELOPMENT_VARS } from '../scripts/development.mjs';

const require = createRequire(import.meta.url);
// wrangler's own Miniflare: the top-level one (from the test pool) needs Node 22.
const { Miniflare } = require(join(process.cwd(), 'node_modules/wrangler/node_modules/miniflare'));

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONCURRENCY = 16;

export function buildWorker() {
  const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', 'dist'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) throw new Error('worker build failed');
}

export async function start(options) {
  const mf = new Miniflare({ host: '127.0.0.1', port: 0, compatibilityDate: '2026-04-01', ...options });
  const url = await mf.ready;
  return { mf, url };
}

/** The built worker (dist/) with the bindings, Durable Objects, limiters and vars of wrangler.toml, in development mode (the demo store on loopback). */
export function startStore(options = {}) {
  const fromConfig = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions;
  return start({
    modules: true,
    scriptPath: 'dist/worker.js',
    modulesRoot: 'dist',
    modulesRules: [{ type: 'Text', include: ['**/*.html', '**/*.css'] }],
    kvNamespaces: ['SITE_CONTENT'],
    bindings: { ...fromConfig.bindings, ...DEVELOPMENT_VARS },
    durableObjects: fromConfig.durableObjects,
    // The limiters still run on every call; their limits are lifted so the run measures throughput, not refusals.
    ratelimits: Object.fromEntries(Object.keys(fromConfig.ratelimits).map((name) => [name, { simple: { limit: 1e9, period: 60 } }])),
    ...options,
  });
}

/** A worker that answers `body` as HTML to every request: the ceiling for a page of that size. */
export function startStaticWorker(body) {
  return start({
    modules: true,
    script: `const body = ${JSON.stringify(body)}; export default { fetch() { return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }); } };`,
  });
}

/**
 * Keep-alive load from this process: `CONCURRENCY` requests in flight for `SECONDS`; `path` may be
 * a function giving each request's path, and `request` a function giving its method, headers and body.
 */
export async function load(url, path, request = () => ({ method: 'GET', headers: {} })) {
  const pathOf = typeof path === 'function' ? path : () => path;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  let bytes = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const { method, headers, body } = request();
      const req = http.request(new URL(pathOf(), url), { agent, method, headers }, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${method} status ${res.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), size: bytes / latencies.length };
}

export const fmt = (r) => `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`;
