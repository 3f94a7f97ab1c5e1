/**
 * Where the soak's workerd memory goes (`node bench/cart-memory.mjs`, after `node bench/soak.mjs`
 * has built dist-soak/; CARTS, default 600): the soak worker on Miniflare with the V8 inspector on,
 * then CARTS shoppers each adding to a new cart (one Cart Durable Object each, as every visitor and
 * every order in the soak has), 8 at a time. Every 200 carts and after 15 and 30 s idle it prints
 * the workerd processes' RSS, how many SQLite databases they hold open (one per live Durable
 * Object) and the isolate's JavaScript heap in use; last, as many reads of one
 * cart, for the same number of requests without new objects. Figures: docs/faults.md.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import WebSocket from 'ws';
import { startStore } from './miniflare.mjs';
const INSPECTOR = 39418;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function procs() {
  const out = [];
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(workerd)') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid)
        out.push(pid);
    } catch {}
  }
  return out;
}
function rssAndSqlite() {
  let kb = 0,
    sqlite = 0;
  for (const pid of procs()) {
    kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (/sqlite$/.test(readlinkSync(`/proc/${pid}/fd/${fd}`))) sqlite++;
      } catch {}
    }
  }
  return `rss ${(kb / 1024).toFixed(1)} MiB, open sqlite ${sqlite}`;
}
let ws,
  id = 0;
const pending = new Map();
async function connect() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  ws = new WebSocket(targets[0].webSocketDebuggerUrl, { maxPayload: 2 ** 31 });
  ws.on('message', (d) => {
    const m = JSON.parse(d);
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m);
      pending.delete(m.id);
    }
  });
  await new Promise((r, j) => {
    ws.on('open', r);
    ws.on('error', j);
  });
}
const send = (method, params = {}) =>
  new Promise((resolve) => {
    const i = ++id;
    pending.set(i, resolve);
    ws.send(JSON.stringify({ id: i, method, params }));
  });
async function heap() {
  const r = await send('Runtime.getHeapUsage');
  return r.result
    ? `js heap ${(r.result.usedSize / 1048576).toFixed(1)} MiB used of ${(r.result.totalSize / 1048576).toFixed(1)}`
    : JSON.stringify(r);
}
async function report(label) {
  console.log(`[${label}] ${rssAndSqlite()}, ${await heap()}`);
}

const store = await startStore({
  scriptPath: 'dist-soak/soak-worker.js',
  modulesRoot: 'dist-soak',
  handleRuntimeStdio: (o, e) => (o.resume(), e.resume()),
  inspectorPort: INSPECTOR,
});
const base = store.url;
const stock = await (await fetch(new URL('/api/commerce/inventory/stock/?itemId=p-brass-pen', base))).json();
const pen = stock.results[0];
await fetch(new URL('/', base)).then((r) => r.text());
await connect();
await report('start');
const CRUMB = 'c'.repeat(32);
const N = Number(process.env.CARTS ?? 600);
let done = 0;
async function visitor() {
  const cart = crypto.randomUUID().replaceAll('-', '');
  const res = await fetch(new URL('/api/commerce/shopping-cart/entries', base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': CRUMB,
      cookie: `crumb=${CRUMB}; CART=${cart}`,
      'idempotency-key': `k-${cart}`,
    },
    body: JSON.stringify({ itemId: pen.itemId, sku: pen.sku, quantity: 1, additionalFields: null }),
  });
  await res.text();
  done++;
}
const t0 = Date.now();
for (let round = 0; round < N / 8; round++) {
  await Promise.all(Array.from({ length: 8 }, visitor));
  if (done % 200 === 0) await report(`${done} new carts, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
await report(`${done} new carts, end`);
await sleep(15_000);
await report('idle 15 s');
await sleep(15_000);
await report('idle 30 s');
const one = crypto.randomUUID().replaceAll('-', '');
for (let i = 0; i < N; i++) {
  const res = await fetch(new URL('/api/commerce/shopping-cart', base), { headers: { cookie: `CART=${one}` } });
  await res.text();
}
await report(`${N} reads of one cart`);
ws.close();
await store.mf.dispose();
