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
 */
import {
  benchCartId,
  buildWorker,
  newHostRequest,
  cartAddRequest,
  load,
  pageViewBeacon,
  startStore,
  warm,
} from './miniflare.mjs';

const otherDist = process.argv[2];
if (otherDist === undefined) {
  console.error('usage: node bench/ab.mjs OTHER_DIST');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PRODUCT = '/shop/p/linen-shirt';

buildWorker();
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (list) =>
  `CPU [${list.map((r) => r.cpu.toFixed(2)).join(' ')}] median ${median(list.map((r) => r.cpu)).toFixed(2)} ms, ${median(list.map((r) => r.rps)).toFixed(0)} req/s`;
console.log(
  `A/B: ${otherDist} (other) vs this checkout, ${ROUNDS} alternating rounds of ${process.env.BENCH_SECONDS ?? 5} s; the store's workerd CPU per request, each run and the median`,
);
for (const kind of Object.keys(kinds)) {
  console.log(
    `  ${kind.padEnd(24)} other ${summary(runs.get(`${kind}\u0000other`))} | this ${summary(runs.get(`${kind}\u0000this`))}`,
  );
}
