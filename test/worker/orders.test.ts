/** Orders after checkout in workerd (issue 16): the merchant's calls, subscriptions on a fake clock, gift card and welcome code emails. */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { DEMO_SITE_ID } from '../../src/site/demo';
import { ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  available,
  CANDLE,
  CARD,
  fillCheckout,
  merchant,
  orders,
  paymentLedger,
  placeOrder,
  setStock,
  shopper,
  shopperAtPayment,
  skuOf,
  standardRules,
  startCheckout,
  stock,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

async function paidOrder(base: string, quantity = 1, card: string = CARD.ok): Promise<Order> {
  const { visitor } = await shopperAtPayment(base, quantity);
  const placed = await placeOrder(visitor, card);
  expect(placed.status).toBe(201);
  return placed.body.order;
}

describe('merchant order calls', () => {
  it('need the commerce permission: 401 without a session, 403 for an editor', async () => {
    const { base, websiteId } = await storeOnHost('roles.orders.test');
    const editor = await merchant(base, websiteId, ROLES.editor);
    const anonymous = await new Visitor(base).open();
    for (const [method, path, body] of [
      ['GET', '/api/commerce/orders', undefined],
      ['POST', '/api/commerce/orders/ord_x/fulfill', { trackingNumber: '1Z' }],
      ['POST', '/api/commerce/orders/ord_x/cancel', {}],
      ['POST', '/api/commerce/orders/ord_x/refund', { restock: true }],
      ['GET', '/api/commerce/shipping-rates', undefined],
      ['POST', '/api/commerce/tax-rates', {}],
      ['GET', '/api/commerce/discounts', undefined],
      ['PUT', '/api/commerce/settings', {}],
      ['GET', '/api/commerce/orders/ord_x', undefined],
    ] as const) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await editor.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists orders newest first by keyset pages and status; fulfils (emailing the tracking number), cancels and refunds with restock', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('manage.orders.test', (site) => setStock(site, 'candle', 10));
    await standardRules(websiteId);
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await paidOrder(base));
    const owner = await merchant(base, websiteId, ROLES.admin);
    const page1 = await owner.json<{ orders: Order[]; hasNextPage: boolean; nextPageCursor: string }>(
      'GET',
      '/api/commerce/orders?limit=3',
    );
    expect(page1.body.orders.map((o) => o.orderNumber)).toEqual([1004, 1003, 1002]);
    expect(page1.body).toMatchObject({ hasNextPage: true, nextPageCursor: '1002' });
    const page2 = await owner.json<{ orders: Order[]; hasNextPage: boolean }>(
      'GET',
      `/api/commerce/orders?limit=3&cursor=${page1.body.nextPageCursor}`,
    );
    expect(page2.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(page2.body.orders.map((o) => o.orderNumber)).toEqual([1001]);
    expect((await owner.json('GET', '/api/commerce/orders?status=shipped')).status).toBe(400);
    expect((await owner.json('GET', '/api/commerce/orders?limit=0')).status).toBe(400);

    const [first, second, third] = placed as [Order, Order, Order];
    expect((await owner.json('GET', `/api/commerce/orders/${first.id}`)).body).toMatchObject({
      order: { id: first.id, status: 'paid' },
    });
    expect((await owner.json('POST', `/api/commerce/orders/${first.id}/fulfill`, { trackingNumber: '' })).status).toBe(
      400,
    );
    const fulfilled = await owner.json<{ order: Order }>('POST', `/api/commerce/orders/${first.id}/fulfill`, {
      trackingNumber: '1Z999',
      carrier: 'UPS',
    });
    expect(fulfilled.body.order).toMatchObject({
      status: 'fulfilled',
      fulfilledOn: expect.any(Number),
      fulfillment: { trackingNumber: '1Z999', carrier: 'UPS' },
    });
    expect(
      (await owner.json('POST', `/api/commerce/orders/${first.id}/fulfill`, { trackingNumber: '1Z999' })).body,
    ).toEqual({ error: 'Only a paid order can be marked fulfilled.' });
    expect((await owner.json('POST', `/api/commerce/orders/${first.id}/cancel`, {})).status).toBe(409);

    expect(await available(base)).toBe(6);
    const ledger = await paymentLedger().captured();
    const cancelled = await owner.json<{ order: Order }>('POST', `/api/commerce/orders/${second.id}/cancel`, {});
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', cancelledOn: expect.any(Number) });
    expect(await available(base)).toBe(7);
    const refunded = await owner.json<{ order: Order }>('POST', `/api/commerce/orders/${third.id}/refund`, {
      restock: false,
    });
    expect(refunded.body.order).toMatchObject({ status: 'refunded', refundedOn: expect.any(Number) });
    expect(await available(base)).toBe(7);
    expect((await owner.json('POST', `/api/commerce/orders/${first.id}/refund`, { restock: true })).body).toMatchObject(
      { order: { status: 'refunded' } },
    );
    expect(await available(base)).toBe(8);
    expect((await paymentLedger().captured()).refundedCents - ledger.refundedCents).toBe(3 * first.amountChargedCents);
    expect((await owner.json('POST', '/api/commerce/orders/ord_nope/refund', { restock: true })).status).toBe(404);

    const shipped = await owner.json<{ orders: Order[] }>('GET', '/api/commerce/orders?status=refunded');
    expect(shipped.body.orders.map((o) => o.orderNumber)).toEqual([1003, 1001]);
    await orders(websiteId).deliverEmail();
    const mail = await orders(websiteId).mailbox();
    const shippedMail = mail.find((m) => m.subject === 'Order #1001 has shipped');
    expect(shippedMail?.to).toBe('ada@example.com');
    expect(shippedMail?.text).toContain('Tracking number: 1Z999 (UPS)');
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Order #1002 cancelled', 'Order #1003 refunded']),
    );
  });

  it('manages shipping rates, tax rates, discount codes and settings, with validation', async () => {
    const { base, websiteId } = await storeOnHost('rates.orders.test');
    const store = await merchant(base, websiteId, ROLES.storeManager);
    const rate = await store.json<{ shippingRate: { id: string } }>('POST', '/api/commerce/shipping-rates', {
      name: 'Standard',
      regions: ['us', 'CA-ON'],
      method: 'flat',
      amountCents: 500,
    });
    expect(rate.status).toBe(201);
    expect(rate.body.shippingRate).toEqual({
      id: expect.any(String),
      name: 'Standard',
      regions: ['US', 'CA-ON'],
      method: 'flat',
      amountCents: 500,
      perKgCents: 0,
      freeOverCents: null,
    });
    const id = rate.body.shippingRate.id;
    expect(
      (
        await store.json('PUT', `/api/commerce/shipping-rates/${id}`, {
          name: 'Standard',
          regions: ['US'],
          method: 'weight',
          amountCents: 300,
          perKgCents: 100,
          freeOverCents: 10000,
        })
      ).status,
    ).toBe(200);
    expect(
      (await store.json('PUT', '/api/commerce/shipping-rates/nope', { name: 'X', method: 'flat', amountCents: 1 }))
        .status,
    ).toBe(404);
    expect(
      (
        await store.json('POST', '/api/commerce/shipping-rates', {
          name: 'X',
          regions: ['United States'],
          method: 'flat',
          amountCents: 1,
        })
      ).body,
    ).toEqual({
      error: "regions.0: must be a country code such as 'US' or a region such as 'US-CA'",
    });
    expect(
      (await store.json('POST', '/api/commerce/shipping-rates', { name: 'X', method: 'flat', amountCents: -1 })).status,
    ).toBe(400);
    expect(
      (await store.json<{ shippingRates: unknown[] }>('GET', '/api/commerce/shipping-rates')).body.shippingRates,
    ).toHaveLength(1);
    expect((await store.json('DELETE', `/api/commerce/shipping-rates/${id}`)).body).toEqual({ deleted: true });
    expect((await store.json('DELETE', `/api/commerce/shipping-rates/${id}`)).status).toBe(404);

    expect(
      (
        await store.json('POST', '/api/commerce/tax-rates', {
          name: 'CA',
          countryCode: 'US',
          region: 'ca',
          ratePercent: '7.25',
        })
      ).body,
    ).toMatchObject({ taxRate: { region: 'CA', ratePercent: '7.25' } });
    expect(
      (await store.json('POST', '/api/commerce/tax-rates', { name: 'Bad', countryCode: 'US', ratePercent: '7.123456' }))
        .body,
    ).toEqual({ error: "ratePercent: must be a percentage such as '8.875' (at most 4 decimals)" });

    const code = { code: 'spring', kind: 'percentage', percent: 15, minimumSubtotalCents: 2000, usageLimit: 100 };
    expect(await store.json('POST', '/api/commerce/discounts', code)).toMatchObject({
      status: 201,
      body: { discount: { code: 'SPRING', uses: 0, percent: 15 } },
    });
    expect((await store.json('POST', '/api/commerce/discounts', code)).status).toBe(409);
    expect((await store.json('POST', '/api/commerce/discounts', { code: 'FIXED', kind: 'fixed' })).body).toEqual({
      error: 'amountCents: a fixed code needs amountCents',
    });
    expect((await store.json('POST', '/api/commerce/discounts', { code: 'X', kind: 'freeShipping' })).status).toBe(400);
    expect(
      (
        await store.json('POST', '/api/commerce/discounts', {
          code: 'DATES',
          kind: 'freeShipping',
          startsOn: 10,
          endsOn: 5,
        })
      ).body,
    ).toEqual({ error: 'endsOn: must be after startsOn' });
    expect((await store.json('PUT', '/api/commerce/discounts/spring', { ...code, percent: 20 })).body).toMatchObject({
      discount: { percent: 20 },
    });
    expect((await store.json('PUT', '/api/commerce/discounts/OTHER', code)).status).toBe(400);
    expect(
      (await store.json<{ discounts: { code: string }[] }>('GET', '/api/commerce/discounts')).body.discounts.map(
        (d) => d.code,
      ),
    ).toEqual(['SPRING']);
    expect((await store.json('DELETE', '/api/commerce/discounts/SPRING')).body).toEqual({ deleted: true });

    expect((await store.json('GET', '/api/commerce/settings')).body).toEqual({
      settings: {
        pricesIncludeTax: false,
        minimumSubtotalCents: 0,
        reservationMinutes: 10,
        welcomeDiscount: { enabled: false, percent: 10 },
        addressSearch: false,
      },
    });
    const settings = {
      pricesIncludeTax: true,
      minimumSubtotalCents: 1000,
      reservationMinutes: 15,
      welcomeDiscount: { enabled: true, percent: 10 },
    };
    expect((await store.json('PUT', '/api/commerce/settings', settings)).body).toEqual({
      settings: { ...settings, addressSearch: false },
    });
    expect((await store.json('PUT', '/api/commerce/settings', { ...settings, addressSearch: true })).body).toEqual({
      settings: { ...settings, addressSearch: true },
    });
    expect((await store.json('PUT', '/api/commerce/settings', { ...settings, reservationMinutes: 0 })).status).toBe(
      400,
    );
  });
});

describe('subscriptions', () => {
  it('a paid subscription order places its next order on schedule (fake clock), for its number of cycles', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('subscriptions.test');
    await standardRules(websiteId);
    const visitor = await new Visitor(base).open('/shop');
    const added = await visitor.json<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'p-tea-club',
      sku: skuOf('tea-club'),
      qty: 1,
    });
    const cartToken = added.body.cartToken;
    const started = await visitor.json<{ checkout: { subscription: unknown } }>('POST', '/api/commerce/checkout', {
      cartToken,
    });
    expect(started.body.checkout.subscription).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 12,
    });
    const filled = await visitor.json<{ checkout: { shippingOptions: { id: string }[] } }>(
      'PUT',
      '/api/commerce/checkout',
      { cartToken, email: 'tea@example.com', shippingAddress: ADDRESS },
    );
    await visitor.json('PUT', '/api/commerce/checkout', {
      cartToken,
      shippingOptionId: filled.body.checkout.shippingOptions[0]?.id,
    });
    const placed = await placeOrder(visitor, CARD.ok, crypto.randomUUID(), { cartToken });
    expect(placed.status).toBe(201);
    const first = placed.body.order;
    expect(first.confirmationUrl).toMatch(/^\/commerce\/subscriptions\/ord_/);
    const nextBillingOn = first.subscription?.nextBillingOn ?? 0;
    expect(first.subscription).toMatchObject({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 12,
      cycle: 1,
    });
    const paidOn = new Date(first.paidOn ?? 0);
    const expected = new Date(paidOn);
    expected.setUTCDate(1);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expected.setUTCDate(
      Math.min(
        paidOn.getUTCDate(),
        new Date(Date.UTC(expected.getUTCFullYear(), expected.getUTCMonth() + 1, 0)).getUTCDate(),
      ),
    );
    expect(nextBillingOn).toBe(expected.getTime());

    const store = orders(websiteId);
    expect(await store.renewDue(websiteId, nextBillingOn - 1)).toEqual({ placed: 0, failed: 0 });
    expect(await store.renewDue(websiteId, nextBillingOn)).toEqual({ placed: 1, failed: 0 });
    expect(await store.renewDue(websiteId, nextBillingOn)).toEqual({ placed: 0, failed: 0 });
    const list = await store.orders(null, null, 10);
    const renewal = list.orders[0];
    expect(renewal).toMatchObject({
      orderNumber: (first.orderNumber ?? 0) + 1,
      status: 'paid',
      grandTotalCents: first.grandTotalCents,
      email: 'tea@example.com',
      subscription: { cycle: 2 },
    });
    const token = new URL(first.confirmationUrl ?? '', base).searchParams.get('token');
    expect((await visitor.json('GET', `/api/commerce/orders/${renewal?.id}?token=${token}`)).status).toBe(200);
    // Cycles 3 to 12 follow month by month, and then nothing more.
    let at = renewal?.subscription?.nextBillingOn ?? 0;
    for (let cycle = 3; cycle <= 12; cycle++) {
      // Two runs at once (an alarm and a retry) still place the cycle once.
      const runs = await Promise.all([store.renewDue(websiteId, at), store.renewDue(websiteId, at)]);
      expect(runs.reduce((sum, run) => sum + run.placed, 0)).toBe(1);
      at = (await store.orders(null, null, 1)).orders[0]?.subscription?.nextBillingOn ?? 0;
    }
    expect(at).toBe(0);
    expect((await store.orders(null, null, 1)).orders[0]?.subscription).toMatchObject({
      cycle: 12,
      nextBillingOn: null,
    });
    expect(await store.renewDue(websiteId, Date.now() + 400 * 86_400_000)).toEqual({ placed: 0, failed: 0 });
  });
});

describe('emails from the store', () => {
  it('a newsletter sign-up gets a single-use welcome code when the merchant enables it', {
    timeout: 60_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('welcome.test');
    await standardRules(websiteId);
    const signUp = async (email: string) => {
      const visitor = await new Visitor(base).open('/');
      const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
      const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
        key,
        formId: 'promo-newsletter',
        form: JSON.stringify({ email }),
        captchaKey: 'local:promo_popup:0123456789abcdef',
      });
      expect(res.status).toBe(200);
    };
    await signUp('early@example.com');
    await orders(websiteId).setSettings({
      pricesIncludeTax: false,
      minimumSubtotalCents: 0,
      reservationMinutes: 10,
      welcomeDiscount: { enabled: true, percent: 10 },
    });
    await signUp('new@example.com');
    await signUp('NEW@example.com');
    await orders(websiteId).deliverEmail();
    const mail = (await orders(websiteId).mailbox()).filter((m) => m.subject.startsWith('Your welcome code'));
    expect(mail.map((m) => m.to)).toEqual(['new@example.com']);
    const code = /code (WELCOME-[0-9A-F]{8})/.exec(mail[0]?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    expect((await orders(websiteId).discounts()).map((d) => d.code)).not.toContain(code);

    const first = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(first);
    await fillCheckout(first, { discountCode: code });
    expect((await placeOrder(first)).body.order).toMatchObject({ discountCents: 320, coupons: [code] });
    const second = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(second);
    expect((await second.json('PUT', '/api/commerce/checkout', { discountCode: code })).body).toMatchObject({
      errors: { discountCode: 'That code has been used up.' },
    });
    // The second shopper's checkout holds nothing (stock is reserved at payment).
    expect(await stock(websiteId).reservations()).toEqual([]);
  });

  it('the demo store keeps its popup’s promise with no set-up: a sign-up gets a 10% welcome code by email that works at checkout (issue 32)', {
    timeout: 60_000,
  }, async () => {
    const base = 'http://localhost';
    const visitor = await new Visitor(base).open('/');
    const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
    const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
      key,
      formId: 'promo-newsletter',
      form: JSON.stringify({ email: 'popup@example.com' }),
      captchaKey: 'local:promo_popup:0123456789abcdef',
    });
    expect(res.status).toBe(200);
    await orders(DEMO_SITE_ID).deliverEmail();
    const mail = (await orders(DEMO_SITE_ID).mailbox()).filter((m) => m.to === 'popup@example.com');
    expect(mail.map((m) => m.subject)).toEqual(['Your welcome code for Studio Goods']);
    const code = /code (WELCOME-[0-9A-F]{8}) at checkout for 10% off/.exec(mail[0]?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    const buyer = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(buyer);
    await fillCheckout(buyer, { discountCode: code });
    expect((await placeOrder(buyer)).body.order).toMatchObject({ discountCents: 320, coupons: [code] });
  });
});
