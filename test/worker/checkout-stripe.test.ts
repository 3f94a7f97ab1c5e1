/**
 * The checkout page with Stripe as the provider (issue 16): the publishable key reaches the page
 * through the checkout call, an authentication step answers the PaymentIntent's client secret for
 * Stripe.js, /checkout (and only it) allows Stripe's browser hosts in its CSP, and the page renders
 * the Stripe Elements card holder instead of the local test card field. No network: the fake Stripe.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  CANDLE,
  fillCheckout,
  placeWithStripe,
  setStock,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
  useFakeStripe,
} from './checkout-support';
import { Visitor } from './visitor';

function publishableKey(value: string): void {
  const vars = env as unknown as Record<string, string | undefined>;
  vars.STRIPE_PUBLISHABLE_KEY = value;
  onTestFinished(() => {
    delete vars.STRIPE_PUBLISHABLE_KEY;
  });
}

function directive(policy: string | null, name: string): string[] {
  return (
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(' '))
      .find(([n]) => n === name)
      ?.slice(1) ?? []
  );
}

describe('checkout with Stripe', () => {
  it('gives the page the publishable key, and a card that needs authentication its client secret', async () => {
    useFakeStripe();
    publishableKey('pk_test_fake');
    const { base, websiteId } = await storeOnHost('stripe-setup.test', (site) => setStock(site, 'candle', 2));
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    const started = await visitor.json<{ payment: unknown }>('POST', '/api/commerce/checkout', {});
    expect(started.body.payment).toEqual({ provider: 'stripe', mode: 'test', publishableKey: 'pk_test_fake' });
    await fillCheckout(visitor);
    const placed = await placeWithStripe(visitor, 'pm_card_authenticationRequired', crypto.randomUUID());
    expect(placed.status).toBe(201);
    expect(placed.body.order.payment).toEqual({
      provider: 'stripe',
      status: 'requires_action',
      nextActionUrl: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\//),
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
    });
  });

  it('says the key is missing (null) rather than sending a secret or malformed one; the local provider needs none', async () => {
    useFakeStripe();
    publishableKey('sk_test_not_publishable');
    const { base } = await storeOnHost('stripe-nokey.test');
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(visitor)).body).toMatchObject({
      payment: { provider: 'stripe', publishableKey: null },
    });
  });

  it('allows Stripe.js, its frames and its API on /checkout only, and renders the Elements card holder there', async () => {
    useFakeStripe();
    const { base } = await storeOnHost('stripe-csp.test');
    const page = await new Visitor(base).fetch('/checkout');
    const policy = page.headers.get('content-security-policy');
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const html = await page.text();
    expect(html).toContain('class="Checkout-stripe-card"');
    expect(html).not.toContain('name="cardNumber"');
    expect(html).not.toContain('js.stripe.com/v3');

    const cart = await new Visitor(base).fetch('/cart');
    await cart.arrayBuffer();
    expect(cart.headers.get('content-security-policy')).not.toContain('stripe.com');
  });

  it('keeps Stripe in the policy of a checkout page answered from the page cache, before the router too', async () => {
    useFakeStripe();
    const { base } = await storeOnHost('stripe-kept.test');
    const stripeAllowed = async (): Promise<[string | null, boolean]> => {
      const page = await new Visitor(base).fetch('/checkout');
      await page.arrayBuffer();
      const frames = directive(page.headers.get('content-security-policy'), 'frame-src');
      return [page.headers.get('x-page-cache'), frames.includes('https://js.stripe.com')];
    };
    expect(await stripeAllowed()).toEqual(['miss', true]);
    await expect.poll(stripeAllowed, { timeout: 10_000 }).toEqual(['hit', true]);
    // Noted by the hit above, these are answered from the isolate's memory before the router runs.
    expect(await stripeAllowed()).toEqual(['hit', true]);
    expect(await stripeAllowed()).toEqual(['hit', true]);
  });
});

describe('checkout with the local provider', () => {
  it('keeps its test card field and a policy without Stripe', async () => {
    const { base } = await storeOnHost('local-card.test');
    const page = await new Visitor(base).fetch('/checkout');
    expect(page.headers.get('content-security-policy')).not.toContain('stripe.com');
    const html = await page.text();
    expect(html).toContain('name="cardNumber"');
    expect(html).not.toContain('class="Checkout-stripe-card"');
  });
});
