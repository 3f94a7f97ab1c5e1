/**
 * The visitor sign-in session (storefront spec §3, §7): sign in with email and password, sign out
 * (optionally cloning the account's cart for the signed-out visitor), and the account's language.
 * The session secret is an HttpOnly cookie; `SiteUserInfo` tells the page script only that the
 * visitor is signed in and as whom. Account calls send the session's xsrf token in a header.
 */
import type { Context } from 'hono';
import { api } from '../../api';
import { areas } from '../../api/areas';
import { ACCOUNT_BODY_MAX_BYTES, accountLocaleSchema, signInSchema } from '../../api/storefront-bodies';
import { SESSION_MESSAGES } from '../../accounts/messages';
import { resolveCartLine } from '../../commerce/cart-line';
import { isVerified } from '../../durable/site-users';
import { hashPassword } from '../../durable/passwords';
import { DEMO_SHOPPER, DEMO_SITE_ID } from '../../site/seed/demo';
import { itemsById } from '../../site/published/catalog';
import { availableOf } from '../../storefront/available-stock';
import { edgeStock } from '../shared/edge-stock';
import { deleteStoreCookie, readStoreCookie, setStoreCookie } from '../shared/cookies';
import { answer, pathIn } from '../shared/contract';
import { randomToken, requireCrumb } from '../shared/csrf';
import { guardedArea } from '../shared/guarded-area';
import { isDevelopment, readJson, type AppEnv, storeOf, withSite } from '../shared/http';
import { rateLimit } from '../shared/rate-limit';
import { accountSession, currentSession } from './site-user-session';
import { signInRefusal, signInWithPassword } from '../shared/sign-in';
import { cartHead, cartOnSignIn, deleteCartCookie, setCartCookie } from './visitor-cart';

/** The demo store's visitor account exists in development (README: local use only). */
async function ensureDemoAccounts(c: Context<AppEnv>): Promise<void> {
  if (!isDevelopment(c.env) || c.var.site.website.id !== DEMO_SITE_ID) return;
  const users = storeOf(c).objects.siteUsers;
  if ((await users.accountsMissing([DEMO_SHOPPER.email])).length > 0)
    await users.ensureUser(DEMO_SHOPPER.email, await hashPassword(DEMO_SHOPPER.password));
}

function setSessionCookies(
  c: Context<AppEnv>,
  token: string,
  userId: string,
  expiresAt: number,
  remember: boolean,
): void {
  const common = { sameSite: 'Lax' as const, ...(remember ? { expires: new Date(expiresAt) } : {}) };
  setStoreCookie(c, 'siteUserSession', token, { ...common, httpOnly: true });
  // Hono URL-encodes cookie values: on the wire this is encodeURIComponent(JSON).
  setStoreCookie(c, 'siteUserInfo', JSON.stringify({ authenticated: true, siteUserId: userId }), common);
}

/**
 * A copy of the account's cart as a new anonymous cart, with the entries that can still be had
 * (an entry of more units than are available now is left out); null when no entry could be.
 */
async function cloneCart(
  c: Context<AppEnv>,
  accountCartId: string,
): Promise<{ cartId: string; entriesLeftOut: number } | null> {
  const site = c.var.site;
  const objects = storeOf(c).objects;
  const source = await objects.cart(accountCartId).read();
  if (source === null) return null;
  const cartId = randomToken();
  const target = objects.cart(cartId);
  const readAvailable = edgeStock(c, site.website.id);
  let cloned = 0;
  const items = await itemsById(
    storeOf(c).objects.content,
    source.entries.map((entry) => entry.itemId),
  );
  for (const entry of source.entries) {
    const item = items.get(entry.itemId);
    const line =
      item === undefined ? null : resolveCartLine(item, entry.chosenVariant.sku, source.currencyCode, site.collections);
    if (line === null || 'error' in line) continue;
    const available = await availableOf(readAvailable, item, line.sku);
    if ((await target.add(cartHead(site, cartId), line, entry.quantity, entry.additionalFields, available)).ok)
      cloned++;
  }
  return cloned === 0 ? null : { cartId, entriesLeftOut: source.entries.length - cloned };
}

/** The visitor's session and the account's language, at `areas.account`: behind the crumb (a read passes it). */
export const session = guardedArea(requireCrumb);

session.get(pathIn(areas.account, api.accountSession), withSite, async (c) => {
  const current = await currentSession(c);
  c.header('cache-control', 'no-store');
  if (current === null) return answer(c, api.accountSession, { authenticated: false });
  const { userId: siteUserId, email, xsrfToken, profile } = current;
  return answer(c, api.accountSession, {
    authenticated: true,
    siteUserId,
    email,
    xsrfToken,
    language: profile.language,
    verified: isVerified(profile),
  });
});

session.post(
  pathIn(areas.account, api.signIn),
  rateLimit((env) => env.SIGNIN_RATE_LIMITER, 'signin'),
  withSite,
  async (c) => {
    const body = await readJson(c, signInSchema, ACCOUNT_BODY_MAX_BYTES);
    await ensureDemoAccounts(c);
    const users = storeOf(c).objects.siteUsers;
    const outcome = await signInWithPassword(c, users, body.email.trim(), body.password, body.rememberMe === true);
    if (outcome.status !== 'signedIn') return signInRefusal(c, outcome, SESSION_MESSAGES.badCredentials);
    const { result } = outcome;
    setSessionCookies(c, result.token, result.session.userId, result.expiresAt, body.rememberMe === true);
    await cartOnSignIn(c, result.session);
    const { xsrfToken, userId, profile } = result.session;
    return answer(c, api.signIn, { xsrfToken, siteUserId: userId, language: profile.language });
  },
);

session.delete(pathIn(areas.account, api.signOut), withSite, async (c) => {
  const current = await accountSession(c);
  await storeOf(c).objects.siteUsers.signOut(readStoreCookie(c, 'siteUserSession') ?? '');
  deleteStoreCookie(c, 'siteUserSession');
  deleteStoreCookie(c, 'siteUserInfo');
  const clone =
    c.req.query('cloneCart') === 'true' && current.profile.cartId !== null
      ? await cloneCart(c, current.profile.cartId)
      : null;
  if (clone === null) {
    deleteCartCookie(c);
    return answer(c, api.signOut, { signedOut: true, cartCloned: false });
  }
  setCartCookie(c, clone.cartId);
  return answer(c, api.signOut, {
    signedOut: true,
    cartCloned: true,
    ...(clone.entriesLeftOut > 0 ? { entriesLeftOut: clone.entriesLeftOut } : {}),
  });
});

session.post(pathIn(areas.account, api.accountLocale), withSite, async (c) => {
  const { language } = await readJson(c, accountLocaleSchema, ACCOUNT_BODY_MAX_BYTES);
  const current = await accountSession(c);
  await storeOf(c).objects.siteUsers.setLanguage(current.userId, language);
  return answer(c, api.accountLocale, { language });
});
