/** The signed-in visitor of a request: the `SiteUserSession` cookie looked up in the website's SiteUsers object. */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { VisitorSession } from '../durable/site-users';
import type { Site } from '../site/schema';
import type { AppEnv } from './http';

export const SESSION_COOKIE = 'SiteUserSession';

export function siteUsers(env: Env, site: Site) {
  return env.SITE_USERS.get(env.SITE_USERS.idFromName(site.website.id));
}

export async function currentSession(c: Context<AppEnv>, site: Site): Promise<VisitorSession | null> {
  const token = getCookie(c, SESSION_COOKIE);
  return token === undefined || !/^[0-9a-f]{64}$/.test(token) ? null : siteUsers(c.env, site).session(token);
}
