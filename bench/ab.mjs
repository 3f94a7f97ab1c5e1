/**
 * Interleaved A/B of two builds of the worker (`node bench/ab.mjs OTHER_DIST`): OTHER_DIST is the
 * `dist/` of another checkout built as `npm run bench` builds (`wrangler deploy --dry-run --outdir
 * dist`), e.g. main's, made with
 *   git archive main src themes public scripts wrangler.toml package.json tsconfig*.json | tar -x -C DIR
 *   ln -s "$PWD/node_modules" DIR/node_modules && (cd DIR && NODE_ENV=production npx wrangler deploy --dry-run --outdir dist)
 * Both stores run at once on Miniflare and each route kind is measured on one, then the other,
 * the order swapped each round (ROUNDS, default 3; BENCH_SECONDS each): on a shared machine whose
 * load drifts, runs minutes apart are not comparable, runs seconds apart are. Prints each store's
 * workerd CPU per request, every run and the median.
 *
 * With `--bare-workerd` (`node bench/ab.mjs OTHER_DIST --bare-workerd`) both bundles run on bare workerd, each in its
 * own process beside its React peer (bench/react-peer.jsx), as `node bench/worker.mjs --bare-workerd` runs one: the
 * product page's miss and hit, a constant string of the hit's bytes and headers, and React's renderToString,
 * alternately; each build's miss CPU over the renderToString of its own process and its hit over the constant string
 * in the same round, and the load average, are printed.
 */
import { loadavg } from 'node:os';
import {
  benchCartId,
  buildWorker,
  newHostRequest,
  cartAddRequest,
  load,
  median,
  pageHit,
  pageViewBeacon,
  startBareWorkerd,
  startStore,
  warm,
} from './miniflare.mjs';

const otherDist = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (otherDist === undefined) {
  console.error('usage: node bench/ab.mjs OTHER_DIST [--bare-workerd]');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PRODUCT = '/shop/p/linen-shirt';
const summary = (list) =>
  `CPU [${list.map((r) => r.cpu.toFixed(2)).join(' ')}] median ${median(list.map((r) => r.cpu)).toFixed(2)} ms, ${median(list.map((r) => r.rps)).toFixed(0)} req/s`;
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

buildWorker();

if (process.argv.includes('--bare-workerd')) {
  // The page's bytes and a hit's headers first, for the constant string's and the React peer's (as bench/worker.mjs does).
  const probe = await startBareWorkerd('');
  const { page, headers } = await pageHit(probe.store.url, PRODUCT);
  await probe.dispose();
  const runs = {
    other: await startBareWorkerd(page, { dist: otherDist, staticHeaders: headers }),
    this: await startBareWorkerd(page, { staticHeaders: headers }),
  };
  for (const run of Object.values(runs)) await pageHit(run.store.url, PRODUCT);
  const before = loadAverage();
  const kinds = {
    'page miss': (run) => load(run.store, PRODUCT, newHostRequest),
    'page hit': (run) => load(run.store, PRODUCT),
    'constant string': (run) => load(run.static, '/'),
    'React renderToString': (run) => load(run.react, '/string'),
  };
  const measured = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['other', 'this'] : ['this', 'other'];
    for (const [kind, measure] of Object.entries(kinds))
      for (const name of order) {
        const key = `${kind}\u0000${name}`;
        measured.set(key, [...(measured.get(key) ?? []), await measure(runs[name])]);
      }
  }
  for (const run of Object.values(runs)) await run.dispose();
  console.log(
    `A/B on bare workerd: ${otherDist} (other) vs this checkout, ${ROUNDS} alternating rounds of ${process.env.BENCH_SECONDS ?? 5} s; each process's workerd CPU per request, each run and the median; load average ${before} before, ${loadAverage()} after`,
  );
  for (const kind of Object.keys(kinds))
    console.log(
      `  ${kind.padEnd(24)} other ${summary(measured.get(`${kind}\u0000other`))} | this ${summary(measured.get(`${kind}\u0000this`))}`,
    );
  const ratios = (name) => {
    const misses = measured.get(`page miss\u0000${name}`);
    const react = measured.get(`React renderToString\u0000${name}`);
    return misses.map((miss, i) => miss.cpu / react[i].cpu);
  };
  for (const name of ['other', 'this'])
    console.log(
      `  miss CPU / React renderToString, ${name.padEnd(5)} [${ratios(name)
        .map((r) => r.toFixed(2))
        .join(' ')}] median ${median(ratios(name)).toFixed(2)}x`,
    );
  // The hit right after or before its own process's constant string (the order swaps each round).
  for (const name of ['other', 'this']) {
    const hits = measured.get(`page hit\u0000${name}`);
    const peers = measured.get(`constant string\u0000${name}`);
    const rps = hits.map((hit, i) => hit.rps / peers[i].rps);
    const cpu = hits.map((hit, i) => hit.cpu / peers[i].cpu);
    console.log(
      `  hit / constant string, ${name.padEnd(5)} req/s [${rps.map((r) => r.toFixed(2)).join(' ')}] median ${median(rps).toFixed(2)}x; CPU [${cpu.map((r) => r.toFixed(2)).join(' ')}] median ${median(cpu).toFixed(2)}x`,
    );
  }
  const other = median(measured.get('page miss\u0000other').map((r) => r.cpu));
  const mine = median(measured.get('page miss\u0000this').map((r) => r.cpu));
  console.log(`  miss CPU this / other ${(mine / other).toFixed(3)} (medians)`);
  process.exit(0);
}
const stores = {
  other: await startStore({ scriptPath: `${otherDist}/worker.js`, modulesRoot: otherDist }),
  this: await startStore(),
};
for (const store of Object.values(stores)) await (await fetch(new URL(PRODUCT, store.url))).text();

const stock = await (await fetch(new URL('/api/commerce/inventory/stock/?itemId=p-brass-pen', stores.this.url))).json();
const line = stock.results.find((r) => r.unlimited);
const add = (i) => cartAddRequest(line, benchCartId(1000 + (i % 1000)));
// The 1000 carts exist before the timed runs.
for (const store of Object.values(stores))
  await warm(new URL('/api/commerce/shopping-cart/entries', store.url), 1000, add);
let adds = 0;
const kinds = {
  'page miss': (store) => load(store, PRODUCT, newHostRequest),
  'page hit': (store) => load(store, PRODUCT),
  'add to cart, 1000 carts': (store) => load(store, '/api/commerce/shopping-cart/entries', () => add(adds++)),
  beacon: (store) => load(store, '/api/census/RecordHit', pageViewBeacon),
};

const runs = new Map();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ['other', 'this'] : ['this', 'other'];
  for (const [kind, measure] of Object.entries(kinds)) {
    for (const name of order) {
      const key = `${kind}\u0000${name}`;
      runs.set(key, [...(runs.get(key) ?? []), await measure(stores[name])]);
    }
  }
}
for (const store of Object.values(stores)) await store.dispose();

console.log(
  `A/B: ${otherDist} (other) vs this checkout, ${ROUNDS} alternating rounds of ${process.env.BENCH_SECONDS ?? 5} s; the store's workerd CPU per request, each run and the median`,
);
for (const kind of Object.keys(kinds)) {
  console.log(
    `  ${kind.padEnd(24)} other ${summary(runs.get(`${kind}\u0000other`))} | this ${summary(runs.get(`${kind}\u0000this`))}`,
  );
}
