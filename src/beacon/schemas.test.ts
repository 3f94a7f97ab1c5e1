import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_CODES } from '../commerce/product';
import { addToCartEvent, EVENT_SCHEMAS, performanceRecords, recordHitForm } from './schemas';

const hit = { websiteId: 'w1', url: '/shop', pageType: 1 };
const record = (overrides: Record<string, unknown> = {}) => ({
  app: 'storefront',
  event: 'page_speed',
  pageLoadId: 'a'.repeat(21),
  ts: 1_700_000_000_000,
  raw: false,
  data: { path: '/shop', pageType: 1, metrics: { LCP: 1200 } },
  ...overrides,
});
const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue === undefined ? null : `${issue.path.join('.')}: ${issue.message}`;
};

describe('beacon bodies', () => {
  it('parses the JSON data of a census hit and refuses unknown fields', () => {
    expect(recordHitForm.parse({ event: 'view', data: JSON.stringify(hit) })).toEqual({ event: 'view', data: hit });
    expect(recordHitForm.safeParse({ event: 'view', data: JSON.stringify({ ...hit, typo: 1 }) }).success).toBe(false);
    expect(recordHitForm.safeParse({ event: 'view', data: JSON.stringify(hit), extra: 'x' }).success).toBe(false);
  });

  it('names what is wrong: data that is not JSON, an id with odd characters', () => {
    expect(firstMessage(recordHitForm.safeParse({ event: 'view', data: '{' }))).toBe('data: data: not valid JSON');
    expect(
      firstMessage(recordHitForm.safeParse({ event: 'view', data: JSON.stringify({ ...hit, websiteId: 'a b' }) })),
    ).toBe('data.websiteId: must be letters, digits, underscores or dashes (at most 64)');
  });

  it('takes a commerce event with its product (a type of the product module) in minor units and a cart id or null', () => {
    const event = {
      website_id: 'w1',
      cart_id: null,
      product_page: 'pdp',
      product: { item_id: 'p1', item_type: 1, item_title: 'Shirt', item_price: 1550, item_quantity: 2 },
    };
    expect(addToCartEvent.safeParse(event).success).toBe(true);
    expect(addToCartEvent.safeParse({ ...event, cart_id: 'not-a-cart' }).success).toBe(false);
    expect(addToCartEvent.safeParse({ ...event, product: { ...event.product, item_quantity: 10_000 } }).success).toBe(
      false,
    );
    for (const item_type of PRODUCT_TYPE_CODES)
      expect(addToCartEvent.safeParse({ ...event, product: { ...event.product, item_type } }).success).toBe(true);
    for (const item_type of [0, 6, 1.5])
      expect(
        addToCartEvent.safeParse({ ...event, product: { ...event.product, item_type } }).success,
        `${item_type}`,
      ).toBe(false);
  });

  it("checks the newer tracker's event content per schema", () => {
    const content = { page_path: '/shop', event_occurrence_timestamp: 1, context_website_id: 'w1' };
    expect(EVENT_SCHEMAS.page_view.safeParse(content).success).toBe(true);
    expect(EVENT_SCHEMAS.interface_click.safeParse(content).success).toBe(false);
    expect(
      EVENT_SCHEMAS.frontend_error.safeParse({ ...content, error_message: 'x', error_kind: 'error' }).success,
    ).toBe(true);
  });

  it('takes batches of 1 to 100 performance records with a 21-character page-load id', () => {
    expect(performanceRecords.safeParse([record()]).success).toBe(true);
    expect(performanceRecords.safeParse([]).success).toBe(false);
    expect(performanceRecords.safeParse(Array.from({ length: 101 }, () => record())).success).toBe(false);
    expect(performanceRecords.safeParse([record({ pageLoadId: 'short' })]).success).toBe(false);
    expect(performanceRecords.safeParse([record({ event: 'unknown' })]).success).toBe(false);
    expect(
      performanceRecords.safeParse([record({ data: { path: '/', pageType: 1, metrics: { LCP: -1 } } })]).success,
    ).toBe(false);
  });
});
