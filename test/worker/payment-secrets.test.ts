/**
 * The store's Stripe secret key and webhook secret sealed at rest (issue 33): the orders object's stored bytes hold
 * neither, the object still pays with them, a rotated key still opens what the previous one sealed, and production
 * without PAYMENT_SETTINGS_KEY refuses to save a secret with the message (503).
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/durable/passwords';
import {
  openSecret,
  PAYMENT_SECRETS_MESSAGES,
  sealedWithCurrentKey,
  sealSecret,
} from '../../src/integrations/payment-secrets';
import { ROLES } from '../../src/site/roles';
import { merchant, orders, storeOnHost } from './checkout-support';
import { PRODUCTION_VARS, Visitor } from './visitor';

const PAYMENTS = '/api/console/payments';
const PK_TEST = 'pk_test_51FernField0000000000';
const SK_TEST = 'sk_test_51SealedSecretKey00000qrst';
const WHSEC = 'whsec_SealedSigningSecret0000uvwx';
const KEY_A = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const KEY_B = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));

describe('payment secrets at rest', () => {
  it('are sealed in the orders object’s storage and opened to pay', async () => {
    const { base, websiteId } = await storeOnHost('sealed.payments.test');
    const owner = await merchant(base, websiteId, ROLES.admin);
    const put = await owner.json('PUT', PAYMENTS, {
      provider: 'stripe',
      stripePublishableKey: PK_TEST,
      stripeSecretKey: SK_TEST,
      stripeWebhookSecret: WHSEC,
    });
    expect(put).toMatchObject({
      status: 200,
      body: { stripeSecretKeyLast4: 'qrst', stripeWebhookSecretLast4: 'uvwx' },
    });
    const stored = await runInDurableObject(orders(websiteId), async (_, state) =>
      JSON.stringify([...(await state.storage.list()).entries()]),
    );
    expect(stored).toContain(PK_TEST);
    expect(stored).not.toContain(SK_TEST);
    expect(stored).not.toContain('SealedSecretKey');
    expect(stored).not.toContain(WHSEC);
    expect(stored).not.toContain('SealedSigningSecret');
    expect(await orders(websiteId).paymentSettings()).toEqual({
      provider: 'stripe',
      stripePublishableKey: PK_TEST,
      stripeSecretKey: SK_TEST,
      stripeWebhookSecret: WHSEC,
    });
    expect((await owner.json('GET', PAYMENTS)).body).toMatchObject({ stripeSecretKeyLast4: 'qrst', ready: true });
  });

  it('open with the previous key after a rotation, and not with a key that never sealed them', async () => {
    const sealed = await sealSecret({ ENVIRONMENT: 'production', PAYMENT_SETTINGS_KEY: KEY_A }, SK_TEST);
    expect(JSON.stringify(sealed)).not.toContain('SealedSecretKey');
    const rotated = { ENVIRONMENT: 'production', PAYMENT_SETTINGS_KEY: KEY_B, PAYMENT_SETTINGS_KEY_PREVIOUS: KEY_A };
    expect(await openSecret(rotated, sealed)).toBe(SK_TEST);
    expect(await sealedWithCurrentKey(rotated, sealed)).toBe(false);
    expect(await openSecret({ ENVIRONMENT: 'production', PAYMENT_SETTINGS_KEY: KEY_B }, sealed)).toBeNull();
    await expect(sealSecret({ ENVIRONMENT: 'production' }, SK_TEST)).rejects.toThrow(PAYMENT_SECRETS_MESSAGES.noKey);
  });

  it('are refused in production without PAYMENT_SETTINGS_KEY, with the message', async () => {
    const { base, websiteId } = await storeOnHost('unsealed.payments.test');
    await env.MERCHANTS.get(env.MERCHANTS.idFromName(websiteId)).ensureMember(
      'owner@example.com',
      await hashPassword('merchant-password'),
      [ROLES.admin],
    );
    const owner = await new Visitor(base.replace(/^http:/, 'https:'), { vars: PRODUCTION_VARS }).open('/contact');
    const session = { email: 'owner@example.com', password: 'merchant-password' };
    expect((await owner.json('POST', '/api/merchant/session', session)).status).toBe(200);
    expect(
      await owner.json('PUT', PAYMENTS, {
        provider: 'stripe',
        stripePublishableKey: PK_TEST,
        stripeSecretKey: SK_TEST,
      }),
    ).toEqual({ status: 503, body: { error: PAYMENT_SECRETS_MESSAGES.noKey } });
    expect(await orders(websiteId).paymentSettings()).toBeNull();
  });
});
