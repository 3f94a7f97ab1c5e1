/** The signed-in visitor of a request: the visitor session cookie looked up in the website's SiteUsers object. */
import type { Context } from 'hono';
import type { VisitorSession } from '../durable/site-users';
import { siteUsers as siteUsersOf } from '../durable/stubs';
import type { Site } from '../site/schema';
import { readStoreCookie } from './cookies';
import type { AppEnv } from './http';

export function siteUsers(env: Env, site: Site) {
  return siteUsersOf(env, site.website.id);
}

export async function currentSession(c: Context<AppEnv>, site: Site): Promise<VisitorSession | null> {
  const token = readStoreCookie(c, 'siteUserSession');
  return token === undefined || !/^[0-9a-f]{64}$/.test(token) ? null : siteUsers(c.env, site).session(token);
}
