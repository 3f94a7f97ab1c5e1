/**
 * One request reads each session at most once (issue 31, point 2): however many helpers ask for the
 * signed-in visitor (the cart's adoption, the checkout's prefill, remembering an order), the website's
 * SiteUsers object is asked once (the request's store, `c.var.store`, keeps it), as the merchant session is; a request
 * with no session cookie asks it nothing.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type AppEnv, storeContext } from '../../src/routes/shared/http';
import { currentSession } from '../../src/routes/shop/site-user-session';

/** A SITE_USERS namespace whose objects count the session look-ups and know no session. */
function countingUsers(): { namespace: unknown; lookups: () => number } {
  let lookups = 0;
  const stub = {
    session: async () => {
      lookups++;
      return null;
    },
  };
  return { namespace: { idFromName: (name: string) => name, get: () => stub }, lookups: () => lookups };
}

async function askedThrice(cookie: string | null): Promise<number> {
  const users = countingUsers();
  const app = new Hono<AppEnv>().use('*', storeContext);
  app.get('/', async (c) => {
    await Promise.all([currentSession(c), currentSession(c)]);
    await currentSession(c);
    return c.body(null, 204);
  });
  const headers: Record<string, string> = cookie === null ? {} : { cookie: `SiteUserSession=${cookie}` };
  const res = await app.request('/', { headers }, { ...env, ENVIRONMENT: 'development', SITE_USERS: users.namespace });
  expect(res.status).toBe(204);
  return users.lookups();
}

describe('the visitor session of a request', () => {
  it('is looked up once however many helpers ask', async () => {
    expect(await askedThrice('a'.repeat(64))).toBe(1);
  });

  it('is not looked up without a well-formed session cookie', async () => {
    expect(await askedThrice(null)).toBe(0);
    expect(await askedThrice('not-a-token')).toBe(0);
  });
});
