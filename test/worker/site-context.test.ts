/**
 * The site on the request context (issue 15): one request reads its site once, however many
 * guards and handlers need it. Counted as reads of the site's version key in KV, through a
 * merchant's browser on a store of its own.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/durable/passwords';
import { demoSite } from '../../src/site/demo';
import { ROLES } from '../../src/site/roles';
import { mapHost, publishSite } from '../../src/site/store';
import { Visitor } from './visitor';

const SITE_ID = 'site-context';
const ORIGIN = 'http://site-context.test';
const MERCHANT = { email: 'owner@site-context.test', password: 'site-context-password' };

/** The site content namespace, counting reads of any site's version key. */
function countingContent() {
  let reads = 0;
  const kv = new Proxy(env.SITE_CONTENT, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property !== 'get' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(target) : value;
      return (key: string, ...rest: unknown[]) => {
        if (key.endsWith(':version')) reads++;
        return (value as (...args: unknown[]) => unknown).call(target, key, ...rest);
      };
    },
  });
  return { kv, reads: () => reads, reset: () => (reads = 0) };
}

beforeAll(async () => {
  const site = demoSite();
  site.website = { ...site.website, id: SITE_ID, siteTitle: 'Context Shop', baseUrl: ORIGIN };
  expect(await publishSite(env, site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, 'site-context.test', SITE_ID);
  const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(SITE_ID));
  await team.ensureMember(MERCHANT.email, await hashPassword(MERCHANT.password), [ROLES.admin]);
}, 60_000);

describe('the site on the request context', () => {
  it('reads the site once for a merchant call, though its permission guard and its handler both use it', async () => {
    const content = countingContent();
    const merchant = new Visitor(ORIGIN, { vars: { SITE_CONTENT: content.kv } });
    await merchant.open('/contact');
    expect((await merchant.json('POST', '/api/merchant/session', MERCHANT)).status).toBe(200);

    const calls: [string, string, unknown?][] = [
      ['GET', '/api/commondata/GetSiteLayout'],
      ['GET', '/api/site-header-footer'],
      ['PUT', '/api/site-header-footer', { header: '<p>Hello</p>', footer: '' }],
      ['GET', '/api/merchant/session'],
      ['GET', '/api/census/summary?days=1'],
    ];
    for (const [method, path, body] of calls) {
      content.reset();
      expect((await merchant.json(method, path, body)).status, path).toBe(200);
      // At most once: the isolate trusts a version it read for a moment (SITE_VERSION_TTL_MS), so often not at all.
      expect(content.reads(), `${method} ${path}`).toBeLessThanOrEqual(1);
    }
  });
});
