/**
 * Worker benchmark (`npm run bench`): the production bundle on Miniflare's own HTTP port (not
 * behind `wrangler dev`'s proxy), measured side by side with a worker that returns a prebuilt
 * string of the same size — the runtime's ceiling on this machine. For a product page: requests
 * per second, p50 and p99, on a cache miss (every request renders) and a cache hit. Static assets
 * are not bound here (the page then has no island script tag; the HTML is otherwise the same).
 * Add-to-cart calls go to one cart and spread over 1000 carts, and beacons (page-view hits) are
 * accepted and stored, beside the same ceiling.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { TEST_ASSETS } from '../scripts/assets.mjs';
import { mixedLoad, report, storedBeaconViews, storedCartQuantity } from './load.mjs';
import { buildWorker, CONCURRENCY, fmt, load, SECONDS, startStaticWorker, startStore } from './miniflare.mjs';

const PRODUCT = '/shop/p/linen-shirt';

buildWorker();
spawnSync('node', ['scripts/build-client.mjs', '--test'], { stdio: 'ignore' });
const manifest = JSON.parse(readFileSync(`${TEST_ASSETS}/build/manifest.json`, 'utf8'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const allClientBytes = Object.values(manifest.files).reduce((a, b) => a + b, 0);
const store = await startStore();
// Seed the demo store and learn the page's size.
const page = await (await fetch(new URL(PRODUCT, store.url))).text();
const staticWorker = await startStaticWorker(page);

console.log(`\nWorker benchmark: ${PRODUCT} (${page.length} bytes), ${CONCURRENCY} connections, ${SECONDS} s each, Miniflare HTTP port`);
const ceiling = await load(staticWorker.url, '/');
// A query string the cache has never seen makes every request a miss.
let n = 0;
const miss = await load(store.url, () => `${PRODUCT}?bench=${n++}`);
const hit = await load(store.url, PRODUCT);

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
const oneCart = await load(store.url, '/api/commerce/shopping-cart/entries', addRequest(() => hex(1)));
// The 1000 carts exist before the timed run (their first add creates each Durable Object).
const entriesUrl = new URL('/api/commerce/shopping-cart/entries', store.url);
for (let i = 0; i < 1000; i += 50) {
  await Promise.all(Array.from({ length: 50 }, async (_, k) => (await fetch(entriesUrl, addRequest(() => hex(1000 + i + k))())).arrayBuffer()));
}
const manyCarts = await load(store.url, '/api/commerce/shopping-cart/entries', addRequest((i) => hex(1000 + (i % 1000))));
// Beacons: page-view hits (form-encoded), each stored in the website's beacon store before its 200.
const hitBody = new URLSearchParams({ event: 'view', data: JSON.stringify({ websiteId: 'demo', url: '/shop', pageType: 1 }) }).toString();
const beacons = await load(store.url, '/api/census/RecordHit', () => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: hitBody }));
const ceiling2 = await load(staticWorker.url, '/');
const best = ceiling.rps > ceiling2.rps ? ceiling : ceiling2;

console.log(`  static string (ceiling) ${fmt(best)}`);
console.log(`  product page, miss      ${fmt(miss)}   ${(miss.rps / best.rps).toFixed(2)}x of ceiling`);
console.log(`  product page, hit       ${fmt(hit)}   ${(hit.rps / best.rps).toFixed(2)}x of ceiling`);
console.log(`  add to cart, one cart    ${fmt(oneCart)}   ${(oneCart.rps / best.rps).toFixed(2)}x of ceiling`);
console.log(`  add to cart, 1000 carts  ${fmt(manyCarts)}   ${(manyCarts.rps / best.rps).toFixed(2)}x of ceiling`);
console.log(`  beacons accepted        ${fmt(beacons)}   ${(beacons.rps / best.rps).toFixed(2)}x of ceiling`);
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
