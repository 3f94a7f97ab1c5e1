/**
 * Who is signed in to the merchant side, for the rules that depend on it (analytics eligibility,
 * editor calls). Merchant accounts and their sessions arrive with the merchant issue; until then
 * no request carries a merchant session, so every visitor is anonymous here.
 */
import type { Context } from 'hono';
import type { AppEnv } from './http';

/** The numeric roles (spec §3) of the merchant account signed in on this request; null when none is. */
export async function merchantRolesOf(_c: Context<AppEnv>): Promise<readonly number[] | null> {
  return null;
}
