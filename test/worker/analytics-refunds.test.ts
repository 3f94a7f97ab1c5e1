/**
 * Analytics are honest about refunds (issue 33, journey 8): a refunded order stays a sale where it
 * was placed, and its refund shows on its own line where it was made, so net revenue is sales less
 * refunds (before, the refunded order silently dropped out of revenue and the order count).
 */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/site/roles';
import {
  CANDLE,
  fillCheckout,
  merchant,
  placeOrder,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
  setStock,
} from './checkout-support';

interface Answer {
  sales: { hour: number; orders: number; revenueCents: number; refunds: number; refundedCents: number }[];
}

describe('analytics and refunds', () => {
  it('keeps a refunded order as a sale and shows its refund on its own line', { timeout: 60_000 }, async () => {
    const { base, websiteId } = await storeOnHost('analytics-refunds.test', (site) => setStock(site, 'candle', 5));
    await standardRules(websiteId);
    const owner = await merchant(base, websiteId, ROLES.admin);
    const totals: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
      expect((await startCheckout(buyer)).status).toBe(200);
      await fillCheckout(buyer);
      const placed = await placeOrder(buyer);
      expect(placed.status).toBe(201);
      totals.push(placed.body.order.grandTotalCents);
      ids.push(placed.body.order.id);
    }
    expect((await owner.json('POST', `/api/commerce/orders/${ids[0]}/refund`, { restock: true })).status).toBe(200);

    const answer = await owner.json<Answer>('GET', '/api/console/analytics?days=1');
    expect(answer.status).toBe(200);
    const sum = (key: keyof Answer['sales'][number]) => answer.body.sales.reduce((total, hour) => total + hour[key], 0);
    expect(sum('orders')).toBe(2);
    expect(sum('revenueCents')).toBe((totals[0] ?? 0) + (totals[1] ?? 0));
    expect(sum('refunds')).toBe(1);
    expect(sum('refundedCents')).toBe(totals[0]);
  });
});
