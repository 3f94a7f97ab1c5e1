/**
 * The merchant team's sessions for the browser tests: each account signed in once per store in a whole run, not once
 * per file or test. The first file that asks signs in (`POST /api/merchant/session`, a request context of its own, no
 * browser page) and keeps the session as Playwright storage state in the run's session folder (global-setup.ts makes
 * it), one file per store URL and account; a later file on the same store reads it and asks the store once whether it
 * still holds (`GET /api/merchant/session`, milliseconds against a sign-in's page load, form and hash), signing in
 * again when not. So a test that signs an account out or a store that has stopped (a port reused by a file's own
 * store) costs the next file one sign-in, not a failure. The store's session lasts 12 hours and is not rotated on use
 * (src/durable/accounts.ts), and the browser test files of a worker run one after another on their worker's store.
 *
 * For a test that does not itself test signing in or out, a role's change, a password or a session's end: those sign
 * in through the form with a session of their own, which nothing else uses (docs/testing.md, "Signing in").
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  request,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { CRUMB_PATH, CSRF_HEADER, STORE_COOKIES } from '../../src/cookies';
import { storeUrl } from './store';

declare module 'vitest' {
  export interface ProvidedContext {
    merchantSessionFolder: string;
  }
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
export type MerchantAccount = { email: string; password: string };

/** This file's sessions, each checked (or made) once for the file. */
const sessions = new Map<string, Promise<StorageState>>();

function keptAt(account: MerchantAccount, url: string): string {
  return join(inject('merchantSessionFolder'), `${encodeURIComponent(url)}-${encodeURIComponent(account.email)}.json`);
}

function kept(path: string): StorageState | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as StorageState;
  } catch {
    return null;
  }
}

async function stillSignedIn(state: StorageState, account: MerchantAccount, url: string): Promise<boolean> {
  const api = await request.newContext({ storageState: state });
  try {
    const res = await api.get(`${url}/api/merchant/session`);
    if (!res.ok()) return false;
    const answer = (await res.json()) as { authenticated: boolean; email?: string };
    return answer.authenticated && answer.email === account.email;
  } finally {
    await api.dispose();
  }
}

async function signIn(account: MerchantAccount, url: string): Promise<StorageState> {
  const api = await request.newContext();
  try {
    expect((await api.get(`${url}${CRUMB_PATH}`)).status()).toBe(204);
    const res = await api.post(`${url}/api/merchant/session`, {
      data: account,
      headers: crumbHeader(await api.storageState()),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/** The session kept for the run if the store still holds it, else a new one, kept for the files after. */
export async function keptMerchantSession(account: MerchantAccount, url: string): Promise<StorageState> {
  const path = keptAt(account, url);
  const state = kept(path);
  if (state !== null && (await stillSignedIn(state, account, url))) return state;
  const fresh = await signIn(account, url);
  mkdirSync(inject('merchantSessionFolder'), { recursive: true });
  writeFileSync(`${path}.new`, JSON.stringify(fresh));
  renameSync(`${path}.new`, path);
  return fresh;
}

/** `account`'s session on the store at `url` (this worker's store unless given), shared by every file of the run. */
export function merchantSession(account: MerchantAccount, url = storeUrl): Promise<StorageState> {
  const key = `${url} ${account.email}`;
  let session = sessions.get(key);
  if (session === undefined) {
    session = keptMerchantSession(account, url);
    sessions.set(key, session);
    session.catch(() => sessions.delete(key));
  }
  return session;
}

/** The header a state-changing call sends: the crumb the session's state holds. */
export function crumbHeader(state: StorageState): Record<string, string> {
  return { [CSRF_HEADER]: state.cookies.find((cookie) => cookie.name === STORE_COOKIES.crumb)?.value ?? '' };
}

/** A merchant's calls without a browser (a request context holding `account`'s session); dispose it after use. */
export async function merchantRequests(
  account: MerchantAccount,
  url = storeUrl,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const state = await merchantSession(account, url);
  return { api: await request.newContext({ storageState: state }), headers: crumbHeader(state) };
}

/** `signedInContext(account, options)`: a new context already holding `account`'s session. */
export function merchantSessions(
  browser: () => Browser,
): (account: MerchantAccount, options?: BrowserContextOptions) => Promise<BrowserContext> {
  return async (account, options = {}) =>
    browser().newContext({ ...options, storageState: await merchantSession(account) });
}
