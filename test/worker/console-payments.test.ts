/** Commerce → Payments (issue 33, point 2): owner-only, validated, the secret key never answered, the checklist reading it. */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/site/roles';
import { merchant, storeOnHost } from './checkout-support';
import { Visitor } from './visitor';

const PAYMENTS = '/api/console/payments';
const PK_TEST = 'pk_test_51FernField0000000000';
const SK_TEST = 'sk_test_51FernFieldSecret0000wxyz';

describe('the payments settings', () => {
  it('are the owner’s alone: 401 signed out, 403 with the message for a store manager and a website manager, 403 without the crumb', async () => {
    const { base, websiteId } = await storeOnHost('roles.payments.test');
    expect((await (await new Visitor(base).open()).json('GET', PAYMENTS)).status).toBe(401);
    for (const role of [ROLES.storeManager, ROLES.websiteManager, ROLES.viewer]) {
      const member = await merchant(base, websiteId, role);
      expect(await member.json('GET', PAYMENTS)).toEqual({
        status: 403,
        body: { error: 'Your role does not allow this.' },
      });
      const put = await member.json('PUT', PAYMENTS, { provider: 'stripe', stripePublishableKey: PK_TEST });
      expect(put).toEqual({ status: 403, body: { error: 'Your role does not allow this.' } });
    }
    const owner = await merchant(base, websiteId, ROLES.admin);
    const noCrumb = await owner.fetch(PAYMENTS, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'local' }),
    });
    expect(noCrumb.status).toBe(403);
  });

  it('start as the deployment’s (the local test provider in development), take Stripe test keys, and answer only the secret’s last 4', async () => {
    const { base, websiteId } = await storeOnHost('keys.payments.test');
    const owner = await merchant(base, websiteId, ROLES.admin);
    expect((await owner.json('GET', PAYMENTS)).body).toEqual({
      provider: 'local',
      mode: 'test',
      stripePublishableKey: '',
      stripeSecretKeyLast4: null,
      stripeWebhookSecretLast4: null,
      localAvailable: true,
      ready: true,
      instalmentsOffered: false,
    });
    const put = (body: unknown) => owner.json('PUT', PAYMENTS, body);
    expect(await put({ provider: 'stripe', stripePublishableKey: 'pk_nope', stripeSecretKey: SK_TEST })).toEqual({
      status: 400,
      body: { error: "stripePublishableKey: Enter the publishable key: it starts with 'pk_test_' or 'pk_live_'" },
    });
    expect((await put({ provider: 'stripe', stripePublishableKey: PK_TEST })).body).toEqual({
      error: "stripeSecretKey: Enter the secret key: it starts with 'sk_test_', 'sk_live_', 'rk_test_' or 'rk_live_'",
    });
    expect(
      (
        await put({
          provider: 'stripe',
          stripePublishableKey: 'pk_live_51FernField0000000000',
          stripeSecretKey: SK_TEST,
        })
      ).body,
    ).toEqual({
      error: 'stripeSecretKey: The publishable and secret keys must both be test keys or both be live keys',
    });
    expect((await put({ provider: 'paypal' })).status).toBe(400);
    expect((await put({ provider: 'stripe', stripePublishableKey: 'x'.repeat(5000) })).status).toBe(413);

    const saved = await owner.fetch(PAYMENTS, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb },
      body: JSON.stringify({ provider: 'stripe', stripePublishableKey: PK_TEST, stripeSecretKey: SK_TEST }),
    });
    const text = await saved.text();
    expect(saved.status).toBe(200);
    expect(text).not.toContain('sk_test_');
    expect(JSON.parse(text)).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      stripeSecretKeyLast4: 'wxyz',
      ready: true,
    });
    // A blank secret keeps the stored one; the read never carries it either.
    expect((await put({ provider: 'stripe', stripePublishableKey: PK_TEST, stripeSecretKey: '' })).body).toMatchObject({
      stripeSecretKeyLast4: 'wxyz',
    });
    // The webhook signing secret is write-only too, and must look like Stripe's.
    expect(
      (await put({ provider: 'stripe', stripePublishableKey: PK_TEST, stripeWebhookSecret: 'secret' })).body,
    ).toEqual({
      error: "stripeWebhookSecret: Enter the webhook signing secret: it starts with 'whsec_'",
    });
    expect(
      (await put({ provider: 'stripe', stripePublishableKey: PK_TEST, stripeWebhookSecret: 'whsec_FernSigning0009' }))
        .body,
    ).toMatchObject({ stripeSecretKeyLast4: 'wxyz', stripeWebhookSecretLast4: '0009' });
    const read = await owner.fetch(PAYMENTS);
    const readText = await read.text();
    expect(readText).not.toContain('sk_test_');
    expect(readText).not.toContain('whsec_');
    expect((await owner.json('GET', '/api/console/checklist')).body).toMatchObject({ payments: true });
    // Back to the local test provider: its mode is test.
    expect((await put({ provider: 'local' })).body).toMatchObject({ provider: 'local', mode: 'test', ready: true });
  });
});
