/**
 * What the worker benchmarks share: the production bundle built as `wrangler deploy` builds it,
 * run on Miniflare's own HTTP port (not behind `wrangler dev`'s proxy) with wrangler.toml's
 * bindings in development mode, or on bare `workerd` (a config with the bundle and no Miniflare
 * services in front); a worker answering a prebuilt string (the runtime's ceiling on this
 * machine); the floors of the route kinds, workers doing only the least each kind must do (a
 * stored write for a cart add, a beacon sent to a queue whose consumer stores it, a product page's stock read and
 * trust pass before any template); keep-alive load from this process; and the CPU the workerd processes spend on it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';
import { join, resolve as resolvePath } from 'node:path';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { DEVELOPMENT_VARS } from '../scripts/development.mjs';

const require = createRequire(import.meta.url);
// wrangler's own Miniflare: the top-level one (from the test pool) needs Node 22.
const { Miniflare } = require(join(process.cwd(), 'node_modules/wrangler/node_modules/miniflare'));

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONCURRENCY = 16;
const COMPATIBILITY_DATE = '2026-04-01';
/** Unlimited limiters: they still run on every call, so a run measures throughput, not refusals. */
const UNLIMITED = { simple: { limit: 1e9, period: 60 } };

export function buildWorker() {
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
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** A Miniflare instance with `options`: `{ mf, url, pids }` (pids: the workerd processes it started). */
export async function start(options) {
  const before = workerdChildren();
  const mf = new Miniflare({ host: '127.0.0.1', port: 0, compatibilityDate: COMPATIBILITY_DATE, ...options });
  const url = await mf.ready;
  const pids = [...workerdChildren()].filter((pid) => !before.has(pid));
  return { mf, url, pids, dispose: () => mf.dispose() };
}

/** Bindings, Durable Objects, limiters, the file bucket, the beacon queue and vars as wrangler.toml declares them, with the development vars. */
function configured() {
  const fromConfig = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions;
  return {
    vars: { ...fromConfig.bindings, ...DEVELOPMENT_VARS },
    durableObjects: fromConfig.durableObjects,
    ratelimits: fromConfig.ratelimits,
    r2Buckets: fromConfig.r2Buckets,
    queueProducers: fromConfig.queueProducers,
    queueConsumers: fromConfig.queueConsumers,
  };
}

/** The built worker (dist/) with the bindings, Durable Objects, limiters and vars of wrangler.toml, in development mode (the demo store on loopback). */
export function startStore(options = {}) {
  const { vars, durableObjects, ratelimits, r2Buckets, queueProducers, queueConsumers } = configured();
  return start({
    modules: true,
    scriptPath: 'dist/worker.js',
    modulesRoot: 'dist',
    modulesRules: [{ type: 'Text', include: ['**/*.html', '**/*.css'] }],
    kvNamespaces: ['SITE_CONTENT'],
    bindings: vars,
    durableObjects,
    ratelimits: Object.fromEntries(Object.keys(ratelimits).map((name) => [name, UNLIMITED])),
    r2Buckets,
    queueProducers,
    queueConsumers,
    ...options,
  });
}

const HTML_ONLY = [['content-type', 'text/html; charset=utf-8']];

/**
 * A worker answering `body` with `headers` (name, value pairs) to every request: as the constant string itself, which
 * the runtime encodes on each answer, or with `asBytes` as its bytes in a Blob and the headers in a Headers, both made
 * once (the least a constant answer costs here: a response made from a Blob refers to its bytes, one made from a string
 * or a Uint8Array copies them).
 */
const staticScript = (body, headers = HTML_ONLY, { asBytes = false } = {}) =>
  asBytes
    ? `const body = new Blob([new TextEncoder().encode(${JSON.stringify(body)})]); const headers = new Headers(${JSON.stringify(headers)}); export default { fetch() { return new Response(body, { headers }); } };`
    : `const body = ${JSON.stringify(body)}; const headers = ${JSON.stringify(headers)}; export default { fetch() { return new Response(body, { headers }); } };`;

/**
 * A worker that answers `body` as HTML to every request: the ceiling for a page of that size. With `headers` (a page
 * hit's, say) it answers with those, a fair peer of that answer: the same bytes and headers; `asBytes` as staticScript.
 */
export function startStaticWorker(body, headers = HTML_ONLY, { asBytes = false } = {}) {
  return start({ modules: true, script: staticScript(body, headers, { asBytes }) });
}

/**
 * The least a stored write can cost here: one rate-limit call, then one call to a SQLite-backed
 * Durable Object (named by the `o` query parameter) that adds 1 to a row, answered as a small JSON
 * object. What a cart add does at the least (src/routes/shop/cart.ts).
 */
const WRITE_SCRIPT = `import { DurableObject } from 'cloudflare:workers';
export class Counter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS counts (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
  }
  add() {
    this.ctx.storage.sql.exec('INSERT INTO counts (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1');
    return { ok: true };
  }
}
export default {
  async fetch(request, env) {
    // A body left unread closes the keep-alive connection.
    await request.text();
    const { success } = await env.LIMITER.limit({ key: 'bench' });
    const counter = env.COUNTER.get(env.COUNTER.idFromName(new URL(request.url).searchParams.get('o') ?? 'one'));
    return Response.json({ ...(await counter.add()), success });
  },
};
`;

/** A worker answering each request after one rate-limit call and one Durable Object SQLite write: the ceiling of a stored write on this machine. */
export function startWriteWorker() {
  return start({
    modules: true,
    script: WRITE_SCRIPT,
    durableObjects: { COUNTER: { className: 'Counter', useSQLite: true } },
    ratelimits: { LIMITER: UNLIMITED },
  });
}

/**
 * The least a product page miss can do here, before any template runs: read the product's stock
 * from a SQLite-backed Durable Object (a page shows what is available now) and pass `page` through
 * HTMLRewriter on its script and style elements once, as the trust filter does
 * (src/storefront/trusted-markup.ts), then answer it.
 */
const missFloorScript = (page) => `import { DurableObject } from 'cloudflare:workers';
const page = ${JSON.stringify(page)};
export class Stock extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS sold (sku TEXT PRIMARY KEY, n INTEGER NOT NULL)');
  }
  available() {
    return this.ctx.storage.sql.exec('SELECT sku, n FROM sold').toArray();
  }
}
export default {
  async fetch(request, env) {
    const sold = await env.STOCK.get(env.STOCK.idFromName('p')).available();
    const html = await new HTMLRewriter().on('script, style', { element(element) { element.removeAttribute('data-trust'); } }).transform(new Response(page)).text();
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'x-sold': String(sold.length) } });
  },
};
`;

/** A worker doing only what a product page miss must do before rendering (missFloorScript). */
export function startMissFloorWorker(page) {
  return start({
    modules: true,
    script: missFloorScript(page),
    durableObjects: { STOCK: { className: 'Stock', useSQLite: true } },
  });
}

/**
 * The least a page-view beacon can do here, the way the beacon routes do it (src/routes/shop/beacons.ts): read its form
 * body and check its fields, call the visitor's and the website's limiters, send it with an id to a queue and answer
 * once the queue has it, setting the three visitor cookies. The queue's consumer, in the same workerd process as the
 * worker (as the store's is), adds each website's beacons of a batch to its Durable Object in one call and one
 * transaction (src/durable/beacon-delivery.ts), so the CPU counted pays for delivery on both sides. Same batch settings
 * as wrangler.toml's beacon queue.
 */
const BEACON_FLOOR_SCRIPT = `import { DurableObject } from 'cloudflare:workers';
export class Views extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS views (path TEXT PRIMARY KEY, n INTEGER NOT NULL)');
  }
  stored() {
    return this.ctx.storage.sql.exec('SELECT COALESCE(SUM(n), 0) AS n FROM views').one().n;
  }
  add(paths) {
    const counts = new Map();
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    this.ctx.storage.transactionSync(() => {
      for (const [path, n] of counts) this.ctx.storage.sql.exec('INSERT INTO views VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET n = n + excluded.n', path, n);
    });
    return paths.length;
  }
}
export default {
  async fetch(request, env, ctx) {
    // What the consumer has stored so far, for the bench to check that every answered beacon arrives.
    if (request.method === 'GET') return Response.json({ stored: await env.VIEWS.get(env.VIEWS.idFromName('demo')).stored() });
    let data;
    try {
      data = JSON.parse(new URLSearchParams(await request.text()).get('data') ?? 'null');
    } catch {
      data = null;
    }
    if (typeof data?.websiteId !== 'string' || typeof data.url !== 'string') return Response.json({ error: 'data' }, { status: 400 });
    const visitor = await env.VISITOR_LIMITER.limit({ key: 'visitor' });
    const website = await env.WEBSITE_LIMITER.limit({ key: data.websiteId });
    // Sent after the answer, as the routes do (src/durable/beacon-delivery.ts queueBeacon).
    ctx.waitUntil(env.BEACON_QUEUE.send({ websiteId: data.websiteId, entry: { id: crypto.randomUUID(), hour: Math.floor(Date.now() / 3600000), path: data.url } }, { contentType: 'json' }));
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const name of ['ss_cvr', 'ss_cvt', 'ss_cid']) headers.append('set-cookie', name + '=' + crypto.randomUUID() + '; Path=/; Max-Age=63072000; SameSite=Lax');
    return new Response(JSON.stringify({ ok: visitor.success && website.success }), { headers });
  },
  async queue(batch, env) {
    const byWebsite = new Map();
    for (const message of batch.messages) byWebsite.set(message.body.websiteId, [...(byWebsite.get(message.body.websiteId) ?? []), message.body.entry.path]);
    for (const [websiteId, paths] of byWebsite) await env.VIEWS.get(env.VIEWS.idFromName(websiteId)).add(paths);
    batch.ackAll();
  },
};
`;

/** A worker doing only what a page-view beacon must do, its queue's consumer included (BEACON_FLOOR_SCRIPT). */
export function startBeaconFloorWorker() {
  const { queueProducers, queueConsumers } = configured();
  const queueName = 'bench-beacon-floor';
  return start({
    modules: true,
    script: BEACON_FLOOR_SCRIPT,
    durableObjects: { VIEWS: { className: 'Views', useSQLite: true } },
    ratelimits: { VISITOR_LIMITER: UNLIMITED, WEBSITE_LIMITER: UNLIMITED },
    queueProducers: { BEACON_QUEUE: { queueName } },
    queueConsumers: { [queueName]: queueConsumers[queueProducers.BEACON_QUEUE.queueName] },
  });
}

/** KV for bare workerd: the binding's HTTP protocol (GET, PUT, DELETE on the URL-encoded key) over a Map in one isolate. */
/**
 * The file bucket (FILES) for bare workerd, in the process's memory: a wrapped binding (workerd has no R2 of its own).
 * Seeding the demo store puts its digital files here; no page the bench loads reads them.
 */
const FILES_BUCKET_MODULE = `const objects = new Map();
const described = (key, value) => ({ key, size: value.byteLength, httpEtag: '"' + key + '"', writeHttpMetadata() {} });
export default function () {
  return {
    async put(key, value) {
      const bytes = new Uint8Array(await new Response(value).arrayBuffer());
      objects.set(key, bytes);
      return described(key, bytes);
    },
    async head(key) { return objects.has(key) ? described(key, objects.get(key)) : null; },
    async get(key) {
      const bytes = objects.get(key);
      return bytes === undefined ? null : { ...described(key, bytes), body: new Response(bytes).body, arrayBuffer: async () => bytes.buffer };
    },
    async delete(key) { objects.delete(key); },
    async list() { return { objects: [...objects].map(([key, bytes]) => described(key, bytes)), truncated: false }; },
  };
}
`;

/** Every rate limiter on bare workerd (it has none of its own): always allows, as the Miniflare runs' unlimited ones. */
const UNLIMITED_MODULE = 'export default function () { return { limit: async () => ({ success: true }) }; }\n';

const KV_SERVICE = `const values = new Map();
export default {
  async fetch(request) {
    const url = new URL(request.url);
    const key = decodeURIComponent(url.pathname.slice(1));
    if (request.method === 'GET' && key === '') return Response.json({ keys: [...values.keys()].filter((k) => k.startsWith(url.searchParams.get('prefix') ?? '')).map((name) => ({ name })), list_complete: true });
    if (request.method === 'GET') return values.has(key) ? new Response(values.get(key)) : new Response(null, { status: 404 });
    if (request.method === 'PUT') values.set(key, await request.arrayBuffer());
    else if (request.method === 'DELETE') values.delete(key);
    return new Response(null);
  },
};
`;

/**
 * The Cache API for bare workerd: always a miss, puts dropped (as Miniflare's cache when it is
 * off). Pages there are kept in isolate memory only, so a miss costs no Cache API lookup or store.
 * A put's body is read in the runtime (arrayBuffer), as Cloudflare's cache takes it: read through a
 * JS WritableStream, this stand-in's own chunks cost a miss's two puts about a tenth of the miss's
 * measured CPU, none of it the store's.
 */
const NO_CACHE_SERVICE = `export default {
  async fetch(request) {
    if (request.method === 'GET') return new Response(null, { status: 504, headers: { 'cf-cache-status': 'MISS' } });
    await request.arrayBuffer();
    return new Response(null, { status: request.method === 'PUT' ? 204 : 404 });
  },
};
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The same workerd release Miniflare runs (wrangler's), else the top-level one. */
function workerdBinary() {
  const wranglers = join(process.cwd(), 'node_modules/wrangler/node_modules/@cloudflare/workerd-linux-64/bin/workerd');
  return existsSync(wranglers) ? wranglers : join(process.cwd(), 'node_modules/.bin/workerd');
}

const capnpText = (value) => JSON.stringify(String(value));

/**
 * bench/react-peer.jsx built for workerd, as production builds React (minified, NODE_ENV=production), with the store
 * page's inline stylesheet (`page`'s first <style>) as its own: the file's path.
 */
export function buildReactPeer(dir, page) {
  const outfile = join(dir, 'react-peer.js');
  require('esbuild').buildSync({
    entryPoints: ['bench/react-peer.jsx'],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    define: {
      'process.env.NODE_ENV': '"production"',
      __PAGE_CSS__: JSON.stringify(/<style[^>]*>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? ''),
    },
    jsx: 'automatic',
    minify: true,
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/**
 * The built worker, the constant `staticBody` as a string and as bytes (staticScript, with `staticHeaders`) and the React
 * peer (bench/react-peer.jsx) on bare `workerd` (one process, a socket each): the
 * bundle's modules, the development vars, its Durable Objects (SQLite on a fresh folder), KV as a small
 * in-process service, a Cache API that never keeps anything; no Miniflare entry worker or loopback
 * services in front. The rate limiters always allow, the file bucket is in memory, ASSETS is not bound. With `inspectorPort`,
 * workerd's inspector listens there (bench/profile-worker.mjs --bare-workerd); `dist` is the bundle's folder (another
 * checkout's for bench/ab.mjs --bare-workerd). `{ store, static, bytes, react, pids, dispose }`.
 */
export async function startBareWorkerd(staticBody, { inspectorPort, dist = 'dist', staticHeaders = HTML_ONLY } = {}) {
  const dir = join(resolvePath(dist), 'bare-workerd');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'kv.js'), KV_SERVICE);
  writeFileSync(join(dir, 'no-cache.js'), NO_CACHE_SERVICE);
  writeFileSync(join(dir, 'files-bucket.js'), FILES_BUCKET_MODULE);
  writeFileSync(join(dir, 'unlimited.js'), UNLIMITED_MODULE);
  // SQLite-backed objects need a disk (workerd keeps no SQLite in memory); a fresh one per start.
  const objects = join(dir, `objects-${Date.now()}`);
  mkdirSync(objects);
  writeFileSync(join(dir, 'static.js'), staticScript(staticBody, staticHeaders));
  writeFileSync(join(dir, 'static-bytes.js'), staticScript(staticBody, staticHeaders, { asBytes: true }));
  buildReactPeer(dir, staticBody);
  const { vars, durableObjects, ratelimits } = configured();
  const texts = readdirSync(dist).filter((name) => /\.(html|css)$/.test(name));
  const modules = [
    `(name = "worker.js", esModule = embed "../worker.js")`,
    ...texts.map((name) => `(name = ${capnpText(name)}, text = embed ${capnpText(`../${name}`)})`),
  ];
  const bindings = [
    ...Object.entries(vars).map(([name, value]) =>
      typeof value === 'string'
        ? `(name = ${capnpText(name)}, text = ${capnpText(value)})`
        : `(name = ${capnpText(name)}, json = ${capnpText(JSON.stringify(value))})`,
    ),
    `(name = "SITE_CONTENT", kvNamespace = "kv")`,
    `(name = "FILES", wrapped = (moduleName = "bench:files-bucket"))`,
    ...Object.keys(ratelimits).map((name) => `(name = ${capnpText(name)}, wrapped = (moduleName = "bench:unlimited"))`),
    ...Object.entries(durableObjects).map(
      ([name, { className }]) => `(name = ${capnpText(name)}, durableObjectNamespace = ${capnpText(className)})`,
    ),
  ];
  const classes = [...new Set(Object.values(durableObjects).map(({ className }) => className))];
  const [storePort, staticPort, bytesPort, reactPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "store", worker = (
      modules = [${modules.join(', ')}],
      compatibilityDate = "${COMPATIBILITY_DATE}",
      bindings = [${bindings.join(', ')}],
      durableObjectNamespaces = [${classes.map((className) => `(className = ${capnpText(className)}, uniqueKey = ${capnpText(`bench-${className}`)}, enableSql = true)`).join(', ')}],
      durableObjectStorage = (localDisk = "objects"),
      cacheApiOutbound = "no-cache",
    )),
    (name = "no-cache", worker = (modules = [(name = "no-cache.js", esModule = embed "no-cache.js")], compatibilityDate = "${COMPATIBILITY_DATE}")),
    (name = "objects", disk = (path = ${capnpText(objects)}, writable = true)),
    (name = "kv", worker = (modules = [(name = "kv.js", esModule = embed "kv.js")], compatibilityDate = "${COMPATIBILITY_DATE}")),
    (name = "static", worker = (modules = [(name = "static.js", esModule = embed "static.js")], compatibilityDate = "${COMPATIBILITY_DATE}")),
    (name = "static-bytes", worker = (modules = [(name = "static-bytes.js", esModule = embed "static-bytes.js")], compatibilityDate = "${COMPATIBILITY_DATE}")),
    (name = "react", worker = (modules = [(name = "react-peer.js", esModule = embed "react-peer.js")], compatibilityDate = "${COMPATIBILITY_DATE}")),
  ],
  extensions = [(modules = [(name = "bench:files-bucket", esModule = embed "files-bucket.js", internal = true), (name = "bench:unlimited", esModule = embed "unlimited.js", internal = true)])],
  sockets = [
    (name = "store", address = "127.0.0.1:${storePort}", http = (), service = "store"),
    (name = "static", address = "127.0.0.1:${staticPort}", http = (), service = "static"),
    (name = "static-bytes", address = "127.0.0.1:${bytesPort}", http = (), service = "static-bytes"),
    (name = "react", address = "127.0.0.1:${reactPort}", http = (), service = "react"),
  ],
);
`;
  const configPath = join(dir, 'config.capnp');
  writeFileSync(configPath, config);
  const inspector = inspectorPort === undefined ? [] : [`--inspector-addr=127.0.0.1:${inspectorPort}`];
  const child = spawn(workerdBinary(), ['serve', configPath, '--experimental', ...inspector], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.once('exit', () => child.kill());
  const store = new URL(`http://127.0.0.1:${storePort}/`);
  for (let tries = 0; ; tries++) {
    try {
      await fetch(new URL('/robots.txt', store));
      break;
    } catch (error) {
      if (tries > 200 || child.exitCode !== null) throw new Error(`bare workerd did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const pids = [child.pid];
  return {
    store: { url: store, pids },
    static: { url: new URL(`http://127.0.0.1:${staticPort}/`), pids },
    bytes: { url: new URL(`http://127.0.0.1:${bytesPort}/`), pids },
    react: { url: new URL(`http://127.0.0.1:${reactPort}/`), pids },
    dispose: async () => {
      child.kill();
      await exited;
      rmSync(objects, { recursive: true, force: true });
    },
  };
}

/**
 * Keep-alive load from this process on `server` (`{ url, pids }`): `CONCURRENCY` requests in flight
 * for `SECONDS`; `path` may be a function giving each request's path, and `request` a function
 * giving its method, headers and body. `cpu` is the server's workerd CPU per answered request.
 */
export async function load({ url, pids = [] }, path, request = () => ({ method: 'GET', headers: {} })) {
  const pathOf = typeof path === 'function' ? path : () => path;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  let bytes = 0;
  const deadline = performance.now() + SECONDS * 1000;
  let resets = 0;
  const once = (tries = 0) =>
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
        // workerd may close an idle keep-alive socket just as a request goes out on it (more often on a loaded machine): send it again, up to 3 times.
        if (error.code === 'ECONNRESET' && tries < 3) {
          resets++;
          once(tries + 1).then(resolve, reject);
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
  return {
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    size: bytes / latencies.length,
    cpu,
    requests: latencies.length,
  };
}

/** How many times bench/worker.mjs measures a hit and its peers in turn (BENCH_ROUNDS, default 3). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * Each of `kinds` (name → a measurement) in turn, `rounds` times, the order reversed each round: on a shared machine
 * whose load drifts, runs seconds apart compare where runs minutes apart do not. Each kind's results in round order.
 */
export async function interleaved(kinds, rounds = ROUNDS) {
  const results = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(kinds) : Object.keys(kinds).reverse();
    for (const name of order) results[name].push(await kinds[name]());
  }
  return results;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A run of `load` made of the medians of `runs`' figures. */
export const medianRun = (runs) =>
  Object.fromEntries(['rps', 'p50', 'p99', 'cpu'].map((figure) => [figure, median(runs.map((r) => r[figure]))]));

/** A GET of `path` from `url` as `load` sends it (no accept-encoding, so no compressed answer): `{ res, text }`. */
function getAsLoad(url, path) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, url), (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ res, text: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** Headers the runtime writes itself (the body's framing, the connection, the date), which no worker sets. */
const RUNTIME_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * `path`'s page from `url` as a memory hit answers the bench's load (after the miss that keeps it): its text and the
 * headers the worker set, for a peer that answers the same bytes and headers.
 */
export async function pageHit(url, path) {
  await getAsLoad(url, path);
  const { res, text } = await getAsLoad(url, path);
  if (res.headers['x-page-cache-layer'] !== 'memory') throw new Error(`${path}: no memory hit`);
  const headers = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2)
    if (!RUNTIME_HEADERS.has(res.rawHeaders[i].toLowerCase()))
      headers.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
  return { page: text, headers };
}

/** `count` requests to `url`, at most `CONCURRENCY` at a time over keep-alive sockets (not a new socket each). */
export async function warm(url, count, request) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  const one = (i, retried = false) =>
    new Promise((resolve, reject) => {
      const { method, headers, body } = request(i);
      const req = http.request(url, { agent, method, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${method} ${url} status ${res.statusCode}`)),
        );
      });
      req.on('error', (error) =>
        error.code === 'ECONNRESET' && !retried ? one(i, true).then(resolve, reject) : reject(error),
      );
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await one(next++);
    }),
  );
  agent.destroy();
}

export const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  CPU ${r.cpu.toFixed(2)} ms/req`;

const BENCH_CRUMB = 'c'.repeat(32);
/** Cart `i`'s id (32 hex digits). */
let hosts = 0;
/**
 * A GET from a host the store has not seen: in development every host serves the demo store, and a
 * page names its host in its canonical link, so each such request renders the page (a cache miss).
 */
export const newHostRequest = () => ({ method: 'GET', headers: { host: `bench-${hosts++}.localhost` } });

export const benchCartId = (i) => i.toString(16).padStart(32, '0');

/** An add of quantity 1 of `{ itemId, sku }` to the cart `cartId`, with the crumb in its cookie and header. */
export function cartAddRequest({ itemId, sku }, cartId) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': BENCH_CRUMB,
      cookie: `crumb=${BENCH_CRUMB}; CART=${cartId}`,
    },
    body: JSON.stringify({ itemId, sku, quantity: 1, additionalFields: null }),
  };
}

const PAGE_VIEW_BODY = new URLSearchParams({
  event: 'view',
  data: JSON.stringify({ websiteId: 'demo', url: '/shop', pageType: 1 }),
}).toString();
/** A page-view hit of the demo store (form-encoded, as the census script sends it): in the beacon queue before the 200. */
export const pageViewBeacon = () => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: PAGE_VIEW_BODY,
});
