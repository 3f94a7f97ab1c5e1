/** The shopper's address search at checkout (issue 16): offered only when the store enables it, crumb, capped and validated, never cached. */
import { describe, expect, it } from 'vitest';
import { ADDRESS_QUERY_MAX } from '../../src/api/checkout-bodies';
import { ADDRESS_SEARCH_MESSAGES } from '../../src/routes/shop/checkout';
import { orders, storeOnHost } from './checkout-support';
import { Visitor } from './visitor';

const SEARCH = '/api/commerce/checkout/address/search';
const DETAILS = '/api/commerce/checkout/address/details';

async function enable(websiteId: string): Promise<void> {
  await orders(websiteId).setSettings({
    pricesIncludeTax: false,
    minimumSubtotalCents: 0,
    reservationMinutes: 10,
    welcomeDiscount: { enabled: false, percent: 10 },
    addressSearch: true,
  });
}

describe('address search for shoppers', () => {
  it('is not offered unless the store enables it', async () => {
    const { base } = await storeOnHost('address-off.test');
    const visitor = await new Visitor(base).open('/checkout');
    expect(await visitor.json('POST', SEARCH, { query: 'Main Street' })).toEqual({
      status: 404,
      body: { error: ADDRESS_SEARCH_MESSAGES.off },
    });
  });

  it('suggests addresses and fills the form parts of the chosen one, answering no-store', async () => {
    const { base, websiteId } = await storeOnHost('address-on.test');
    await enable(websiteId);
    const visitor = await new Visitor(base).open('/checkout');
    const res = await visitor.send('POST', SEARCH, { query: 'main street', sessionToken: 'session-123' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { predictions } = (await res.json()) as { predictions: { placeId: string; description: string }[] };
    expect(predictions).toEqual([
      { placeId: 'local-main-st', description: '1 Main Street, Springfield, IL 62701, USA' },
    ]);
    expect(await visitor.json('POST', DETAILS, { placeId: 'local-main-st', sessionToken: 'session-123' })).toEqual({
      status: 200,
      body: {
        address: {
          address1: '1 Main Street',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701',
          countryCode: 'US',
        },
      },
    });
    expect(await visitor.json('POST', DETAILS, { placeId: 'local-nowhere' })).toEqual({
      status: 404,
      body: { error: ADDRESS_SEARCH_MESSAGES.unknownPlace },
    });
    expect(
      (await visitor.json<{ predictions: unknown[] }>('POST', SEARCH, { query: 'street' })).body.predictions,
    ).toHaveLength(5);
  });

  it('needs the crumb and a query of 3 to 100 characters', async () => {
    const { base, websiteId } = await storeOnHost('address-checks.test');
    await enable(websiteId);
    const visitor = await new Visitor(base).open('/checkout');
    const noCrumb = await visitor.fetch(SEARCH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'main' }),
    });
    expect(noCrumb.status).toBe(403);
    expect((await visitor.json('POST', SEARCH, { query: 'ma' })).status).toBe(400);
    expect((await visitor.json('POST', SEARCH, { query: 'x'.repeat(ADDRESS_QUERY_MAX + 1) })).status).toBe(400);
    expect((await visitor.json('POST', SEARCH, { query: 'main', sessionToken: 'bad token!' })).status).toBe(400);
    expect((await visitor.json('POST', DETAILS, {})).status).toBe(400);
  });
});
