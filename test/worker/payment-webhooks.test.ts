/**
 * The payment webhook route and the local authentication page, called as Stripe and a shopper's
 * browser would: signatures (good, tampered, old, missing secret), validation and size, what
 * reaches the orders' receiver, duplicates, and the local 3-D Secure stand-in reporting through
 * the same webhook.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localPaymentLedger, paymentsOf } from '../../src/durable/stubs';
import type { PaymentEvent } from '../../src/integrations/payment-events';
import { signatureHeader } from '../../src/integrations/webhook-signature';
import type { AppEnv } from '../../src/routes/shared/http';
import { AUTHENTICATION_DONE, AUTHENTICATION_FAILED, localPaymentPages } from '../../src/routes/pages/local-payments';
import {
  BAD_SIGNATURE,
  MAX_WEBHOOK_BYTES,
  NOT_CONFIGURED,
  paymentWebhooks,
} from '../../src/routes/integrations/payment-webhooks';
import { FakeStripe } from './fake-stripe';

const ORIGIN = 'http://localhost';
const WEBHOOK = `${ORIGIN}/api/commerce/payments/webhook`;

let received: { websiteId: string; event: PaymentEvent }[] = [];
let receiverFails = false;
const webhooks = paymentWebhooks((_env, websiteId) => ({
  async onPaymentEvent(event) {
    if (receiverFails) throw new Error('orders unavailable');
    received.push({ websiteId, event });
  },
}));
const app = new Hono<AppEnv>().route('/', webhooks).route('/', localPaymentPages(webhooks));

const fake = new FakeStripe();
const stripeEnv = { ...env, STRIPE_WEBHOOK_SECRET: fake.webhookSecret } as Env;

async function post(path: string, body: string, signature: string | null, vars: Env = stripeEnv): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return app.fetch(new Request(`${WEBHOOK}/${path}`, { method: 'POST', headers, body }), vars);
}

/** A payment that needs authentication, made through the fake Stripe (metadata names the website). */
async function stripeAuthentication(): Promise<string> {
  const res = await fake.fetch(
    new Request('https://api.stripe.com/v1/payment_intents', {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'idempotency-key': crypto.randomUUID() },
      body: new URLSearchParams({
        amount: '5000',
        currency: 'usd',
        payment_method: 'pm_card_authenticationRequired',
        confirm: 'true',
        'metadata[websiteId]': 'w-stripe',
        return_url: 'https://s.test/r',
      }),
    }),
  );
  return ((await res.json()) as { id: string }).id;
}

beforeEach(() => {
  received = [];
  receiverFails = false;
});

describe('POST /api/commerce/payments/webhook/stripe', () => {
  it('hands a genuine settling event to the orders of the website in its metadata', async () => {
    const id = await stripeAuthentication();
    const delivery = await fake.completeAuthentication(id, true);
    const res = await post('stripe', delivery.body, delivery.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(received).toEqual([
      {
        websiteId: 'w-stripe',
        event: expect.objectContaining({
          provider: 'stripe',
          paymentId: id,
          status: 'succeeded',
          metadata: { websiteId: 'w-stripe' },
        }),
      },
    ]);
  });

  it('passes a duplicate delivery on unchanged (the receiver settles an order once), and a failure with its code', async () => {
    const id = await stripeAuthentication();
    const delivery = await fake.completeAuthentication(id, false);
    expect((await post('stripe', delivery.body, delivery.signature)).status).toBe(200);
    expect((await post('stripe', delivery.body, delivery.signature)).status).toBe(200);
    expect(received).toHaveLength(2);
    expect(received[1]?.event).toEqual(received[0]?.event);
    expect(received[0]?.event).toMatchObject({ status: 'failed', code: 'card_declined' });
  });

  it('refuses a tampered body, a wrong secret, an old delivery and a missing signature with 400, before the receiver', async () => {
    const id = await stripeAuthentication();
    const delivery = await fake.completeAuthentication(id, true);
    const tampered = delivery.body.replace('"w-stripe"', '"w-other"');
    const old = await fake.event('payment_intent.succeeded', fake.intents.get(id)!, Date.now() - 6 * 60 * 1000);
    const forged = await signatureHeader('whsec_guess', delivery.body, Math.floor(Date.now() / 1000));
    for (const [body, signature] of [
      [tampered, delivery.signature],
      [delivery.body, forged],
      [old.body, old.signature],
      [delivery.body, null],
    ] as const) {
      const res = await post('stripe', body, signature);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: BAD_SIGNATURE });
    }
    expect(received).toEqual([]);
  });

  it('validates the signed body, and caps its size', async () => {
    const now = Math.floor(Date.now() / 1000);
    const notAnEvent = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' });
    const res = await post('stripe', notAnEvent, await signatureHeader(fake.webhookSecret, notAnEvent, now));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('created');
    const notJson = 'not json';
    expect((await post('stripe', notJson, await signatureHeader(fake.webhookSecret, notJson, now))).status).toBe(400);
    const huge = JSON.stringify({ pad: 'x'.repeat(MAX_WEBHOOK_BYTES) });
    expect((await post('stripe', huge, await signatureHeader(fake.webhookSecret, huge, now))).status).toBe(413);
    expect(received).toEqual([]);
  });

  it('acknowledges events that settle nothing, or name no website, without the receiver', async () => {
    const id = await stripeAuthentication();
    const created = await fake.event('payment_intent.created', fake.intents.get(id)!);
    expect((await post('stripe', created.body, created.signature)).status).toBe(200);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const foreign = await fake.event('payment_intent.succeeded', { ...fake.intents.get(id)!, metadata: {} });
    expect((await post('stripe', foreign.body, foreign.signature)).status).toBe(200);
    warn.mockRestore();
    expect(received).toEqual([]);
  });

  it('answers 500 so Stripe retries when the receiver fails or no secret is configured; 404 for unknown providers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = await stripeAuthentication();
    const delivery = await fake.completeAuthentication(id, true);
    receiverFails = true;
    expect((await post('stripe', delivery.body, delivery.signature)).status).toBe(500);
    expect(received).toEqual([]);
    receiverFails = false;
    const unconfigured = await post('stripe', delivery.body, delivery.signature, env);
    expect(unconfigured.status).toBe(500);
    expect(await unconfigured.json()).toEqual({ error: NOT_CONFIGURED });
    expect((await post('paypal', delivery.body, delivery.signature)).status).toBe(404);
    expect(
      (await post('local', delivery.body, delivery.signature, { ...stripeEnv, ENVIRONMENT: 'production' })).status,
    ).toBe(404);
    errors.mockRestore();
  });
});

/** A browser on the local authentication page: keeps the crumb cookie and posts the form. */
class Shopper {
  private cookie = '';

  async fetch(path: string, init: RequestInit = {}, vars: Env = env): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie !== '') headers.set('cookie', this.cookie);
    const res = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: 'manual' }), vars);
    const crumb = res.headers.getAll('set-cookie').find((c) => c.startsWith('crumb='));
    if (crumb !== undefined) this.cookie = crumb.split(';')[0] as string;
    return res;
  }

  get crumb(): string {
    return this.cookie.slice('crumb='.length);
  }

  answer(path: string, answer: string, crumb = this.crumb): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb, answer }),
    });
  }
}

async function localAuthentication(returnUrl?: string): Promise<{ paymentId: string; path: string }> {
  const metadata: Record<string, string> = { websiteId: 'w-local', orderId: 'o1' };
  if (returnUrl !== undefined) metadata.returnUrl = returnUrl;
  const result = await paymentsOf(env).charge({
    amountCents: 2500,
    currency: 'USD',
    token: 'local_card_4000002500003155',
    idempotencyKey: crypto.randomUUID(),
    description: 'Order 1001',
    metadata,
  });
  if (result.status !== 'requires_action') throw new Error(`expected requires_action, got ${result.status}`);
  return { paymentId: result.paymentId, path: result.nextActionUrl };
}

describe('the local authentication page', () => {
  it('shows the payment, and completing it reports success through the signed webhook, then returns to the store', async () => {
    const { paymentId, path } = await localAuthentication('/commerce/orders/o1?token=t');
    const before = await localPaymentLedger(env).captured();
    const shopper = new Shopper();
    const page = await shopper.fetch(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('$25.00');
    expect(html).toContain('Complete authentication');
    const done = await shopper.answer(path, 'complete');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${ORIGIN}/commerce/orders/o1?token=t`);
    expect(received).toEqual([
      {
        websiteId: 'w-local',
        event: expect.objectContaining({
          provider: 'local',
          paymentId,
          status: 'succeeded',
          metadata: { websiteId: 'w-local', orderId: 'o1' },
        }),
      },
    ]);
    expect((await localPaymentLedger(env).captured()).count).toBe(before.count + 1);

    const again = await shopper.answer(path, 'fail');
    expect(again.status).toBe(303);
    expect(received[1]?.event).toEqual(received[0]?.event);
    expect((await localPaymentLedger(env).payment(paymentId))?.status).toBe('succeeded');
    expect((await localPaymentLedger(env).captured()).count).toBe(before.count + 1);
  });

  it('failing it reports a failed payment; a return address on another site is not followed', async () => {
    const { paymentId, path } = await localAuthentication('https://evil.test/phish');
    const shopper = new Shopper();
    await shopper.fetch(path);
    const done = await shopper.answer(path, 'fail');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(AUTHENTICATION_FAILED);
    expect(received.map((r) => r.event)).toEqual([
      expect.objectContaining({ paymentId, status: 'failed', code: 'card_declined' }),
    ]);
    expect((await localPaymentLedger(env).payment(paymentId))?.status).toBe('declined');
  });

  it('completes without a return address, refuses a missing crumb, and exists only for payments waiting for it in development', async () => {
    const { path } = await localAuthentication();
    const shopper = new Shopper();
    await shopper.fetch(path);
    expect((await shopper.answer(path, 'complete', 'forged')).status).toBe(400);
    expect((await shopper.answer(path, 'maybe')).status).toBe(400);
    expect(received).toEqual([]);
    expect((await shopper.fetch(path, {}, { ...env, ENVIRONMENT: 'production' })).status).toBe(404);
    const done = await shopper.answer(path, 'complete');
    expect(await done.text()).toContain(AUTHENTICATION_DONE);
    const paid = await paymentsOf(env).charge({
      amountCents: 100,
      currency: 'USD',
      token: 'local_card_4242424242424242',
      idempotencyKey: crypto.randomUUID(),
      description: 'x',
      metadata: {},
    });
    if (paid.status !== 'succeeded') throw new Error('expected a payment');
    expect((await shopper.fetch(`/integrations/payments/local/authenticate/${paid.paymentId}`)).status).toBe(404);
    expect((await shopper.fetch('/integrations/payments/local/authenticate/pi_local_unknown')).status).toBe(404);
  });

  it('tells the shopper to try again when the store did not take the result', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { path } = await localAuthentication();
    const shopper = new Shopper();
    await shopper.fetch(path);
    receiverFails = true;
    expect((await shopper.answer(path, 'complete')).status).toBe(502);
    receiverFails = false;
    expect((await shopper.answer(path, 'complete')).status).toBe(200);
    expect(received).toHaveLength(1);
    errors.mockRestore();
  });
});
