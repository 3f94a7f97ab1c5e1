/**
 * Every call that changes a store on a merchant's behalf needs the crumb: signed in as the owner
 * (so no call stops at 401 or 403 for its role first), each state-changing route of the merchant,
 * console (the whole area as the worker mounts it), commerce, cart, account and form areas is called with the
 * session cookie and a JSON body but without `X-CSRF-Token`, as a cross-site form or fetch would, and
 * must answer 403 `crumbFail`.
 * The routes are read from the areas themselves, so a new call is covered when it is added.
 */
import type { Hono } from 'hono';
import { areas } from '../../src/api/areas';
import { describe, expect, it } from 'vitest';
import { account, accountLinks } from '../../src/routes/shop/account';
import { cart, subscriptionCart } from '../../src/routes/shop/cart';
import { checkout, checkoutAddress, checkoutOrders } from '../../src/routes/shop/checkout';
import { commerceAdmin } from '../../src/routes/console/commerce-admin';
import { CONSOLE_API_PATH, consoleApi } from '../../src/routes/console/console-api';
import { emailAdmin } from '../../src/routes/console/email-admin';
import { formValidation, forms } from '../../src/routes/shop/forms';
import { merchant } from '../../src/routes/console/merchant';
import { MERCHANT_SESSION_PATH, merchantSession } from '../../src/routes/console/merchant-session';
import { restock } from '../../src/routes/shop/restock';
import { session } from '../../src/routes/shop/session';
import { accountSubscriptions, subscriptions } from '../../src/routes/shop/subscriptions';
import type { AppEnv } from '../../src/routes/shared/http';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { demoStoreOfFile } from '../worker/fixtures';

const AREAS: readonly (readonly [string, Hono<AppEnv>])[] = [
  [areas.cart, cart],
  [areas.subscriptionCart, subscriptionCart],
  [areas.checkout, checkout],
  [areas.checkoutAddress, checkoutAddress],
  [areas.orders, checkoutOrders],
  [areas.subscriptions, subscriptions],
  [areas.account, session],
  [areas.account, accountLinks],
  [areas.account, account],
  [areas.accountSubscriptions, accountSubscriptions],
  [areas.commerceAdmin, commerceAdmin],
  [CONSOLE_API_PATH, consoleApi],
  [areas.parkedEmails, emailAdmin],
  [areas.forms, forms],
  [areas.formValidation, formValidation],
  ['', merchant],
  [MERCHANT_SESSION_PATH, merchantSession],
  [areas.restock, restock],
];
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A value for each path parameter that gets past its route's format checks. */
const PARAMS: Readonly<Record<string, string>> = {
  fileId: '2go5d9p02zc9e9ec963',
  rev: '1',
  width: 'w300',
  websiteId: 'demo',
  source: 'orders',
  id: '1',
  subject: 'product',
  versionId: '1',
};

function changingCalls(): string[] {
  const calls = new Set<string>();
  for (const [prefix, area] of AREAS) {
    for (const { method, path } of area.routes) {
      if (!CHANGES.has(method)) continue;
      const concrete = `${prefix}${path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x')}`.replace(
        /(.)\/$/,
        '$1',
      );
      calls.add(`${method} ${concrete}`);
    }
  }
  return [...calls];
}

describe('the crumb on every change', () => {
  /** The demo store with its team on a host of this file's own. */
  const demo = demoStoreOfFile('crumb-coverage');

  it('is required by every state-changing merchant, console, commerce, cart, account and form call, even with a valid session', async () => {
    const [owner] = DEMO_MERCHANTS;
    const visitor = await demo.signedIn(owner);
    const calls = changingCalls();
    expect(calls.length).toBeGreaterThan(50);
    const unguarded: string[] = [];
    for (const call of calls) {
      const [method = '', path = ''] = call.split(' ');
      const res = await visitor.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      const body = await res.text();
      if (res.status !== 403 || !body.includes('"crumbFail":true'))
        unguarded.push(`${call} → ${res.status} ${body.slice(0, 80)}`);
    }
    expect(unguarded).toEqual([]);
  });
});
