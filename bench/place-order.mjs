/**
 * Place-order benchmark (`npm run bench`): whole purchases by many shoppers of one website, on the
 * production bundle on Miniflare's own HTTP port (bench/miniflare.mjs), beside the static-string
 * ceiling measured in the same run. Each of CONCURRENCY shoppers loops: add the Recipe E-book to a
 * new cart, start the checkout, give an email, place the order with the local provider's success
 * card and a fresh Idempotency-Key. Orders per second counts paid orders (every step must answer
 * as expected); p50/p99 are of `POST /api/commerce/orders` alone. A digital product, so the run
 * never sells out and no shipping is needed: what is measured is the website's CommerceOrders
 * object (one per website: every order of the store goes through it), the cart and stock objects
 * and the local payment ledger.
 */
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { CONCURRENCY, SECONDS, buildWorker, fmt, load, startStaticWorker, startStore } from './miniflare.mjs';

const CRUMB = 'c'.repeat(32);
const EBOOK = 'p-recipe-ebook';

/**
 * One call; sent again (up to 3 times) when workerd closed the keep-alive socket just as it went out,
 * as a browser would. Placing an order carries its Idempotency-Key, so a resend never buys twice.
 */
function call(agent, url, method, path, cookie, body, extraHeaders = {}, tries = 0) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      cookie,
      'x-csrf-token': CRUMB,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...extraHeaders,
    };
    const req = http.request(new URL(path, url), { agent, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (error) => {
      if (error.code === 'ECONNRESET' && tries < 3)
        call(agent, url, method, path, cookie, body, extraHeaders, tries + 1).then(resolve, reject);
      else reject(error);
    });
    req.end(payload);
  });
}

function expectStatus(step, res, status) {
  if (res.status !== status) throw new Error(`${step}: status ${res.status} ${res.body.slice(0, 200)}`);
}

/** One shopper's whole purchase; returns the place-order call's milliseconds. */
async function purchase(agent, url) {
  const cookie = `crumb=${CRUMB}; CART=${randomBytes(16).toString('hex')}`;
  expectStatus(
    'add to cart',
    await call(agent, url, 'POST', '/api/commerce/shopping-cart/entries', cookie, { itemId: EBOOK, quantity: 1 }),
    200,
  );
  expectStatus('start checkout', await call(agent, url, 'POST', '/api/commerce/checkout', cookie, {}), 200);
  expectStatus(
    'email',
    await call(agent, url, 'PUT', '/api/commerce/checkout', cookie, { email: 'bench@example.com' }),
    200,
  );
  const started = performance.now();
  const placed = await call(
    agent,
    url,
    'POST',
    '/api/commerce/orders',
    cookie,
    { payment: { provider: 'local', token: 'local_card_4242424242424242' } },
    { 'idempotency-key': randomUUID() },
  );
  const ms = performance.now() - started;
  expectStatus('place order', placed, 201);
  if (JSON.parse(placed.body).order?.status !== 'paid')
    throw new Error(`place order: not paid ${placed.body.slice(0, 200)}`);
  return ms;
}

async function orders(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  const shopper = async () => {
    while (performance.now() < deadline) latencies.push(await purchase(agent, url));
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, shopper));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { count: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99) };
}

buildWorker();
const store = await startStore();
const ceiling = await startStaticWorker(JSON.stringify({ order: { id: 'ord_0', status: 'paid' } }));
try {
  // Warm up: the first purchase creates the objects and compiles the code paths.
  await purchase(new http.Agent({ keepAlive: true }), store.url);
  const placed = await orders(store.url);
  const staticRun = await load(ceiling, '/');
  console.log(`\nPlace order, one website, ${CONCURRENCY} shoppers for ${SECONDS} s (Miniflare, production bundle)\n`);
  console.log('| run | throughput | place-order p50 | place-order p99 |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| whole purchases (add, checkout, email, place) | ${placed.rps.toFixed(1)} orders/s (${placed.count} paid) | ${placed.p50.toFixed(1)} ms | ${placed.p99.toFixed(1)} ms |`,
  );
  console.log(
    `| static string (ceiling) | ${staticRun.rps.toFixed(0)} req/s | ${staticRun.p50.toFixed(2)} ms | ${staticRun.p99.toFixed(2)} ms |`,
  );
  console.log(`\nstatic: ${fmt(staticRun)}`);
} finally {
  await store.mf.dispose();
  await ceiling.mf.dispose();
}
