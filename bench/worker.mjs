/**
 * Worker benchmark (`npm run bench`): the production bundle on Miniflare's own HTTP port (not
 * behind `wrangler dev`'s proxy), measured side by side with a worker that returns a prebuilt
 * string of the same size — the runtime's ceiling on this machine. For a product page: requests
 * per second, p50 and p99, on a cache miss (every request renders) and a cache hit. Static assets
 * are not bound here (the page then has no island script tag; the HTML is otherwise the same).
 * Add-to-cart calls go to one cart and spread over 1000 carts, and beacons (page-view hits) are
 * accepted and stored, beside the same ceiling. Each kind's CPU per request is the store's workerd
 * process CPU time (user + system, /proc) over the run divided by the requests it answered: the
 * runtime's own work included, so an upper bound of what the worker code spends.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { TEST_ASSETS } from '../scripts/assets.mjs';
import { DEVELOPMENT_VARS } from '../scripts/development.mjs';
import { mixedLoad, report, storedBeaconViews, storedCartQuantity } from './load.mjs';

const require = createRequire(import.meta.url);
// wrangler's own Miniflare: the top-level one (from the test pool) needs Node 22.
const { Miniflare } = require(join(process.cwd(), 'node_modules/wrangler/node_modules/miniflare'));

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 16;
const PRODUCT = '/shop/p/linen-shirt';

function buildWorker() {
  const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', 'dist'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) throw new Error('worker build failed');
}

/** The workerd processes this process started. */
function workerdChildren() {
  const found = new Set();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (stat.includes('(workerd)') && Number(fields[1]) === process.pid) found.add(Number(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

const CLOCK_TICKS = 100;

/** CPU milliseconds (user + system) the processes have used so far. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

async function start(options) {
  const before = workerdChildren();
  const mf = new Miniflare({ host: '127.0.0.1', port: 0, compatibilityDate: '2026-04-01', ...options });
  const url = await mf.ready;
  const pids = [...workerdChildren()].filter((pid) => !before.has(pid));
  return { mf, url, pids };
}

/**
 * Keep-alive load from this process: `CONCURRENCY` requests in flight for `SECONDS`; `path` may be
 * a function giving each request's path, and `request` a function giving its method, headers and body.
 */
async function load({ url, pids }, path, request = () => ({ method: 'GET', headers: {} })) {
  const pathOf = typeof path === 'function' ? path : () => path;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  let bytes = 0;
  const deadline = performance.now() + SECONDS * 1000;
  let resets = 0;
  const once = (retried = false) =>
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
      req.on('error', (error) => {
        // workerd may close an idle keep-alive socket just as a request goes out on it: send it again once.
        if (error.code === 'ECONNRESET' && !retried) {
          resets++;
          once(true).then(resolve, reject);
        } else reject(error);
      });
      req.end(body);
    });
  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  const began = performance.now();
  const cpuBefore = cpuMs(pids);
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - began) / 1000;
  const cpu = (cpuMs(pids) - cpuBefore) / latencies.length;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  if (resets > 0) console.error(`  (${resets} requests sent again after a closed keep-alive socket)`);
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), size: bytes / latencies.length, cpu };
}

/** Requests in flight at most `CONCURRENCY` at a time over keep-alive sockets (not a new socket each). */
async function warm(url, count, request) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  const one = (i, retried = false) =>
    new Promise((resolve, reject) => {
      const { method, headers, body } = request(i);
      const req = http.request(url, { agent, method, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${method} ${url} status ${res.statusCode}`))));
      });
      req.on('error', (error) => (error.code === 'ECONNRESET' && !retried ? one(i, true).then(resolve, reject) : reject(error)));
      req.end(body);
    });
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) await one(next++);
  }));
  agent.destroy();
}

const fmt = (r) => `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  CPU ${r.cpu.toFixed(2)} ms/req`;

/**
 * CPU per request each route kind may use on this machine (the store's workerd process, runtime
 * included). The outer bound is the Workers paid plan's CPU limit per request, 30 s by default.
 */
const CPU_BUDGET_MS = { 'page hit': 1, 'page miss': 15, 'add to cart': 5, beacon: 3 };
const PAID_PLAN_CPU_LIMIT_MS = 30_000;

buildWorker();
spawnSync('node', ['scripts/build-client.mjs', '--test'], { stdio: 'ignore' });
const manifest = JSON.parse(readFileSync(`${TEST_ASSETS}/build/manifest.json`, 'utf8'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const allClientBytes = Object.values(manifest.files).reduce((a, b) => a + b, 0);
// Bindings, Durable Objects, limiters and vars as wrangler.toml declares them, in development mode (the demo store on loopback).
const fromConfig = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions;
const store = await start({
  modules: true,
  scriptPath: 'dist/worker.js',
  modulesRoot: 'dist',
  modulesRules: [{ type: 'Text', include: ['**/*.html', '**/*.css'] }],
  kvNamespaces: ['SITE_CONTENT'],
  bindings: { ...fromConfig.bindings, ...DEVELOPMENT_VARS },
  durableObjects: fromConfig.durableObjects,
  // The limiters still run on every call; their limits are lifted so the run measures throughput, not refusals.
  ratelimits: Object.fromEntries(Object.keys(fromConfig.ratelimits).map((name) => [name, { simple: { limit: 1e9, period: 60 } }])),
});
// Seed the demo store and learn the page's size.
const page = await (await fetch(new URL(PRODUCT, store.url))).text();
const staticWorker = await start({
  modules: true,
  script: `const body = ${JSON.stringify(page)}; export default { fetch() { return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }); } };`,
});

console.log(`\nWorker benchmark: ${PRODUCT} (${page.length} bytes), ${CONCURRENCY} connections, ${SECONDS} s each, Miniflare HTTP port`);
/**
 * Each measurement right after its own run of the ceiling, and its ratio to that one: other work on
 * a shared machine moves both alike, so the ratio holds better than against one ceiling for all.
 */
async function besideCeiling(measure) {
  const ceiling = await load(staticWorker, '/');
  return { ...(await measure()), ceiling };
}
const ratio = (r) => `${(r.rps / r.ceiling.rps).toFixed(2)}x of ceiling (${r.ceiling.rps.toFixed(0)} req/s, CPU ${r.ceiling.cpu.toFixed(2)} ms/req)`;
// A query string the cache has never seen makes every request a miss.
let n = 0;
const miss = await besideCeiling(() => load(store, () => `${PRODUCT}?bench=${n++}`));
const hit = await besideCeiling(() => load(store, PRODUCT));

// Add-to-cart: unlimited variants (no stock hold), quantity 1, rotating over skus so no entry reaches 9999.
const stockUrl = new URL('/api/commerce/inventory/stock/?itemId=p-brass-pen&itemId=p-design-consult&itemId=p-gift-card', store.url);
const demo = (await (await fetch(stockUrl)).json()).results.filter((r) => r.unlimited).map(({ itemId, sku }) => ({ itemId, sku }));
const crumb = 'c'.repeat(32);
const hex = (i) => i.toString(16).padStart(32, '0');
let adds = 0;
const addRequest = (cartOf) => () => {
  const line = demo[adds % demo.length];
  const cart = cartOf(adds++);
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}; CART=${cart}` },
    body: JSON.stringify({ ...line, quantity: 1, additionalFields: null }),
  };
};
const oneCart = await besideCeiling(() => load(store, '/api/commerce/shopping-cart/entries', addRequest(() => hex(1))));
// The 1000 carts exist before the timed run (their first add creates each Durable Object).
await warm(new URL('/api/commerce/shopping-cart/entries', store.url), 1000, (i) => addRequest(() => hex(1000 + i))());
const manyCarts = await besideCeiling(() => load(store, '/api/commerce/shopping-cart/entries', addRequest((i) => hex(1000 + (i % 1000)))));
// Beacons: page-view hits (form-encoded), each stored in the website's beacon store before its 200.
const hitBody = new URLSearchParams({ event: 'view', data: JSON.stringify({ websiteId: 'demo', url: '/shop', pageType: 1 }) }).toString();
const beacons = await besideCeiling(() => load(store, '/api/census/RecordHit', () => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: hitBody })));

console.log(`  product page, miss      ${fmt(miss)}   ${ratio(miss)}`);
console.log(`  product page, hit       ${fmt(hit)}   ${ratio(hit)}`);
console.log(`  add to cart, one cart   ${fmt(oneCart)}   ${ratio(oneCart)}`);
console.log(`  add to cart, 1000 carts ${fmt(manyCarts)}   ${ratio(manyCarts)}`);
console.log(`  beacons accepted        ${fmt(beacons)}   ${ratio(beacons)}`);
console.log(`  CPU per request (the store's workerd process, runtime included; budget on this machine; the Workers paid plan's limit is ${PAID_PLAN_CPU_LIMIT_MS / 1000} s):`);
for (const [kind, r] of [['page hit', hit], ['page miss', miss], ['add to cart', manyCarts], ['beacon', beacons]]) {
  const budget = CPU_BUDGET_MS[kind];
  console.log(`    ${kind.padEnd(12)} ${r.cpu.toFixed(2).padStart(6)} ms  budget ${String(budget).padStart(2)} ms  ${r.cpu <= budget ? 'within' : 'OVER  '}  ${(r.rps / r.ceiling.rps).toFixed(2)}x of ceiling`);
}
console.log(`  client JavaScript, gzip: entry alone ${kb(manifest.files[manifest.entry])} (a page whose islands need no React, e.g. a blog post with no cart)`);
console.log(`  client JavaScript, gzip: every chunk of the client build ${kb(allClientBytes)} (all islands and the collectors; a product page loads part of it, see page speed)`);

// Mixed load: every accepted write must be stored (the demo owner reads the beacon totals).
const DEMO_OWNER = { email: 'owner@example.com', password: 'studio-goods-owner' };
const pen = demo.find((line) => line.itemId === 'p-brass-pen');
const viewsBefore = await storedBeaconViews(store.url, DEMO_OWNER);
const mixed = await mixedLoad(store.url, { seconds: Number(process.env.LOAD_SECONDS ?? 30), itemId: pen.itemId, sku: pen.sku, websiteId: 'demo' });
report(mixed);
const acceptedAdds = [...mixed.addsPerCart.values()].reduce((a, b) => a + b, 0);
const storedAdds = await storedCartQuantity(store.url, [...mixed.addsPerCart.keys()]);
const acceptedBeacons = mixed.statuses.beacon[200] ?? 0;
const storedBeacons = (await storedBeaconViews(store.url, DEMO_OWNER)) - viewsBefore;
console.log(`    stored: adds ${storedAdds} of ${acceptedAdds} accepted, beacons ${storedBeacons} of ${acceptedBeacons} accepted${storedAdds === acceptedAdds && storedBeacons === acceptedBeacons ? ' (nothing lost)' : ' (MISMATCH)'}`);
await store.mf.dispose();
await staticWorker.mf.dispose();
