/**
 * An order line keeps the titles of its product form's fields as the shopper was asked them (issue 32/33 follow-up):
 * the console's order answer (what its order page shows) names each answer's title ("Engraving text: Happy birthday"), and a form the
 * merchant renames after the order leaves the order as it was asked.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/commerce/order';
import { contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { publishSite } from '../../src/site/published/store';
import {
  CANDLE,
  ENTRIES,
  fillCheckout,
  merchant,
  placeOrder,
  setStock,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
  type Site,
} from './checkout-support';

const PEN = { itemId: 'p-brass-pen', sku: skuOf('brass-pen') };
const HOST = 'field-titles.orders.test';

/** The demo with the candle asking the site's engraving form by id only (no form of its own), and both in stock. */
function withForms(site: Site): void {
  setStock(site, 'candle', 5);
  setStock(site, 'brass-pen', 5);
  const candle = site.items.find((i) => i.urlId === 'candle')?.structuredContent;
  if (candle === undefined) throw new Error('demo candle missing');
  candle.additionalFieldsFormId = 'f-engraving';
}

describe('an order line answered through a product form', () => {
  it('keeps each field’s title with the answer; a form renamed later leaves the order as asked', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost(HOST, withForms);
    await standardRules(websiteId);
    const visitor = await shopper(base, []);
    for (const line of [
      { ...PEN, quantity: 1, additionalFields: { 'engraving-text': 'Happy birthday' } },
      { ...CANDLE, quantity: 1, additionalFields: { 'engraving-text': 'Ada' } },
      { ...CANDLE, quantity: 1, additionalFields: null },
    ])
      expect((await visitor.json('POST', ENTRIES, line)).status).toBe(200);
    expect((await startCheckout(visitor)).status).toBe(200);
    await fillCheckout(visitor);
    const placed = await placeOrder(visitor);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    // The merchant renames the field after the order: the order keeps the title its shopper read.
    const renamed = demoSite();
    renamed.website.id = websiteId;
    withForms(renamed);
    for (const form of [
      renamed.forms?.find((f) => f.id === 'f-engraving'),
      renamed.items.find((i) => i.urlId === 'brass-pen')?.structuredContent?.additionalFieldsForm,
    ]) {
      const field = (form as { fields: { title: string }[] } | undefined)?.fields[0];
      if (field === undefined) throw new Error('demo engraving form missing');
      field.title = 'Inscription';
    }
    expect(await publishSite(contentObjects(env), renamed)).toHaveProperty('version');

    const manager = await merchant(base, websiteId);
    const read = await manager.json<{ order: Order }>('GET', `/api/console/orders/${placed.body.order.id}`);
    expect(read.status).toBe(200);
    const lines = read.body.order.entries.map((e) => [e.title, e.additionalFields, e.additionalFieldTitles]);
    expect(lines).toEqual([
      ['Engraved Brass Pen', '{"engraving-text":"Happy birthday"}', { 'engraving-text': 'Engraving text' }],
      ['Cedar Candle', '{"engraving-text":"Ada"}', { 'engraving-text': 'Engraving text' }],
      ['Cedar Candle', null, undefined],
    ]);
  });
});
