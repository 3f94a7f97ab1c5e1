/**
 * The merchant sessions kept for the run (merchant-session.ts): a later file on the same store gets the kept session
 * instead of signing in, and a kept session the store no longer holds (a test signed it out) is replaced by a new one.
 */
import { request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORE_COOKIES } from '../../src/cookies';
import { crumbHeader, keptMerchantSession, merchantSession, type StorageState } from './merchant-session';
import { storeUrl } from './store';

const MANAGER = { email: 'store@example.com', password: 'studio-goods-store' };

const tokenOf = (state: StorageState) =>
  state.cookies.find((cookie) => cookie.name === STORE_COOKIES.merchantSession)?.value;

/** Who the store says is signed in with `state`'s cookies (null for no one). */
async function signedInAs(state: StorageState): Promise<string | null> {
  const api = await request.newContext({ storageState: state });
  try {
    const answer = (await (await api.get(`${storeUrl}/api/merchant/session`)).json()) as { email?: string };
    return answer.email ?? null;
  } finally {
    await api.dispose();
  }
}

describe('the merchant sessions kept for the run', () => {
  it('gives a later file the kept session, and a new one once the kept one was signed out', async () => {
    const first = await merchantSession(MANAGER);
    expect(await signedInAs(first)).toBe(MANAGER.email);
    expect(tokenOf(await keptMerchantSession(MANAGER, storeUrl))).toBe(tokenOf(first));

    const api = await request.newContext({ storageState: first });
    try {
      const out = await api.delete(`${storeUrl}/api/merchant/session`, { headers: crumbHeader(first) });
      expect(out.status(), await out.text()).toBe(200);
    } finally {
      await api.dispose();
    }
    expect(await signedInAs(first)).toBeNull();

    const next = await keptMerchantSession(MANAGER, storeUrl);
    expect(tokenOf(next)).not.toBe(tokenOf(first));
    expect(await signedInAs(next)).toBe(MANAGER.email);
  });
});
