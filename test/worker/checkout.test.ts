/** The checkout calls in workerd (issue 16, 29): stock checked and reserved at payment, per-field errors, totals, placing orders, and the races. */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, type ShoppingCart } from '../../src/commerce/cart';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import { DISCOUNT_MESSAGES } from '../../src/commerce/discounts';
import { GIFT_CARD_MESSAGES } from '../../src/commerce/gift-cards';
import { CHECKOUT_KEEP_MS } from '../../src/durable/orders';
import { FORM_MESSAGES } from '../../src/forms/validate';
import {
  ADDRESS,
  available,
  CANDLE,
  CARD,
  CHECKOUT,
  ENTRIES,
  fillCheckout,
  orders,
  paymentLedger,
  placeOrder,
  readyToPay,
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
import { inNextStockSlot } from './stock-slot';

const OAK = { itemId: 'p-oak-board', sku: skuOf('oak-board') };
const EBOOK = { itemId: 'p-recipe-ebook' };

describe('starting a checkout', () => {
  it('holds no stock (reserve at payment, not before): every shopper may check out what is available, the checkout is kept for hours', async () => {
    const { base, websiteId } = await storeOnHost('start.test', (site) => setStock(site, 'candle', 3));
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    expect(await available(base, CANDLE.itemId)).toBe(3);
    const before = Date.now();
    const started = await startCheckout(visitor);
    expect(started.status).toBe(200);
    expect(started.body.checkout).toMatchObject({
      cartId: visitor.cookies.get('CART'),
      currencyCode: 'USD',
      email: null,
      shippingAddress: null,
      requiresShipping: true,
      shippingOptions: [],
      selectedShippingOption: null,
      subtotalCents: 6400,
      grandTotalCents: 6400,
      amountDueCents: 6400,
      taxCents: 0,
      coupons: [],
      subscription: null,
      problems: { email: 'Required', 'shippingAddress.firstName': 'Required', shippingOptionId: 'Required' },
    });
    // Reserve at payment, not before: the checkout is kept for hours and holds no unit.
    const expires = started.body.checkout.reservationExpiresOn;
    expect(expires).toBeGreaterThanOrEqual(before + CHECKOUT_KEEP_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + CHECKOUT_KEEP_MS);
    expect(await available(base, CANDLE.itemId)).toBe(3);
    const other = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    expect((await startCheckout(other)).status).toBe(200);
    const late = await shopper(base, [{ ...CANDLE, quantity: 3 }]);
    expect((await startCheckout(late)).status).toBe(200);
    expect((await startCheckout(visitor)).status).toBe(200);
    expect(await stock(websiteId).reservations()).toEqual([]);
  });

  it('refuses a checkout whose stock is gone with 409 and what is short; no cart is 404', async () => {
    const { base, websiteId } = await storeOnHost('short.test', (site) => setStock(site, 'candle', 1));
    const a = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    const b = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(a)).status).toBe(200);
    await standardRules(websiteId);
    await fillCheckout(a);
    // a pays with a card that asks for authentication: the unit is reserved for the payment window.
    expect((await placeOrder(a, CARD.action)).status).toBe(201);
    expect(await b.json('POST', CHECKOUT, {})).toEqual({
      status: 409,
      body: { error: CART_MESSAGES.notEnoughStock, unavailable: [{ sku: CANDLE.sku, available: 0 }] },
    });
    expect(await new Visitor(base).open().then((v) => v.json('POST', CHECKOUT, {}))).toEqual({
      status: 404,
      body: { error: CHECKOUT_MESSAGES.noCart },
    });
  });

  it('needs the crumb, a capped and valid body, and is rate limited like the cart', async () => {
    const { base } = await storeOnHost('guards.test');
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    const noCrumb = await visitor.fetch(CHECKOUT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCrumb.status).toBe(403);
    expect(await noCrumb.json()).toMatchObject({ crumbFail: true });
    expect((await visitor.json('PUT', CHECKOUT, { email: 'x'.repeat(20_000) })).status).toBe(413);
    expect(await visitor.json('PUT', CHECKOUT, { shippingAddress: { firstName: 1 } })).toMatchObject({ status: 400 });
    expect(await visitor.json('POST', CHECKOUT, { cartToken: 'nope' })).toEqual({
      status: 400,
      body: { error: 'cartToken: cartToken is not a cart token' },
    });
    const noKey = await visitor.json('POST', '/api/commerce/orders', {
      payment: { provider: 'local', token: CARD.ok },
    });
    expect(noKey.body).toEqual({ error: 'The Idempotency-Key header is required: 8 to 128 letters, digits, - or _.' });
  });
});

describe('the checkout form', () => {
  it('answers per-field errors with the summary message and stores nothing wrong', async () => {
    const { base, websiteId } = await storeOnHost('fields.test');
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(visitor);
    const bad = await visitor.json('PUT', CHECKOUT, { email: 'not-an-email' });
    expect(bad).toEqual({
      status: 400,
      body: { error: 'Update the missing or invalid information above', errors: { email: FORM_MESSAGES.email } },
    });
    const address = await visitor.json('PUT', CHECKOUT, {
      shippingAddress: { ...ADDRESS, city: '', postalCode: '6270' },
    });
    expect(address).toEqual({
      status: 400,
      body: {
        error: CHECKOUT_MESSAGES.formIncomplete,
        errors: { 'shippingAddress.city': 'Required', 'shippingAddress.postalCode': 'Enter a valid postal code.' },
      },
    });
    for (const countryCode of ['ZZ', 'XY', '']) {
      const country = await visitor.json('PUT', CHECKOUT, { shippingAddress: { ...ADDRESS, countryCode } });
      expect(country.body).toMatchObject({
        errors: { 'shippingAddress.countryCode': countryCode === '' ? 'Required' : 'Choose a country from the list.' },
      });
    }
    expect((await startCheckout(visitor)).body.checkout.shippingAddress).toBeNull();
    expect((await visitor.json('PUT', CHECKOUT, { discountCode: 'NOPE' })).body).toEqual({
      error: CHECKOUT_MESSAGES.formIncomplete,
      errors: { discountCode: DISCOUNT_MESSAGES.unknown },
    });
    expect((await visitor.json('PUT', CHECKOUT, { giftCardCode: 'AAAA-BBBB-CCCC-DDDD' })).body).toEqual({
      error: CHECKOUT_MESSAGES.formIncomplete,
      errors: { giftCardCode: GIFT_CARD_MESSAGES.unknown },
    });
    expect((await visitor.json('PUT', CHECKOUT, { shippingOptionId: 'shipping-nope' })).body).toEqual({
      error: CHECKOUT_MESSAGES.formIncomplete,
      errors: { shippingOptionId: 'That shipping option is not available for this address.' },
    });
    const abroad = await visitor.json<{ checkout: { problems: Record<string, string> } }>('PUT', CHECKOUT, {
      shippingAddress: { ...ADDRESS, region: '', postalCode: '75001', countryCode: 'FR', city: 'Paris' },
    });
    expect(abroad.body.checkout.problems.shippingOptionId).toBe('We do not ship to this address.');
  });

  it('computes shipping options, tax, discounts and the cart fields of the spec', async () => {
    const { base, websiteId } = await storeOnHost('totals.test');
    await standardRules(websiteId);
    await orders(websiteId).saveDiscount(
      {
        code: 'TENOFF',
        kind: 'percentage',
        percent: 10,
        amountCents: null,
        minimumSubtotalCents: 5000,
        startsOn: null,
        endsOn: null,
        usageLimit: null,
      },
      true,
    );
    await orders(websiteId).saveDiscount(
      {
        code: 'SHIPFREE',
        kind: 'freeShipping',
        percent: null,
        amountCents: null,
        minimumSubtotalCents: 0,
        startsOn: null,
        endsOn: null,
        usageLimit: null,
      },
      true,
    );
    await orders(websiteId).saveDiscount(
      {
        code: 'LATER',
        kind: 'fixed',
        percent: null,
        amountCents: 500,
        minimumSubtotalCents: 0,
        startsOn: Date.now() + 86_400_000,
        endsOn: null,
        usageLimit: null,
      },
      true,
    );
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await startCheckout(visitor);
    const filled = await fillCheckout(visitor);
    expect(filled.shippingOptions).toEqual([
      { id: expect.stringMatching(/^shipping-/), name: 'Standard', costCents: 500, free: false },
      { id: expect.stringMatching(/^shipping-/), name: 'Express', costCents: 1500, free: false },
    ]);
    expect(filled).toMatchObject({
      subtotalCents: 6400,
      shippingCostCents: 500,
      taxCents: 400,
      grandTotalCents: 7300,
      problems: {},
      shippingLocation: { countryCode: 'US', region: 'IL' },
    });
    expect(filled.applicableTaxRules).toEqual([
      { id: expect.any(String), name: 'Illinois', ratePercent: '6.25', amountCents: 400 },
    ]);
    expect((await visitor.json('PUT', CHECKOUT, { discountCode: 'later' })).body).toMatchObject({
      errors: { discountCode: DISCOUNT_MESSAGES.notStarted },
    });
    const discounted = await visitor.json<{ checkout: typeof filled }>('PUT', CHECKOUT, { discountCode: ' tenoff ' });
    expect(discounted.body.checkout).toMatchObject({
      discountCode: 'TENOFF',
      coupons: ['TENOFF'],
      validCoupons: ['TENOFF'],
      discountCents: 640,
      taxCents: 360,
      grandTotalCents: 6400 - 640 + 500 + 360,
    });
    const cart = (await visitor.json<ShoppingCart>('GET', '/api/commerce/shopping-cart')).body;
    expect(cart).toMatchObject({
      orderId: null,
      selectedShippingOption: filled.selectedShippingOption,
      shippingLocation: { countryCode: 'US', region: 'IL' },
      coupons: ['TENOFF'],
      validCoupons: ['TENOFF'],
      invalidCoupons: [],
      discountCents: 640,
      shippingCostCents: 500,
      taxCents: 360,
      grandTotalCents: 6620,
    });
    expect(cart.shippingOptions).toHaveLength(2);
    expect(cart.applicableTaxRules[0]).toMatchObject({ name: 'Illinois', amountCents: 360 });
    const free = await visitor.json<{ checkout: typeof filled }>('PUT', CHECKOUT, { discountCode: 'SHIPFREE' });
    expect(free.body.checkout).toMatchObject({ discountCents: 0, shippingCostCents: 0, grandTotalCents: 6800 });
    // Removing the shirt below the code's minimum makes the kept code invalid, and says how much is missing.
    await visitor.json('PUT', CHECKOUT, { discountCode: 'TENOFF' });
    const entryId = cart.entries[0]?.id;
    await visitor.json('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 1 });
    const below = (await startCheckout(visitor)).body.checkout;
    expect(below.invalidCoupons).toEqual([{ code: 'TENOFF', reason: 'Add $18.00 more to use this code.' }]);
    expect(below.problems.discountCode).toBe('Add $18.00 more to use this code.');
  });

  it('prices tax-inclusive stores and weight-based, free-over rates per region', async () => {
    const { base, websiteId } = await storeOnHost('inclusive.test', (site) => {
      const variant = site.items.find((i) => i.urlId === 'candle')?.structuredContent?.variants[0];
      if (variant !== undefined) Object.assign(variant, { weightGrams: 1500 });
    });
    const store = orders(websiteId);
    await store.setSettings({
      pricesIncludeTax: true,
      minimumSubtotalCents: 0,
      reservationMinutes: 10,
      welcomeDiscount: { enabled: false, percent: 10 },
    });
    await store.saveRate('shipping', null, {
      name: 'By weight',
      regions: ['DE'],
      method: 'weight',
      amountCents: 300,
      perKgCents: 200,
      freeOverCents: 10_000,
    });
    await store.saveRate('shipping', null, {
      name: 'Bavaria courier',
      regions: ['DE-BY'],
      method: 'flat',
      amountCents: 900,
      perKgCents: 0,
      freeOverCents: null,
    });
    await store.saveRate('tax', null, { name: 'MwSt', countryCode: 'DE', region: null, ratePercent: '19' });
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 2 }]);
    await startCheckout(visitor);
    const berlin = (
      await visitor.json<{
        checkout: {
          shippingOptions: { name: string; costCents: number }[];
          taxCents: number;
          taxIncluded: boolean;
          grandTotalCents: number;
          selectedShippingOption: string | null;
        };
      }>('PUT', CHECKOUT, {
        email: 'ada@example.com',
        shippingAddress: { ...ADDRESS, city: 'Berlin', region: 'BE', postalCode: '10115', countryCode: 'DE' },
      })
    ).body.checkout;
    expect(berlin.shippingOptions.map((o) => [o.name, o.costCents])).toEqual([['By weight', 300 + 3 * 200]]);
    // The only (so the cheapest) option is chosen for the shopper: its 9.00 is in the total before they pick anything.
    expect(berlin).toMatchObject({
      taxIncluded: true,
      taxCents: 1022,
      selectedShippingOption: expect.any(String),
      shippingCostCents: 900,
      grandTotalCents: 6400 + 900,
    });
    const munich = (
      await visitor.json<{ checkout: { shippingOptions: { name: string }[] } }>('PUT', CHECKOUT, {
        shippingAddress: { ...ADDRESS, city: 'München', region: 'BY', postalCode: '80331', countryCode: 'DE' },
      })
    ).body.checkout;
    expect(munich.shippingOptions.map((o) => o.name)).toEqual(['Bavaria courier', 'By weight']);
  });

  it('skips shipping for digital-only orders', async () => {
    const { base, websiteId } = await storeOnHost('digital.test');
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...EBOOK, quantity: 1 }]);
    await startCheckout(visitor);
    const checkout = (
      await visitor.json<{ checkout: { requiresShipping: boolean; problems: Record<string, string> } }>(
        'PUT',
        CHECKOUT,
        { email: 'ada@example.com' },
      )
    ).body.checkout;
    expect(checkout).toMatchObject({ requiresShipping: false, problems: {} });
    const placed = await placeOrder(visitor);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: 'paid',
      shippingAddress: null,
      shippingOption: null,
      grandTotalCents: 900,
    });
  });
});

describe('placing an order', () => {
  it('201 paid: numbered, emailed, stock sold once, the cart purchased; the same key answers the same and charges once', async () => {
    const { base, websiteId, visitor, cartId } = await readyToPay('place.test', 5, 2);
    const charged = await paymentLedger().captured();
    const key = crypto.randomUUID();
    const placed = await placeOrder(visitor, CARD.ok, key);
    expect(placed.status).toBe(201);
    const { order } = placed.body;
    expect(order).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      orderNumber: 1001,
      status: 'paid',
      email: 'ada@example.com',
      paidOn: expect.any(Number),
      fulfilledOn: null,
      subtotalCents: 6400,
      shippingCostCents: 500,
      taxCents: 400,
      grandTotalCents: 7300,
      amountChargedCents: 7300,
      giftCardCents: 0,
      currencyCode: 'USD',
      payment: { provider: 'local', status: 'succeeded', nextActionUrl: null },
      shippingAddress: ADDRESS,
      shippingOption: { name: 'Standard', costCents: 500 },
      entries: [
        {
          itemId: CANDLE.itemId,
          sku: CANDLE.sku,
          quantity: 2,
          unitPriceCents: 3200,
          subtotalCents: 6400,
          title: 'Cedar Candle',
          productType: 1,
        },
      ],
    });
    expect(order.confirmationUrl).toMatch(new RegExp(`^/commerce/orders/${order.id}\\?token=[0-9a-f]{32}$`));
    expect(visitor.cookies.get('CART')).toBe('');
    expect(await available(base, CANDLE.itemId)).toBe(3);
    expect(await stock(websiteId).reservations()).toEqual([]);

    const again = await placeOrder(visitor, CARD.ok, key, { cartToken: cartId });
    expect(again).toEqual(placed);
    const after = await paymentLedger().captured();
    expect(after.count - charged.count).toBe(1);
    expect(after.amountCents - charged.amountCents).toBe(7300);

    const token = new URL(order.confirmationUrl ?? '', base).searchParams.get('token');
    expect(await visitor.json('GET', `/api/commerce/orders/${order.id}?token=${token}`)).toEqual({
      status: 200,
      body: { order },
    });
    expect((await visitor.json('GET', `/api/commerce/orders/${order.id}?token=${'0'.repeat(32)}`)).status).toBe(404);
    expect((await visitor.json('GET', `/api/commerce/orders/${order.id}`)).status).toBe(401);
    const cart = await new Visitor(base).json<ShoppingCart>('GET', `/api/commerce/shopping-cart?cartToken=${cartId}`);
    expect(cart.body).toMatchObject({ isPurchased: true, orderId: order.id });

    const second = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(second);
    await fillCheckout(second);
    expect((await placeOrder(second)).body.order.orderNumber).toBe(1002);
    await orders(websiteId).deliverEmail();
    const mail = await orders(websiteId).mailbox();
    expect(mail.map((m) => m.subject)).toEqual(['Order #1001 confirmed', 'Order #1002 confirmed']);
    expect(mail[0]?.to).toBe('ada@example.com');
    expect(mail[0]?.text).toContain('2 × Cedar Candle: $64.00');
  });

  it('400 with the fields to fix, and the store minimum message', async () => {
    const { base, websiteId } = await storeOnHost('incomplete.test');
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(visitor);
    const incomplete = await placeOrder(visitor);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toBe('Update the missing or invalid information above');
    expect(incomplete.body.errors).toMatchObject({
      email: 'Required',
      'shippingAddress.address1': 'Required',
      shippingOptionId: 'Required',
    });
    await fillCheckout(visitor);
    await orders(websiteId).setSettings({
      pricesIncludeTax: false,
      minimumSubtotalCents: 5000,
      reservationMinutes: 10,
      welcomeDiscount: { enabled: false, percent: 10 },
    });
    expect(await placeOrder(visitor)).toEqual({
      status: 400,
      body: { error: 'To check out, the order subtotal must be $50.00 or more' },
    });
    expect((await startCheckout(visitor)).body.checkout).toMatchObject({
      minimumSubtotalCents: 5000,
      problems: { subtotal: 'To check out, the order subtotal must be $50.00 or more' },
    });
    expect(
      (await placeOrder(visitor, CARD.ok, crypto.randomUUID(), { payment: { provider: 'stripe', token: 'tok' } })).body,
    ).toEqual({ error: CHECKOUT_MESSAGES.formIncomplete, errors: { payment: CHECKOUT_MESSAGES.paymentRequired } });
  });

  it('402 for a declined card: nothing charged, nothing held, another card then pays', async () => {
    const { base, visitor } = await readyToPay('declined.test', 1);
    const charged = await paymentLedger().captured();
    const key = crypto.randomUUID();
    expect(await placeOrder(visitor, CARD.declined, key)).toEqual({
      status: 402,
      body: { error: 'Your card was declined.', code: 'card_declined' },
    });
    expect(await placeOrder(visitor, CARD.declined, key)).toEqual({
      status: 402,
      body: { error: 'Your card was declined.', code: 'card_declined' },
    });
    expect(await placeOrder(visitor, CARD.noFunds)).toEqual({
      status: 402,
      body: { error: 'Your card has insufficient funds.', code: 'insufficient_funds' },
    });
    expect((await paymentLedger().captured()).count).toBe(charged.count);
    expect(await available(base, CANDLE.itemId)).toBe(1);
    expect((await placeOrder(visitor)).status).toBe(201);
  });

  it('201 pending while the card needs authentication (order received), paid when the payment settles', async () => {
    const { base, websiteId, visitor } = await readyToPay('action.test', 2);
    const placed = await placeOrder(visitor, CARD.action);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: 'pending',
      paidOn: null,
      payment: {
        status: 'requires_action',
        nextActionUrl: expect.stringContaining('/integrations/payments/local/authenticate/'),
      },
    });
    expect(await available(base, CANDLE.itemId)).toBe(1);
    const paymentId = decodeURIComponent(placed.body.order.payment.nextActionUrl?.split('/').pop() ?? '');
    await paymentLedger().authenticate(paymentId, true);
    const settled = await orders(websiteId).paymentSettled(websiteId, paymentId, 'succeeded');
    expect(settled).toMatchObject({ status: 'paid', paidOn: expect.any(Number) });
    expect(await available(base, CANDLE.itemId)).toBe(1);
    expect(await stock(websiteId).reservations()).toEqual([]);

    const { visitor: failing } = await shopperAtPayment(base);
    const pending = (await placeOrder(failing, CARD.action)).body.order;
    const failedId = decodeURIComponent(pending.payment.nextActionUrl?.split('/').pop() ?? '');
    expect(await orders(websiteId).paymentSettled(websiteId, failedId, 'failed')).toMatchObject({
      status: 'cancelled',
      cancelledOn: expect.any(Number),
    });
    expect(await available(base, CANDLE.itemId)).toBe(1);
  });
});

describe('product pages', () => {
  it('show the stock available now, cached for one short freshness slot', async () => {
    const { base, websiteId } = await storeOnHost('product-page.test', (site) => setStock(site, 'oak-board', 1));
    await standardRules(websiteId);
    const reader = await new Visitor(base).open('/shop');
    const page = async (path = '/shop/p/oak-board') => {
      const res = await reader.fetch(path);
      return {
        html: await res.text(),
        cacheControl: res.headers.get('cache-control'),
        etag: res.headers.get('etag') ?? '',
      };
    };
    const slotBefore = Math.floor(Date.now() / 30_000);
    const before = await page();
    const slots = [slotBefore, Math.floor(Date.now() / 30_000)].map((slot) => `-s${slot}-`);
    expect(slots.some((slot) => before.etag.includes(slot))).toBe(true);
    expect(before.cacheControl).toBe('public, max-age=0, s-maxage=30');
    expect(before.html).not.toMatch(/class="ProductItem[^"]*sold-out/);
    const visitor = await shopper(base, [{ ...OAK, quantity: 1 }]);
    await startCheckout(visitor);
    await fillCheckout(visitor);
    expect((await placeOrder(visitor)).status).toBe(201);
    // The cached copy lives until its 30-second slot ends (whatever query string is added: the page
    // reads none); the next slot renders it again, with the sale.
    const fresh = await inNextStockSlot(() => page('/shop/p/oak-board?from=test'));
    expect(fresh.html).toMatch(/class="ProductItem[^"]*sold-out/);
  });
});

describe('abandoned checkouts', () => {
  it('a lapsed reservation stops counting at once, and the alarm deletes it', async () => {
    const { base, websiteId } = await storeOnHost('abandoned.test', (site) => setStock(site, 'oak-board', 1));
    const ledger = stock(websiteId);
    // A shopper started paying 11 minutes ago and left (the clock injected into the ledger).
    const reserved = await ledger.reserve(
      'checkout:abandoned',
      [{ sku: OAK.sku, quantity: 1, stock: 1 }],
      10 * 60_000,
      Date.now() - 11 * 60_000,
    );
    expect(reserved.ok).toBe(true);
    expect(await available(base, OAK.itemId)).toBe(1);
    // Its alarm was due at once: it may have run already; either way the lapsed row is gone after it.
    await runDurableObjectAlarm(ledger);
    expect(await ledger.reservations(0)).toEqual([]);

    await standardRules(websiteId);
    const live = await shopper(base, [{ ...OAK, quantity: 1 }]);
    expect((await startCheckout(live)).status).toBe(200);
    await fillCheckout(live);
    expect((await placeOrder(live, CARD.action)).status).toBe(201);
    expect(await runDurableObjectAlarm(ledger)).toBe(true);
    expect(await ledger.reservations()).toHaveLength(1);
    expect(await available(base, OAK.itemId)).toBe(0);
    const other = await shopper(base, []);
    // An add hears the ledger's answer of the last 2 s (routes/shared/edge-stock.ts): a new stock slot asks it again.
    await inNextStockSlot(async () =>
      expect((await other.json('POST', '/api/commerce/shopping-cart/entries', { ...OAK, quantity: 1 })).body).toEqual({
        error: `${CART_MESSAGES.notEnoughStock} None left.`,
      }),
    );
  });
});

/** In the 50-shopper race, one shopper in this many sends its Idempotency-Key twice at once. */
const RETRIED_EVERY = 5;

/**
 * A race shopper with what placing needs and nothing more: no cart page (pages set no cookie, the crumb is its own
 * call) and no separate start, since the PUT starts the checkout with the email and address; the order ships with
 * the cheapest option, which the checkout chooses itself (chosenOption).
 */
async function readyToPlace(base: string): Promise<Visitor> {
  const visitor = new Visitor(base);
  await (await visitor.fetch('/api/crumb')).arrayBuffer();
  expect((await visitor.json('POST', ENTRIES, { ...OAK, quantity: 1 })).status).toBe(200);
  const filled = await visitor.json('PUT', CHECKOUT, { email: 'race@example.com', shippingAddress: ADDRESS });
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  return visitor;
}

describe('races', () => {
  it('50 shoppers, 3 units left: exactly 3 paid orders, 47 clear 409s, stock 0, nothing charged twice even with retried keys', {
    timeout: 240_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('race.test', (site) => setStock(site, 'oak-board', 3));
    await standardRules(websiteId);
    const ready = Date.now();
    // Every shopper has checked out before anyone places: the 50 place calls all contend at once.
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => readyToPlace(base)));
    const charged = await paymentLedger().captured();
    const started = Date.now();
    const outcomes = await Promise.all(
      shoppers.map(async (visitor, i) => {
        const key = crypto.randomUUID();
        const cartToken = visitor.cookies.get('CART');
        const place = () => placeOrder(visitor, CARD.ok, key, { cartToken });
        // Every fifth shopper sends its key twice at once: the retry joins the placement running for that cart
        // and key, winner or not (60 calls to place rather than 100; the paid keys are sent again below).
        const [first, retry] = await Promise.all([place(), i % RETRIED_EVERY === 0 ? place() : null]);
        return { ...first, error: first.body.error, order: first.body.order, retry, place };
      }),
    );
    const elapsed = Date.now() - started;
    const paid = outcomes.filter((o) => o.status === 201);
    const refused = outcomes.filter((o) => o.status === 409);
    expect(paid).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const o of refused) expect(o.error).toBe(CART_MESSAGES.notEnoughStock);
    const retried = outcomes.filter((o) => o.retry !== null);
    expect(retried).toHaveLength(50 / RETRIED_EVERY);
    for (const o of retried) expect(o.retry).toEqual({ status: o.status, body: o.body });
    for (const o of paid) expect(await o.place()).toEqual({ status: 201, body: { order: o.order } });
    expect(new Set(paid.map((o) => o.order.orderNumber))).toEqual(new Set([1001, 1002, 1003]));
    expect(await available(base, OAK.itemId)).toBe(0);
    const after = await paymentLedger().captured();
    expect(after.count - charged.count).toBe(3);
    console.log(
      `race: 50 shoppers ready in ${started - ready} ms; 3 units: ${elapsed} ms to place (${retried.length} keys sent twice at once)`,
    );
  });

  it('a discount with usage limit 1 used by 10 parallel orders: counted exactly once', {
    timeout: 180_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('discount-race.test');
    await standardRules(websiteId);
    await orders(websiteId).saveDiscount(
      {
        code: 'ONCE',
        kind: 'fixed',
        percent: null,
        amountCents: 1000,
        minimumSubtotalCents: 0,
        startsOn: null,
        endsOn: null,
        usageLimit: 1,
      },
      true,
    );
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopper(base, [{ ...CANDLE, quantity: 1 }])));
    for (const visitor of shoppers) {
      await startCheckout(visitor);
      await fillCheckout(visitor, { discountCode: 'ONCE' });
    }
    const results = await Promise.all(shoppers.map((visitor) => placeOrder(visitor)));
    const paid = results.filter((r) => r.status === 201);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.order).toMatchObject({ coupons: ['ONCE'], discountCents: 1000 });
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(
      Array(9).fill(DISCOUNT_MESSAGES.ranOut),
    );
    expect((await orders(websiteId).discounts()).find((d) => d.code === 'ONCE')?.uses).toBe(1);
    const late = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(late);
    expect((await late.json('PUT', CHECKOUT, { discountCode: 'ONCE' })).body).toMatchObject({
      errors: { discountCode: DISCOUNT_MESSAGES.usedUp },
    });
  });

  it('a gift card paying two parallel orders is never overdrawn', { timeout: 120_000 }, async () => {
    const { base, websiteId } = await storeOnHost('giftcard-race.test');
    // Buy a $50 gift card; its code is emailed to the recipient.
    const buyer = await shopper(base, [{ itemId: 'p-gift-card', sku: skuOf('gift-card', 1), quantity: 1 }]);
    await startCheckout(buyer);
    const giftCheckout = (
      await buyer.json<{ checkout: { requiresShipping: boolean } }>('PUT', CHECKOUT, {
        email: 'buyer@example.com',
        giftRecipientEmail: 'friend@example.com',
      })
    ).body.checkout;
    expect(giftCheckout.requiresShipping).toBe(false);
    expect((await placeOrder(buyer)).status).toBe(201);
    await orders(websiteId).deliverEmail();
    const mail = (await orders(websiteId).mailbox()).find((m) => m.to === 'friend@example.com');
    expect(mail?.subject).toBe('You received a gift card');
    const code = /Gift card code: ([A-Z0-9-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    await standardRules(websiteId);
    // Two shoppers each put the whole $50 card on a $32 + $5 + tax order.
    const pair = await Promise.all([0, 1].map(() => shopper(base, [{ ...CANDLE, quantity: 1 }])));
    for (const visitor of pair) {
      await startCheckout(visitor);
      const checkout = await fillCheckout(visitor, { giftCardCode: code.toLowerCase() });
      expect(checkout).toMatchObject({
        giftCardCents: 3900,
        amountDueCents: 0,
        giftCard: { balanceCents: 5000, appliedCents: 3900 },
      });
    }
    const results = await Promise.all(pair.map((visitor) => placeOrder(visitor)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.error).toBe(GIFT_CARD_MESSAGES.balanceChanged);
    expect(results.find((r) => r.status === 201)?.body.order).toMatchObject({
      giftCardCents: 3900,
      amountChargedCents: 0,
      payment: { provider: 'gift-card' },
    });
    // The refused shopper now sees the $11 left and pays the rest by card.
    const refused = pair[results.findIndex((r) => r.status === 409)] as Visitor;
    const review = (await startCheckout(refused)).body.checkout;
    expect(review).toMatchObject({ giftCard: { balanceCents: 1100, appliedCents: 1100 }, amountDueCents: 2800 });
    const partly = await placeOrder(refused);
    expect(partly.body.order).toMatchObject({ status: 'paid', giftCardCents: 1100, amountChargedCents: 2800 });
    const emptied = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
    await startCheckout(emptied);
    expect((await emptied.json('PUT', CHECKOUT, { giftCardCode: code })).body).toMatchObject({
      errors: { giftCardCode: GIFT_CARD_MESSAGES.empty },
    });
  });
});
