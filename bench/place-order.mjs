/**
 * Place-order benchmark (`npm run bench`): whole purchases by many shoppers of one website, on the
 * production bundle on Miniflare's own HTTP port (bench/miniflare.mjs), beside the static-string
 * ceiling measured in the same run. Each of CONCURRENCY shoppers loops: add the Recipe E-book to a
 * new cart, start the checkout, give an email, place the order with the local provider's success
 * card and a fresh Idempotency-Key. Orders per second counts paid orders (every step must answer
 * as expected); p50/p99 are of `POST /api/commerce/orders` alone. A digital product, so the run
 * never sells out and no shipping is needed: what is measured is the website's CommerceOrders
 * object (one per website: every order of the store goes through it), the cart and stock objects
 * and the local payment ledger. Then the orders object's own CPU per purchase and its ceiling on bare workerd
 * (`--orders-ceiling` runs only that), and the flash sale (bench/flash-sale.mjs) on bare workerd; `--flash-sale` runs only that.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { flashSaleRun } from './flash-sale.mjs';
import { bundleModuleOf, openInspector, profiled } from './inspector.mjs';
import {
  CONCURRENCY,
  SECONDS,
  buildWorker,
  cpuMs,
  fmt,
  load,
  startBareWorkerd,
  startStaticWorker,
  startStore,
} from './miniflare.mjs';

const CRUMB = 'c'.repeat(32);
/** The profiler's sampling interval (µs) for the orders object's ceiling; BENCH_SAMPLE_US to change it. */
const SAMPLE_US = Number(process.env.BENCH_SAMPLE_US ?? 200);
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

/**
 * A purchase's Durable Object calls and SQL statements, as the round-trips worker test counts them on an instrumented
 * run (test/worker/round-trips.test.ts: the same purchase as this bench's); printed from its output.
 */
function purchaseCounts() {
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'worker', 'test/worker/round-trips.test.ts', '-t', 'a purchase'],
    { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
  );
  const line = /a purchase \(object calls\/SQL statements\) (\{.*\})/.exec(run.stdout ?? '')?.[1];
  if (line === undefined)
    throw new Error(`the round-trips test printed no purchase figures: ${run.stderr?.slice(-500)}`);
  const figures = JSON.parse(line);
  console.log(
    '\nA purchase (add the e-book, start the checkout, give the email, place the order): object calls/SQL statements',
  );
  console.log(
    `  add ${figures.add}, start ${figures['checkout start']}, email ${figures.email}, place ${figures['place order']}: ${figures.objects} calls, ${figures.sql} statements`,
  );
}

/**
 * The orders object's own time per purchase on bare workerd: V8's sampling profiler on the store's isolate (through
 * workerd's inspector) while CONCURRENCY shoppers buy for SECONDS; a sample is the object's when a frame of
 * src/durable/orders.ts or src/durable/orders/ is on its stack (natives such as sql.exec count with their caller). Its
 * share of the isolate's busy samples times the workerd process's CPU, over the purchases, is the object's CPU per
 * purchase; the object runs on one thread, so 1000 over it is the website's ceiling. An async continuation resumed
 * outside those modules and SQLite's commits after the object's turn are not counted: the ceiling is an upper bound.
 */
async function ordersCeiling() {
  const inspectorPort = 9300 + (process.pid % 500);
  const bare = await startBareWorkerd('', { inspectorPort });
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    await purchase(agent, bare.store.url);
    const inspector = await openInspector(inspectorPort, (t) => t.id === 'store' || t.title === 'store');
    const before = loadavg();
    const cpuBefore = cpuMs(bare.store.pids);
    const { profile, result: placed } = await profiled(inspector.send, () => orders(bare.store.url), SAMPLE_US);
    const cpu = cpuMs(bare.store.pids) - cpuBefore;
    inspector.close();
    const moduleOf = bundleModuleOf();
    const parentOf = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
    const named = (frame) => `${frame.functionName || '(anonymous)'} ${moduleOf(frame) ?? ''}`.trim();
    // A native (sql.exec, JSON.parse) is named with the nearest function of ours that called it.
    const placeOf = (node) => {
      if (moduleOf(node.callFrame)?.startsWith('src/')) return named(node.callFrame);
      let caller = parentOf.get(node.id);
      while (caller !== undefined && !moduleOf(caller.callFrame)?.startsWith('src/')) caller = parentOf.get(caller.id);
      return caller === undefined ? named(node.callFrame) : `${named(node.callFrame)} ← ${named(caller.callFrame)}`;
    };
    let busy = 0;
    let own = 0;
    // The outbox's deliveries run in turns of their own (no frame of the object's modules on the stack): counted apart.
    let outbox = 0;
    // The object's samples by the function they were taken in (its self time), to say where its time goes.
    const where = new Map();
    // And by each function of the object's on the stack (its inclusive time: an alarm run, an email built and queued).
    const within = new Map();
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
      busy += hits;
      const stack = [];
      for (let at = node; at !== undefined; at = parentOf.get(at.id)) stack.push(moduleOf(at.callFrame) ?? '');
      if (stack.some((module) => /^src\/durable\/orders(\.ts|\/)/.test(module))) {
        own += hits;
        where.set(placeOf(node), (where.get(placeOf(node)) ?? 0) + hits);
        const callers = new Set();
        for (let at = node; at !== undefined; at = parentOf.get(at.id))
          if (moduleOf(at.callFrame)?.startsWith('src/')) callers.add(named(at.callFrame));
        for (const name of callers) within.set(name, (within.get(name) ?? 0) + hits);
      } else if (stack.includes('src/durable/email-outbox.ts')) outbox += hits;
    }
    const ms = (cpu * own) / busy / placed.count;
    const load = `load average ${before.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after`;
    console.log(
      `\nOrders object, bare workerd (production bundle), ${CONCURRENCY} shoppers for ${SECONDS} s, ${placed.count} purchases (${placed.rps.toFixed(1)}/s with the profiler on); ${load}`,
    );
    console.log(
      `orders object: ${ms.toFixed(2)} ms own CPU per purchase → ceiling ${(1000 / ms).toFixed(0)}/s (${((100 * own) / busy).toFixed(1)} % of the isolate's busy samples, workerd ${(cpu / placed.count).toFixed(2)} ms CPU per purchase)`,
    );
    console.log(
      `the object's email deliveries in turns of their own (not counted above; only the orders object sends email in a purchase): ${((cpu * outbox) / busy / placed.count).toFixed(2)} ms per purchase (${((100 * outbox) / busy).toFixed(1)} %)`,
    );
    console.log("Where the object's samples were taken (self time, the top 25):");
    for (const [name, hits] of [...where].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${((100 * hits) / own).toFixed(1).padStart(5)} %  ${name}`);
    console.log("Where the object's samples were taken (inclusive: the function or one it called, the top 25):");
    for (const [name, hits] of [...within].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${((100 * hits) / own).toFixed(1).padStart(5)} %  ${name}`);
  } finally {
    await bare.dispose();
  }
}

buildWorker();
if (process.argv.includes('--flash-sale')) {
  await flashSaleRun();
  process.exit(0);
}
if (process.argv.includes('--orders-ceiling')) {
  await ordersCeiling();
  process.exit(0);
}
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
purchaseCounts();
await ordersCeiling();
await flashSaleRun();
