/**
 * The visitor sign-in session in workerd: PBKDF2 accounts, cookies, xsrf, cart following the account, cloneCart, locale;
 * and a request reads the session once (what was request-sessions.test.ts).
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../src/api/storefront-answers';
import type { ShoppingCart } from '../../src/commerce/cart';
import { hashPassword } from '../../src/durable/passwords';
import { DEMO_SHOPPER, demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';
import { SESSION_MESSAGES } from '../../src/accounts/messages';
import { contentObjects } from '../../src/durable/stubs';
import { inOneRateWindow } from '../support/rate-window';
import { inNextStockSlot } from './stock-slot';
import { CARD, fillCheckout, placeOrder, shopper, standardRules, startCheckout } from './checkout-support';
import { Visitor } from './visitor';
import { type AppEnv, storeContext } from '../../src/routes/shared/http';
import { currentSession } from '../../src/routes/shop/site-user-session';
import { api } from '../../src/api';
import { app } from '../../src/worker';

const SESSION = '/api/site-users/account/session';
const PEN = { itemId: 'p-brass-pen', sku: 'SQ1016', quantity: 2 };

const OAK = { itemId: 'p-oak-board', sku: 'SQ1015', quantity: 1 };

async function signIn(visitor: Visitor, password: string = DEMO_SHOPPER.password, rememberMe = false) {
  return visitor.json<SignedIn & { error?: string }>('POST', SESSION, {
    email: DEMO_SHOPPER.email,
    password,
    rememberMe,
  });
}

function signOut(visitor: Visitor, xsrfToken: string, query = ''): Promise<Response> {
  return visitor.fetch(`${SESSION}${query}`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': visitor.cookies.get('crumb') ?? '', 'x-siteuser-xsrf-token': xsrfToken },
  });
}

/** A store on its own host (its own stock ledger) with the demo shopper's account. */
async function storeWithShopper(host: string): Promise<string> {
  const site = demoSite();
  site.website.id = host.replaceAll('.', '-');
  expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, host, site.website.id);
  await env.SITE_USERS.get(env.SITE_USERS.idFromName(site.website.id)).ensureUser(
    DEMO_SHOPPER.email,
    await hashPassword(DEMO_SHOPPER.password),
  );
  return `http://${host}`;
}

/** The demo store with the demo shopper, on a host of this file's own: its tests sign the shopper in one after another. */
let demo = '';
beforeAll(async () => {
  demo = await storeWithShopper('shopper.session.test');
});

describe('visitor session', () => {
  it('signs in with the demo account and sets an HttpOnly session and a readable SiteUserInfo', async () => {
    const visitor = await new Visitor(demo).open();
    const res = await visitor.send('POST', SESSION, {
      email: DEMO_SHOPPER.email,
      password: DEMO_SHOPPER.password,
      rememberMe: true,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { xsrfToken: string; siteUserId: string };
    expect(body.xsrfToken).toMatch(/^[0-9a-f]{32}$/);
    const cookies = res.headers.getAll('set-cookie');
    expect(cookies.find((c) => c.startsWith('SiteUserSession='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('SiteUserSession='))).toMatch(/Expires=/);
    const info = cookies.find((c) => c.startsWith('SiteUserInfo=')) ?? '';
    expect(info).not.toMatch(/HttpOnly/);
    expect(JSON.parse(decodeURIComponent(info.split(';')[0]?.slice('SiteUserInfo='.length) ?? ''))).toEqual({
      authenticated: true,
      siteUserId: body.siteUserId,
    });
    expect(info).not.toContain(visitor.cookies.get('SiteUserSession') ?? 'none');
    const me = await visitor.json('GET', SESSION);
    expect(me.body).toMatchObject({ authenticated: true, email: DEMO_SHOPPER.email, xsrfToken: body.xsrfToken });
  });

  it('gives one message for an unknown email and a wrong password, and checks the body', async () => {
    const visitor = await new Visitor(demo).open();
    expect(await signIn(visitor, 'wrong')).toEqual({ status: 401, body: { error: SESSION_MESSAGES.badCredentials } });
    const unknown = await visitor.json('POST', SESSION, { email: 'nobody@example.com', password: 'x' });
    expect(unknown).toEqual({ status: 401, body: { error: SESSION_MESSAGES.badCredentials } });
    expect((await visitor.json('POST', SESSION, { email: 5 })).status).toBe(400);
    expect((await visitor.fetch(SESSION, { method: 'POST', body: '{}' })).status).toBe(403);
  });

  it('needs the xsrf token to sign out (403 crumbFail), and keeps the cart with the account unless cloned', async () => {
    const visitor = await new Visitor(demo).open();
    expect((await visitor.json('POST', '/api/commerce/shopping-cart/entries', PEN)).status).toBe(200);
    const visitorCart = visitor.cookies.get('CART');
    const { body } = await signIn(visitor);
    const noToken = await visitor.json('DELETE', SESSION);
    expect(noToken).toEqual({ status: 403, body: { error: SESSION_MESSAGES.xsrf, crumbFail: true } });

    // Sign out with a cloned cart: a new cart id holding the same entries.
    const out = await visitor.fetch(`${SESSION}?cloneCart=true`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': visitor.cookies.get('crumb') ?? '', 'x-siteuser-xsrf-token': body.xsrfToken },
    });
    expect(await out.json()).toEqual({ signedOut: true, cartCloned: true });
    const clone = visitor.cookies.get('CART');
    expect(clone).toMatch(/^[0-9a-f]{32}$/);
    expect(clone).not.toBe(visitorCart);
    expect((await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body.totalQuantity).toBe(2);
    expect((await visitor.json('GET', SESSION)).body).toEqual({ authenticated: false });

    // Signing in again brings back the account's own cart.
    await signIn(visitor);
    expect(visitor.cookies.get('CART')).toBe(visitorCart);
  });

  it('signs out without cloning: the cart cookie goes with the account', async () => {
    const visitor = await new Visitor(demo).open();
    const { body } = await signIn(visitor);
    const out = await visitor.fetch(SESSION, {
      method: 'DELETE',
      headers: { 'x-csrf-token': visitor.cookies.get('crumb') ?? '', 'x-siteuser-xsrf-token': body.xsrfToken },
    });
    expect(await out.json()).toEqual({ signedOut: true, cartCloned: false });
    expect(out.headers.getAll('set-cookie').some((c) => c.startsWith('CART=;'))).toBe(true);
  });

  it('clones only what is still available, and says so (carts and checkouts reserve nothing; an order waiting for payment does)', {
    timeout: 120_000,
  }, async () => {
    const base = await storeWithShopper('clone-stock.session.test');
    const visitor = await new Visitor(base).open();
    // The only oak board in stock: a cart reserves nothing, so the copy can take it too.
    expect((await visitor.json('POST', '/api/commerce/shopping-cart/entries', OAK)).status).toBe(200);
    const accountCart = visitor.cookies.get('CART');
    const first = await signIn(visitor);
    const cloned = await signOut(visitor, first.body.xsrfToken, '?cloneCart=true');
    expect(await cloned.json()).toEqual({ signedOut: true, cartCloned: true });

    // Another shopper places an order for the board and is left at the bank's authentication: its
    // payment window reserves the board, so a copy cannot have it, and the pen goes alone.
    await standardRules('clone-stock-session-test');
    const other = await shopper(base, [OAK]);
    expect((await startCheckout(other)).status).toBe(200);
    await fillCheckout(other);
    expect((await placeOrder(other, CARD.action)).body.order).toMatchObject({
      status: 'pending',
      payment: { status: 'requires_action' },
    });
    // A copy is checked against the ledger's answer as the data centre heard it within 2 s (like an add), so the
    // placement's reservation shows in the next stock slot.
    await inNextStockSlot(async () => {
      const second = await signIn(visitor);
      expect(visitor.cookies.get('CART')).toBe(accountCart);
      expect((await visitor.json('POST', '/api/commerce/shopping-cart/entries', PEN)).status).toBe(200);
      const partly = await signOut(visitor, second.body.xsrfToken, '?cloneCart=true');
      expect(await partly.json()).toEqual({ signedOut: true, cartCloned: true, entriesLeftOut: 1 });
      expect(visitor.cookies.get('CART')).not.toBe(accountCart);
      const clone = (await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body;
      expect(clone.entries.map((e) => [e.itemId, e.quantity])).toEqual([[PEN.itemId, PEN.quantity]]);
    });
  });

  it('sets the account language, clears it back to the site default with null, and refuses it without a session', async () => {
    const visitor = await new Visitor(demo).open();
    expect((await visitor.json('POST', '/api/site-users/account/locale', { language: 'fr-CA' })).status).toBe(401);
    const { body } = await signIn(visitor);
    const set = await visitor.fetch('/api/site-users/account/locale', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': visitor.cookies.get('crumb') ?? '',
        'x-siteuser-xsrf-token': body.xsrfToken,
      },
      body: JSON.stringify({ language: 'fr-CA' }),
    });
    expect(await set.json()).toEqual({ language: 'fr-CA' });
    expect((await visitor.json('GET', SESSION)).body).toMatchObject({ language: 'fr-CA' });
    // A sign-in on another browser answers the account's language with its session, for the first page after it.
    expect((await signIn(await new Visitor(demo).open())).body).toMatchObject({ language: 'fr-CA' });
    expect((await visitor.json('POST', '/api/site-users/account/locale', { language: 'not a tag!' })).status).toBe(400);
    const cleared = await visitor.fetch('/api/site-users/account/locale', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': visitor.cookies.get('crumb') ?? '',
        'x-siteuser-xsrf-token': body.xsrfToken,
      },
      body: JSON.stringify({ language: null }),
    });
    expect(await cleared.json()).toEqual({ language: null });
    expect((await visitor.json('GET', SESSION)).body).toMatchObject({ language: null });
    expect((await signIn(await new Visitor(demo).open())).body).toMatchObject({ language: null });
  });

  it('rate-limits sign-in attempts', async () => {
    // An address of its own: the limit counts by address, and the file's other sign-ins come from the file's.
    const visitor = await new Visitor(demo, { headers: { 'cf-connecting-ip': '10.77.0.1' } }).open();
    const statuses = await inOneRateWindow(async () => {
      const seen: number[] = [];
      for (let i = 0; i < 12; i++) seen.push((await signIn(visitor, 'wrong')).status);
      return seen;
    });
    expect(statuses).toContain(429);
  });
});

/** A SITE_USERS namespace whose objects count the session look-ups and know no session. */
function countingUsers(): { namespace: unknown; lookups: () => number } {
  let lookups = 0;
  const stub = {
    session: async () => {
      lookups++;
      return null;
    },
  };
  return { namespace: { idFromName: (name: string) => name, get: () => stub }, lookups: () => lookups };
}

async function askedThrice(cookie: string | null): Promise<number> {
  const users = countingUsers();
  const app = new Hono<AppEnv>().use('*', storeContext);
  app.get('/', async (c) => {
    await Promise.all([currentSession(c), currentSession(c)]);
    await currentSession(c);
    return c.body(null, 204);
  });
  const headers: Record<string, string> = cookie === null ? {} : { cookie: `SiteUserSession=${cookie}` };
  const res = await app.request('/', { headers }, { ...env, ENVIRONMENT: 'development', SITE_USERS: users.namespace });
  expect(res.status).toBe(204);
  return users.lookups();
}

/**
 * One request reads each session at most once (issue 31, point 2): however many helpers ask for the
 * signed-in visitor (the cart's adoption, the checkout's prefill, remembering an order), the website's
 * SiteUsers object is asked once (the request's store, `c.var.store`, keeps it), as the merchant session is; a request
 * with no session cookie asks it nothing.
 */
describe('request-sessions', () => {
  describe('the visitor session of a request', () => {
    it('is looked up once however many helpers ask', async () => {
      expect(await askedThrice('a'.repeat(64))).toBe(1);
    });

    it('is not looked up without a well-formed session cookie', async () => {
      expect(await askedThrice(null)).toBe(0);
      expect(await askedThrice('not-a-token')).toBe(0);
    });
  });
});

/**
 * One request makes its website's content object once (issue 31): the site's load by host and the route's reads
 * (`storeOf(c).objects.content`) share the one stub.
 */
describe('request-objects', () => {
  it("makes the content object's stub once for the site's load and a search's read", async () => {
    let made = 0;
    const counting = {
      idFromName: (name: string) => env.CONTENT.idFromName(name),
      get: (id: DurableObjectId) => {
        made++;
        return env.CONTENT.get(id);
      },
    };
    const res = await app.request(
      `${demo}${api.searchSuggestions.path({ q: 'linen' })}`,
      {},
      { ...env, ENVIRONMENT: 'development', CONTENT: counting },
    );
    expect(res.status).toBe(200);
    expect(made).toBe(1);
  });
});
