/**
 * The console's team calls in workerd: administrators only (401/403), role names, invitations by
 * email with the spec's message, the emailed link setting a password that then signs in, role
 * changes and removals, never the last administrator, and the failed sign-ins the owner can see.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES, TEAM_INVITE_MESSAGES } from '../../src/accounts/messages';
import { TEAM_MESSAGES } from '../../src/durable/merchants';
import { merchantAccounts } from '../../src/durable/stubs';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, STORE, EDITOR] = DEMO_MERCHANTS;

interface Member {
  id: string;
  email: string;
  roles: number[];
  roleNames: string[];
  invited: boolean;
  you: boolean;
}

const members = async (visitor: Visitor) =>
  (await visitor.json<{ members: Member[] }>('GET', '/api/console/team')).body.members;

describe('console team calls', () => {
  it('are for administrators: 401 signed out, 403 for other roles', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/console/team', undefined],
      ['POST', '/api/console/team/invitations', { email: 'new@example.com', roles: [4] }],
      ['PUT', '/api/console/team/m-x', { roles: [4] }],
      ['DELETE', '/api/console/team/m-x', {}],
      ['GET', '/api/console/team/sign-in-failures', undefined],
    ];
    const anonymous = await signedIn(undefined);
    const others = await Promise.all([STORE, EDITOR].map(signedIn));
    for (const [method, path, body] of calls) {
      expect(await anonymous.json(method, path, body)).toEqual({
        status: 401,
        body: { error: MERCHANT_MESSAGES.signIn },
      });
      for (const other of others)
        expect(await other.json(method, path, body)).toEqual({
          status: 403,
          body: { error: MERCHANT_MESSAGES.forbidden },
        });
    }
  });

  it('lists members with role names, not numbers', async () => {
    const owner = await signedIn(OWNER);
    const team = await members(owner);
    expect(team.find((m) => m.email === OWNER?.email)).toMatchObject({
      roles: [1],
      roleNames: ['Administrator'],
      you: true,
      invited: false,
    });
    expect(team.find((m) => m.email === STORE?.email)).toMatchObject({ roleNames: ['Store manager'], you: false });
  });

  it('invites by email, and the emailed link sets a password that signs in with the role given', async () => {
    const owner = await signedIn(OWNER);
    for (const email of ['nope', 'a@b', '']) {
      expect(await owner.json('POST', '/api/console/team/invitations', { email, roles: [4] })).toEqual({
        status: 400,
        body: { error: TEAM_INVITE_MESSAGES.email, fields: { email: TEAM_INVITE_MESSAGES.email } },
      });
    }
    expect(
      (await owner.json('POST', '/api/console/team/invitations', { email: 'ok@example.com', roles: [] })).body,
    ).toEqual({ error: TEAM_INVITE_MESSAGES.role });
    expect(
      (await owner.json('POST', '/api/console/team/invitations', { email: 'ok@example.com', roles: [99] })).status,
    ).toBe(400);
    expect(
      (await owner.json('POST', '/api/console/team/invitations', { email: EDITOR?.email, roles: [4] })).body,
    ).toMatchObject({ error: TEAM_MESSAGES.alreadyMember });

    expect(
      (await owner.json('POST', '/api/console/team/invitations', { email: 'writer@example.com', roles: [4] })).status,
    ).toBe(200);
    expect((await members(owner)).find((m) => m.email === 'writer@example.com')).toMatchObject({
      invited: true,
      roleNames: ['Editor'],
    });
    const accounts = merchantAccounts(env, 'demo');
    await runDurableObjectAlarm(accounts);
    const mail = (await accounts.mailbox()).find((m) => m.to === 'writer@example.com');
    expect(mail?.subject).toBe('You are invited to manage Studio Goods');
    const link = /http:\/\/localhost\/config\/invitation\/([0-9a-f]{64})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    // Not signed in yet: no password works.
    expect(
      (
        await signedIn(undefined).then((v) =>
          v.json('POST', '/api/merchant/session', { email: 'writer@example.com', password: '' }),
        )
      ).status,
    ).toBe(401);

    const invitee = await signedIn(undefined);
    expect(
      (await invitee.json('POST', '/api/console/team/invitations/accept', { token, password: 'short' })).body,
    ).toMatchObject({ error: TEAM_INVITE_MESSAGES.password });
    expect(
      await invitee.json('POST', '/api/console/team/invitations/accept', { token, password: 'a long password' }),
    ).toEqual({ status: 200, body: { email: 'writer@example.com' } });
    expect(
      (await invitee.json('POST', '/api/console/team/invitations/accept', { token, password: 'a long password' })).body,
    ).toEqual({ error: TEAM_MESSAGES.invitationInvalid });
    const writer = await signedIn({ email: 'writer@example.com', password: 'a long password' });
    expect((await writer.json('GET', '/api/merchant/session')).body).toMatchObject({
      roleNames: ['Editor'],
      can: { content: true, commerce: false, team: false },
    });
  });

  it('changes roles and removes members, but never the last administrator', async () => {
    const owner = await signedIn(OWNER);
    await owner.json('POST', '/api/console/team/invitations', { email: 'temp@example.com', roles: [10] });
    const temp = (await members(owner)).find((m) => m.email === 'temp@example.com');
    expect(await owner.json('PUT', `/api/console/team/${temp?.id}`, { roles: [8] })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await members(owner)).find((m) => m.email === 'temp@example.com')?.roleNames).toEqual(['Store manager']);
    expect(await owner.json('DELETE', `/api/console/team/${temp?.id}`, {})).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await members(owner)).find((m) => m.email === 'temp@example.com')).toBeUndefined();
    expect(await owner.json('DELETE', `/api/console/team/${temp?.id}`, {})).toEqual({
      status: 404,
      body: { error: TEAM_MESSAGES.unknownMember },
    });

    const me = (await members(owner)).find((m) => m.you);
    expect(await owner.json('PUT', `/api/console/team/${me?.id}`, { roles: [4] })).toEqual({
      status: 409,
      body: { error: TEAM_MESSAGES.lastAdmin },
    });
    expect(await owner.json('DELETE', `/api/console/team/${me?.id}`, {})).toEqual({
      status: 409,
      body: { error: TEAM_MESSAGES.lastAdmin },
    });
    // With a second administrator, the first may step down.
    const store = (await members(owner)).find((m) => m.email === STORE?.email);
    expect((await owner.json('PUT', `/api/console/team/${store?.id}`, { roles: [1] })).status).toBe(200);
    expect((await owner.json('PUT', `/api/console/team/${me?.id}`, { roles: [1, 8] })).status).toBe(200);
    expect((await owner.json('PUT', `/api/console/team/${store?.id}`, { roles: [8] })).status).toBe(200);
  });

  it('shows the owner the failed sign-ins by time, email, address and count, while the owner still signs in', async () => {
    const attacker = await new Visitor('http://localhost', { headers: { 'cf-connecting-ip': '203.0.113.9' } }).open(
      '/contact',
    );
    const guess = () =>
      attacker.json('POST', '/api/merchant/session', { email: OWNER?.email, password: 'not the password' });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await guess()).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const before = Date.now();
    const owner = await signedIn(OWNER);
    const listed = await owner.json<{
      failures: { email: string; address: string; failures: number; lastAt: number }[];
    }>('GET', '/api/console/team/sign-in-failures');
    expect(listed.status).toBe(200);
    const failure = listed.body.failures.find((f) => f.address === '203.0.113.9');
    expect(failure).toMatchObject({ email: OWNER?.email, failures: 5 });
    expect(failure?.lastAt).toBeLessThanOrEqual(before);
  });
});
