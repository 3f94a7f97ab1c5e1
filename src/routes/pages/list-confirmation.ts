/**
 * Double opt-in for the store's mailing list (docs/merchant.md, "Members"): a newsletter sign-up
 * made while the connection asks for double opt-in gets a confirmation email whose link carries a
 * single-use token (the form's object keeps only its SHA-256); following the link confirms the
 * member and answers a short store page in the theme's shell.
 */
import { Hono, type Context } from 'hono';
import type { ConfirmationRequest, ConfirmationResult } from '../../durable/forms';
import { tokenDigest } from '../../durable/passwords';
import { randomHex } from '../../ids';
import { noticePage } from '../../storefront/page-context';
import { buildPage, clientEntry } from '../../storefront/render';
import { isDevelopment, type AppEnv, withSite, storeOf } from '../shared/http';

export const CONFIRM_SUBSCRIPTION_PATH = '/confirm-subscription';

export const LIST_CONFIRMATION_MESSAGES = {
  confirmedTitle: "You're subscribed",
  confirmed: 'Thank you for confirming your email address. You will now receive our newsletter.',
  invalidTitle: 'Link not valid',
  invalid: 'This confirmation link is not valid. Please sign up again to get a new one.',
  expiredTitle: 'Link expired',
  expired: 'This confirmation link has expired. Please sign up again to get a new one.',
} as const;

/** The link's token: 32 random bytes as hex. */
const TOKEN = /^[0-9a-f]{64}$/;

/** A new confirmation link for `email` (the token is only in the message) and the request for the form's object. */
export async function confirmationRequest(
  c: Context<AppEnv>,
  siteTitle: string,
  email: string,
): Promise<ConfirmationRequest> {
  const token = randomHex(32);
  const link = new URL(`${CONFIRM_SUBSCRIPTION_PATH}?token=${token}`, c.req.url).toString();
  return {
    tokenHash: await tokenDigest(token),
    message: {
      to: email,
      subject: `Confirm your subscription to ${siteTitle}`,
      text: `Please confirm that you want to receive the ${siteTitle} newsletter at ${email}:\n\n${link}\n\nThe link works for 7 days. If you did not sign up, ignore this email and you will not be subscribed.\n`,
    },
  };
}

const ANSWERS: Record<ConfirmationResult, { status: 200 | 404 | 410; title: string; text: string }> = {
  confirmed: {
    status: 200,
    title: LIST_CONFIRMATION_MESSAGES.confirmedTitle,
    text: LIST_CONFIRMATION_MESSAGES.confirmed,
  },
  unknown: { status: 404, title: LIST_CONFIRMATION_MESSAGES.invalidTitle, text: LIST_CONFIRMATION_MESSAGES.invalid },
  expired: { status: 410, title: LIST_CONFIRMATION_MESSAGES.expiredTitle, text: LIST_CONFIRMATION_MESSAGES.expired },
};

export const listConfirmation = new Hono<AppEnv>();

listConfirmation.get(CONFIRM_SUBSCRIPTION_PATH, withSite, async (c) => {
  const site = c.var.site;
  const token = c.req.query('token') ?? '';
  const result: ConfirmationResult = TOKEN.test(token)
    ? await storeOf(c).objects.forms.confirmMember(await tokenDigest(token))
    : 'unknown';
  const answer = ANSWERS[result];
  const development = isDevelopment(c.env);
  // The token is in this page's address: never cached or indexed (the common referrer policy keeps it to this origin).
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  });
  const page = noticePage(site, CONFIRM_SUBSCRIPTION_PATH, answer.status, answer.title, answer.text);
  const built = await buildPage(
    site,
    page,
    development,
    await clientEntry(c.env.ASSETS, development),
    headers,
    c.env.CAPTCHA_PROVIDER,
  );
  return built.response;
});
