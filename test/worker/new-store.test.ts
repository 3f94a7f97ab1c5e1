/**
 * New stores through the site admin calls (one file, one workerd, for what used to be two files; issue 30). A new,
 * empty store through the site admin call `npm run site -- new` makes (issue 33, journey 1): its host serves it with no
 * products, pages or orders, the owner is invited by email and signs in after choosing a password, and the Home
 * checklist starts with nothing done. A taken host and a bad body are refused whole; production without the admin
 * token has no such call. Then an imported store's owner.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  AdminCallError,
  createStore,
  inviteOwner,
  receiveSite,
  sendSite,
  type AdminTarget,
} from '../../scripts/site/admin-client';
import { TEAM_MESSAGES } from '../../src/durable/merchants';
import { merchantAccounts } from '../../src/durable/stubs';
import { NEW_STORE_MESSAGES } from '../../src/site/new-store';
import { PRODUCTION_VARS, Visitor } from './visitor';

const local: AdminTarget = { url: 'http://localhost', fetch: (url, init) => exports.default.fetch(url, init) };

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
      expect((await owner.json('POST', '/api/console/team/invitations/accept', { token, password })).status).toBe(200);
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
