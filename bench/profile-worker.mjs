/**
 * Where the production bundle spends its CPU inside workerd (`node bench/profile-worker.mjs
 * [miss|hit|cart|cart-one|beacon] [--bare-workerd]`, default miss): the store on Miniflare as `npm run bench` runs it
 * (or, with `--bare-workerd`, on bare workerd as `node bench/worker.mjs --bare-workerd` runs it), with
 * V8's sampling profiler on through the inspector while a bounded load runs, and the samples split
 * by the bundle's source module (esbuild writes `// path` before each module), the runtime's own
 * native work (HTMLRewriter, streams, encoders: "(program)" and named natives) and the garbage collector.
 * `INCLUSIVE_TOP` sets how many functions the inclusive list prints (30).
 * With `--allocations`, a second bounded load runs under V8's sampling heap profiler and the bytes it allocated
 * (objects the collector took since included) are printed by the function that allocated them.
 */
import { bundleModuleOf, openInspector, profiled } from './inspector.mjs';
import {
  benchCartId,
  buildWorker,
  newHostRequest,
  cartAddRequest,
  load,
  pageViewBeacon,
  startBareWorkerd,
  startStore,
} from './miniflare.mjs';

const bare = process.argv.includes('--bare-workerd');
const kind = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'miss';
const PRODUCT = '/shop/p/linen-shirt';
const INSPECTOR_PORT = 9300 + (process.pid % 500);

buildWorker();
const bareRun = bare ? await startBareWorkerd('', { inspectorPort: INSPECTOR_PORT }) : null;
const store = bareRun === null ? await startStore({ inspectorPort: INSPECTOR_PORT }) : bareRun.store;
await (await fetch(new URL(PRODUCT, store.url))).text();

// Miniflare names the user worker `core:user:`; bare workerd names each service (the store's is `store`).
const inspector = await openInspector(INSPECTOR_PORT, (t) =>
  bare ? t.id === 'store' || t.title === 'store' : t.id === 'core:user:' || t.title?.includes('core:user:'),
);

let n = 0;
const stock = await (await fetch(new URL('/api/commerce/inventory/stock/?itemId=p-brass-pen', store.url))).json();
const line = stock.results.find((r) => r.unlimited);
const runs = {
  miss: () => load(store, PRODUCT, newHostRequest),
  hit: () => load(store, PRODUCT),
  cart: () =>
    load(store, '/api/commerce/shopping-cart/entries', () => cartAddRequest(line, benchCartId(1000 + (n++ % 1000)))),
  // One cart: its object stays in memory, so this is an add without an object's start (over 1000 carts each add finds its object evicted).
  'cart-one': () => load(store, '/api/commerce/shopping-cart/entries', () => cartAddRequest(line, benchCartId(1))),
  beacon: () => load(store, '/api/census/RecordHit', pageViewBeacon),
};
// Warm the isolate (and, for carts, create the 1000 objects) before sampling.
await runs[kind]();
const { profile, result } = await profiled(inspector.send, () => runs[kind]());
const allocations = process.argv.includes('--allocations')
  ? await allocationsSampled(inspector.send, runs[kind])
  : null;
inspector.close();
await (bareRun ?? store).dispose();

/**
 * V8's sampling heap profiler (a sample every 8 KB allocated on average, objects the collector took since counted
 * too) while `run` runs: the allocation profile's tree and the requests `run` made.
 */
async function allocationsSampled(send, run) {
  await send('HeapProfiler.enable');
  await send('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const ran = await run();
  const {
    result: { profile: sampled },
  } = await send('HeapProfiler.stopSampling');
  return { sampled, requests: ran.requests };
}

const moduleOf = bundleModuleOf();
const bundleModule = (frame) =>
  moduleOf(frame)?.replace(/^node_modules\/([^/@]+|@[^/]+\/[^/]+)\/.*/, 'package $1') ?? null;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
/** A sample's module; a native frame is put with the nearest bundle frame that called it. */
function areaOf(node) {
  const own = bundleModule(node.callFrame);
  if (own !== null) return own;
  const name = node.callFrame.functionName || '(anonymous)';
  for (let id = parentOf.get(node.id); id !== undefined; id = parentOf.get(id)) {
    const caller = bundleModule(byId.get(id).callFrame);
    if (caller !== null) return `${caller} → native ${name}`;
  }
  return name.startsWith('(') ? name : `native ${name}`;
}
const samples = new Map();
let all = 0;
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
  const area = areaOf(node);
  samples.set(area, (samples.get(area) ?? 0) + hits);
  all += hits;
}
const byModule = new Map();
for (const [area, hits] of samples) {
  const module = area.split(' → ')[0];
  byModule.set(module, (byModule.get(module) ?? 0) + hits);
}
const share = (hits) =>
  `${((100 * hits) / all).toFixed(1).padStart(5)} %  ~${((result.cpu * hits) / all).toFixed(3)} ms`;
console.log(
  `${kind}: ${result.rps.toFixed(0)} req/s with the profiler on, CPU ${result.cpu.toFixed(2)} ms/req (the workerd process); shares of the isolate's samples, as ms of that CPU:`,
);
console.log(' by module (natives with their caller):');
for (const [area, hits] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`  ${area.padEnd(64)} ${share(hits)}`);
console.log(' by module and native:');
for (const [area, hits] of [...samples].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`  ${area.padEnd(64)} ${share(hits)}`);
const byFunction = new Map();
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  const module = bundleModule(node.callFrame);
  if (hits === 0 || module === null) continue;
  const name = `${module} ${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
}
console.log(' by function (own time):');
for (const [name, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${name.padEnd(64)} ${share(hits)}`);
// Inclusive time: each sample counted once for every bundle function on its stack (recursion once).
const inclusive = new Map();
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (hits === 0) continue;
  const names = new Set();
  for (let id = node.id; id !== undefined; id = parentOf.get(id)) {
    const frame = byId.get(id).callFrame;
    const module = bundleModule(frame);
    if (module !== null) names.add(`${module} ${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`);
  }
  for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + hits);
}
console.log(' by function (inclusive: its callees and their natives too):');
for (const [name, hits] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.INCLUSIVE_TOP ?? 30)))
  console.log(`  ${name.padEnd(64)} ${share(hits)}`);

if (allocations !== null) {
  // Each node's own bytes go to its function when that is the bundle's, else (a native) to the nearest bundle caller.
  const allocated = new Map();
  let bytes = 0;
  const visit = (node, caller) => {
    const module = bundleModule(node.callFrame);
    const name =
      module === null
        ? caller === null
          ? node.callFrame.functionName || '(runtime)'
          : `${caller} → ${node.callFrame.functionName || 'native'}`
        : `${module} ${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber + 1}`;
    if (node.selfSize > 0) allocated.set(name, (allocated.get(name) ?? 0) + node.selfSize);
    bytes += node.selfSize;
    for (const child of node.children ?? []) visit(child, module === null ? caller : name);
  };
  visit(allocations.sampled.head, null);
  const perRequest = (size) =>
    `${((100 * size) / bytes).toFixed(1).padStart(5)} %  ~${(size / 1024 / (allocations.requests || 1)).toFixed(1)} KB/req`;
  console.log(
    ` allocations by function (sampled, collected objects included; ${(bytes / 1024 / (allocations.requests || 1)).toFixed(0)} KB a request over ${allocations.requests} requests):`,
  );
  for (const [name, size] of [...allocated].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${name.padEnd(64)} ${perRequest(size)}`);
}
