/**
 * A shopper's own account, beside the sign-in session (routes/shop/session.ts) under the same prefix:
 * sign-up with a verification email, verifying, forgetting and resetting a password through
 * single-use links, the account's order history and its saved addresses. Every state change needs
 * the crumb; the signed-in ones also the session's xsrf token. Link tokens are drawn here and only
 * their SHA-256 is stored (src/durable/site-users.ts). Asking for a reset answers the same whether or
 * not the email has an account.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { api } from '../../api';
import { areas } from '../../api/areas';
import {
  ACCOUNT_BODY_MAX_BYTES,
  linkTokenSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  savedAddressSchema,
  signUpSchema,
} from '../../api/storefront-bodies';
import { accountLink, existingAccountEmail, resetEmail, verificationEmail } from '../../accounts/emails';
import { ACCOUNT_MESSAGES } from '../../accounts/messages';
import { accountOrder } from '../../accounts/order-history';
import { passwordProblem } from '../../accounts/password-rules';
import { addressProblems } from '../../commerce/address';
import { CHECKOUT_MESSAGES } from '../../commerce/checkout-totals';
import { hashPassword, tokenDigest } from '../../durable/passwords';
import { isVerified, MAX_ADDRESSES, type AddressChange, type LinkEmail } from '../../durable/site-users';
import { FORM_MESSAGES, isValidEmail } from '../../forms/validate';
import { randomHex } from '../../ids';
import type { Site } from '../../site/model/schema';
import { answer, pathIn } from '../shared/contract';
import { requireCrumb } from '../shared/csrf';
import { guardedArea } from '../shared/guarded-area';
import { apiError, readJson, type AppEnv, storeOf, withSite } from '../shared/http';
import { rateLimit } from '../shared/rate-limit';
import { accountSession } from './site-user-session';
import { shopperEmailLocale } from './shopper-locale';

export const ADDRESSES_FULL = `You can save up to ${MAX_ADDRESSES} addresses. Delete one to add another.`;

/** Signing up, verifying and resetting a password, at `areas.account`: they send email or try a link, so the crumb and 10 a minute per visitor (ACCOUNT_RATE_LIMITER). */
export const accountLinks = guardedArea(
  requireCrumb,
  rateLimit((env) => env.ACCOUNT_RATE_LIMITER, 'account'),
);

/** A signed-in shopper's orders and addresses, at `areas.account`: the crumb and the usual 120 writes a minute. */
export const account = guardedArea(
  requireCrumb,
  rateLimit((env) => env.CART_RATE_LIMITER, 'account-edit'),
);

function fieldError(field: string, message: string): never {
  return apiError(400, message, { errors: { [field]: message } });
}

/** A new link: its token for the email, its SHA-256 for the store. */
async function newLink(
  c: Context<AppEnv>,
  kind: 'verify' | 'reset',
  write: (link: string) => LinkEmail['message'],
): Promise<LinkEmail> {
  const token = randomHex(32);
  return { tokenHash: await tokenDigest(token), message: write(accountLink(new URL(c.req.url).origin, kind, token)) };
}

const siteTitle = (site: Site) => site.website.siteTitle;

accountLinks.post(pathIn(areas.account, api.signUp), withSite, async (c) => {
  const body = await readJson(c, signUpSchema, ACCOUNT_BODY_MAX_BYTES);
  const site = c.var.site;
  if (!isValidEmail(body.email)) return fieldError('email', FORM_MESSAGES.email);
  const problem = passwordProblem(body.password, body.email);
  if (problem !== null) return fieldError('password', problem);
  const password = await hashPassword(body.password);
  const locale = shopperEmailLocale(site, body.locale);
  const verification = await newLink(c, 'verify', (link) =>
    verificationEmail(body.email, siteTitle(site), link, locale),
  );
  const existing = existingAccountEmail(body.email, siteTitle(site), new URL(c.req.url).origin, locale);
  // The account keeps the language it was made in when it is not the site's own.
  const language = body.locale !== undefined && body.locale !== site.website.language ? body.locale : null;
  const result = await storeOf(c).objects.siteUsers.signUp(body.email, password, verification, existing, language);
  if (result === 'full') return apiError(503, ACCOUNT_MESSAGES.full);
  // The same answer for a new email and one that has an account (that account is told by email instead).
  return answer(c, api.signUp, { sent: true, message: ACCOUNT_MESSAGES.checkEmail }, 202);
});

accountLinks.post(pathIn(areas.account, api.verify), withSite, async (c) => {
  const { token } = await readJson(c, linkTokenSchema, ACCOUNT_BODY_MAX_BYTES);
  const email = await storeOf(c).objects.siteUsers.verifyEmail(await tokenDigest(token));
  if (email === null) return apiError(400, ACCOUNT_MESSAGES.linkInvalid);
  return answer(c, api.verify, { verified: true, email, message: ACCOUNT_MESSAGES.verified });
});

accountLinks.post(pathIn(areas.account, api.verification), withSite, async (c) => {
  const site = c.var.site;
  const session = await accountSession(c);
  if (isVerified(session.profile)) return apiError(409, ACCOUNT_MESSAGES.alreadyVerified);
  const locale = shopperEmailLocale(site, session.profile.language);
  const verification = await newLink(c, 'verify', (link) =>
    verificationEmail(session.email, siteTitle(site), link, locale),
  );
  if (!(await storeOf(c).objects.siteUsers.resendVerification(session.userId, verification)))
    return apiError(429, ACCOUNT_MESSAGES.verificationLimited);
  return answer(c, api.verification, { sent: true, message: ACCOUNT_MESSAGES.verificationSent }, 202);
});

accountLinks.post(pathIn(areas.account, api.passwordResetRequest), withSite, async (c) => {
  const { email, locale } = await readJson(c, passwordResetRequestSchema, ACCOUNT_BODY_MAX_BYTES);
  const site = c.var.site;
  if (!isValidEmail(email)) return fieldError('email', FORM_MESSAGES.email);
  const reset = await newLink(c, 'reset', (link) =>
    resetEmail(email, siteTitle(site), link, shopperEmailLocale(site, locale)),
  );
  await storeOf(c).objects.siteUsers.requestPasswordReset(email, reset);
  return answer(c, api.passwordResetRequest, { sent: true, message: ACCOUNT_MESSAGES.resetSent }, 202);
});

accountLinks.post(pathIn(areas.account, api.passwordReset), withSite, async (c) => {
  const { token, password } = await readJson(c, passwordResetSchema, ACCOUNT_BODY_MAX_BYTES);
  const problem = passwordProblem(password, '');
  if (problem !== null) return fieldError('password', problem);
  const email = await storeOf(c).objects.siteUsers.resetPassword(
    await tokenDigest(token),
    await hashPassword(password),
  );
  if (email === null) return apiError(400, ACCOUNT_MESSAGES.linkInvalid);
  return answer(c, api.passwordReset, { passwordChanged: true, email, message: ACCOUNT_MESSAGES.passwordChanged });
});

/** The orders placed while signed in, and those placed with the account's email once it is verified. */
account.get(pathIn(areas.account, api.accountOrders), withSite, async (c) => {
  const session = await accountSession(c);
  const linked = await storeOf(c).objects.siteUsers.linkedOrders(session.userId);
  const orders = await storeOf(c).objects.orders.customerOrders(
    isVerified(session.profile) ? session.email : null,
    linked,
  );
  c.header('cache-control', 'no-store');
  return answer(c, api.accountOrders, { orders: orders.map(accountOrder) });
});

/** The addresses after a change, or why there was none. */
function addressAnswer(
  c: Context<AppEnv>,
  route: typeof api.addAddress | typeof api.changeAddress | typeof api.removeAddress,
  change: AddressChange,
): Response {
  if (change.ok) return answer(c, route, { addresses: change.value });
  return change.error === 'full' ? apiError(409, ADDRESSES_FULL) : apiError(404, ACCOUNT_MESSAGES.addressNotFound);
}

/** The address body; else throws the 400 naming its fields (the checkout's address rule). */
async function addressBody(c: Context<AppEnv>): Promise<z.infer<typeof savedAddressSchema>> {
  const body = await readJson(c, savedAddressSchema, ACCOUNT_BODY_MAX_BYTES);
  const problems = addressProblems(body.address);
  return Object.keys(problems).length > 0
    ? apiError(400, CHECKOUT_MESSAGES.formIncomplete, { errors: problems })
    : body;
}

account.get(pathIn(areas.account, api.addresses), withSite, async (c) => {
  const session = await accountSession(c);
  c.header('cache-control', 'no-store');
  return answer(c, api.addresses, { addresses: await storeOf(c).objects.siteUsers.addresses(session.userId) });
});

account.post(pathIn(areas.account, api.addAddress), withSite, async (c) => {
  const session = await accountSession(c);
  const body = await addressBody(c);
  return addressAnswer(
    c,
    api.addAddress,
    await storeOf(c).objects.siteUsers.saveAddress(session.userId, null, body.address, body.isDefault),
  );
});

account.put(pathIn(areas.account, api.changeAddress), withSite, async (c) => {
  const session = await accountSession(c);
  const body = await addressBody(c);
  return addressAnswer(
    c,
    api.changeAddress,
    await storeOf(c).objects.siteUsers.saveAddress(session.userId, c.req.param('id'), body.address, body.isDefault),
  );
});

account.delete(pathIn(areas.account, api.removeAddress), withSite, async (c) => {
  const session = await accountSession(c);
  return addressAnswer(
    c,
    api.removeAddress,
    await storeOf(c).objects.siteUsers.deleteAddress(session.userId, c.req.param('id')),
  );
});
