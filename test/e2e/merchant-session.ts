/**
 * A merchant signed in once per test file, the session handed to each test's own context as its
 * cookies (Playwright's storageState). A sign-in is a PBKDF2 hash on the store plus a page load and a
 * form fill; a test that does not itself test signing in or out, a role or a password gets the cookie
 * instead. Each test still opens a fresh context: only the session (and its crumb) is shared. The
 * store's session lasts 12 hours and is not rotated on use (src/durable/accounts.ts), and each test
 * worker has a store of its own, so no other file can end it.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { CRUMB_PATH, CSRF_HEADER, STORE_COOKIES } from '../../src/cookies';
import { storeUrl } from './store';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
export type MerchantAccount = { email: string; password: string };

/** `signedInContext(account, options)`: a new context already holding `account`'s session, signed in on first use. */
export function merchantSessions(
  browser: () => Browser,
): (account: MerchantAccount, options?: BrowserContextOptions) => Promise<BrowserContext> {
  const states = new Map<string, StorageState>();

  async function signIn(account: MerchantAccount): Promise<StorageState> {
    const context = await browser().newContext();
    try {
      expect((await context.request.get(`${storeUrl}${CRUMB_PATH}`)).status()).toBe(204);
      const crumb = (await context.cookies()).find((cookie) => cookie.name === STORE_COOKIES.crumb)?.value ?? '';
      const res = await context.request.post(`${storeUrl}/api/merchant/session`, {
        data: account,
        headers: { [CSRF_HEADER]: crumb },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return await context.storageState();
    } finally {
      await context.close();
    }
  }

  return async (account, options = {}) => {
    let state = states.get(account.email);
    if (state === undefined) {
      state = await signIn(account);
      states.set(account.email, state);
    }
    return browser().newContext({ ...options, storageState: state });
  };
}
