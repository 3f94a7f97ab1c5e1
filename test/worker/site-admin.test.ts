/**
 * Moving whole stores through the site admin calls (src/routes/integrations/site-admin.ts) with the CLI's own
 * client (scripts/site/admin-client.ts): export → import round trips equal, items sent in parts,
 * all-or-nothing commits, import versus publish, and who may call (loopback in development, the
 * admin token in production). New stores through the same calls too (what was new-store.test.ts; one file, one
 * workerd, issue 30).
 */
import { createExecutionContext, waitOnExecutionContext, runDurableObjectAlarm } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  AdminCallError,
  ItemRefused,
  receiveSite,
  sendSite,
  type AdminTarget,
  createStore,
  inviteOwner,
} from '../../scripts/site/admin-client';
import type { SiteJson } from '../../scripts/site/site-json';
import app from '../../src/worker';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { PRODUCTION_VARS, Visitor } from './visitor';
import { TEAM_MESSAGES } from '../../src/durable/merchants';
import { merchantAccounts } from '../../src/durable/stubs';
import { NEW_STORE_MESSAGES } from '../../src/site/seed/new-store';

const TOKEN = 'a'.repeat(40);

/** The worker in development (the pool's variables), as the CLI reaches the local store. */
const local: AdminTarget = { url: 'http://localhost', fetch: (url, init) => exports.default.fetch(url, init) };

/** The worker with other variables (production), its body read whole. */
function withVars(vars: Partial<Env> & { SITE_ADMIN_TOKEN?: string }) {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(url, init), { ...env, ...vars }, ctx);
    const body = await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return new Response(body, res);
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; error: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdminCallError);
  return { status: (error as AdminCallError).status, message: (error as AdminCallError).message, error };
}

/** The demo store as exported, under another website id. */
async function demoAs(websiteId: string): Promise<SiteJson> {
  const { site } = await receiveSite(local);
  const copy = structuredClone(site);
  (copy.website as { id: string }).id = websiteId;
  return copy;
}

/** A store of `count` products (copies of the demo's first), `perCollection` to a product collection. */
async function bigStore(websiteId: string, count: number, perCollection: number): Promise<SiteJson> {
  const site = await demoAs(websiteId);
  const [model] = site.items as { structuredContent?: unknown }[];
  const collections = Math.ceil(count / perCollection);
  site.collections = [
    ...site.collections,
    ...Array.from({ length: collections }, (_, i) => ({
      id: `c-bulk-${i}`,
      type: 13,
      typeName: 'products',
      title: `Bulk ${i}`,
      urlId: `bulk-${i}`,
      fullUrl: `/bulk-${i}`,
    })),
  ];
  site.items = Array.from({ length: count }, (_, n) => ({
    ...model,
    id: `p-bulk-${n}`,
    collectionId: `c-bulk-${Math.floor(n / perCollection)}`,
    title: n === 7 ? 'Ølbrikke Café Mug' : `Bulk product ${n}`,
    urlId: `bulk-product-${n}`,
    fullUrl: `/bulk-${Math.floor(n / perCollection)}/p/bulk-product-${n}`,
  }));
  return site;
}

/**
 * New stores through the site admin calls (one file, one workerd, for what used to be two files; issue 30). A new,
 * empty store through the site admin call `npm run site -- new` makes (issue 33, journey 1): its host serves it with no
 * products, pages or orders, the owner is invited by email and signs in after choosing a password, and the Home
 * checklist starts with nothing done. A taken host and a bad body are refused whole; production without the admin
 * token has no such call. Then an imported store's owner. These come first: the store's own round trips below import the
 * demo store under another title, and an imported store's owner is a copy of the demo store as it was seeded.
 */
describe('new-store', () => {
  async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AdminCallError);
    return { status: (error as AdminCallError).status, message: (error as AdminCallError).message };
  }

  describe('a new store', () => {
    it('is empty at its host, invites its owner, who signs in to a checklist with nothing done', async () => {
      const created = await createStore(local, 'fern.new-store.test', 'Fern & Field', 'Owner@Fern.example');
      expect(created).toMatchObject({ host: 'fern.new-store.test', url: 'http://fern.new-store.test' });

      const shopper = new Visitor('http://fern.new-store.test');
      const home = await shopper.fetch('/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Fern &amp; Field');
      const shop = await shopper.fetch('/shop?format=json');
      expect(shop.status).toBe(200);
      expect((await shop.json<{ items?: unknown[] }>()).items ?? []).toEqual([]);
      // Nothing to filter or sort yet: the Shop says so without the filter bar.
      const shopPage = await (await shopper.fetch('/shop')).text();
      expect(shopPage).toContain('No products yet');
      expect(shopPage).not.toContain('class="ListingControls"');
      expect((await shopper.fetch('/contact')).status).toBe(404);
      expect((await shopper.fetch('/blog')).status).toBe(404);

      const accounts = merchantAccounts(env, created.websiteId);
      await runDurableObjectAlarm(accounts);
      const mail = (await accounts.mailbox()).find((m) => m.to.toLowerCase() === 'owner@fern.example');
      expect(mail?.subject).toBe('You are invited to manage Fern & Field');
      const token = /http:\/\/fern\.new-store\.test\/config\/invitation\/([0-9a-f]{64})/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();

      const owner = await new Visitor('http://fern.new-store.test').open('/config');
      const password = 'a long owner password';
      expect((await owner.json('POST', '/api/console/team/invitations/accept', { token, password })).status).toBe(200);
      expect(
        (await owner.json('POST', '/api/merchant/session', { email: 'owner@fern.example', password })).body,
      ).toMatchObject({ roles: [1] });
      expect((await owner.json('GET', '/api/console/checklist')).body).toEqual({
        product: false,
        shipping: false,
        payments: false,
        details: false,
        policies: false,
        publish: false,
      });
      expect((await owner.json<{ total: number }>('GET', '/api/console/orders')).body).toMatchObject({ orders: [] });
    });

    it('refuses a taken host and a bad body, and writes nothing', async () => {
      await createStore(local, 'taken.new-store.test', 'First', 'first@example.com');
      expect(await refusal(createStore(local, 'taken.new-store.test', 'Second', 'second@example.com'))).toEqual({
        status: 409,
        message: NEW_STORE_MESSAGES.hostTaken('taken.new-store.test'),
      });
      expect(await refusal(createStore(local, 'blank.new-store.test', '  ', 'owner@example.com'))).toMatchObject({
        status: 400,
        message: expect.stringContaining(NEW_STORE_MESSAGES.name),
      });
      expect(await refusal(createStore(local, 'bad.new-store.test', 'Shop', 'not an email'))).toMatchObject({
        status: 400,
        message: expect.stringContaining(NEW_STORE_MESSAGES.email),
      });
      expect(await env.SITE_CONTENT.get('host:blank.new-store.test')).toBeNull();
      expect(await env.SITE_CONTENT.get('host:bad.new-store.test')).toBeNull();
    });

    it('does not exist in production without the admin token', async () => {
      const production = new Visitor('http://localhost', { vars: PRODUCTION_VARS });
      const res = await production.fetch('/api/site-admin/stores', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ host: 'prod.new-store.test', name: 'Prod', owner: 'owner@example.com' }),
      });
      expect(res.status).toBe(404);
    });
  });

  /**
   * An imported store's owner (issue 33, console gaps point 3): `npm run site -- import DIR --host NAME --owner EMAIL`
   * imports the folder as a store of its own, then invites its owner the way `new` does (the team's invitation email, the
   * link under the store's host); the owner chooses a password and signs in as its administrator. A host without a store,
   * a bad email and an owner already on the team are refused.
   */
  describe('import-owner', () => {
    const HOST = 'owned.import-owner.test';

    describe('an imported store’s owner', () => {
      it('is invited by email under the store’s host and signs in as its administrator', async () => {
        const site = structuredClone((await receiveSite(local)).site);
        (site.website as { id: string }).id = 'owned-import';
        await sendSite({ ...local, host: HOST }, 'import', site);

        const invited = await inviteOwner(local, HOST, 'Owner@Owned.example');
        expect(invited).toEqual({
          websiteId: 'owned-import',
          host: HOST,
          url: `http://${HOST}`,
          owner: 'Owner@Owned.example',
        });
        const accounts = merchantAccounts(env, 'owned-import');
        await runDurableObjectAlarm(accounts);
        const mail = (await accounts.mailbox()).find((m) => m.to.toLowerCase() === 'owner@owned.example');
        expect(mail?.subject).toBe('You are invited to manage Studio Goods');
        const token = new RegExp(`http://${HOST.replaceAll('.', '\\.')}/config/invitation/([0-9a-f]{64})`).exec(
          mail?.text ?? '',
        )?.[1];
        expect(token).toBeDefined();

        const owner = await new Visitor(`http://${HOST}`).open('/config');
        const password = 'a long owner password';
        expect((await owner.json('POST', '/api/console/team/invitations/accept', { token, password })).status).toBe(
          200,
        );
        const signedIn = await owner.json('POST', '/api/merchant/session', { email: 'owner@owned.example', password });
        expect(signedIn.body).toMatchObject({ roles: [1] });
        // The demo store's team is its own: its owner is no member of the imported store.
        const demoOwner = await new Visitor(`http://${HOST}`).open('/config');
        expect(
          (
            await demoOwner.json('POST', '/api/merchant/session', {
              email: 'owner@example.com',
              password: 'studio-goods-owner',
            })
          ).status,
        ).toBe(401);
      });

      it('refuses a host without a store, a bad email and an owner already on the team', async () => {
        expect((await refusal(inviteOwner(local, 'nothing.import-owner.test', 'a@example.com'))).status).toBe(404);
        expect(await refusal(inviteOwner(local, HOST, 'not an email'))).toMatchObject({
          status: 400,
          message: expect.stringContaining(NEW_STORE_MESSAGES.email),
        });
        expect(await refusal(inviteOwner(local, HOST, 'owner@owned.example'))).toEqual({
          status: 409,
          message: TEAM_MESSAGES.alreadyMember,
        });
      });
    });
  });
});

describe('site admin: whole stores in and out', () => {
  it('exports the development store and imports it back unchanged, as the next version', async () => {
    const before = await receiveSite(local);
    expect(before.websiteId).toBe('demo');
    expect(before.site.items).toHaveLength(34);
    const sent = await sendSite(local, 'import', before.site);
    expect(sent).toMatchObject({ websiteId: 'demo', host: null, version: before.version + 1, parts: 1 });
    const after = await receiveSite(local);
    expect(after.version).toBe(before.version + 1);
    expect(after.site).toEqual(before.site);
  });

  it('an import into the development store keeps its own theme, and the demo team can still sign in', async () => {
    const site = (await receiveSite(local)).site;
    site.theme = { ...site.theme, 'layout.html': `${site.theme['layout.html'] ?? ''}<!-- the imported theme -->` };
    (site.website as { siteTitle: string }).siteTitle = 'Imported Goods';
    await sendSite(local, 'import', site);
    const home = await (await exports.default.fetch('http://localhost/')).text();
    expect(home).toContain('Imported Goods');
    expect(home).toContain('<!-- the imported theme -->');
    const visitor = await new Visitor().open('/');
    const signIn = await visitor.json('POST', '/api/merchant/session', {
      email: DEMO_MERCHANTS[0].email,
      password: DEMO_MERCHANTS[0].password,
    });
    expect(signIn.status).toBe(200);
  });

  it('imports a further store under a host name in parts; its export equals what was sent and the storefront serves it', async () => {
    const site = await bigStore('bulk-store', 2500, 200);
    const sent = await sendSite({ ...local, host: 'bulk.example' }, 'import', site);
    expect(sent).toMatchObject({ websiteId: 'bulk-store', host: 'bulk.example', version: 1, parts: 3 });
    const exported = await receiveSite({ ...local, host: 'bulk.example' });
    expect(exported.site).toEqual(site);
    const page = await exports.default.fetch('http://bulk.example/bulk-0/p/bulk-product-7');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ølbrikke Café Mug');
  });

  it('writes nothing when a part holds an invalid item, naming the item by its index in the site', async () => {
    const site = await demoAs('bad-item');
    (site.items[20] as { urlId: string }).urlId = 'Not A Slug';
    const { error } = await refusal(sendSite({ ...local, host: 'bad-item.example' }, 'import', site));
    expect(error).toBeInstanceOf(ItemRefused);
    expect((error as ItemRefused).index).toBe(20);
    expect((error as ItemRefused).detail).toBe('urlId: must be lowercase letters, digits and dashes');
    expect((await refusal(receiveSite({ ...local, host: 'bad-item.example' }))).status).toBe(404);
  });

  it('checks what no single part can at the commit, and leaves the store as it was', async () => {
    const before = await receiveSite(local);
    const duplicate = structuredClone(before.site);
    duplicate.items.push({ ...(duplicate.items[0] as object), urlId: 'another-url', fullUrl: '/shop/p/another-url' });
    expect((await refusal(sendSite(local, 'import', duplicate))).message).toBe(
      'Invalid site content: items.p-linen-shirt: the id is used twice',
    );

    const crowded = await bigStore('demo', 201, 201);
    expect((await refusal(sendSite(local, 'import', crowded))).message).toBe(
      'collection c-bulk-0 holds 201 products; a collection holds at most 200',
    );

    const begun = await (
      await local.fetch!('http://localhost/api/site-admin/imports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'import', site: { ...before.site, items: undefined } }),
      })
    ).json<{ importId: string }>();
    const commit = await local.fetch!(`http://localhost/api/site-admin/imports/${begun.importId}/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ parts: 2, itemCount: 34 }),
    });
    expect(commit.status).toBe(400);
    expect(await commit.json()).toEqual({ error: 'Part 0 of the items was never received' });

    const after = await receiveSite(local);
    expect(after.version).toBe(before.version);
    expect(after.site).toEqual(before.site);
  });

  it("import never takes another store's website id; publish updates only the store the folder came from", async () => {
    const demo = (await receiveSite(local)).site;
    expect(await refusal(sendSite({ ...local, host: 'clash.example' }, 'import', demo))).toMatchObject({
      status: 409,
      message:
        "The website id demo is already another store's: give the folder's site.json another website.id to import it as a new store",
    });
    expect(
      await refusal(sendSite({ ...local, host: 'nowhere.example' }, 'publish', await demoAs('nowhere'))),
    ).toMatchObject({ status: 404, message: 'No store at this address: import it first' });

    await sendSite({ ...local, host: 'pub.example' }, 'import', await demoAs('pub-store'));
    expect(
      await refusal(sendSite({ ...local, host: 'pub.example' }, 'publish', await demoAs('other-store'))),
    ).toMatchObject({
      status: 409,
      message:
        'The folder is the store other-store, not pub-store: publish updates the store it was exported from; use import to replace a store',
    });
    const edited = await demoAs('pub-store');
    (edited.website as { siteTitle: string }).siteTitle = 'Published Goods';
    expect(await sendSite({ ...local, host: 'pub.example' }, 'publish', edited)).toMatchObject({
      websiteId: 'pub-store',
      version: 2,
    });
    expect(await (await exports.default.fetch('http://pub.example/')).text()).toContain('Published Goods');
  });
});

describe('site admin: objects', () => {
  it("makes the named store's content object once for a call: the store's check and the handler's read share it", async () => {
    await createStore(local, 'stub.site-admin.test', 'Stub', 'owner@stub.example');
    let made = 0;
    const counting = {
      idFromName: (name: string) => env.CONTENT.idFromName(name),
      get: (id: DurableObjectId) => {
        made++;
        return env.CONTENT.get(id);
      },
    } as unknown as Env['CONTENT'];
    const res = await withVars({ CONTENT: counting })('http://localhost/api/site-admin/site?host=stub.site-admin.test');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ site: { website: { siteTitle: 'Stub' } } });
    expect(made).toBe(1);
  });
});

describe('site admin: who may call', () => {
  it('answers only on loopback in development, and takes writes only as application/json', async () => {
    const message = { error: 'Site admin calls are answered on localhost only in development' };
    const foreignHost = await exports.default.fetch('http://shop.example/api/site-admin/site');
    expect(foreignHost.status).toBe(403);
    expect(await foreignHost.json()).toEqual(message);
    const foreignAddress = await exports.default.fetch('http://localhost/api/site-admin/site', {
      headers: { 'cf-connecting-ip': '203.0.113.9' },
    });
    expect(foreignAddress.status).toBe(403);
    const plain = await exports.default.fetch('http://localhost/api/site-admin/imports', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(plain.status).toBe(415);
    const huge = await exports.default.fetch('http://localhost/api/site-admin/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(4 * 1024 * 1024 + 1),
    });
    expect(huge.status).toBe(413);
  });

  it('in production needs the admin token from the secret, and without the secret does not exist', async () => {
    const url = 'https://bulk.example/api/site-admin/site?host=bulk.example';
    const closed = await withVars(PRODUCTION_VARS)(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(closed.status).toBe(404);
    const open = withVars({ ...PRODUCTION_VARS, SITE_ADMIN_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${'b'.repeat(40)}`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await open(url, authorization === undefined ? {} : { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toEqual({ error: 'A valid site admin token is required' });
    }
    const remote: AdminTarget = { url: 'https://bulk.example', host: 'bulk.example', token: TOKEN, fetch: open };
    expect((await receiveSite(remote)).websiteId).toBe('bulk-store');
    expect(await refusal(receiveSite({ ...remote, host: undefined }))).toMatchObject({
      status: 400,
      message: 'host is required: production has no development store',
    });
  });
});
