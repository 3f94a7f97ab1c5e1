/**
 * Sign-in abuse in production mode (as deployed): the per-IP limit whatever crumb an attempt
 * carries, the back-off per (account, connecting address) that never keeps the owner out from
 * another address, the bound across addresses (on a clock the test moves), the same answer and the
 * same PBKDF2 work for unknown emails, and no hashing in the accounts object.
 */
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { CART_MESSAGES } from '../../src/commerce/cart';
import type { MerchantAccounts } from '../../src/durable/merchants';
import { hashPassword, PBKDF2_ITERATIONS } from '../../src/durable/passwords';
import { lockDelay, SIGN_IN_BACKOFF } from '../../src/durable/sign-in-attempts';
import type { SiteUsers } from '../../src/durable/site-users';
import { cookieName } from '../../src/cookies';
import { CSRF_HEADER } from '../../src/routes/shared/csrf';
import { MERCHANT_MESSAGES, SESSION_MESSAGES } from '../../src/accounts/messages';
import { contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { randomHex } from '../../src/ids';
import { mapHost, publishSite } from '../../src/site/published/store';
import app from '../../src/worker';

const VISITOR_SESSION = '/api/site-users/account/session';
const MERCHANT_SESSION = '/api/merchant/session';
const SHOPPER = { email: 'shopper@signin.test', password: 'correct horse battery staple' };
const OWNER = { email: 'owner@signin.test', password: 'owner battery staple horse' };
const PRODUCTION = { ...env, ENVIRONMENT: 'production' };
/**
 * The test pool's development bindings, where the per-IP limit (10 a minute, real time) counts
 * crumbs: for the back-off tests, which send more than that from one address on a moved clock.
 */
const DEVELOPMENT = env;
/** Bogus sign-ins at once in the load test: each is a real 100,000-iteration PBKDF2. */
const BOGUS = 100;

let addresses = 0;
/** Each call comes from a new address unless one is given, so the per-IP limit stays out of the way. */
const newIp = () => `198.51.${(addresses >> 8) & 255}.${addresses++ & 255}`;

interface Store {
  origin: string;
  users: DurableObjectStub<SiteUsers>;
  team: DurableObjectStub<MerchantAccounts>;
}

/** A store on its own host with one visitor account and one owner, each test its own website. */
async function storeWithAccounts(name: string): Promise<Store> {
  const site = demoSite();
  site.website.id = `signin-${name}`;
  expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, `${name}.signin.test`, site.website.id);
  const users = env.SITE_USERS.get(env.SITE_USERS.idFromName(site.website.id));
  const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(site.website.id));
  await users.ensureUser(SHOPPER.email, await hashPassword(SHOPPER.password));
  await team.ensureMember(OWNER.email, await hashPassword(OWNER.password), [1]);
  return { origin: `https://${name}.signin.test`, users, team };
}

/** A sign-in as a script would send it: a made-up crumb each time (the double-submit check only needs cookie and header to match). */
async function signIn(
  origin: string,
  path: string,
  body: { email: string; password: string },
  ip = newIp(),
  bindings: Env = PRODUCTION,
) {
  const crumb = randomHex(16);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${cookieName('crumb', bindings.ENVIRONMENT === 'production')}=${crumb}`,
        [CSRF_HEADER]: crumb,
        'cf-connecting-ip': ip,
      },
      body: JSON.stringify(body),
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    retryAfter: res.headers.get('retry-after'),
  };
}

/** Moves the accounts object's clock on by `ms` from now on. */
async function advance(
  stub: DurableObjectStub<SiteUsers> | DurableObjectStub<MerchantAccounts>,
  ms: number,
): Promise<void> {
  await runInDurableObject(stub, (store: SiteUsers | MerchantAccounts) => {
    const before = store.clock;
    store.clock = () => before() + ms;
  });
}

/** Counts PBKDF2 derivations at the store's iteration count, wherever in this isolate they run. */
function countPbkdf2(): () => number {
  const derive = vi.spyOn(crypto.subtle, 'deriveBits');
  return () =>
    derive.mock.calls.filter(
      ([algorithm]) =>
        typeof algorithm === 'object' && algorithm.name === 'PBKDF2' && algorithm.iterations === PBKDF2_ITERATIONS,
    ).length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-in limits', () => {
  it('locks for 30 s after 5 attempts, then doubles per attempt up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 40].map((n) => lockDelay(n, SIGN_IN_BACKOFF) / 1000)).toEqual([
      0, 0, 30, 60, 120, 480, 900, 900,
    ]);
    // With one free attempt (an account past its failures across addresses).
    expect([1, 2, 3].map((n) => lockDelay(n, SIGN_IN_BACKOFF, 1) / 1000)).toEqual([30, 60, 120]);
  });

  it('limits attempts per connecting IP, whatever crumb each one carries', { timeout: 120_000 }, async () => {
    const { origin } = await storeWithAccounts('per-ip');
    const ip = newIp();
    const answers = [];
    // A different email each time, so only the per-IP limit can refuse.
    for (let i = 0; i < 30; i++)
      answers.push(await signIn(origin, VISITOR_SESSION, { email: `guess-${i}@signin.test`, password: 'wrong' }, ip));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]?.body).toEqual({ error: CART_MESSAGES.tryAgain });
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 401)).toBe(true);
    // Merchant sign-in counts separately but the same way; another address is not held back.
    expect((await signIn(origin, MERCHANT_SESSION, OWNER, ip)).status).toBe(200);
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER)).status).toBe(200);
  });

  it('backs off an email from the address that guesses, never the owner at another address', {
    timeout: 120_000,
  }, async () => {
    const { origin, users } = await storeWithAccounts('backoff');
    const attacker = newIp();
    const wrong = { email: SHOPPER.email, password: 'wrong' };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await signIn(origin, VISITOR_SESSION, wrong, attacker, DEVELOPMENT));
    expect(answers.slice(0, 5).map((a) => a.body)).toEqual(Array(5).fill({ error: SESSION_MESSAGES.badCredentials }));
    expect(answers.slice(5).every((a) => a.status === 429 && a.body.error === CART_MESSAGES.tryAgain)).toBe(true);
    // The attacker's address is refused even the right password, whatever the email's case.
    expect(await signIn(origin, VISITOR_SESSION, SHOPPER, attacker, DEVELOPMENT)).toEqual({
      status: 429,
      body: { error: CART_MESSAGES.tryAgain },
      retryAfter: '30',
    });
    expect(
      (await signIn(origin, VISITOR_SESSION, { ...SHOPPER, email: SHOPPER.email.toUpperCase() }, attacker, DEVELOPMENT))
        .status,
    ).toBe(429);
    // The owner, from an address with no failures, signs in at once.
    const owner = newIp();
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER, owner, DEVELOPMENT)).status).toBe(200);

    await advance(users, 31_000);
    expect((await signIn(origin, VISITOR_SESSION, wrong, attacker, DEVELOPMENT)).status).toBe(401);
    expect(await signIn(origin, VISITOR_SESSION, SHOPPER, attacker, DEVELOPMENT)).toMatchObject({
      status: 429,
      retryAfter: '60',
    });
    await advance(users, 61_000);
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER, attacker, DEVELOPMENT)).status).toBe(200);
    // A success starts that address's count afresh.
    expect((await signIn(origin, VISITOR_SESSION, wrong, attacker, DEVELOPMENT)).status).toBe(401);
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER, attacker, DEVELOPMENT)).status).toBe(200);
  });

  it('bounds guesses across addresses: past 20 failures each new address gets one try, a clean address’s right password still signs in, a trusted one keeps its 5', {
    timeout: 120_000,
  }, async () => {
    const { origin } = await storeWithAccounts('spread');
    const wrong = { email: SHOPPER.email, password: 'wrong' };
    expect(SIGN_IN_BACKOFF.accountFailures).toBe(20);
    // The shopper's usual address, where they signed in before the attack.
    const usual = newIp();
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER, usual)).status).toBe(200);
    for (let address = 0; address < 4; address++) {
      const ip = newIp();
      for (let i = 0; i < 5; i++) expect((await signIn(origin, VISITOR_SESSION, wrong, ip)).status).toBe(401);
    }
    const next = newIp();
    expect((await signIn(origin, VISITOR_SESSION, wrong, next)).status).toBe(401);
    expect(await signIn(origin, VISITOR_SESSION, wrong, next)).toMatchObject({ status: 429, retryAfter: '30' });
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER)).status).toBe(200);
    // An address the account signed in from keeps its 5 attempts: a typo there is not a lock.
    for (let i = 0; i < 2; i++) expect((await signIn(origin, VISITOR_SESSION, wrong, usual)).status).toBe(401);
    expect((await signIn(origin, VISITOR_SESSION, SHOPPER, usual)).status).toBe(200);
  });

  it('lets at most 5 of 20 simultaneous guesses from one address be checked', { timeout: 120_000 }, async () => {
    const { origin } = await storeWithAccounts('simultaneous');
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        signIn(origin, VISITOR_SESSION, { email: SHOPPER.email, password: 'guess' }, ip),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it('backs merchant accounts off the same way: the attacker’s address, not the owner', {
    timeout: 120_000,
  }, async () => {
    const { origin, team } = await storeWithAccounts('merchant-backoff');
    const attacker = newIp();
    for (let i = 0; i < 5; i++)
      expect(
        await signIn(origin, MERCHANT_SESSION, { ...OWNER, password: 'wrong' }, attacker, DEVELOPMENT),
      ).toMatchObject({ status: 401, body: { error: MERCHANT_MESSAGES.badCredentials } });
    for (let i = 0; i < 5; i++)
      expect(
        (await signIn(origin, MERCHANT_SESSION, { ...OWNER, password: 'wrong' }, attacker, DEVELOPMENT)).status,
      ).toBe(429);
    expect(await signIn(origin, MERCHANT_SESSION, OWNER, attacker, DEVELOPMENT)).toMatchObject({
      status: 429,
      body: { error: CART_MESSAGES.tryAgain },
      retryAfter: '30',
    });
    expect(await signIn(origin, MERCHANT_SESSION, OWNER)).toMatchObject({
      status: 200,
      body: { email: OWNER.email, roles: [1] },
    });
    await advance(team, 31_000);
    expect(await signIn(origin, MERCHANT_SESSION, OWNER, attacker, DEVELOPMENT)).toMatchObject({
      status: 200,
      body: { email: OWNER.email, roles: [1] },
    });
  });

  it('answers an unknown email exactly like a wrong password, after the same PBKDF2 work, and backs it off the same way', {
    timeout: 120_000,
  }, async () => {
    const { origin } = await storeWithAccounts('unknown');
    const pbkdf2 = countPbkdf2();
    const wrongPassword = await signIn(origin, VISITOR_SESSION, { email: SHOPPER.email, password: 'wrong' });
    expect(pbkdf2()).toBe(1);
    const unknownEmail = await signIn(origin, VISITOR_SESSION, { email: 'nobody@signin.test', password: 'wrong' });
    expect(pbkdf2()).toBe(2);
    expect(unknownEmail).toEqual(wrongPassword);
    expect(unknownEmail).toEqual({ status: 401, body: { error: SESSION_MESSAGES.badCredentials }, retryAfter: null });

    const ip = newIp();
    for (let i = 0; i < 5; i++)
      await signIn(origin, VISITOR_SESSION, { email: 'nobody@signin.test', password: 'wrong' }, ip);
    expect(await signIn(origin, VISITOR_SESSION, { email: 'nobody@signin.test', password: 'wrong' }, ip)).toEqual({
      status: 429,
      body: { error: CART_MESSAGES.tryAgain },
      retryAfter: '30',
    });
  });
});

describe('sign-in load', () => {
  it('takes no password into the accounts object: it hands out the stored hash and does no PBKDF2', {
    timeout: 120_000,
  }, async () => {
    expectTypeOf<SiteUsers['beginSignIn']>().parameters.toEqualTypeOf<[email: string, address: string]>();
    expectTypeOf<SiteUsers['completeSignIn']>().parameters.toEqualTypeOf<
      [accountId: string, verifiedHash: string, rememberMe: boolean, address: string]
    >();
    expectTypeOf<MerchantAccounts['beginSignIn']>().parameters.toEqualTypeOf<[email: string, address: string]>();
    const { users } = await storeWithAccounts('no-hashing');
    const pbkdf2 = countPbkdf2();
    const check = await users.beginSignIn(SHOPPER.email, '192.0.2.1');
    if (!check.admitted || check.account === null) throw new Error('the account should be admitted');
    expect(check.account.password.iterations).toBe(PBKDF2_ITERATIONS);
    // The ground's result shape (src/result.ts): a refusal's code and message, the session as the value.
    expect(await users.completeSignIn(check.account.id, 'not the stored hash', false, '192.0.2.1')).toEqual({
      ok: false,
      error: 'password-changed',
      message: 'The password changed while it was being checked.',
    });
    expect(await users.completeSignIn(check.account.id, check.account.password.hash, false, '192.0.2.1')).toEqual({
      ok: true,
      value: {
        token: expect.any(String),
        expiresAt: expect.any(Number),
        session: expect.objectContaining({ email: SHOPPER.email }),
      },
    });
    expect(await users.beginSignIn('nobody@signin.test', '192.0.2.1')).toEqual({ admitted: true, account: null });
    expect(pbkdf2()).toBe(0);
  });

  it('signs a real visitor in while bogus sign-ins from many addresses run at once', { timeout: 180_000 }, async () => {
    const { origin } = await storeWithAccounts('load');
    const bogus = Array.from({ length: BOGUS }, (_, i) =>
      signIn(origin, VISITOR_SESSION, { email: `bot-${i}@signin.test`, password: 'guess' }),
    );
    const real = signIn(origin, VISITOR_SESSION, SHOPPER);
    expect((await real).status).toBe(200);
    expect((await Promise.all(bogus)).map((a) => a.status)).toEqual(Array(BOGUS).fill(401));
  });
});
