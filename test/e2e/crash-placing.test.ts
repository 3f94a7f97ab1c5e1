/**
 * A real crash in the middle of placing orders (issue 29), no browser: a store of its own under
 * `wrangler dev` with a state folder it keeps, 25 shoppers placing orders at once for the demo's 8
 * Pottery Class seats, the whole process killed (SIGKILL) as soon as the first answer comes back,
 * started again on the same state, and every shopper retrying once with the same Idempotency-Key.
 * Each gets what an uninterrupted run gives: 8 paid orders, the others a clear 409, answers already
 * given repeated byte for byte, and each seat sold once (on hand 0, none left reserved).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { startLocalStore } from '../../scripts/local-store.mjs';

const SHOPPERS = 25;
const SEATS = 8;
const ITEM = 'p-pottery-class';
const STORE_MANAGER = { email: 'store@example.com', password: 'studio-goods-store' };
const SUCCESS_CARD = 'local_card_4242424242424242';

interface Shopper {
  crumb: string;
  cookie: string;
  key: string;
}

interface Answer {
  status: number;
  text: string;
}

const state = `.wrangler/crash-placing-${process.pid}-${Date.now()}`;
const stops: (() => void)[] = [];
afterAll(() => {
  for (const stop of stops) stop();
  rmSync(state, { recursive: true, force: true });
});

function newShopper(): Shopper {
  const crumb = randomBytes(16).toString('hex');
  return { crumb, cookie: `crumb=${crumb}; CART=${randomBytes(16).toString('hex')}`, key: randomUUID() };
}

/** A call as the shopper's page makes it; a connection the crash cut answers status 0. */
async function call(
  url: string,
  who: Pick<Shopper, 'crumb' | 'cookie'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.crumb,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  } catch {
    return { status: 0, text: '' };
  }
}

const place = (url: string, shopper: Shopper) =>
  call(
    url,
    shopper,
    'POST',
    '/api/commerce/orders',
    { payment: { provider: 'local', token: SUCCESS_CARD } },
    { 'idempotency-key': shopper.key },
  );

it('25 shoppers for 8 seats, the store killed mid-burst and started again: the retries get 8 paid orders, each seat sold once', {
  timeout: 600_000,
}, async () => {
  const first = await startLocalStore({ state });
  stops.push(first.stop);
  const everyone = Array.from({ length: SHOPPERS }, newShopper);
  const page = (await (await fetch(`${first.url}/shop/p/pottery-class?format=json`)).json()) as {
    item?: { structuredContent?: { variants?: { sku: string }[] } };
  };
  const sku = page.item?.structuredContent?.variants?.[0]?.sku;
  expect(sku).toBeDefined();
  const shoppers: Shopper[] = [];
  for (const shopper of everyone) {
    // Every shopper reaches payment (a checkout reserves nothing); one that could not would simply not take part.
    if (
      (
        await call(first.url, shopper, 'POST', '/api/commerce/shopping-cart/entries', {
          itemId: ITEM,
          sku,
          quantity: 1,
        })
      ).status !== 200
    )
      continue;
    if ((await call(first.url, shopper, 'POST', '/api/commerce/checkout', {})).status !== 200) continue;
    const filled = await call(first.url, shopper, 'PUT', '/api/commerce/checkout', { email: 'crash@example.com' });
    expect(filled.status, filled.text).toBe(200);
    shoppers.push(shopper);
  }
  expect(shoppers.length).toBeGreaterThanOrEqual(SEATS);

  // The burst, and the kill as soon as its first answer is back.
  let killing: Promise<void> | null = null;
  const firstAnswers = await Promise.all(
    shoppers.map(async (shopper) => {
      const answer = await place(first.url, shopper);
      killing ??= first.kill();
      return answer;
    }),
  );
  await killing;
  // Usually the kill cuts placements off mid-burst. On a quiet machine the answers can all be back
  // before it lands (a CI run saw 0 of 24 cut off): the run then checks the restart only, and says so.
  // The per-step aborts in test/worker/crash-safe-placing.test.ts cover every instant deterministically.
  const cutOff = firstAnswers.filter((a) => a.status === 0).length;
  if (cutOff === 0)
    console.warn('crash-placing: the kill landed after every answer; this run checked the restart only');

  const second = await startLocalStore({ state });
  stops.push(second.stop);
  const retries: Answer[] = [];
  for (const shopper of shoppers) retries.push(await place(second.url, shopper));

  for (const [i, retry] of retries.entries()) {
    expect([201, 409], retry.text).toContain(retry.status);
    // An answer given before the kill is given again, byte for byte.
    const before = firstAnswers[i];
    if (before !== undefined && (before.status === 201 || before.status === 402)) expect(retry).toEqual(before);
  }
  const paid = retries
    .filter((r) => r.status === 201)
    .map((r) => JSON.parse(r.text) as { order: { id: string; status: string } });
  expect(paid.map((p) => p.order.status)).toEqual(Array(SEATS).fill('paid'));
  expect(new Set(paid.map((p) => p.order.id)).size).toBe(SEATS);
  // The same key again: the same answer.
  for (const [i, shopper] of shoppers.entries()) {
    const again = await place(second.url, shopper);
    if (retries[i]?.status === 201) expect(again).toEqual(retries[i]);
  }

  const seats = JSON.parse(
    (await call(second.url, newShopper(), 'GET', `/api/commerce/inventory/stock/?itemId=${ITEM}`)).text,
  ) as { results: { qtyInStock: number }[] };
  expect(seats.results[0]?.qtyInStock).toBe(0);
  const merchant = newShopper();
  const signedIn = await fetch(`${second.url}/api/merchant/session`, {
    method: 'POST',
    headers: { cookie: merchant.cookie, 'x-csrf-token': merchant.crumb, 'content-type': 'application/json' },
    body: JSON.stringify(STORE_MANAGER),
  });
  expect(signedIn.status).toBe(200);
  const session = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const asMerchant = { crumb: merchant.crumb, cookie: `${merchant.cookie}; ${session}` };
  const orders = JSON.parse((await call(second.url, asMerchant, 'GET', '/api/commerce/orders?limit=100')).text) as {
    orders: { status: string }[];
  };
  expect(orders.orders.map((o) => o.status)).toEqual(Array(SEATS).fill('paid'));
  // Sold, not left reserved: nothing on hand (reserved units would still count on hand).
  const product = JSON.parse((await call(second.url, asMerchant, 'GET', `/api/console/products/${ITEM}`)).text) as {
    product: { variants: { stock: number }[] };
  };
  expect(product.product.variants[0]?.stock).toBe(0);
});
