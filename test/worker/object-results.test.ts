/**
 * Objects answer domain results (`src/durable/result.ts`): the value, or an error code with the
 * user's message; the route picks the HTTP status. The merchant's order actions, team changes and
 * the cart's changes.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { ORDER_MESSAGES } from '../../src/commerce/order';
import { TEAM_MESSAGES } from '../../src/durable/merchants';
import { cartStub, commerceOrders, merchantAccounts } from '../../src/durable/stubs';

describe('object results', () => {
  it("answers an order action with an error code and the merchant's message, no HTTP status", async () => {
    const orders = commerceOrders(env, 'object-results');
    const missing = { ok: false, error: 'not-found', message: ORDER_MESSAGES.notFound };
    expect(await orders.fulfill('no-such-order', 'TRACK1', null)).toEqual(missing);
    expect(await orders.cancel('object-results', 'no-such-order')).toEqual(missing);
    expect(await orders.refund('object-results', 'no-such-order', { restock: false })).toEqual(missing);
  });

  it('answers a team change with an error code and the message, or ok with its value', async () => {
    const team = merchantAccounts(env, 'object-results');
    expect(await team.remove('nobody')).toEqual({
      ok: false,
      error: 'unknown-member',
      message: TEAM_MESSAGES.unknownMember,
    });
    const invited = await team.invite('new@example.com', [1], 'http://localhost/config/invitation/', 'Shop');
    expect(invited).toEqual({ ok: true, value: { id: expect.any(String) } });
    expect(await team.invite('new@example.com', [1], 'http://localhost/config/invitation/', 'Shop')).toEqual({
      ok: false,
      error: 'already-member',
      message: TEAM_MESSAGES.alreadyMember,
    });
    if (invited.ok) expect(await team.remove(invited.value.id)).toEqual({ ok: true, value: null });
  });

  it('answers a change to an entry the cart does not have with an error code and the message', async () => {
    expect(await cartStub(env, 'object-results', 'no-cart').removeEntry('no-entry')).toEqual({
      ok: false,
      error: 'entry-not-found',
      message: CART_MESSAGES.entryNotFound,
    });
  });
});
