/**
 * An imported store's owner (issue 33, console gaps point 3): `npm run site -- import DIR --host NAME --owner EMAIL`
 * imports the folder as a store of its own, then invites its owner the way `new` does (the team's invitation
 * email, the link under the store's host); the owner chooses a password and signs in as its administrator. A host
 * without a store, a bad email and an owner already on the team are refused.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AdminCallError, inviteOwner, receiveSite, sendSite, type AdminTarget } from '../../scripts/site/admin-client';
import { TEAM_MESSAGES } from '../../src/durable/merchants';
import { merchantAccounts } from '../../src/durable/stubs';
import { NEW_STORE_MESSAGES } from '../../src/site/new-store';
import { Visitor } from './visitor';

const local: AdminTarget = { url: 'http://localhost', fetch: (url, init) => exports.default.fetch(url, init) };
const HOST = 'owned.import-owner.test';

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdminCallError);
  return { status: (error as AdminCallError).status, message: (error as AdminCallError).message };
}

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
