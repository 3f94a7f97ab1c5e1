/**
 * The demo store ships without any set-up (issue 32): in development its default rates ('Standard'
 * in the US, 'International' to the countries it delivers to abroad) are there for the checkout and
 * the console, the cheapest option is chosen for the shopper, a country with no rate is refused
 * with the reason, and rates the merchant deletes stay deleted.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_SHIPPING_RATES, DEMO_SITE_ID } from '../../src/site/demo';
import type { Checkout } from '../../src/durable/orders';
import { ADDRESS, CANDLE, CHECKOUT, merchant, orders, shopper, startCheckout } from './checkout-support';

const BASE = 'http://shipping.demo-store.test';

describe("the demo store's default shipping", () => {
  it('offers Standard in the US and International abroad, chosen for the shopper, and names the countries it does not ship to', async () => {
    const visitor = await shopper(BASE, [{ ...CANDLE, quantity: 1 }]);
    expect((await startCheckout(visitor)).status).toBe(200);
    const put = (address: Partial<typeof ADDRESS>) =>
      visitor.json<{ checkout: Checkout }>('PUT', CHECKOUT, {
        email: 'ada@example.com',
        shippingAddress: { ...ADDRESS, ...address },
      });
    const home = (await put({})).body.checkout;
    expect(home.shippingOptions.map((o) => [o.name, o.costCents])).toEqual([['Standard', 500]]);
    expect(home).toMatchObject({ selectedShippingOption: 'shipping-standard', shippingCostCents: 500, problems: {} });
    const london = (await put({ city: 'London', region: '', postalCode: 'SW1A 1AA', countryCode: 'GB' })).body.checkout;
    expect(london).toMatchObject({ selectedShippingOption: 'shipping-international', shippingCostCents: 2000 });
    const rio = (await put({ city: 'Rio de Janeiro', region: 'RJ', postalCode: '20040-002', countryCode: 'BR' })).body
      .checkout;
    expect(rio).toMatchObject({
      shippingOptions: [],
      selectedShippingOption: null,
      problems: { shippingOptionId: 'We do not ship to this address.' },
    });

    const store = await merchant(BASE, DEMO_SITE_ID);
    const listed = await store.json<{ shippingRates: { id: string }[] }>('GET', '/api/commerce/shipping-rates');
    expect(listed.body.shippingRates.map((rate) => rate.id)).toEqual(DEMO_SHIPPING_RATES.map((rate) => rate.id).sort());
  });

  it('makes the defaults once: a rate the merchant deleted is not made again', async () => {
    const store = orders(DEMO_SITE_ID);
    await store.seedShippingRates(DEMO_SHIPPING_RATES);
    expect(await store.deleteRate('shipping', 'shipping-international')).toBe(true);
    await store.seedShippingRates(DEMO_SHIPPING_RATES);
    expect((await store.shippingRates()).map((rate) => rate.id)).toEqual(['shipping-standard']);
  });

  it('leaves every other store without rates', async () => {
    expect(await orders('shipping-other-store').shippingRates()).toEqual([]);
  });
});
