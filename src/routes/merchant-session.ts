/**
 * The merchant side's sign-in (a `MerchantSession` HttpOnly, SameSite=Strict cookie, `__Host-` in
 * production, against the website's MerchantAccounts object) and the permission check in front of
 * every merchant call: 401 without a session, 403 when the account's roles do not allow the call
 * (src/site/roles.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { MerchantSession } from '../durable/merchants';
import { hashPassword } from '../durable/passwords';
import { DEMO_MERCHANTS, DEMO_SITE_ID } from '../site/demo';
import { allows, type Permission } from '../site/roles';
import type { Site } from '../site/schema';
import { deleteStoreCookie, readStoreCookie, setStoreCookie } from './cookies';
import { requireCrumb } from './csrf';
import { apiError, isDevelopment, readJson, requireSite, siteFor, type AppEnv } from './http';
import { rateLimit } from './rate-limit';
import { signInRefusal, signInWithPassword } from './sign-in';

export const MERCHANT_MESSAGES = {
  badCredentials: 'Your email or password is incorrect.',
  signIn: 'Please sign in to continue.',
  forbidden: 'Your role does not allow this.',
} as const;

function merchants(env: Env, site: Site) {
  return env.MERCHANTS.get(env.MERCHANTS.idFromName(site.website.id));
}

export async function merchantSessionOf(c: Context<AppEnv>, site: Site): Promise<MerchantSession | null> {
  const token = readStoreCookie(c, 'merchantSession');
  return token === undefined || !/^[0-9a-f]{64}$/.test(token) ? null : merchants(c.env, site).session(token);
}

/** The numeric roles (spec §3) of the merchant account signed in on this request; null when none is. */
export async function merchantRolesOf(c: Context<AppEnv>): Promise<readonly number[] | null> {
  if (readStoreCookie(c, 'merchantSession') === undefined) return null;
  const loaded = await siteFor(c);
  return loaded === null ? null : ((await merchantSessionOf(c, loaded.site))?.profile.roles ?? null);
}

/** 401 without a merchant session, 403 when its roles lack `permission`; state changes also need the crumb. */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const site = await requireSite(c);
    if (site instanceof Response) return site;
    const session = await merchantSessionOf(c, site);
    if (session === null) return apiError(c, 401, MERCHANT_MESSAGES.signIn);
    if (!allows(session.profile.roles, permission)) return apiError(c, 403, MERCHANT_MESSAGES.forbidden);
    return requireCrumb(c, next);
  };
}

/** The demo store's team exists in development (README: local use only). */
async function ensureDemoTeam(c: Context<AppEnv>, site: Site): Promise<void> {
  if (!isDevelopment(c.env) || site.website.id !== DEMO_SITE_ID) return;
  const team = merchants(c.env, site);
  const missing = new Set(await team.accountsMissing(DEMO_MERCHANTS.map((member) => member.email)));
  for (const member of DEMO_MERCHANTS) if (missing.has(member.email)) await team.ensureMember(member.email, await hashPassword(member.password), [...member.roles]);
}

const signInSchema = z.object({ email: z.string().max(256), password: z.string().max(1024) });
const SESSION_PATH = '/api/merchant/session';

export const merchantSession = new Hono<AppEnv>();

merchantSession.post(SESSION_PATH, requireCrumb, rateLimit((env) => env.SIGNIN_RATE_LIMITER, 'merchant-signin'), async (c) => {
  const body = await readJson(c, signInSchema, 4096);
  const site = await requireSite(c);
  if (site instanceof Response) return site;
  await ensureDemoTeam(c, site);
  const outcome = await signInWithPassword(merchants(c.env, site), body.email.trim(), body.password, false);
  if (outcome.status !== 'signedIn') return signInRefusal(c, outcome, MERCHANT_MESSAGES.badCredentials);
  const { result } = outcome;
  setStoreCookie(c, 'merchantSession', result.token, { httpOnly: true, sameSite: 'Strict', expires: new Date(result.expiresAt) });
  return c.json({ email: result.session.email, roles: result.session.profile.roles });
});

merchantSession.get(SESSION_PATH, async (c) => {
  const site = await requireSite(c);
  if (site instanceof Response) return site;
  const session = await merchantSessionOf(c, site);
  c.header('cache-control', 'no-store');
  return c.json(session === null ? { authenticated: false } : { authenticated: true, email: session.email, roles: session.profile.roles });
});

merchantSession.delete(SESSION_PATH, requireCrumb, async (c) => {
  const site = await requireSite(c);
  if (site instanceof Response) return site;
  const token = readStoreCookie(c, 'merchantSession');
  if (token !== undefined) await merchants(c.env, site).signOut(token);
  deleteStoreCookie(c, 'merchantSession');
  return c.json({ signedOut: true });
});
