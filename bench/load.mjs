/**
 * Mixed load on loopback (bounded: LOAD_SECONDS, default 30, 16 connections): cached page views,
 * add-to-cart calls over 200 carts and census beacons against the production bundle on Miniflare.
 * Reports throughput and p50/p99 per kind, then checks that every accepted write is stored: the
 * carts' quantities add up to the accepted adds, and the beacon store counts every accepted hit.
 */
import http from 'node:http';

const CONNECTIONS = 16;
const PAGES = [
  '/',
  '/shop',
  '/shop/p/linen-shirt',
  '/shop/p/candle',
  '/blog',
  '/blog/linen-care',
  '/gifts',
  '/contact',
];
const CARTS = 200;
const CRUMB = 'c'.repeat(32);
/** Carts of this run only (ids no other benchmark phase uses). */
const cartId = (i) => `10ad${i.toString(16).padStart(28, '0')}`;

/** One request; sent again once when workerd closed the socket before answering (a reset: the call was not taken). */
function request(url, { method = 'GET', headers = {}, body } = {}, agent, retried = false) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
          headers: res.headers,
        }),
      );
    });
    req.on('error', (error) =>
      error.code === 'ECONNRESET' && !retried
        ? request(url, { method, headers, body }, agent, true).then(resolve, reject)
        : reject(error),
    );
    req.end(body);
  });
}

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the mixed load against `base` for `seconds`; `sku` is an unlimited variant of `itemId`. */
export async function mixedLoad(base, { seconds, itemId, sku, websiteId }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const kinds = { page: [], add: [], beacon: [] };
  const statuses = { page: {}, add: {}, beacon: {} };
  const addsPerCart = new Map();
  let n = 0;
  const next = async () => {
    const i = n++;
    const pick = i % 5;
    if (pick < 3) {
      const res = await request(new URL(PAGES[i % PAGES.length], base), {}, agent);
      return ['page', res];
    }
    if (pick === 3) {
      const cart = cartId(i % CARTS);
      const res = await request(
        new URL('/api/commerce/shopping-cart/entries', base),
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': CRUMB,
            cookie: `crumb=${CRUMB}; CART=${cart}`,
          },
          body: JSON.stringify({ itemId, sku, quantity: 1, additionalFields: null }),
        },
        agent,
      );
      if (res.status === 200) addsPerCart.set(cart, (addsPerCart.get(cart) ?? 0) + 1);
      return ['add', res];
    }
    const form = new URLSearchParams({
      event: 'view',
      data: JSON.stringify({ websiteId, url: `${base}/shop`, pageType: 1, title: 'Shop' }),
    });
    const res = await request(
      new URL('/api/census/RecordHit', base),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': `10.1.${(i >> 8) & 255}.${i & 255}`,
        },
        body: form.toString(),
      },
      agent,
    );
    return ['beacon', res];
  };
  const deadline = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const [kind, res] = await next();
        kinds[kind].push(res.ms);
        statuses[kind][res.status] = (statuses[kind][res.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  return { elapsed, kinds, statuses, addsPerCart };
}

export async function storedCartQuantity(base, carts) {
  let total = 0;
  for (const cart of carts) {
    const res = await request(new URL('/api/commerce/shopping-cart', base), { headers: { cookie: `CART=${cart}` } });
    total += JSON.parse(res.body).totalQuantity;
  }
  return total;
}

export async function storedBeaconViews(base, owner) {
  const signIn = await request(new URL('/api/merchant/session', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie: `crumb=${CRUMB}` },
    body: JSON.stringify(owner),
  });
  const session = /MerchantSession=([0-9a-f]+)/.exec(String(signIn.headers['set-cookie']))?.[1];
  const res = await request(new URL('/api/census/summary?days=1', base), {
    headers: { cookie: `crumb=${CRUMB}; MerchantSession=${session}` },
  });
  const summary = JSON.parse(res.body);
  return summary.traffic.reduce((sum, t) => sum + t.views, 0);
}

export function report({ elapsed, kinds, statuses }) {
  const total = Object.values(kinds).reduce((sum, list) => sum + list.length, 0);
  console.log(
    `  mixed load: ${total} requests in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(0)} req/s over ${CONNECTIONS} connections`,
  );
  for (const [kind, list] of Object.entries(kinds)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `    ${kind.padEnd(7)} ${String(list.length).padStart(6)} req  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  statuses ${JSON.stringify(statuses[kind])}`,
    );
  }
}
