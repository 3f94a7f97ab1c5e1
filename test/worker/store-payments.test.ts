/**
 * Commerce → Payments takes effect (issue 33, point 5): a website's saved Stripe keys charge through Stripe with those
 * keys, give its checkout page their publishable key and test mode, and its webhook secret verifies its events; a
 * website without settings keeps the deployment's provider; the local provider is refused outside development.
 * No network: the fake Stripe.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { paymentsOf } from '../../src/durable/stubs';
import { ROLES } from '../../src/site/roles';
import {
  CANDLE,
  deliverStripeEvent,
  fillCheckout,
  merchant,
  placeOrder,
  placeWithStripe,
  setStock,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { FakeStripe } from './fake-stripe';

const PK = 'pk_test_51StoreOwnKey0000abcd';
const SK = 'sk_test_51StoreOwnSecret000wxyz';
const WHSEC = 'whsec_StoreOwnSigning0001';

/** The fake Stripe answering the website's own keys, the deployment staying on the local provider. */
function storesOwnStripe(): FakeStripe {
  const fake = new FakeStripe(SK, WHSEC);
  vi.stubGlobal('fetch', fake.fetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return fake;
}

async function storeWithCandle(host: string) {
  const store = await storeOnHost(host, (site) => setStock(site, 'candle', 5));
  await standardRules(store.websiteId);
  return store;
}

describe('a website’s saved payment settings', () => {
  it('charge through Stripe with its keys and give its checkout their publishable key in test mode; another website keeps the deployment’s', async () => {
    const fake = storesOwnStripe();
    const own = await storeWithCandle('own-stripe.payments.test');
    const owner = await merchant(own.base, own.websiteId, ROLES.admin);
    const saved = await owner.json('PUT', '/api/console/payments', {
      provider: 'stripe',
      stripePublishableKey: PK,
      stripeSecretKey: SK,
      stripeWebhookSecret: WHSEC,
    });
    expect(saved.body).toMatchObject({ provider: 'stripe', mode: 'test', stripeWebhookSecretLast4: '0001' });
    expect(JSON.stringify(saved.body)).not.toContain(WHSEC);

    const buyer = await shopper(own.base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(buyer)).body).toMatchObject({
      payment: { provider: 'stripe', mode: 'test', publishableKey: PK },
    });
    await fillCheckout(buyer);
    expect((await placeOrder(buyer)).status).toBe(400);
    const placed = await placeWithStripe(buyer, 'pm_card_visa', crypto.randomUUID());
    expect(placed.status).toBe(201);
    expect(placed.body.order.payment).toMatchObject({ provider: 'stripe', status: 'succeeded' });
    expect(fake.charges).toBe(1);

    const other = await storeWithCandle('deployment.payments.test');
    const visitor = await shopper(other.base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(visitor)).body).toMatchObject({ payment: { provider: 'local', mode: 'test' } });
    await fillCheckout(visitor);
    expect((await placeOrder(visitor)).status).toBe(201);
    expect(fake.charges).toBe(1);
  });

  it('verify the website’s Stripe webhooks with its own signing secret, not the deployment’s', async () => {
    const fake = storesOwnStripe();
    const { base, websiteId } = await storeWithCandle('own-webhook.payments.test');
    const owner = await merchant(base, websiteId, ROLES.admin);
    await owner.json('PUT', '/api/console/payments', {
      provider: 'stripe',
      stripePublishableKey: PK,
      stripeSecretKey: SK,
      stripeWebhookSecret: WHSEC,
    });
    const buyer = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(buyer);
    await fillCheckout(buyer);
    const placed = await placeWithStripe(buyer, 'pm_card_authenticationRequired', crypto.randomUUID());
    expect(placed.status).toBe(201);
    const intent = [...fake.intents.values()][0];
    if (intent === undefined) throw new Error('no PaymentIntent');
    const signedByOther = await new FakeStripe(SK, 'whsec_deploymentSecret01').event('payment_intent.canceled', intent);
    expect(await deliverStripeEvent(base, signedByOther)).toBe(400);
    expect(await deliverStripeEvent(base, await fake.event('payment_intent.canceled', intent))).toBe(200);
  });

  it('refuse the local test provider outside development, saved or the deployment’s', async () => {
    const production = { ...env, ENVIRONMENT: 'production', PAYMENT_PROVIDER: 'local' } as Env;
    const charge = {
      amountCents: 500,
      currency: 'USD',
      token: 'local_card_4242424242424242',
      idempotencyKey: 'p:1',
      description: 'Order',
      metadata: {},
    };
    const local = { provider: 'local', stripePublishableKey: '', stripeSecretKey: '' } as const;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const saved of [local, null]) {
      const result = await paymentsOf(production, saved).charge(charge);
      expect(result).toMatchObject({ status: 'declined', code: 'processing_error' });
    }
  });
});
