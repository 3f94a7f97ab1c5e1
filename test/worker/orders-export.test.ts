/**
 * The orders CSV export (GET /api/commerce/orders.csv, docs/merchant.md "Orders"): only roles with
 * customerData, the list's filters, one row per order with its name, total and items, and a
 * customer's text that would run as a spreadsheet formula neutralised.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { allows, ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  fillCheckout,
  merchant,
  placeOrder,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

async function orderFor(base: string, email: string, firstName: string, lastName: string): Promise<Order> {
  const visitor = await shopper(base, [{ itemId: 'p-candle', sku: skuOf('candle'), quantity: 2 }]);
  expect((await startCheckout(visitor)).status).toBe(200);
  await fillCheckout(visitor, { email, shippingAddress: { ...ADDRESS, firstName, lastName } });
  const placed = await placeOrder(visitor);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order;
}

describe('orders CSV export', () => {
  it('answers only roles with customerData', async () => {
    const { base, websiteId } = await storeOnHost('orders-csv-roles.test');
    expect((await new Visitor(base).fetch('/api/commerce/orders.csv')).status).toBe(401);
    const without = Object.values(ROLES).filter((role) => !allows([role], 'customerData'));
    expect(without.length).toBeGreaterThan(0);
    for (const role of without)
      expect(
        (await (await merchant(base, websiteId, role)).fetch('/api/commerce/orders.csv')).status,
        `role ${role}`,
      ).toBe(403);
    for (const role of Object.values(ROLES).filter((r) => allows([r], 'customerData'))) {
      expect(
        (await (await merchant(base, websiteId, role)).fetch('/api/commerce/orders.csv')).status,
        `role ${role}`,
      ).toBe(200);
    }
  });

  it('exports the filtered orders, newest first, with formula-like names neutralised', async () => {
    const { base, websiteId } = await storeOnHost('orders-csv.test');
    await standardRules(websiteId);
    const evil = await orderFor(base, 'evil@example.com', '=HYPERLINK("http://evil.example")', 'Núñez');
    const ada = await orderFor(base, 'ada@example.com', 'Ada', 'Lovelace');
    const store = await merchant(base, websiteId);
    const all = await store.fetch('/api/commerce/orders.csv');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await all.text()).split('\r\n');
    expect(lines[0]).toBe('Number,Date (UTC),Status,Email,Name,Total,Items');
    expect(lines).toHaveLength(4);
    const total = (o: Order) => `$${(o.grandTotalCents / 100).toFixed(2)}`;
    expect(lines[1]).toBe(
      `${ada.orderNumber},${new Date(ada.createdOn).toISOString()},paid,ada@example.com,Ada Lovelace,${total(ada)},2 × ${ada.entries[0]?.title}`,
    );
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"") Núñez",`);
    expect(lines[2]?.startsWith(`${evil.orderNumber},`)).toBe(true);

    const searched = (await (await store.fetch('/api/commerce/orders.csv?q=nunez')).text()).split('\r\n');
    expect(searched.map((l) => l.split(',')[0])).toEqual(['Number', String(evil.orderNumber), '']);
    expect((await (await store.fetch('/api/commerce/orders.csv?status=refunded')).text()).split('\r\n')).toHaveLength(
      2,
    );
    expect((await store.fetch('/api/commerce/orders.csv?status=lost')).status).toBe(400);
    expect((await store.fetch(`/api/commerce/orders.csv?q=${'a'.repeat(257)}`)).status).toBe(400);
  });
});
