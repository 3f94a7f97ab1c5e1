/**
 * Flash sale (issue 34; run by bench/place-order.mjs on bare workerd): SHOPPERS shoppers at once for UNITS units of
 * one counted product, each adding one, starting the checkout, giving an email and an address, choosing the first
 * shipping option and placing the order with the local provider's success card. Paid orders must equal the units,
 * and no answer may be a 5xx; printed: place-order p50 and p99 of the winners beside the losers' (the shoppers told
 * 'sold out' by the place call itself), the whole sale's time, and how fast the shoppers who lost were told (the
 * latency of the answer that refused them, at whichever step it came: from when it was asked, and from when it had a
 * connection of the bench's pool), how many requests the sale took, and how many connections were reset and sent
 * again (status 0: never answered); the losers whose place call was sent before the last unit sold (the last
 * winner's answer), who race the winners for it: how many and how long; and the losers that reached the orders object,
 * counted: the sale's ORDERS.place calls less its paid orders (and less the resent, which may have placed twice).
 * `node bench/flash-sale.mjs` runs it alone (FLASH_SHOPPERS and FLASH_UNITS set its size: 1,000 for 50 unless set),
 * on the production worker with the soak benchmark's control call (bench/soak-worker.ts), which counts the calls.
 */
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import { startBareWorkerd } from './miniflare.mjs';

export const SHOPPERS = Number(process.env.FLASH_SHOPPERS ?? 1000);
export const UNITS = Number(process.env.FLASH_UNITS ?? 50);
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  countryCode: 'US',
  phone: '',
};

let resets = 0;
/** A shopper's calls in order, by the step each refusal came at. */
const STEPS = ['add', 'start', 'update', 'update', 'place'];

/** One JSON call; sent again (up to 8 times) when the connection was reset; status 0 when it never got through. */
function call(agent, url, method, path, cookie, body, headers = {}, tries = 0) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    // When the request had a connection: the bench's own pool of 128 sockets queues the rest, which no browser shares.
    let connected = started;
    const req = http.request(
      new URL(path, url),
      {
        agent,
        method,
        headers: { cookie, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // Not JSON (a 5xx page): counted by its status.
          }
          const end = performance.now();
          resolve({
            status: res.statusCode,
            json,
            ms: end - started,
            servedMs: end - connected,
            sentAt: connected,
            end,
            tries,
          });
        });
      },
    );
    req.on('socket', () => {
      connected = performance.now();
    });
    req.on('error', (error) => {
      // A loaded workerd resets sockets under a thousand shoppers: sent again after a pause (placing carries its key).
      if (error.code === 'ECONNRESET' && tries < 8) {
        resets++;
        setTimeout(
          () => call(agent, url, method, path, cookie, body, headers, tries + 1).then(resolve, reject),
          50 * (tries + 1),
        );
      } else {
        const ms = performance.now() - started;
        resolve({ status: 0, json: null, ms, servedMs: ms, error: error.code ?? String(error) });
      }
    });
    req.end(payload);
  });
}

/** One shopper's try: `{ paid, placeMs, placeServedMs, refusedMs, statuses }` (refusedMs: the refusing answer's latency). */
async function shopper(agent, url, line, quantity = 1) {
  // A crumb of their own: in development it is the visitor the orders object caps at 20 units held at once
  // (MAX_RESERVED_UNITS_PER_VISITOR), and a thousand shoppers are not one visitor.
  const crumb = randomBytes(16).toString('hex');
  const cookie = `crumb=${crumb}; CART=${randomBytes(16).toString('hex')}`;
  const statuses = [];
  const step = async (method, path, body, headers) => {
    const res = await call(agent, url, method, path, cookie, body, { 'x-csrf-token': crumb, ...headers });
    statuses.push(res.status);
    return res;
  };
  const refused = (res) => ({
    paid: false,
    placeMs: null,
    placeServedMs: null,
    refusedMs: res.ms,
    refusedServedMs: res.servedMs,
    refusedAt: STEPS[statuses.length - 1],
    statuses,
  });
  const added = await step('POST', '/api/commerce/shopping-cart/entries', { ...line, quantity });
  if (added.status !== 200) return refused(added);
  const started = await step('POST', '/api/commerce/checkout', {});
  if (started.status !== 200) return refused(started);
  const addressed = await step('PUT', '/api/commerce/checkout', {
    email: 'flash@example.com',
    shippingAddress: ADDRESS,
  });
  if (addressed.status !== 200) return refused(addressed);
  const option = addressed.json?.checkout?.shippingOptions?.[0]?.id ?? null;
  const shipped = await step('PUT', '/api/commerce/checkout', { shippingOptionId: option });
  if (shipped.status !== 200) return refused(shipped);
  const placed = await step(
    'POST',
    '/api/commerce/orders',
    { payment: { provider: 'local', token: 'local_card_4242424242424242' } },
    { 'idempotency-key': randomUUID() },
  );
  const paid = placed.status === 201 && placed.json?.order?.status === 'paid';
  return {
    paid,
    placeMs: placed.ms,
    placeServedMs: placed.servedMs,
    placeSentAt: placed.sentAt,
    placeEnd: placed.end,
    placeResent: placed.tries ?? 0,
    refusedMs: paid ? null : placed.ms,
    refusedServedMs: paid ? null : placed.servedMs,
    refusedAt: paid ? null : 'place',
    placeRefusal: paid ? null : `${placed.status} ${placed.json?.error ?? ''}`,
    statuses,
  };
}

/** `fetch`, sent again (up to 3 times) when workerd closed its idle keep-alive connection meanwhile. */
async function fetchAgain(url, init, tries = 0) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (tries >= 3) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return fetchAgain(url, init, tries + 1);
  }
}

/** The soak worker's control call: faults injected, and how many were. */
const CONTROL = '/__soak/faults';

/**
 * Counts the worker's ORDERS.place calls from now (a 0 ms `slow` fault passes each through and counts it; the route
 * alone calls it): a function reading the count, or null when the worker has no control call (the production bundle).
 */
async function countPlaceCalls(url) {
  const faults = [{ target: 'durable-object', mode: 'slow', delayMs: 0, name: 'ORDERS.place' }];
  const res = await fetchAgain(new URL(CONTROL, url), { method: 'PUT', body: JSON.stringify(faults) });
  if (res.status !== 200) return null;
  return async () => {
    const counted = await (await fetchAgain(new URL(CONTROL, url))).json();
    await fetchAgain(new URL(CONTROL, url), { method: 'PUT', body: '[]' });
    return counted['durable-object:slow'] ?? 0;
  };
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * The sale on the demo store at `url`: Field Notes (48 pages, 80 in stock) is first brought down to UNITS by buyers of
 * at most 15 (the visitor cap is 20), then SHOPPERS shoppers try at once. The figures, to print.
 */
export async function flashSale(url) {
  const stock = await (await fetch(new URL('/api/commerce/inventory/stock/?itemId=p-field-notes', url))).json();
  const row = stock.results.find((r) => !r.unlimited && r.qtyInStock !== 0) ?? stock.results[0];
  const line = { itemId: 'p-field-notes', sku: row.sku };
  const warm = new http.Agent({ keepAlive: true });
  const before = row.qtyInStock ?? 80;
  for (let left = before - UNITS; left > 0; left -= 15) {
    const bought = await shopper(warm, url, line, Math.min(15, left));
    if (!bought.paid) throw new Error(`flash sale: the pre-sale did not pay (${bought.statuses})`);
  }
  warm.destroy();
  resets = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const placeCalls = await countPlaceCalls(url);
  const began = performance.now();
  const results = await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(agent, url, line)));
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  const ordersPlaced = placeCalls === null ? null : await placeCalls();
  const after = await (await fetchAgain(new URL('/api/commerce/inventory/stock/?itemId=p-field-notes', url))).json();
  const places = results.map((r) => r.placeMs).filter((ms) => ms !== null);
  // The place call's answer, from when it had a connection: the winners' (paid) and the losers' (refused by it).
  const placeServed = (paid) =>
    results.filter((r) => r.placeMs !== null && r.paid === paid).map((r) => r.placeServedMs);
  const [winners, losers] = [placeServed(true), placeServed(false)];
  // The last unit sold when the last winner's place call was answered: a loser sent before it reached the orders object.
  const soldOut = Math.max(...results.filter((r) => r.paid).map((r) => r.placeEnd));
  const queued = results.filter((r) => r.placeMs !== null && !r.paid && r.placeSentAt < soldOut);
  const queuedMs = queued.map((r) => r.placeServedMs);
  const refusals = results.map((r) => r.refusedMs).filter((ms) => ms !== null);
  const served = results.map((r) => r.refusedServedMs).filter((ms) => ms !== null);
  const steps = results.map((r) => r.statuses.length);
  const refusedAt = {};
  for (const r of results) {
    if (r.refusedAt === null || r.refusedAt === undefined) continue;
    const at = (refusedAt[r.refusedAt] ??= { n: 0, servedMs: [] });
    at.n++;
    at.servedMs.push(r.refusedServedMs);
  }
  return {
    before: Math.min(before, UNITS),
    paid: results.filter((r) => r.paid).length,
    errors: results.flatMap((r) => r.statuses).filter((s) => s >= 500).length,
    unreached: results.flatMap((r) => r.statuses).filter((s) => s === 0).length,
    resets,
    left: after.results.find((r) => r.sku === row.sku)?.qtyInStock,
    seconds,
    placeP50: pct(places, 50),
    placeP99: pct(places, 99),
    winnersPlaceP50: pct(winners, 50),
    winnersPlaceP99: pct(winners, 99),
    losersPlaceP50: pct(losers, 50),
    losersPlaceP99: pct(losers, 99),
    losersAtPlace: losers.length,
    queuedLosers: queued.length,
    queuedP50: pct(queuedMs, 50),
    queuedP99: pct(queuedMs, 99),
    // How long after the last unit sold they were told (0: at once).
    queuedAfterSoldOutP99: pct(
      queued.map((r) => r.placeEnd - soldOut),
      99,
    ),
    refusedP50: pct(refusals, 50),
    refusedP99: pct(refusals, 99),
    refusedServedP50: pct(served, 50),
    refusedServedP99: pct(served, 99),
    requests: steps.reduce((sum, n) => sum + n, 0),
    refusedAt: Object.fromEntries(
      Object.entries(refusedAt).map(([step, { n, servedMs }]) => [
        step,
        { n, servedP50: pct(servedMs, 50), servedP99: pct(servedMs, 99) },
      ]),
    ),
    lost: refusals.length,
    // The place call's refusals by status and message: a loser of the sale is told the units are short.
    placeRefusals: results.reduce((tally, r) => {
      if (r.placeRefusal != null) tally[r.placeRefusal] = (tally[r.placeRefusal] ?? 0) + 1;
      return tally;
    }, {}),
    ordersPlaced,
    // A resent place call whose claim is still its key's (its first try still running) goes to the orders object, which answers the key.
    placeResent: results.reduce((sum, r) => sum + (r.placeResent ?? 0), 0),
  };
}

/**
 * The flash sale on bare workerd (the production bundle in `dist`: the soak worker's when run alone), its figures
 * printed with the load average.
 */
export async function flashSaleRun(dist = 'dist') {
  const bare = await startBareWorkerd('', { dist });
  try {
    await fetch(new URL('/shop', bare.store.url));
    const before = loadavg();
    const sale = await flashSale(bare.store.url);
    const load = `load average ${before.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after`;
    console.log(
      `\nFlash sale, bare workerd (production bundle): ${SHOPPERS} shoppers at once for ${sale.before} units; ${load}`,
    );
    console.log(
      '| paid | units left | 5xx | unanswered | resets resent | requests | whole sale | place order p50 | place order p99 | losers told p50 | losers told p99 | from connection p50 | p99 |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    console.log(
      `| ${sale.paid} | ${sale.left} | ${sale.errors} | ${sale.unreached} | ${sale.resets} | ${sale.requests} | ${sale.seconds.toFixed(1)} s | ${sale.placeP50.toFixed(0)} ms | ${sale.placeP99.toFixed(0)} ms | ${sale.refusedP50.toFixed(0)} ms | ${sale.refusedP99.toFixed(0)} ms | ${sale.refusedServedP50.toFixed(0)} ms | ${sale.refusedServedP99.toFixed(0)} ms |`,
    );
    console.log(
      `place order from its connection: winners (${sale.paid}) p50 ${sale.winnersPlaceP50.toFixed(0)} ms, p99 ${sale.winnersPlaceP99.toFixed(0)} ms; losers told by it (${sale.losersAtPlace}) p50 ${sale.losersPlaceP50.toFixed(0)} ms, p99 ${sale.losersPlaceP99.toFixed(0)} ms`,
    );
    console.log(
      `losers by the step that refused them (count, p50/p99 from connection): ${Object.entries(sale.refusedAt)
        .map(([step, at]) => `${step} ${at.n}, ${at.servedP50.toFixed(0)}/${at.servedP99.toFixed(0)} ms`)
        .join('; ')}`,
    );
    console.log(
      `place call refusals by answer: ${Object.entries(sale.placeRefusals)
        .map(([answer, n]) => `${n} × ${answer}`)
        .join('; ')}`,
    );
    console.log(
      `losers sent to the place call before the last unit sold (the last winner's answer), racing the winners: ${sale.queuedLosers}, from connection p50 ${sale.queuedP50.toFixed(0)} ms, p99 ${sale.queuedP99.toFixed(0)} ms, answered up to ${sale.queuedAfterSoldOutP99.toFixed(0)} ms (p99) after the last unit sold`,
    );
    console.log(
      sale.ordersPlaced === null
        ? 'losers that reached the orders object: not counted (a worker without the control call)'
        : `losers that reached the orders object: ${Math.max(0, sale.ordersPlaced - sale.paid - sale.placeResent)} (ORDERS.place calls ${sale.ordersPlaced}: paid ${sale.paid}, place calls resent after a reset ${sale.placeResent}, whose key may reach it again)`,
    );
    if (sale.paid !== UNITS || sale.errors > 0 || sale.unreached > 0)
      throw new Error(
        `flash sale: ${sale.paid} paid for ${UNITS} units, ${sale.errors} 5xx, ${sale.unreached} unanswered`,
      );
  } finally {
    await bare.dispose();
  }
}

/** The production worker with the soak benchmark's control call, built to `dist-soak/flash` as bare workerd embeds it. */
function buildCountingWorker() {
  const result = spawnSync(
    'npx',
    ['wrangler', 'deploy', 'bench/soak-worker.ts', '--dry-run', '--outdir', 'dist-soak/flash'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
    },
  );
  if (result.status !== 0) throw new Error('flash sale worker build failed');
  renameSync('dist-soak/flash/soak-worker.js', 'dist-soak/flash/worker.js');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildCountingWorker();
  await flashSaleRun('dist-soak/flash');
}
