/**
 * The merchant side's sign-in (a `MerchantSession` HttpOnly, SameSite=Strict cookie, `__Host-` in
 * production, against the website's MerchantAccounts object) and the permission check in front of
 * every merchant call: 401 without a session, 403 when the account's roles do not allow the call
 * (src/site/roles.ts), and every answer behind it `Cache-Control: no-store`.
 */
import { api } from '../../api';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { merchantSignInSchema } from '../../api/console-bodies';
import { MERCHANT_MESSAGES } from '../../accounts/messages';
import type { MerchantSession } from '../../durable/merchants';
import { hashPassword } from '../../durable/passwords';
import { DEMO_MERCHANTS, DEMO_SITE_ID } from '../../site/seed/demo';
import { allows, permissionsOf, roleName, type Permission } from '../../site/roles';
import { deleteStoreCookie, readStoreCookie, setStoreCookie } from '../shared/cookies';
import { requireCrumb } from '../shared/csrf';
import { apiError, isDevelopment, readJson, type AppEnv, storeOf, withSite } from '../shared/http';
import { rateLimit } from '../shared/rate-limit';
import { signInRefusal, signInWithPassword } from '../shared/sign-in';

function merchants(c: Context<AppEnv>) {
  return storeOf(c).objects.merchants;
}

/**
 * The merchant signed in on this request (after `withSite`), looked up once however many guards and
 * handlers ask.
 */
export function merchantSessionOf(c: Context<AppEnv>): Promise<MerchantSession | null> {
  return storeOf(c).merchantSession();
}

/** The numeric roles (spec §3) of the merchant account signed in on this request; null when none is. */
export async function merchantRolesOf(c: Context<AppEnv>): Promise<readonly number[] | null> {
  return (await merchantSessionOf(c))?.profile.roles ?? null;
}

/**
 * The guard in front of a merchant call: the site, then 401 without a merchant session, 403 when its
 * roles lack `permission`; state changes also need the crumb. Every answer behind it is the
 * merchant's own (personal data, team, settings), so none is kept by a browser or a shared cache.
 */
export function requirePermission(permission: Permission | readonly Permission[]): MiddlewareHandler<AppEnv> {
  const any = typeof permission === 'string' ? [permission] : permission;
  const allowed: MiddlewareHandler<AppEnv> = async (c, next) => {
    const session = await merchantSessionOf(c);
    if (session === null) return apiError(401, MERCHANT_MESSAGES.signIn);
    if (!any.some((one) => allows(session.profile.roles, one))) return apiError(403, MERCHANT_MESSAGES.forbidden);
    return requireCrumb(c, next);
  };
  // Set before as well as after: a refusal is thrown, and the worker's onError writes it with the headers set so far.
  const unstored: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
    c.header('cache-control', 'no-store');
  };
  return every(unstored, withSite, allowed);
}

/** The demo store's team exists in development (README: local use only). */
async function ensureDemoTeam(c: Context<AppEnv>): Promise<void> {
  if (!isDevelopment(c.env) || c.var.site.website.id !== DEMO_SITE_ID) return;
  const team = merchants(c);
  const missing = new Set(await team.accountsMissing(DEMO_MERCHANTS.map((member) => member.email)));
  for (const member of DEMO_MERCHANTS)
    if (missing.has(member.email))
      await team.ensureMember(member.email, await hashPassword(member.password), [...member.roles]);
}

/** Mounted at MERCHANT_SESSION_PATH. */
export const MERCHANT_SESSION_PATH = api.merchantSession.pattern;

export const merchantSession = new Hono<AppEnv>();

merchantSession.post(
  pathIn(MERCHANT_SESSION_PATH, api.merchantSignIn),
  requireCrumb,
  rateLimit((env) => env.SIGNIN_RATE_LIMITER, 'merchant-signin'),
  withSite,
  async (c) => {
    const body = await readJson(c, merchantSignInSchema, 4096);
    await ensureDemoTeam(c);
    const outcome = await signInWithPassword(c, merchants(c), body.email.trim(), body.password, false);
    if (outcome.status !== 'signedIn') return signInRefusal(c, outcome, MERCHANT_MESSAGES.badCredentials);
    const { result } = outcome;
    setStoreCookie(c, 'merchantSession', result.token, {
      httpOnly: true,
      sameSite: 'Strict',
      expires: new Date(result.expiresAt),
    });
    return answer(c, api.merchantSignIn, { email: result.session.email, roles: result.session.profile.roles });
  },
);

merchantSession.get(pathIn(MERCHANT_SESSION_PATH, api.merchantSession), withSite, async (c) => {
  const session = await merchantSessionOf(c);
  c.header('cache-control', 'no-store');
  if (session === null) return answer(c, api.merchantSession, { authenticated: false });
  const { roles } = session.profile;
  return answer(c, api.merchantSession, {
    authenticated: true,
    email: session.email,
    roles,
    roleNames: roles.map(roleName),
    websiteId: c.var.site.website.id,
    can: permissionsOf(roles),
  });
});

merchantSession.delete(pathIn(MERCHANT_SESSION_PATH, api.merchantSignOut), requireCrumb, withSite, async (c) => {
  const token = readStoreCookie(c, 'merchantSession');
  if (token !== undefined) await merchants(c).signOut(token);
  deleteStoreCookie(c, 'merchantSession');
  return answer(c, api.merchantSignOut, { signedOut: true });
});
