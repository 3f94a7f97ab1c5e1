/**
 * Content at scale (`npm run bench`, issue 21): the production bundle on Miniflare (bench/miniflare.mjs)
 * with the demo store, then with a generated store of BENCH_PRODUCTS products (50,000) and
 * BENCH_POSTS posts (2,000) imported into it by `npm run site -- import`, beside the static ceiling
 * from the same run. For each store: product page and listing page cache misses per second, search
 * requests per second, p50 and p99 of a single edit until the storefront shows it, and the memory
 * the worker's isolate holds; for the large store also the import time. The growth factor is
 * large store ÷ demo store.
 *
 * Memory: the V8 heap of the store's isolate (workerd service `core:user:store`, where the worker
 * and its Durable Objects run), read through the inspector with `Runtime.getHeapUsage` after each
 * store's runs (used heap, garbage not yet collected included: workerd's inspector does not answer
 * `HeapProfiler.collectGarbage`, so this is an upper bound of what the isolate retains); beside it
 * the resident size of the whole workerd process (VmRSS, which also counts SQLite and KV caches).
 *
 * Search at scale (issue 34): on the large store, the CPU per search of a word every product has
 * (in its text only: the search's worst case), of three such words together and of a title word
 * thousands have, each beside a rare three-word search; the goal is at most 2x.
 * `node bench/content-scale.mjs --search` measures only that, on the large store alone, in
 * BENCH_ROUNDS (3) interleaved rounds, and prints each round's ratios and their medians.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildWorker,
  CONCURRENCY,
  fmt,
  load,
  newHostRequest,
  SECONDS,
  startStaticWorker,
  startStore,
} from './miniflare.mjs';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 2000);
const EDITS = Number(process.env.BENCH_EDITS ?? 25);
const OWNER = { email: 'owner@example.com', password: 'studio-goods-owner' };
const CRUMB = 'c'.repeat(32);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs `npm run site -- ARGS` (through tsx, as the command runs) and returns its output and wall time. */
function site(args) {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/site.mjs', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ out: out.trim(), seconds: (performance.now() - began) / 1000 })
        : reject(new Error(`npm run site -- ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** The isolate's used heap, through the inspector. */
async function isolateHeap(inspectorPort) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/core:user:store`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    setTimeout(() => reject(new Error('the inspector did not open')), 30_000);
  });
  let id = 0;
  const send = (method) =>
    new Promise((resolve) => {
      const mine = ++id;
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id === mine) {
          socket.off('message', onMessage);
          resolve(message.result);
        }
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method }));
    });
  const { usedSize } = await send('Runtime.getHeapUsage');
  socket.close();
  return usedSize;
}

/** Resident memory of the workerd processes this process started, by pid. */
function workerdRss() {
  const out = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const ppid = /PPid:\s+(\d+)/.exec(status)?.[1];
      if (/^Name:\s+workerd/m.test(status) && Number(ppid) === process.pid)
        out.set(pid, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** fetch with a deadline, so a stuck request fails the run with its address instead of hanging it. */
async function fetchBounded(url, init = {}) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${error.message}`);
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function adminJson(base, path) {
  const res = await fetchBounded(new URL(`/api/site-admin${path}`, base));
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Products spread over the whole store and its listing addresses (through the site admin export calls). */
async function storeSample(base) {
  const head = await adminJson(base, '/site');
  const products = [];
  const step = Math.max(1, Math.floor(head.itemCount / 10));
  for (let after = 0; after < head.itemCount; after += step) {
    const page = await adminJson(base, `/site/items?version=${head.version}&after=${after}&limit=100`);
    products.push(...page.items.filter((item) => item.structuredContent !== undefined));
  }
  const listings = head.site.collections.filter((c) => c.typeName === 'products').map((c) => c.fullUrl);
  return { products, listings, itemCount: head.itemCount };
}

async function signIn(base) {
  const res = await fetchBounded(new URL('/api/merchant/session', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie: `crumb=${CRUMB}` },
    body: JSON.stringify(OWNER),
  });
  if (!res.ok) throw new Error(`owner sign-in: ${res.status} ${await res.text()}`);
  const session = /MerchantSession=([0-9a-f]+)/.exec(res.headers.getSetCookie().join('; '))?.[1];
  return `crumb=${CRUMB}; MerchantSession=${session}`;
}

/**
 * One product edit as a merchant makes it (its title, saved whole through the merchant call that
 * writes its row alone), timed from the call until the product's page, warm in the page cache
 * with the old version, shows the new title.
 */
async function editUntilVisible(base, cookie, product, n) {
  const title = `${product.title} edited ${n}`;
  await (await fetchBounded(new URL(product.fullUrl, base))).arrayBuffer();
  const began = performance.now();
  const res = await fetchBounded(new URL(`/api/merchant/items/${encodeURIComponent(product.id)}`, base), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie },
    body: JSON.stringify({ ...product, title }),
  });
  if (!res.ok) throw new Error(`edit: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  while (performance.now() - began < 30_000) {
    const html = await (await fetchBounded(new URL(product.fullUrl, base))).text();
    if (html.includes(title)) return performance.now() - began;
  }
  throw new Error(`the edit of ${product.id} did not show on ${product.fullUrl} within 30 s`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const log = (line) => process.stderr.write(`  … ${line}\n`);

/**
 * Searches that each render (a new host each time): a rare query, a title word thousands of products
 * have, a word all have in their text, and three such words (each tier before the text one walks
 * all their entries to find none).
 */
const SCALE_SEARCHES = {
  rare: 'harbour cedar kettle',
  title: 'linen',
  everywhere: 'plastic',
  words: 'shipped without plastic',
};
const SEARCH_ONLY = process.argv.includes('--search');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const load1 = () => loadavg()[0].toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The scale searches alone, ROUNDS times interleaved, each kind's CPU beside the rare query's of the same round. */
async function searchRounds(store) {
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const results = {};
    for (const [kind, q] of Object.entries(SCALE_SEARCHES)) {
      log(`round ${round}: search for '${q}' (load average ${load1()})`);
      results[kind] = await load(store, `/search?q=${encodeURIComponent(q)}`, newHostRequest);
    }
    rounds.push(results);
  }
  return rounds;
}

/** Builds the worker and generates the large store into a folder of its own (the caller removes `folder` once done). */
async function generateLargeStore() {
  buildWorker();
  const folder = mkdtempSync(join(tmpdir(), 'bench-store-'));
  const storeFolder = join(folder, 'store');
  try {
    const generated = await site([
      'generate',
      '--products',
      String(PRODUCTS),
      '--posts',
      String(POSTS),
      '--out',
      storeFolder,
    ]);
    return { folder, storeFolder, generated };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function searchOnly() {
  const { folder, storeFolder, generated } = await generateLargeStore();
  try {
    const store = await startStore({ name: 'store' });
    try {
      // An import is all or nothing, so one cut off by a reset connection (a loaded machine) is sent again whole.
      for (let attempt = 1; ; attempt++) {
        log(`importing the large store (attempt ${attempt})`);
        try {
          await site(['import', storeFolder, '--url', store.url.href]);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      const before = load1();
      const rounds = await searchRounds(store);
      console.log(
        `\nSearch at scale: ${CONCURRENCY} connections, ${SECONDS} s each, Miniflare, production bundle; ${ROUNDS} rounds interleaved; load average ${before} before, ${load1()} after`,
      );
      console.log(`  ${generated.out}`);
      for (const [kind, q] of Object.entries(SCALE_SEARCHES)) {
        const cpu = rounds.map((round) => round[kind].cpu);
        const ratios = rounds.map((round) => round[kind].cpu / round.rare.cpu);
        const ratio =
          kind === 'rare'
            ? ''
            : `   ${median(ratios).toFixed(2)}x the rare query's (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; goal ≤ 2x)`;
        console.log(`  search '${q}'`.padEnd(38) + `CPU median ${median(cpu).toFixed(2)} ms/req${ratio}`);
      }
    } finally {
      await store.mf.dispose();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function measure(label, store, inspectorPort, words, scaleSearches = null) {
  const { products, listings, itemCount } = await storeSample(store.url);
  let n = 0;
  // A host the cache has never seen makes every request a miss (the development store answers every host); the addresses rotate over the store.
  log(`${label}: product pages`);
  const productMiss = await load(store, () => products[n++ % products.length].fullUrl, newHostRequest);
  log(`${label}: listing pages`);
  const listingMiss = await load(store, () => listings[n++ % listings.length], newHostRequest);
  log(`${label}: search`);
  const search = await load(store, () => `/search?q=${encodeURIComponent(words[n++ % words.length])}`, newHostRequest);
  const searches = {};
  for (const [kind, q] of Object.entries(scaleSearches ?? {})) {
    log(`${label}: search for '${q}'`);
    searches[kind] = await load(store, `/search?q=${encodeURIComponent(q)}`, newHostRequest);
  }
  log(`${label}: edits`);
  const cookie = await signIn(store.url);
  const edits = [];
  for (let i = 0; i < EDITS; i++)
    edits.push(await editUntilVisible(store.url, cookie, products[(i * 7) % products.length], i));
  edits.sort((a, b) => a - b);
  log(`${label}: memory`);
  const heap = await isolateHeap(inspectorPort);
  const rss = Math.max(...workerdRss().values());
  return {
    label,
    itemCount,
    productMiss,
    listingMiss,
    search,
    searches,
    edit: { p50: percentile(edits, 50), p99: percentile(edits, 99) },
    heap,
    rss,
  };
}

if (SEARCH_ONLY) {
  await searchOnly();
  process.exit(0);
}
const { folder, storeFolder, generated } = await generateLargeStore();
try {
  // Each store in a Miniflare of its own, so each memory figure is its store's alone.
  let inspectorPort = await freePort();
  let store = await startStore({ name: 'store', inspectorPort });
  const page = await (await fetchBounded(new URL('/shop/p/linen-shirt', store.url))).text();
  const staticWorker = await startStaticWorker(page);
  console.log(
    `\nContent at scale: ${CONCURRENCY} connections, ${SECONDS} s each, Miniflare HTTP port; ${EDITS} edits per store`,
  );
  console.log(`  ${generated.out}`);

  const ceiling = await load(staticWorker, '/');
  const demo = await measure('demo', store, inspectorPort, ['linen', 'mug', 'gift card', 'candle', 'wool sweater']);
  await store.mf.dispose();
  inspectorPort = await freePort();
  store = await startStore({ name: 'store', inspectorPort });
  log('importing the large store');
  const imported = await site(['import', storeFolder, '--url', store.url.href]);
  const big = await measure(
    'large',
    store,
    inspectorPort,
    ['linen', 'oak mug', 'kettle', 'café', 'studio cedar'],
    SCALE_SEARCHES,
  );
  await store.mf.dispose();
  const ceiling2 = await load(staticWorker, '/');
  await staticWorker.mf.dispose();
  const best = ceiling.rps > ceiling2.rps ? ceiling : ceiling2;

  console.log(`  import: ${imported.out}`);
  console.log(`  import, whole command (read, check, send, commit): ${imported.seconds.toFixed(1)} s`);
  console.log(`  static string (ceiling)      ${fmt(best)}`);
  for (const row of [demo, big]) {
    console.log(`  ${row.label} store, ${row.itemCount} items:`);
    console.log(
      `    product page, miss         ${fmt(row.productMiss)}   ${(row.productMiss.rps / best.rps).toFixed(2)}x of ceiling`,
    );
    console.log(
      `    listing page, miss         ${fmt(row.listingMiss)}   ${(row.listingMiss.rps / best.rps).toFixed(2)}x of ceiling`,
    );
    console.log(
      `    search                     ${fmt(row.search)}   ${(row.search.rps / best.rps).toFixed(2)}x of ceiling`,
    );
    for (const [kind, result] of Object.entries(row.searches)) {
      const ratio =
        kind === 'rare' ? '' : `   ${(result.cpu / row.searches.rare.cpu).toFixed(2)}x the rare word's CPU (goal ≤ 2x)`;
      console.log(`    search '${SCALE_SEARCHES[kind]}'`.padEnd(31) + `${fmt(result)}${ratio}`);
    }
    console.log(`    edit visible on its page   p50 ${row.edit.p50.toFixed(1)} ms  p99 ${row.edit.p99.toFixed(1)} ms`);
    console.log(`    isolate heap used ${mb(row.heap)}; workerd resident ${mb(row.rss)}`);
  }
  const factor = (a, b) => `${(a / b).toFixed(2)}x`;
  console.log(
    `  growth (large ÷ demo): product miss rate ${factor(big.productMiss.rps, demo.productMiss.rps)}, listing miss rate ${factor(big.listingMiss.rps, demo.listingMiss.rps)}, search rate ${factor(big.search.rps, demo.search.rps)}, edit p50 ${factor(big.edit.p50, demo.edit.p50)}, isolate heap ${factor(big.heap, demo.heap)}`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
