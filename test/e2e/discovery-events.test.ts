/**
 * A product page's discovery events for the visitor analytics (issue 36; engine spec §7), captured
 * in Chromium: the rating summary's anchor to the reviews pressed, the related products coming into
 * view, and an add from a related product's card ("click and add"), each a RecordEvent answered 200.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();
const SLOW = { timeout: 60_000 };

interface Sent {
  event: string;
  data: Record<string, unknown>;
  request: Request;
}

describe('discovery events on a product page', () => {
  it('sends reviews_vitals_anchor_click, related_product_display and click_and_add with the page and products', {
    timeout: 120_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 375, height: 812 } });
    await context.addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
    const page = await context.newPage();
    const sent: Sent[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/events/RecordEvent') return;
      const form = new URLSearchParams(request.postData() ?? '');
      sent.push({ event: form.get('event') ?? '', data: JSON.parse(form.get('data') ?? '{}'), request });
    });
    const events = () => sent.map((s) => s.event);
    await page.goto(`${storeUrl}/shop/p/candle`);
    await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
    await expect.poll(events, SLOW).toContain('visit_product_page');
    expect(events()).not.toContain('related_product_display');

    await page.locator('.ProductItem-details a.RatingSummary').click();
    await expect.poll(events, SLOW).toContain('reviews_vitals_anchor_click');
    expect(page.url()).toBe(`${storeUrl}/shop/p/candle#reviews-title`);

    const related = page.locator('.ProductItem-related');
    await related.scrollIntoViewIfNeeded();
    await expect.poll(events, SLOW).toContain('related_product_display');
    const relatedIds = await related
      .locator('.ProductCard[data-item-id]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-item-id')));
    const firstCard = related.locator('.ProductCard[data-item-id]').first();
    await firstCard.locator('.sqs-add-to-cart-button').click();
    await expect.poll(events, SLOW).toContain('click_and_add');

    const of = (event: string) => sent.find((s) => s.event === event)?.data;
    expect(of('reviews_vitals_anchor_click')).toEqual({ website_id: 'demo', page_id: 'p-candle' });
    expect(of('related_product_display')).toEqual({ website_id: 'demo', page_id: 'p-candle', item_ids: relatedIds });
    expect(of('click_and_add')).toEqual({ website_id: 'demo', page_id: 'p-candle', item_id: relatedIds[0] });
    for (const { event, request } of sent) expect((await request.response())?.status(), event).toBe(200);
    expect(sent.filter((s) => s.event === 'related_product_display')).toHaveLength(1);
    await context.close();
  });
});
