/**
 * Cancelling a subscription (issue 32, journey 4) in workerd: the confirmation email carries the
 * manage link (the subscription's page with its buyer token), the page's calls show and cancel it
 * with the crumb and no account, a cancel is idempotent, a wrong token is 404, and a cancelled
 * subscription is never charged again, even when it is cancelled while a renewal is being charged.
 * A signed-in shopper's account lists their subscriptions and cancels, pauses and resumes them; nobody
 * else's. A paused subscription is not renewed until it is resumed.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES, type BuyerSubscription } from '../../src/commerce/subscriptions';
import {
  ADDRESS,
  CARD,
  orders,
  paymentLedger,
  placeOrder,
  skuOf,
  standardRules,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

async function subscribe(
  base: string,
  email: string,
): Promise<{ visitor: Visitor; orderId: string; token: string; nextBillingOn: number }> {
  const visitor = await new Visitor(base).open('/shop');
  const { cartToken } = (
    await visitor.json<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'p-coffee-beans',
      sku: skuOf('coffee-beans'),
      qty: 1,
    })
  ).body;
  await visitor.json('POST', '/api/commerce/checkout', { cartToken });
  const filled = await visitor.json<{ checkout: { shippingOptions: { id: string }[] } }>(
    'PUT',
    '/api/commerce/checkout',
    { cartToken, email, shippingAddress: ADDRESS },
  );
  await visitor.json('PUT', '/api/commerce/checkout', {
    cartToken,
    shippingOptionId: filled.body.checkout.shippingOptions[0]?.id,
  });
  const placed = await placeOrder(visitor, CARD.ok, crypto.randomUUID(), { cartToken });
  expect(placed.status).toBe(201);
  const order = placed.body.order;
  const token = new URL(order.confirmationUrl ?? '', base).searchParams.get('token') ?? '';
  return { visitor, orderId: order.id, token, nextBillingOn: order.subscription?.nextBillingOn ?? 0 };
}

describe('cancelling a subscription', () => {
  it('from the manage link in its email, without an account: shown, cancelled once, and never renewed', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sub-cancel.test');
    await standardRules(websiteId);
    const { orderId, token, nextBillingOn } = await subscribe(base, 'beans@example.com');
    const store = orders(websiteId);
    await store.deliverEmail();
    const mail = (await store.mailbox()).find((m) => m.to === 'beans@example.com' && m.subject.endsWith('confirmed'));
    expect(mail?.text).toContain('Billed every week, until you cancel');
    const link = /To see or cancel your subscription: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(new URL(link).pathname).toBe(`/commerce/subscriptions/${orderId}`);
    expect(new URL(link).searchParams.get('token')).toBe(token);

    // Someone else following the link: a fresh browser, no account, only the link.
    const reader = await new Visitor(base).open(new URL(link).pathname + new URL(link).search);
    const shown = await reader.json<{ subscription: BuyerSubscription }>(
      'GET',
      `/api/commerce/subscriptions/${orderId}?token=${token}`,
    );
    expect(shown.body.subscription).toMatchObject({
      status: 'active',
      title: 'Coffee Subscription',
      nextChargeOn: nextBillingOn,
      plan: { billingPeriod: { value: 1, unit: 'WEEK' }, numBillingCycles: 0 },
    });
    expect(await reader.json('GET', `/api/commerce/subscriptions/${orderId}?token=${'0'.repeat(32)}`)).toEqual({
      status: 404,
      body: { error: SUBSCRIPTION_MESSAGES.notFound },
    });
    // CSRF: without the crumb header nothing changes.
    const forged = await reader.fetch(`/api/commerce/subscriptions/${orderId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(forged.status).toBe(403);
    expect((await reader.json('POST', `/api/commerce/subscriptions/${orderId}/cancel`, { token: 'x' })).status).toBe(
      400,
    );

    const cancelled = await reader.json<{ subscription: BuyerSubscription }>(
      'POST',
      `/api/commerce/subscriptions/${orderId}/cancel`,
      { token },
    );
    expect(cancelled.body.subscription).toMatchObject({ status: 'cancelled', nextChargeOn: null });
    const again = await reader.json<{ subscription: BuyerSubscription }>(
      'POST',
      `/api/commerce/subscriptions/${orderId}/cancel`,
      { token },
    );
    expect(again.body.subscription.cancelledOn).toBe(cancelled.body.subscription.cancelledOn);
    await store.deliverEmail();
    expect((await store.mailbox()).filter((m) => m.subject === SUBSCRIPTION_MESSAGES.cancelledSubject)).toHaveLength(1);

    // The renewal run at and long after its date charges nothing.
    const charges = (await paymentLedger().captured()).count;
    const ordersBefore = (await store.orders(null, null, 50)).orders.length;
    expect(await store.renewDue(websiteId, nextBillingOn)).toEqual({ placed: 0, failed: 0 });
    expect(await store.renewDue(websiteId, nextBillingOn + 60 * 86_400_000)).toEqual({ placed: 0, failed: 0 });
    expect((await paymentLedger().captured()).count).toBe(charges);
    expect((await store.orders(null, null, 50)).orders.length).toBe(ordersBefore);
  });

  it('cancelled while a renewal is being charged: that charge stands, nothing more is scheduled', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sub-cancel-race.test');
    await standardRules(websiteId);
    const { visitor, orderId, token, nextBillingOn } = await subscribe(base, 'race@example.com');
    const store = orders(websiteId);
    const [run] = await Promise.all([
      store.renewDue(websiteId, nextBillingOn),
      visitor.json('POST', `/api/commerce/subscriptions/${orderId}/cancel`, { token }),
    ]);
    expect(run.placed + run.failed).toBeLessThanOrEqual(1);
    const shown = await visitor.json<{ subscription: BuyerSubscription }>(
      'GET',
      `/api/commerce/subscriptions/${orderId}?token=${token}`,
    );
    expect(shown.body.subscription).toMatchObject({ status: 'cancelled', nextChargeOn: null });
    expect(await store.renewDue(websiteId, nextBillingOn + 30 * 86_400_000)).toEqual({ placed: 0, failed: 0 });
  });
});

const ACCOUNT = '/api/site-users/account';

/** A verified, signed-in shopper of the store at `base` (the accounts object's verification link, then the sign-in). */
async function signedIn(
  base: string,
  websiteId: string,
  email: string,
): Promise<{ visitor: Visitor; call: (method: string, path: string, body?: object) => Promise<Response> }> {
  const visitor = await new Visitor(base).open('/account');
  expect(
    (await visitor.json('POST', `${ACCOUNT}/signup`, { email, password: 'tidal-harbour-42' })).status,
  ).toBeLessThan(300);
  const users = env.SITE_USERS.get(env.SITE_USERS.idFromName(websiteId));
  await runDurableObjectAlarm(users);
  const token =
    (await users.mailbox())
      .filter((m) => m.to === email)
      .map((m) => /\/account\?verify=([0-9a-f]{64})/.exec(m.text)?.[1])
      .find((t) => t !== undefined) ?? '';
  expect((await visitor.json('POST', `${ACCOUNT}/verify`, { token })).status).toBe(200);
  const session = await visitor.json<{ xsrfToken: string }>('POST', `${ACCOUNT}/session`, {
    email,
    password: 'tidal-harbour-42',
  });
  const call = (method: string, path: string, body: object = {}) =>
    visitor.fetch(`${ACCOUNT}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': visitor.crumb,
        'x-siteuser-xsrf-token': session.body.xsrfToken,
      },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
  return { visitor, call };
}

describe("the account's subscriptions", () => {
  it("lists the signed-in shopper's subscriptions and cancels them, never another shopper's", {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sub-account.test');
    await standardRules(websiteId);
    await subscribe(base, 'owner@example.com');
    const other = await subscribe(base, 'other@example.com');
    const { call } = await signedIn(base, websiteId, 'owner@example.com');
    const listed = (await (await call('GET', '/subscriptions')).json()) as { subscriptions: BuyerSubscription[] };
    expect(listed.subscriptions).toHaveLength(1);
    const [own] = listed.subscriptions;
    expect(own).toMatchObject({ status: 'active', title: 'Coffee Subscription' });
    // Another shopper's subscription is not found from this account.
    expect((await call('POST', `/subscriptions/sub_${other.orderId}/cancel`)).status).toBe(404);
    const cancelled = (await (await call('POST', `/subscriptions/${own?.id}/cancel`)).json()) as {
      subscription: BuyerSubscription;
    };
    expect(cancelled.subscription).toMatchObject({ status: 'cancelled', nextChargeOn: null });
    // Signed out: 401; the other shopper's subscription is still active.
    expect((await new Visitor(base).json('GET', `${ACCOUNT}/subscriptions`)).status).toBe(401);
    const stillActive = await other.visitor.json<{ subscription: BuyerSubscription }>(
      'GET',
      `/api/commerce/subscriptions/${other.orderId}?token=${other.token}`,
    );
    expect(stillActive.body.subscription.status).toBe('active');
  });

  it('pauses a subscription, which is not charged until resumed; a resume after its date charges a period later', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sub-pause.test');
    await standardRules(websiteId);
    const { nextBillingOn } = await subscribe(base, 'pauser@example.com');
    const other = await subscribe(base, 'other-pauser@example.com');
    const { call } = await signedIn(base, websiteId, 'pauser@example.com');
    const listed = (await (await call('GET', '/subscriptions')).json()) as { subscriptions: BuyerSubscription[] };
    const id = listed.subscriptions[0]?.id ?? '';
    expect((await call('POST', `/subscriptions/sub_${other.orderId}/pause`)).status).toBe(404);

    const paused = (await (await call('POST', `/subscriptions/${id}/pause`)).json()) as {
      subscription: BuyerSubscription;
    };
    expect(paused.subscription).toMatchObject({ status: 'paused', nextChargeOn: null, pausedOn: expect.any(Number) });
    // A pause again answers it as it is.
    expect(((await (await call('POST', `/subscriptions/${id}/pause`)).json()) as typeof paused).subscription).toEqual(
      paused.subscription,
    );
    // Its date comes and goes: nothing is charged (only the other shopper's renews).
    const charged = await paymentLedger().captured();
    const store = orders(websiteId);
    expect(await store.renewDue(websiteId, nextBillingOn + 60_000)).toEqual({ placed: 1, failed: 0 });
    expect((await paymentLedger().captured()).count).toBe(charged.count + 1);

    // Resumed after its date (a fake clock): the next charge is a week from the resume, not at once.
    const later = nextBillingOn + 60_000;
    const resumed = await store.resumeCustomerSubscription(id, 'pauser@example.com', [], later);
    expect(resumed).toMatchObject({ status: 'active', pausedOn: null, nextChargeOn: later + 7 * 86_400_000 });
    expect(await store.renewDue(websiteId, later + 1000)).toEqual({ placed: 0, failed: 0 });
    expect(await store.renewDue(websiteId, later + 7 * 86_400_000)).toEqual({ placed: 2, failed: 0 });

    // Paused and resumed before its date (the account's calls): the date it had is kept.
    const before = (await call('GET', '/subscriptions').then((r) => r.json())) as {
      subscriptions: BuyerSubscription[];
    };
    const kept = before.subscriptions[0]?.nextChargeOn;
    await call('POST', `/subscriptions/${id}/pause`);
    const again = (await (await call('POST', `/subscriptions/${id}/resume`)).json()) as typeof paused;
    expect(again.subscription).toMatchObject({ status: 'active', nextChargeOn: kept });

    // Paused, it can still be cancelled; a cancelled one cannot be resumed.
    await call('POST', `/subscriptions/${id}/pause`);
    expect(
      ((await (await call('POST', `/subscriptions/${id}/cancel`)).json()) as typeof paused).subscription,
    ).toMatchObject({ status: 'cancelled', nextChargeOn: null });
    expect(
      ((await (await call('POST', `/subscriptions/${id}/resume`)).json()) as typeof paused).subscription,
    ).toMatchObject({ status: 'cancelled' });
  });

  it('emails the shopper on each pause, resume and cancel, in the account language, with the next charge date', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('sub-pause-mail.test');
    await standardRules(websiteId);
    const { nextBillingOn } = await subscribe(base, 'lecteur@example.com');
    await subscribe(base, 'reader@example.com');
    const store = orders(websiteId);
    const mailTo = async (to: string) => {
      await store.deliverEmail();
      return (await store.mailbox()).filter((m) => m.to === to && !m.subject.endsWith('confirmed'));
    };

    // The account reads the store in French: its emails are French, the next charge date and amount as French writes them.
    const french = await signedIn(base, websiteId, 'lecteur@example.com');
    expect((await french.call('POST', '/locale', { language: 'fr-FR' })).status).toBe(200);
    const [subscription] = (
      (await (await french.call('GET', '/subscriptions')).json()) as {
        subscriptions: BuyerSubscription[];
      }
    ).subscriptions;
    const id = subscription?.id ?? '';
    await french.call('POST', `/subscriptions/${id}/pause`);
    await french.call('POST', `/subscriptions/${id}/resume`);
    await french.call('POST', `/subscriptions/${id}/cancel`);
    const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'America/New_York' }).format(
      nextBillingOn,
    );
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(
      (subscription?.amountCents ?? 0) / 100,
    );
    expect((await mailTo('lecteur@example.com')).map((m) => [m.subject, m.text])).toEqual([
      [
        'Votre abonnement est en pause',
        'Votre abonnement à Coffee Subscription est en pause. Vous ne serez pas débité tant que vous ne l’aurez pas repris.\n',
      ],
      [
        'Votre abonnement a repris',
        `Votre abonnement à Coffee Subscription est de nouveau actif. Prochain prélèvement : ${amount} le ${day}.\n`,
      ],
      [
        'Votre abonnement est résilié',
        'Votre abonnement à Coffee Subscription est résilié. Vous ne serez plus débité.\n',
      ],
    ]);
    expect(amount).toMatch(/^\d+,\d{2}\s\$US$/);

    // An account with no language of its own gets the site's (English on the demo).
    const english = await signedIn(base, websiteId, 'reader@example.com');
    const [theirs] = (
      (await (await english.call('GET', '/subscriptions')).json()) as {
        subscriptions: BuyerSubscription[];
      }
    ).subscriptions;
    await english.call('POST', `/subscriptions/${theirs?.id}/pause`);
    await english.call('POST', `/subscriptions/${theirs?.id}/resume`);
    const mails = await mailTo('reader@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your subscription is paused', 'Your subscription is resumed']);
    expect(mails[1]?.text).toContain(
      `Next charge: $${((theirs?.amountCents ?? 0) / 100).toFixed(2)} on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'America/New_York' }).format(theirs?.nextChargeOn ?? 0)}.`,
    );
  });
});
