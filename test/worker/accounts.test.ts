/**
 * Shopper accounts in workerd (routes/shop/account.ts, durable/site-users.ts): sign-up with a single-use
 * verification link, a password reset link that works once and expires after an hour, an answer to
 * "forgot password" that says nothing about who has an account, the rate limit, order history,
 * saved addresses and the checkout prefilled; and the development mailbox, a 404 in production.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SESSION_MESSAGES } from '../../src/accounts/messages';
import { CART_MESSAGES, type ShoppingCart } from '../../src/commerce/cart';
import { PASSWORD_MESSAGES } from '../../src/accounts/password-rules';
import { tokenDigest } from '../../src/durable/passwords';
import { LINK_LIFETIME_MS, MAX_ADDRESSES, type SiteUsers } from '../../src/durable/site-users';
import { ADDRESSES_FULL } from '../../src/routes/shop/account';
import {
  ADDRESS,
  CANDLE,
  CARD,
  fillCheckout,
  placeOrder,
  standardRules,
  startCheckout,
  storeOnHost,
  ENTRIES,
} from './checkout-support';
import { inOneRateWindow } from '../support/rate-window';
import { PRODUCTION_VARS, Visitor } from './visitor';

const ACCOUNT = '/api/site-users/account';
const SESSION = `${ACCOUNT}/session`;
const PASSWORD = 'tidal-harbour-42';

function users(websiteId: string) {
  return env.SITE_USERS.get(env.SITE_USERS.idFromName(websiteId));
}

/** Delivers the accounts object's outbox, then the emails it sent to `to`, oldest first. */
async function mailTo(websiteId: string, to: string) {
  await runDurableObjectAlarm(users(websiteId));
  return (await users(websiteId).mailbox()).filter((m) => m.to === to);
}

/** The token of the newest `kind` link emailed to `to`. */
async function linkToken(websiteId: string, to: string, kind: 'verify' | 'reset'): Promise<string> {
  const mail = await mailTo(websiteId, to);
  const found = mail
    .map((m) => new RegExp(`/account\\?${kind}=([0-9a-f]{64})`).exec(m.text)?.[1])
    .filter((t) => t !== undefined);
  expect(found.length, JSON.stringify(mail)).toBeGreaterThan(0);
  return found[found.length - 1] ?? '';
}

async function signUp(base: string, email: string, password = PASSWORD) {
  const visitor = await new Visitor(base).open('/account');
  return { visitor, answer: await visitor.json('POST', `${ACCOUNT}/signup`, { email, password }) };
}

async function signIn(visitor: Visitor, email: string, password: string) {
  return visitor.json<{ xsrfToken: string; error?: string }>('POST', SESSION, { email, password });
}

/** A signed-in visitor's call with the session's xsrf token. */
function accountCall(visitor: Visitor, xsrf: string, method: string, path: string, body?: unknown): Promise<Response> {
  return visitor.fetch(`${ACCOUNT}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-csrf-token': visitor.crumb, 'x-siteuser-xsrf-token': xsrf },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A verified shopper of the store at `base`, signed in. */
async function verifiedOn(base: string, websiteId: string, email: string) {
  const { visitor } = await signUp(base, email);
  expect(
    (await visitor.json('POST', `${ACCOUNT}/verify`, { token: await linkToken(websiteId, email, 'verify') })).status,
  ).toBe(200);
  const session = await signIn(visitor, email, PASSWORD);
  expect(session.status).toBe(200);
  return { visitor, xsrf: session.body.xsrfToken };
}

/** A verified, signed-in shopper of a store of its own. */
async function verifiedShopper(host: string, email: string) {
  const { base, websiteId } = await storeOnHost(host);
  return { base, websiteId, ...(await verifiedOn(base, websiteId, email)) };
}

describe('sign-up and verification', () => {
  it('signs up unverified, emails a link that verifies once, and the session says which', async () => {
    const { base, websiteId } = await storeOnHost('signup.accounts.test');
    const email = 'new@example.com';
    const { visitor, answer } = await signUp(base, email);
    expect(answer).toEqual({ status: 202, body: { sent: true, message: ACCOUNT_MESSAGES.checkEmail } });
    expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);
    expect((await visitor.json('GET', SESSION)).body).toMatchObject({ authenticated: true, email, verified: false });
    const token = await linkToken(websiteId, email, 'verify');
    expect(await visitor.json('POST', `${ACCOUNT}/verify`, { token })).toEqual({
      status: 200,
      body: { verified: true, email, message: ACCOUNT_MESSAGES.verified },
    });
    expect((await visitor.json('GET', SESSION)).body).toMatchObject({ verified: true });
    // Single use.
    expect(await visitor.json('POST', `${ACCOUNT}/verify`, { token })).toEqual({
      status: 400,
      body: { error: ACCOUNT_MESSAGES.linkInvalid },
    });
  });

  it('keeps only the SHA-256 of a link: its token is in no table once the email is sent', async () => {
    const { base, websiteId } = await storeOnHost('at-rest.accounts.test');
    await signUp(base, 'rest@example.com');
    const token = await linkToken(websiteId, 'rest@example.com', 'verify');
    const stored = await runInDurableObject(users(websiteId), (_instance, state) =>
      ['account_links', 'email_outbox', 'accounts', 'account_sessions']
        .map((table) => JSON.stringify(state.storage.sql.exec(`SELECT * FROM ${table}`).toArray()))
        .join('\n'),
    );
    expect(stored).not.toContain(token);
    expect(stored).toContain(await tokenDigest(token));
  });

  it('answers a sign-up with a taken email as any other, changes nothing and tells the owner by email', async () => {
    const { base, websiteId } = await storeOnHost('taken.accounts.test');
    const email = 'owner@example.com';
    await signUp(base, email);
    const again = await signUp(base, email, 'another-pass-99');
    expect(again.answer).toEqual({ status: 202, body: { sent: true, message: ACCOUNT_MESSAGES.checkEmail } });
    expect((await mailTo(websiteId, email)).map((m) => m.subject)).toEqual([
      'Verify your email for Studio Goods',
      'You already have an account with Studio Goods',
    ]);
    expect((await signIn(again.visitor, email, 'another-pass-99')).status).toBe(401);
    expect((await signIn(again.visitor, email, PASSWORD)).status).toBe(200);
  });

  it('refuses a weak password and a bad email with the field named, and a body without the crumb', async () => {
    const { base } = await storeOnHost('weak.accounts.test');
    const { visitor, answer } = await signUp(base, 'weak@example.com', 'short');
    expect(answer).toEqual({
      status: 400,
      body: { error: PASSWORD_MESSAGES.short, errors: { password: PASSWORD_MESSAGES.short } },
    });
    expect(
      (await visitor.json('POST', `${ACCOUNT}/signup`, { email: 'weak@example.com', password: 'password123' })).body,
    ).toMatchObject({ errors: { password: PASSWORD_MESSAGES.common } });
    expect(
      (await visitor.json('POST', `${ACCOUNT}/signup`, { email: 'not-an-email', password: PASSWORD })).body,
    ).toMatchObject({ errors: { email: expect.any(String) } });
    expect(
      (
        await visitor.fetch(`${ACCOUNT}/signup`, {
          method: 'POST',
          body: JSON.stringify({ email: 'a@example.com', password: PASSWORD }),
        })
      ).status,
    ).toBe(403);
  });
});

describe('account emails in the shopper’s language (issue 32, journey 8)', () => {
  it('writes the verification email in the sign-up page’s language and keeps that language on the account', async () => {
    const { base, websiteId } = await storeOnHost('french.accounts.test');
    const visitor = await new Visitor(base).open('/account');
    const body = { email: 'amelie@example.com', password: PASSWORD, locale: 'fr-FR' };
    expect((await visitor.json('POST', `${ACCOUNT}/signup`, body)).status).toBe(202);
    const [mail] = await mailTo(websiteId, 'amelie@example.com');
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour Studio Goods');
    expect(mail?.text).toContain('Ouvrez ce lien pour confirmer votre adresse e-mail :');
    const token = /\/account\?verify=([0-9a-f]{64})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await visitor.json('POST', `${ACCOUNT}/verify`, { token })).status).toBe(200);
    expect((await signIn(visitor, 'amelie@example.com', PASSWORD)).status).toBe(200);
    const session = await visitor.json<{ language: string | null }>('GET', SESSION);
    expect(session.body.language).toBe('fr-FR');
    // The reset link in the language of the page it was asked from; a bad tag is refused.
    await visitor.json('POST', `${ACCOUNT}/password-reset/request`, { email: 'amelie@example.com', locale: 'de-DE' });
    expect((await mailTo(websiteId, 'amelie@example.com')).map((m) => m.subject)).toContain(
      'Setzen Sie Ihr Passwort für Studio Goods zurück',
    );
    const bad = await visitor.json('POST', `${ACCOUNT}/password-reset/request`, {
      email: 'amelie@example.com',
      locale: '--',
    });
    expect(bad.status).toBe(400);
  });

  it('keeps an English sign-up English, with no language of its own on the account', async () => {
    const { base, websiteId } = await storeOnHost('english.accounts.test');
    const visitor = await new Visitor(base).open('/account');
    const body = { email: 'ada@example.com', password: PASSWORD, locale: 'en-US' };
    expect((await visitor.json('POST', `${ACCOUNT}/signup`, body)).status).toBe(202);
    const [mail] = await mailTo(websiteId, 'ada@example.com');
    expect(mail?.subject).toBe('Verify your email for Studio Goods');
    const token = /\/account\?verify=([0-9a-f]{64})/.exec(mail?.text ?? '')?.[1] ?? '';
    await visitor.json('POST', `${ACCOUNT}/verify`, { token });
    await signIn(visitor, 'ada@example.com', PASSWORD);
    expect((await visitor.json<{ language: string | null }>('GET', SESSION)).body.language).toBeNull();
  });
});

describe('forgot password', () => {
  it('answers the same for an email with and without an account, and emails only the account', async () => {
    const { base, websiteId } = await storeOnHost('forgot.accounts.test');
    await signUp(base, 'known@example.com');
    const visitor = await new Visitor(base).open('/account');
    const known = await visitor.json('POST', `${ACCOUNT}/password-reset/request`, { email: 'known@example.com' });
    const unknown = await visitor.json('POST', `${ACCOUNT}/password-reset/request`, { email: 'nobody@example.com' });
    expect(known).toEqual({ status: 202, body: { sent: true, message: ACCOUNT_MESSAGES.resetSent } });
    expect(unknown).toEqual(known);
    expect(await mailTo(websiteId, 'nobody@example.com')).toEqual([]);
    expect((await mailTo(websiteId, 'known@example.com')).map((m) => m.subject)).toContain(
      'Reset your password for Studio Goods',
    );
  });

  it('sets the new password once: old sessions end, the old password and the used link fail', async () => {
    const { base, websiteId, visitor } = await verifiedShopper('reset.accounts.test', 'reset@example.com');
    const other = await new Visitor(base).open('/account');
    expect((await other.json('POST', `${ACCOUNT}/password-reset/request`, { email: 'reset@example.com' })).status).toBe(
      202,
    );
    const token = await linkToken(websiteId, 'reset@example.com', 'reset');
    expect((await other.json('POST', `${ACCOUNT}/password-reset`, { token, password: 'short' })).body).toMatchObject({
      errors: { password: PASSWORD_MESSAGES.short },
    });
    const done = await other.json('POST', `${ACCOUNT}/password-reset`, { token, password: 'new-harbour-77' });
    expect(done).toEqual({
      status: 200,
      body: { passwordChanged: true, email: 'reset@example.com', message: ACCOUNT_MESSAGES.passwordChanged },
    });
    expect((await visitor.json('GET', SESSION)).body).toEqual({ authenticated: false });
    expect((await signIn(other, 'reset@example.com', PASSWORD)).body).toEqual({
      error: SESSION_MESSAGES.badCredentials,
    });
    expect((await signIn(other, 'reset@example.com', 'new-harbour-77')).status).toBe(200);
    expect(await other.json('POST', `${ACCOUNT}/password-reset`, { token, password: 'third-harbour-88' })).toEqual({
      status: 400,
      body: { error: ACCOUNT_MESSAGES.linkInvalid },
    });
  });

  it('expires a reset link after an hour', async () => {
    const { base, websiteId } = await storeOnHost('expiry.accounts.test');
    await signUp(base, 'late@example.com');
    const visitor = await new Visitor(base).open('/account');
    await visitor.json('POST', `${ACCOUNT}/password-reset/request`, { email: 'late@example.com' });
    const token = await linkToken(websiteId, 'late@example.com', 'reset');
    await runInDurableObject(users(websiteId), (instance: SiteUsers) => {
      const start = Date.now();
      instance.clock = () => start + LINK_LIFETIME_MS.reset + 1000;
    });
    expect(await visitor.json('POST', `${ACCOUNT}/password-reset`, { token, password: 'late-harbour-11' })).toEqual({
      status: 400,
      body: { error: ACCOUNT_MESSAGES.linkInvalid },
    });
  });

  it('sends at most 3 reset links an hour to one account, answering the fourth the same', async () => {
    const { base, websiteId } = await storeOnHost('flood.accounts.test');
    await signUp(base, 'flood@example.com');
    const visitor = await new Visitor(base).open('/account');
    for (let i = 0; i < 4; i++)
      expect(
        (await visitor.json('POST', `${ACCOUNT}/password-reset/request`, { email: 'flood@example.com' })).status,
      ).toBe(202);
    expect((await mailTo(websiteId, 'flood@example.com')).filter((m) => m.subject.startsWith('Reset')).length).toBe(3);
  });
});

describe('the account rate limit, in production', () => {
  it('refuses the 11th account call a minute from one address with 429', async () => {
    const { websiteId } = await storeOnHost('limit.accounts.test');
    expect(websiteId).toBe('limit-accounts-test');
    // The limiter counts in windows aligned to the clock's minutes: calls that cross one are made again, from a
    // new address (the crossed window has counted some of them).
    const statuses = await inOneRateWindow(async (attempt) => {
      const visitor = new Visitor('http://limit.accounts.test', {
        vars: PRODUCTION_VARS,
        headers: { 'cf-connecting-ip': `198.19.7.${7 + attempt}` },
      });
      await (await visitor.fetch('/api/crumb')).arrayBuffer();
      const seen: number[] = [];
      for (let i = 0; i < 12; i++)
        seen.push(
          (await visitor.json('POST', `${ACCOUNT}/password-reset/request`, { email: `p${i}-${attempt}@example.com` }))
            .status,
        );
      return seen;
    });
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses).toContain(429);
  });
});

describe('order history, addresses and the prefilled checkout', () => {
  it('lists an order placed while signed in with its status and total, and prefills the next checkout', {
    timeout: 120_000,
  }, async () => {
    const { websiteId, visitor, xsrf } = await verifiedShopper('history.accounts.test', 'buyer@example.com');
    await standardRules(websiteId);
    const saved = await accountCall(visitor, xsrf, 'POST', '/addresses', { address: ADDRESS, isDefault: true });
    expect(saved.status).toBe(200);
    expect((await visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    const started = await startCheckout(visitor);
    expect(started.body.checkout).toMatchObject({ email: 'buyer@example.com', shippingAddress: ADDRESS });
    // Placed with another email: linked because the shopper was signed in.
    await fillCheckout(visitor, { email: 'someone-else@example.com' });
    const placed = await placeOrder(visitor, CARD.ok);
    expect(placed.status).toBe(201);
    const history = await accountCall(visitor, xsrf, 'GET', '/orders');
    const { orders } = (await history.json()) as {
      orders: { orderNumber: number; status: string; grandTotalCents: number; currencyCode: string }[];
    };
    expect(orders).toEqual([
      expect.objectContaining({
        orderNumber: placed.body.order.orderNumber,
        status: 'paid',
        grandTotalCents: placed.body.order.grandTotalCents,
        currencyCode: 'USD',
      }),
    ]);
    // Nobody else's session reads it.
    expect((await new Visitor('http://history.accounts.test').json('GET', `${ACCOUNT}/orders`)).status).toBe(401);
  });

  it('does not bring a bought cart back when the shopper signs in again', { timeout: 120_000 }, async () => {
    const { base, websiteId, visitor, xsrf } = await verifiedShopper('bought.accounts.test', 'again@example.com');
    await standardRules(websiteId);
    expect((await visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    const bought = visitor.cookies.get('CART') ?? '';
    expect((await startCheckout(visitor)).status).toBe(200);
    await fillCheckout(visitor);
    expect((await placeOrder(visitor, CARD.ok)).status).toBe(201);
    expect(
      (
        await visitor.fetch(`${SESSION}`, {
          method: 'DELETE',
          headers: { 'x-csrf-token': visitor.crumb, 'x-siteuser-xsrf-token': xsrf },
        })
      ).status,
    ).toBe(200);
    const later = await new Visitor(base).open('/account');
    expect((await signIn(later, 'again@example.com', PASSWORD)).status).toBe(200);
    expect(later.cookies.get('CART') ?? '').not.toBe(bought);
    // A new cart of the signed-in shopper becomes the account's again.
    expect((await later.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);
    const fresh = later.cookies.get('CART') ?? '';
    const elsewhere = await new Visitor(base).open('/account');
    expect((await signIn(elsewhere, 'again@example.com', PASSWORD)).status).toBe(200);
    expect(elsewhere.cookies.get('CART')).toBe(fresh);
  });

  it('adds, edits, deletes and bounds saved addresses, with a default', async () => {
    const { visitor, xsrf } = await verifiedShopper('addresses.accounts.test', 'home@example.com');
    const add = async (city: string, isDefault = false) =>
      accountCall(visitor, xsrf, 'POST', '/addresses', { address: { ...ADDRESS, city }, isDefault });
    const first = (await (await add('Alpha')).json()) as { addresses: { id: string; isDefault: boolean }[] };
    expect(first.addresses).toEqual([expect.objectContaining({ isDefault: true })]);
    const second = (await (await add('Beta', true)).json()) as {
      addresses: { id: string; isDefault: boolean; address: { city: string } }[];
    };
    expect(second.addresses.map((a) => [a.address.city, a.isDefault])).toEqual([
      ['Beta', true],
      ['Alpha', false],
    ]);
    const beta = second.addresses[0]?.id ?? '';
    const edited = await accountCall(visitor, xsrf, 'PUT', `/addresses/${beta}`, {
      address: { ...ADDRESS, city: 'Gamma' },
      isDefault: true,
    });
    expect(((await edited.json()) as { addresses: { address: { city: string } }[] }).addresses[0]?.address.city).toBe(
      'Gamma',
    );
    const removed = (await (await accountCall(visitor, xsrf, 'DELETE', `/addresses/${beta}`)).json()) as {
      addresses: { isDefault: boolean; address: { city: string } }[];
    };
    expect(removed.addresses.map((a) => [a.address.city, a.isDefault])).toEqual([['Alpha', true]]);
    const bad = await accountCall(visitor, xsrf, 'POST', '/addresses', { address: { ...ADDRESS, city: '' } });
    expect(bad.status).toBe(400);
    for (let i = 1; i < MAX_ADDRESSES; i++) expect((await add(`City ${i}`)).status).toBe(200);
    const over = await add('One too many');
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ error: ADDRESSES_FULL });
    // The session's xsrf token is needed.
    expect((await accountCall(visitor, 'wrong', 'POST', '/addresses', { address: ADDRESS })).status).toBe(403);
  });

  it("answers an address change in the ground's result shape (src/result.ts): the addresses, or a code and message", async () => {
    const object = users('result-shape.accounts.test');
    expect(await object.deleteAddress('u-none', 'ad-none')).toEqual({
      ok: false,
      error: 'not-found',
      message: 'That address is no longer saved.',
    });
    const added = await object.saveAddress('u-one', null, ADDRESS, false);
    expect(added).toEqual({ ok: true, value: [expect.objectContaining({ address: ADDRESS, isDefault: true })] });
    expect(await object.saveAddress('u-one', 'ad-none', ADDRESS, false)).toMatchObject({
      ok: false,
      error: 'not-found',
    });
    for (let i = 1; i < MAX_ADDRESSES; i++)
      expect((await object.saveAddress('u-one', null, ADDRESS, false)).ok).toBe(true);
    expect(await object.saveAddress('u-one', null, ADDRESS, false)).toEqual({
      ok: false,
      error: 'full',
      message: `The account has ${MAX_ADDRESSES} addresses saved, the most it may keep.`,
    });
  });
});

describe("another shopper's ids (issue 32, the journeys' attacker's pass)", () => {
  it("refuses a signed-in shopper another account's saved address, cart line and order, which still work for their owner", {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('others.accounts.test');
    await standardRules(websiteId);
    const ann = await verifiedOn(base, websiteId, 'ann@example.com');
    const bob = await verifiedOn(base, websiteId, 'bob@example.com');
    const saved = (await (
      await accountCall(ann.visitor, ann.xsrf, 'POST', '/addresses', { address: ADDRESS, isDefault: true })
    ).json()) as { addresses: { id: string }[] };
    const address = saved.addresses[0]?.id ?? '';
    const added = await ann.visitor.json<{ shoppingCart: ShoppingCart }>('POST', ENTRIES, { ...CANDLE, quantity: 1 });
    const entry = added.body.shoppingCart.entries[0]?.id ?? '';
    // Bob has a cart of his own, so his calls reach a cart, just not Ann's.
    expect((await bob.visitor.json('POST', ENTRIES, { ...CANDLE, quantity: 1 })).status).toBe(200);

    const gone = { error: ACCOUNT_MESSAGES.addressNotFound };
    const moved = { address: { ...ADDRESS, city: 'Elsewhere' }, isDefault: true };
    const bobEdits = await accountCall(bob.visitor, bob.xsrf, 'PUT', `/addresses/${address}`, moved);
    expect([bobEdits.status, await bobEdits.json()]).toEqual([404, gone]);
    const bobDeletes = await accountCall(bob.visitor, bob.xsrf, 'DELETE', `/addresses/${address}`);
    expect([bobDeletes.status, await bobDeletes.json()]).toEqual([404, gone]);
    const lineGone = { error: CART_MESSAGES.entryNotFound };
    expect(await bob.visitor.json('PUT', `${ENTRIES}/${entry}`, { quantity: 5 })).toEqual({
      status: 404,
      body: lineGone,
    });
    expect(await bob.visitor.json('DELETE', `${ENTRIES}/${entry}`)).toEqual({ status: 404, body: lineGone });

    // Ann's address and line are as she left them, and answer her.
    const hers = (await (await accountCall(ann.visitor, ann.xsrf, 'GET', '/addresses')).json()) as {
      addresses: { id: string; address: { city: string } }[];
    };
    expect(hers.addresses.map((a) => [a.id, a.address.city])).toEqual([[address, ADDRESS.city]]);
    expect((await accountCall(ann.visitor, ann.xsrf, 'PUT', `/addresses/${address}`, moved)).status).toBe(200);
    const annsCart = await ann.visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart');
    expect(annsCart.body.entries.map((e) => [e.id, e.quantity])).toEqual([[entry, 1]]);

    // Ann's order: Bob, signed in, reads it neither by its id nor in his history.
    expect((await startCheckout(ann.visitor)).status).toBe(200);
    await fillCheckout(ann.visitor);
    const placed = await placeOrder(ann.visitor, CARD.ok);
    expect(placed.status).toBe(201);
    const order = placed.body.order.id;
    expect((await bob.visitor.json('GET', `/api/commerce/orders/${order}`)).status).toBe(401);
    expect((await bob.visitor.json('GET', `/api/commerce/orders/${order}?token=${'0'.repeat(32)}`)).status).toBe(404);
    const bobsOrders = await accountCall(bob.visitor, bob.xsrf, 'GET', '/orders');
    expect(await bobsOrders.json()).toEqual({ orders: [] });
    const annsOrders = (await (await accountCall(ann.visitor, ann.xsrf, 'GET', '/orders')).json()) as {
      orders: { id: string }[];
    };
    expect(annsOrders.orders.map((o) => o.id)).toEqual([order]);
  });
});

describe('the development mailbox', () => {
  it('lists the store emails newest first and shows a message with its links clickable', async () => {
    const { base, websiteId } = await storeOnHost('mailbox.accounts.test');
    await signUp(base, 'reader@example.com');
    const token = await linkToken(websiteId, 'reader@example.com', 'verify');
    const visitor = new Visitor(base);
    const list = await visitor.fetch('/dev/mailbox?to=reader@example.com');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('Verify your email for Studio Goods');
    const href = /href="(\/dev\/mailbox\/accounts-\d+)"/.exec(html)?.[1] ?? '';
    const message = await (await visitor.fetch(href)).text();
    expect(message).toContain(`<a href="${base}/account?verify=${token}">`);
    expect(message).toMatch(/<html lang="en(-US)?">/);
    expect(message).not.toContain(' lang="en"><');
  });

  it("shows each message in its email's language: the page's lang, the mailbox's own words marked English", async () => {
    const { base, websiteId } = await storeOnHost('french-mailbox.accounts.test');
    const visitor = await new Visitor(base).open('/account');
    const body = { email: 'lea@example.com', password: PASSWORD, locale: 'fr-FR' };
    expect((await visitor.json('POST', `${ACCOUNT}/signup`, body)).status).toBe(202);
    await mailTo(websiteId, 'lea@example.com');
    const list = await (await visitor.fetch('/dev/mailbox?to=lea@example.com')).text();
    expect(list).toContain('<html lang="en">');
    expect(list).toContain(
      '<span class="subject" lang="fr-FR">Confirmez votre adresse e-mail pour Studio Goods</span>',
    );
    const href = /href="(\/dev\/mailbox\/accounts-\d+)"/.exec(list)?.[1] ?? '';
    const message = await (await visitor.fetch(href)).text();
    expect(message).toContain('<html lang="fr-FR">');
    expect(message).toContain('<title>Confirmez votre adresse e-mail pour Studio Goods</title>');
    expect(message).toMatch(/<a class="back" href="\/dev\/mailbox" lang="en">.*All emails<\/a>/);
    expect(message).toContain('<dl lang="en"><dt>To</dt>');
  });

  it('is a 404 in production, list and message alike', async () => {
    await storeOnHost('prod-mailbox.accounts.test');
    const visitor = new Visitor('http://prod-mailbox.accounts.test', {
      vars: PRODUCTION_VARS,
      headers: { 'cf-connecting-ip': '198.19.8.8' },
    });
    expect((await visitor.fetch('/dev/mailbox')).status).toBe(404);
    expect((await visitor.fetch('/dev/mailbox/accounts-1')).status).toBe(404);
  });
});
