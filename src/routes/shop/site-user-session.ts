/** The signed-in visitor of a request: the visitor session cookie looked up in the website's SiteUsers object. */
import type { Context } from 'hono';
import { SESSION_MESSAGES, XSRF_HEADER } from '../../accounts/messages';
import type { VisitorSession } from '../../durable/site-users';
import { sameToken } from '../../ids';
import { apiError, type AppEnv, storeOf } from '../shared/http';

/**
 * The visitor signed in on this request, looked up once however many helpers ask (as the merchant's is,
 * `merchantSessionOf`): the cookie the request came with names one session for the whole request.
 */
export function currentSession(c: Context<AppEnv>): Promise<VisitorSession | null> {
  return storeOf(c).visitorSession();
}

/** The signed-in session whose xsrf token the request carries; else throws the 401 or 403 to answer. */
export async function accountSession(c: Context<AppEnv>): Promise<VisitorSession> {
  const session = await currentSession(c);
  if (session === null) return apiError(401, SESSION_MESSAGES.signedOut);
  if (!sameToken(c.req.header(XSRF_HEADER) ?? '', session.xsrfToken))
    return apiError(403, SESSION_MESSAGES.xsrf, { crumbFail: true });
  return session;
}
