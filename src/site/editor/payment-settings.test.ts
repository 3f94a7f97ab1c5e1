import { describe, expect, it } from 'vitest';
import { stripeKeyMode } from '../../commerce/payment-mode';
import { changedPaymentSettings, paymentSettingsAnswer } from './payment-settings';

const STORED = {
  provider: 'stripe',
  stripePublishableKey: 'pk_live_abcdefgh12',
  stripeSecretKey: 'sk_live_abcdefgh1234',
  stripeWebhookSecret: 'whsec_abcdefgh5678',
} as const;

describe('payment settings', () => {
  it('refuse the local test provider outside development', () => {
    expect(
      changedPaymentSettings(
        STORED,
        { provider: 'local', stripePublishableKey: '', stripeSecretKey: '', stripeWebhookSecret: '' },
        false,
      ),
    ).toEqual({
      field: 'provider',
      message: 'The local test provider is for development only: connect Stripe',
    });
  });

  it('keep the stored secrets for blank fields, and refuse a publishable key of the other mode or a bad signing secret', () => {
    const live = {
      provider: 'stripe',
      stripePublishableKey: 'pk_live_zzzzzzzz99',
      stripeSecretKey: '',
      stripeWebhookSecret: '',
    } as const;
    expect(changedPaymentSettings(STORED, live, false)).toEqual({
      ...STORED,
      stripePublishableKey: 'pk_live_zzzzzzzz99',
    });
    expect(changedPaymentSettings(STORED, { ...live, stripePublishableKey: 'pk_test_zzzzzzzz99' }, false)).toEqual({
      field: 'stripeSecretKey',
      message: 'The publishable and secret keys must both be test keys or both be live keys',
    });
    expect(changedPaymentSettings(STORED, { ...live, stripeWebhookSecret: 'not-a-secret' }, false)).toMatchObject({
      field: 'stripeWebhookSecret',
    });
  });

  it('answer live mode from live keys, the secret by its last 4 only', () => {
    expect(stripeKeyMode('rk_live_x')).toBe('live');
    const answer = paymentSettingsAnswer(STORED, false, false);
    expect(answer).toMatchObject({ mode: 'live', stripeSecretKeyLast4: '1234', ready: true, localAvailable: false });
    expect(JSON.stringify(answer)).not.toContain('sk_live');
    expect(paymentSettingsAnswer({ ...STORED, provider: 'local' }, false, false)).toMatchObject({
      mode: 'test',
      ready: false,
    });
  });
});
