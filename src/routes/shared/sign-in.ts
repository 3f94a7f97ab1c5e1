/**
 * Password sign-in shared by visitors and merchants. The worker does the PBKDF2 work, so sign-ins
 * to one website run side by side instead of queueing in its accounts object, which only admits the
 * attempt (back-off per email and connecting address, src/durable/sign-in-attempts.ts), hands out
 * the stored hash and issues the session. An unknown email costs the same hashing, against a
 * stand-in hash, and gets the same answer as a wrong password.
 */
import type { Context } from 'hono';
import { CART_MESSAGES } from '../../commerce/cart';
import type { SignedIn, SignInCheck, SignInResult } from '../../durable/accounts';
import { PBKDF2_ITERATIONS, verifyPassword, type PasswordHash } from '../../durable/passwords';
import { apiError, type AppEnv } from './http';
import { connectingAddressKey } from './rate-limit';

/** What an accounts object offers for signing in (its stub's view). */
export interface PasswordAccounts<P> {
  beginSignIn(email: string, address: string): Promise<SignInCheck>;
  completeSignIn(
    accountId: string,
    verifiedHash: string,
    rememberMe: boolean,
    address: string,
  ): Promise<SignInResult<P>>;
}

/** No password derives this hash with this salt (a 256-bit preimage), so checking against it always fails. */
const NO_ACCOUNT: PasswordHash = { hash: '0'.repeat(64), salt: '0'.repeat(32), iterations: PBKDF2_ITERATIONS };

export type SignInOutcome<P> =
  | { status: 'signedIn'; result: SignedIn<P> }
  | { status: 'refused' }
  | { status: 'locked'; retryAfterMs: number };

/** Signs in from the request's connecting address (IPv4 whole, IPv6 by its /64), whose own failures alone hold it back. */
export async function signInWithPassword<P>(
  c: Context<AppEnv>,
  accounts: PasswordAccounts<P>,
  email: string,
  password: string,
  rememberMe: boolean,
): Promise<SignInOutcome<P>> {
  const address = connectingAddressKey(c);
  const check = await accounts.beginSignIn(email, address);
  if (!check.admitted) return { status: 'locked', retryAfterMs: check.retryAfterMs };
  const matches = await verifyPassword(password, check.account?.password ?? NO_ACCOUNT);
  if (check.account === null || !matches) return { status: 'refused' };
  const result = await accounts.completeSignIn(check.account.id, check.account.password.hash, rememberMe, address);
  return result.ok ? { status: 'signedIn', result: result.value } : { status: 'refused' };
}

/** The 401 or 429 answer to a sign-in that did not succeed. */
export function signInRefusal(
  c: Context<AppEnv>,
  outcome: Exclude<SignInOutcome<unknown>, { status: 'signedIn' }>,
  badCredentials: string,
): Response {
  if (outcome.status === 'refused') return apiError(401, badCredentials);
  c.header('retry-after', String(Math.ceil(outcome.retryAfterMs / 1000)));
  return apiError(429, CART_MESSAGES.tryAgain);
}
