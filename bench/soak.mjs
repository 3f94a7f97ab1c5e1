/**
 * Soak under faults (`npm run bench`, or `node bench/soak.mjs`; SOAK_SECONDS, default 600): the
 * production worker on Miniflare's HTTP port with a control call to inject faults
 * (bench/soak-worker.ts), under a mixed load of page views, cart adds, beacons, form submissions and
 * orders. The run cycles through the fault kinds: each gets a window with the fault injected at
 * random, then a clean window. Clients behave as ours do: a cart add or an order is retried with
 * its idempotency key after a 5xx, a form with its key, a beacon is never retried.
 *
 * Reported per fault kind: faults injected, requests that failed visibly (by status), and the
 * recovery time (from the fault's end to the first round in which every kind of request succeeds).
 * Then the effects: after the run every unfinished add and order is retried once more, and what the
 * store holds is compared with what clients were told: effects lost and effects duplicated must be
 * 0. And the workerd processes' memory (RSS) at the start and the end.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { startStore } from './miniflare.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = 8;
const CRUMB = 'c'.repeat(32);
const DEMO_OWNER = { email: 'owner@example.com', password: 'studio-goods-owner' };

/** Each window's fault, injected at random into a share of the matching calls. */
const ALL_FAULT_KINDS = [
  { name: 'Durable Object fails', faults: [{ target: 'durable-object', mode: 'fail', probability: 0.2 }] },
  {
    name: 'Durable Object reset after its write',
    faults: [{ target: 'durable-object', mode: 'lose-response', probability: 0.2 }],
  },
  {
    name: 'Durable Object slow (300 ms)',
    faults: [{ target: 'durable-object', mode: 'slow', delayMs: 300, probability: 0.3 }],
  },
  { name: 'KV fails', faults: [{ target: 'kv', mode: 'fail', probability: 0.5 }] },
  { name: 'Cache API fails', faults: [{ target: 'cache', mode: 'fail', probability: 0.5 }] },
  { name: 'email provider down', faults: [{ target: 'email', mode: 'fail' }] },
  {
    name: 'payment provider times out after charging',
    faults: [{ target: 'payments', mode: 'lose-response', probability: 0.5 }],
  },
];

const FAULT_KINDS =
  process.env.SOAK_FAULTS === undefined
    ? ALL_FAULT_KINDS
    : ALL_FAULT_KINDS.filter((kind) => kind.name.includes(process.env.SOAK_FAULTS));

function build() {
  const result = spawnSync(
    'npx',
    ['wrangler', 'deploy', 'bench/soak-worker.ts', '--dry-run', '--outdir', 'dist-soak'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
    },
  );
  if (result.status !== 0) throw new Error('soak worker build failed');
}

/** Resident memory (KiB) of the workerd processes this process started. */
function workerdRssKb() {
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(workerd)') || Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid)
        continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

/** One request; sent again once when workerd closed the kept-alive socket before answering (the call was not taken). */
function call(base, path, { method = 'GET', headers = {}, body } = {}, retried = false) {
  return new Promise((resolve) => {
    const req = http.request(new URL(path, base), { method, headers, agent, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve(
        error.code === 'ECONNRESET' && !retried
          ? call(base, path, { method, headers, body }, true)
          : { status: 0, body: '', headers: {} },
      ),
    );
    req.end(body);
  });
}

const json = (cart, extra = {}) => ({
  'content-type': 'application/json',
  'x-csrf-token': CRUMB,
  cookie: `crumb=${CRUMB}${cart ? `; CART=${cart}` : ''}`,
  ...extra,
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const failedVisibly = (status) => status === 0 || status >= 500;

/** Sends until the answer is not a 5xx (a client retrying with the same key), at most `tries` times. */
async function withRetries(send, tries = 6) {
  let res;
  for (let attempt = 0; attempt < tries; attempt++) {
    res = await send();
    if (!failedVisibly(res.status)) return { res, attempts: attempt + 1 };
    await sleep(Math.min(2000, 100 * 2 ** attempt));
  }
  return { res, attempts: tries };
}

const newId = () => crypto.randomUUID().replaceAll('-', '');

async function main() {
  build();
  // The worker logs every injected failure; the report below counts them instead.
  const store = await startStore({
    scriptPath: 'dist-soak/soak-worker.js',
    modulesRoot: 'dist-soak',
    handleRuntimeStdio: (stdout, stderr) => (stdout.resume(), stderr.resume()),
  });
  const base = store.url;
  const stock = await (
    await fetch(new URL('/api/commerce/inventory/stock/?itemId=p-brass-pen&itemId=p-design-consult', base))
  ).json();
  const pen = stock.results.find((r) => r.itemId === 'p-brass-pen');
  const service = stock.results.find((r) => r.itemId === 'p-design-consult');
  const control = async (path, init) => (await fetch(new URL(`/__soak/${path}`, base), init)).json();
  const setFaults = (faults) =>
    control('faults', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults) });
  const injected = () => control('faults');
  const ledger = () => control('ledger');

  // Warm the pages once, so a store page has a last good copy before any fault.
  for (const path of ['/', '/shop', '/shop/p/linen-shirt', '/blog', '/contact']) await call(base, path);
  const memoryStart = workerdRssKb();
  const chargesBefore = (await ledger()).count;
  const signIn = await call(base, '/api/merchant/session', {
    method: 'POST',
    headers: json(null),
    body: JSON.stringify(DEMO_OWNER),
  });
  const session = /MerchantSession=([0-9a-f]+)/.exec(String(signIn.headers['set-cookie']))?.[1];
  const merchantHeaders = { cookie: `crumb=${CRUMB}; MerchantSession=${session}` };
  const storedViews = async () =>
    JSON.parse((await call(base, '/api/census/summary?days=1', { headers: merchantHeaders })).body).traffic.reduce(
      (sum, t) => sum + t.views,
      0,
    );
  const viewsBefore = await storedViews();

  const effects = {
    adds: new Map(), // key -> { cart, done }
    orders: new Map(), // key -> { cart, done, orderId }
    forms: { keys: new Map() }, // key -> 'saved' | 'unknown' | 'failed'
    beacons: { accepted: 0, answerLost: 0 },
  };
  const statuses = {};
  let window = null;
  const record = (kind, status) => {
    const bucket = window?.name ?? 'clean';
    statuses[bucket] ??= {};
    statuses[bucket][kind] ??= {};
    statuses[bucket][kind][status] = (statuses[bucket][kind][status] ?? 0) + 1;
  };

  const carts = Array.from({ length: 50 }, newId);
  const actions = {
    async page(i) {
      // One view in six is a page the cache has not seen (a query it never had), so it renders and is kept.
      const res = await call(
        base,
        i % 6 === 0 ? `/shop?soak=${i}` : ['/', '/shop', '/shop/p/linen-shirt', '/blog', '/contact'][i % 5],
      );
      record('page', res.status);
      return !failedVisibly(res.status);
    },
    async add(i) {
      const cart = carts[i % carts.length];
      const key = `add-${newId()}`;
      effects.adds.set(key, { cart, done: false });
      const send = () =>
        call(base, '/api/commerce/shopping-cart/entries', {
          method: 'POST',
          headers: json(cart, { 'idempotency-key': key }),
          body: JSON.stringify({ itemId: pen.itemId, sku: pen.sku, quantity: 1, additionalFields: null }),
        });
      const { res } = await withRetries(send);
      record('add', res.status);
      if (res.status === 200) effects.adds.get(key).done = true;
      return res.status === 200;
    },
    async beacon(i) {
      const form = new URLSearchParams({
        event: 'view',
        data: JSON.stringify({ websiteId: 'demo', url: `${base}/shop`, pageType: 1, title: 'Shop' }),
      });
      const res = await call(base, '/api/census/RecordHit', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': `10.2.${(i >> 8) & 255}.${i & 255}`,
        },
        body: form.toString(),
      });
      record('beacon', res.status);
      if (res.status === 200) effects.beacons.accepted++;
      else if (failedVisibly(res.status)) effects.beacons.answerLost++;
      return res.status === 200;
    },
    async form() {
      const issued = await withRetries(() =>
        call(base, '/api/form/FormSubmissionKey', { method: 'POST', headers: json(null), body: '' }),
      );
      if (issued.res.status !== 200) return (record('form', issued.res.status), false);
      const { key } = JSON.parse(issued.res.body);
      const values = {
        name: ['Soak', 'Test'],
        email: 'soak@example.com',
        message: 'Soak',
        phone: ['555', '123', '4567'],
        topic: 'Order',
        interests: [],
        satisfaction: {},
        source: 'newsletter',
      };
      const body = JSON.stringify({
        key,
        formId: 'f-contact',
        form: JSON.stringify(values),
        captchaKey: 'local:form_block:0123456789abcdef',
      });
      let outcome = 'failed';
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await call(base, '/api/form/SaveFormSubmission', { method: 'POST', headers: json(null), body });
        record('form', res.status);
        if (res.status === 200) outcome = outcome === 'unknown' ? 'saved-after-loss' : 'saved';
        // The key was used by an attempt whose answer was lost: saved once, as far as the client can tell.
        else if (res.status === 401 && outcome === 'unknown') outcome = 'saved-answer-lost';
        else if (failedVisibly(res.status)) {
          outcome = 'unknown';
          await sleep(100 * 2 ** attempt);
          continue;
        }
        break;
      }
      effects.forms.keys.set(key, outcome);
      return outcome.startsWith('saved');
    },
    async order() {
      const cart = newId();
      const added = await withRetries(() =>
        call(base, '/api/commerce/shopping-cart/entries', {
          method: 'POST',
          headers: json(cart, { 'idempotency-key': `order-add-${cart}` }),
          body: JSON.stringify({ itemId: service.itemId, sku: service.sku, quantity: 1, additionalFields: null }),
        }),
      );
      if (added.res.status !== 200) return (record('order', added.res.status), false);
      const started = await withRetries(() =>
        call(base, '/api/commerce/checkout', { method: 'POST', headers: json(cart), body: '{}' }),
      );
      const filled =
        started.res.status === 200
          ? await withRetries(() =>
              call(base, '/api/commerce/checkout', {
                method: 'PUT',
                headers: json(cart),
                body: JSON.stringify({ email: 'soak@example.com' }),
              }),
            )
          : started;
      if (filled.res.status !== 200) return (record('order', filled.res.status), false);
      const key = `order-${cart}`;
      effects.orders.set(key, { cart, done: false });
      const { res } = await withRetries(() =>
        call(base, '/api/commerce/orders', {
          method: 'POST',
          headers: json(cart, { 'idempotency-key': key }),
          body: JSON.stringify({ payment: { provider: 'local', token: 'local_card_4242424242424242' } }),
        }),
      );
      record('order', res.status);
      if (res.status === 201)
        Object.assign(effects.orders.get(key), { done: true, orderId: JSON.parse(res.body).order.id });
      return res.status === 201;
    },
  };
  const mix = ['page', 'page', 'page', 'add', 'beacon', 'add', 'page', 'beacon', 'form', 'order'];

  let running = true;
  let n = 0;
  const workers = Array.from({ length: CONNECTIONS }, async () => {
    while (running) {
      const i = n++;
      await actions[mix[i % mix.length]](i);
    }
  });

  /** Time until one round of every request kind succeeds. */
  async function recovery() {
    const began = performance.now();
    for (;;) {
      const results = await Promise.all([actions.page(0), actions.add(0), actions.beacon(0)]);
      if (results.every(Boolean)) return performance.now() - began;
      if (performance.now() - began > 60_000) return Number.POSITIVE_INFINITY;
      await sleep(50);
    }
  }

  const windowMs = (SECONDS * 1000) / FAULT_KINDS.length / 2;
  const windows = [];
  for (const kind of FAULT_KINDS) {
    window = kind;
    await setFaults(kind.faults);
    await sleep(windowMs);
    const counts = await injected();
    await setFaults([]);
    window = null;
    const recoveredMs = await recovery();
    windows.push({ name: kind.name, injected: Object.values(counts).reduce((a, b) => a + b, 0), recoveredMs });
    await sleep(windowMs);
  }
  running = false;
  await Promise.all(workers);

  // Reconcile: every add and order a client gave up on is sent once more with its key, faults off.
  for (const [key, add] of effects.adds) {
    if (add.done) continue;
    const res = await call(base, '/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: json(add.cart, { 'idempotency-key': key }),
      body: JSON.stringify({ itemId: pen.itemId, sku: pen.sku, quantity: 1, additionalFields: null }),
    });
    add.done = res.status === 200;
  }
  for (const [key, order] of effects.orders) {
    if (order.done) continue;
    const res = await call(base, '/api/commerce/orders', {
      method: 'POST',
      headers: json(order.cart, { 'idempotency-key': key }),
      body: JSON.stringify({ payment: { provider: 'local', token: 'local_card_4242424242424242' } }),
    });
    order.done = res.status === 201;
  }

  const expectedPerCart = new Map();
  for (const add of effects.adds.values())
    if (add.done) expectedPerCart.set(add.cart, (expectedPerCart.get(add.cart) ?? 0) + 1);
  let addsLost = 0;
  let addsDuplicated = 0;
  for (const cart of carts) {
    const res = await call(base, '/api/commerce/shopping-cart', { headers: { cookie: `CART=${cart}` } });
    const stored = res.status === 200 ? JSON.parse(res.body).totalQuantity : 0;
    const expected = expectedPerCart.get(cart) ?? 0;
    addsLost += Math.max(0, expected - stored);
    addsDuplicated += Math.max(0, stored - expected);
  }
  const addsUnfinished = [...effects.adds.values()].filter((a) => !a.done).length;

  let paidOrders = 0;
  let cursor = null;
  do {
    const page = JSON.parse(
      (
        await call(base, `/api/commerce/orders?status=paid${cursor === null ? '' : `&cursor=${cursor}`}`, {
          headers: merchantHeaders,
        })
      ).body,
    );
    paidOrders += page.orders.filter((o) => o.email === 'soak@example.com').length;
    cursor = page.nextPageCursor ?? null;
  } while (cursor !== null);
  const ordersDone = [...effects.orders.values()].filter((o) => o.done).length;
  const charges = (await ledger()).count - chargesBefore;

  const formsSaved = [...effects.forms.keys.values()].filter((o) => o.startsWith('saved')).length;
  const formsUnknown = [...effects.forms.keys.values()].filter((o) => o === 'unknown').length;
  let storedForms = 0;
  cursor = null;
  do {
    const page = JSON.parse(
      (
        await call(base, `/api/form/submissions?formId=f-contact${cursor === null ? '' : `&cursor=${cursor}`}`, {
          headers: merchantHeaders,
        })
      ).body,
    );
    storedForms += page.submissions.filter((s) => s.values.includes('soak@example.com')).length;
    cursor = page.nextPageCursor ?? null;
  } while (cursor !== null);

  const beaconsStored = (await storedViews()) - viewsBefore;
  const memoryEnd = workerdRssKb();

  const total = Object.values(statuses)
    .flatMap((kinds) => Object.values(kinds))
    .flatMap((s) => Object.values(s))
    .reduce((a, b) => a + b, 0);
  console.log(
    `  soak under faults: ${SECONDS} s, ${total} requests over ${CONNECTIONS} connections, ${FAULT_KINDS.length} fault windows of ${(windowMs / 1000).toFixed(0)} s each followed by as long clean`,
  );
  for (const w of windows) {
    const failed = Object.fromEntries(
      Object.entries(statuses[w.name] ?? {})
        .map(([kind, s]) => [
          kind,
          Object.fromEntries(Object.entries(s).filter(([status]) => failedVisibly(Number(status)))),
        ])
        .filter(([, s]) => Object.keys(s).length > 0),
    );
    console.log(
      `    ${w.name.padEnd(44)} injected ${String(w.injected).padStart(5)}  failed visibly ${JSON.stringify(failed)}  recovered in ${w.recoveredMs.toFixed(0)} ms`,
    );
  }
  console.log(`    statuses by window: ${JSON.stringify(statuses)}`);
  const lost =
    addsLost +
    Math.max(0, ordersDone - paidOrders) +
    Math.max(0, formsSaved - storedForms) +
    Math.max(0, effects.beacons.accepted - beaconsStored);
  const duplicated =
    addsDuplicated +
    Math.max(0, paidOrders - ordersDone) +
    Math.max(0, charges - paidOrders) +
    Math.max(0, storedForms - formsSaved - formsUnknown);
  console.log(
    `    adds: ${effects.adds.size} keys, stored exactly ${effects.adds.size - addsUnfinished - addsLost}, lost ${addsLost}, duplicated ${addsDuplicated}, unfinished after reconciling ${addsUnfinished}`,
  );
  console.log(
    `    orders: ${effects.orders.size} placed, ${ordersDone} confirmed, ${paidOrders} paid in the store, ${charges} charges on the ledger`,
  );
  console.log(`    forms: ${formsSaved} saved as far as clients know, ${formsUnknown} unknown, ${storedForms} stored`);
  console.log(
    `    beacons: ${effects.beacons.accepted} accepted, ${beaconsStored} stored, ${effects.beacons.answerLost} answered 5xx (never retried; stored or not)`,
  );
  console.log(
    `    effects lost ${lost}, effects duplicated ${duplicated}${lost === 0 && duplicated === 0 ? '' : '  (MUST BE 0)'}`,
  );
  console.log(
    `    workerd memory (RSS): ${(memoryStart / 1024).toFixed(1)} MiB at start, ${(memoryEnd / 1024).toFixed(1)} MiB at end`,
  );
  agent.destroy();
  await store.mf.dispose();
  if (lost !== 0 || duplicated !== 0) process.exitCode = 1;
}

await main();
