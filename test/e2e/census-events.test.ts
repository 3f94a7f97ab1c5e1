/**
 * The analytics calls a shopper's browser sends (engine spec §3, §4, §7), captured in Chromium:
 * the page view with its hit fields and the analytics session (first landing, first session),
 * the newer tracker's page_view, button render and click, the add-to-cart event's page fields,
 * form render, the promo popup's overlay calls and the cart page's interface clicks. Each call
 * must be answered 2xx: the server's strict schemas accept exactly the fields sent.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from './browser';
import { RUN, signUpShopper } from '../journeys/support';
import { escapeDialog, seeTextAfter } from './pages';
import { storeUrl } from './store';

const browser = useChromium();

interface Captured {
  path: string;
  body: string;
  request: Request;
}

/** Every analytics call of the page, its body readable (sendBeacon refused, so the collectors use XHR). */
async function capture(page: Page): Promise<Captured[]> {
  await page.addInitScript('navigator.sendBeacon = () => false;');
  const calls: Captured[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(census|events|v1\/clanker)\//.test(pathname))
      calls.push({ path: pathname, body: request.postData() ?? '', request });
  });
  return calls;
}

const form = (call: Captured | undefined) => Object.fromEntries(new URLSearchParams(call?.body ?? ''));
const hitData = (call: Captured | undefined) => JSON.parse(form(call).data ?? '{}') as Record<string, unknown>;
const named = (calls: Captured[], path: string) => calls.filter((c) => c.path === path);

async function allAnswered(calls: Captured[]): Promise<void> {
  for (const call of calls) {
    const status = (await call.request.response())?.status() ?? 0;
    expect(status, `${call.path} ${call.body}`).toBeGreaterThanOrEqual(200);
    expect(status, `${call.path} ${call.body}`).toBeLessThan(300);
  }
}

describe('analytics calls from the browser', () => {
  it('sends the hit fields, the session, page_view, button render and click, and the add-to-cart page fields', {
    timeout: 60_000,
  }, async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const calls = await capture(page);
    await page.goto(`${storeUrl}/shop/p/linen-shirt`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await expect.poll(() => named(calls, '/api/census/RecordHit').length, { timeout: 10_000 }).toBe(1);
    expect(hitData(named(calls, '/api/census/RecordHit')[0])).toMatchObject({
      websiteId: 'demo',
      templateId: 'default',
      websiteLocale: 'en-US',
      pageType: 50,
      itemId: 'p-linen-shirt',
      collectionId: 'c-shop',
      recordType: 11,
      firstLanding: true,
      firstSession: true,
    });
    expect(hitData(named(calls, '/api/census/RecordHit')[0])).not.toHaveProperty('memberAccountId');
    await expect
      .poll(() => calls.filter((c) => c.path === '/api/v1/clanker/events' && c.body.includes('"page_view"')).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const pageView = JSON.parse(calls.find((c) => c.body.includes('"page_view"'))?.body ?? '{}') as {
      eventContent: Record<string, unknown>;
    };
    expect(pageView.eventContent).toMatchObject({
      context_website_id: 'demo',
      page_path: '/shop/p/linen-shirt',
      website_locale: 'en-US',
    });

    await expect
      .poll(() => named(calls, '/api/census/button-render').map((c) => form(c).buttonId))
      .toContain('p-linen-shirt');
    expect(
      form(named(calls, '/api/census/button-render').find((c) => form(c).buttonId === 'p-linen-shirt')),
    ).toMatchObject({ websiteId: 'demo', label: 'Add To Cart' });

    await page.selectOption('#variant-p-linen-shirt-Size', 'Small');
    await page.selectOption('#variant-p-linen-shirt-Colour', 'Sand');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await expect
      .poll(() => named(calls, '/api/census/button-click').map((c) => form(c).buttonId))
      .toEqual(['p-linen-shirt']);
    await expect
      .poll(() => named(calls, '/api/events/RecordEvent').filter((c) => form(c).event === 'add_to_cart').length, {
        timeout: 10_000,
      })
      .toBe(1);
    const add = JSON.parse(
      form(named(calls, '/api/events/RecordEvent').find((c) => form(c).event === 'add_to_cart')).data ?? '{}',
    ) as Record<string, unknown>;
    expect(add).toMatchObject({
      website_id: 'demo',
      page_id: 'p-linen-shirt',
      product_page: 'pdp',
      pdp_layout: 'default',
      logged_in: false,
      end_user_session_id: expect.stringMatching(/^[\w-]+-\d+$/),
      product: {
        item_id: 'p-linen-shirt',
        item_type: 1,
        item_collection_id: 'c-shop',
        item_collection_name: 'Shop',
        item_quantity: 1,
      },
    });

    // Answered before the page is left (leaving aborts a call still in flight: the add_to_cart event in a whole run).
    await allAnswered(calls);
    // The next page of the same visit is not a landing; the session is still the visitor's first.
    await page.goto(`${storeUrl}/contact`);
    await expect.poll(() => named(calls, '/api/census/RecordHit').length, { timeout: 10_000 }).toBe(2);
    expect(hitData(named(calls, '/api/census/RecordHit')[1])).toMatchObject({
      pageType: 2,
      firstLanding: false,
      firstSession: true,
    });
    await expect
      .poll(() => named(calls, '/api/census/form-render').map((c) => form(c).formId), { timeout: 10_000 })
      .toContain('f-contact');
    await expect
      .poll(() => named(calls, '/api/census/button-render').some((c) => form(c).blockType === '43'), {
        timeout: 10_000,
      })
      .toBe(true);

    // Answered before the page is left: leaving aborts a call still in flight on a slow machine.
    await allAnswered(calls);

    // A visit after the 30-minute session lapsed is a landing in a later session.
    await context.clearCookies({ name: 'ss_cvt' });
    await page.goto(`${storeUrl}/blog`);
    await expect.poll(() => named(calls, '/api/census/RecordHit').length, { timeout: 10_000 }).toBe(3);
    expect(hitData(named(calls, '/api/census/RecordHit')[2])).toMatchObject({
      firstLanding: true,
      firstSession: false,
    });
    await allAnswered(calls);
    await context.close();
  });

  it('sends the promo popup overlay calls and the cart page interface clicks', { timeout: 60_000 }, async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const calls = await capture(page);
    await page.goto(`${storeUrl}/`);
    await page.waitForSelector('.PromoPopup', { timeout: 10_000 });
    await page.click('.PromoPopup .Dialog-secondary');
    await expect
      .poll(() => named(calls, '/api/census/overlay').map((c) => `${form(c).overlayId}:${form(c).action}`), {
        timeout: 10_000,
      })
      .toEqual(['promo-popup:open', 'promo-popup:close']);

    // Each page's calls are answered before it is left (leaving aborts a call still in flight).
    await allAnswered(calls);
    await page.goto(`${storeUrl}/shop/p/brass-pen`);
    await page.waitForSelector('html[data-islands="hydrated"]');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    await page.locator('[role="dialog"] input').fill('For Ada');
    await seeTextAfter(page, '.ProductItem-form .sqs-add-to-cart-button', 'Added!', () =>
      page.locator('[role="dialog"] button[type="submit"]').click(),
    );
    await allAnswered(calls);
    await page.goto(`${storeUrl}/cart`);
    await page.locator('.CartEntry button', { hasText: 'Edit details' }).click();
    await escapeDialog(page);
    const clicks = () =>
      calls
        .filter((c) => c.path === '/api/v1/clanker/events' && c.body.includes('"interface_click"'))
        .map(
          (c) => (JSON.parse(c.body) as { eventContent: { object_identifier: string } }).eventContent.object_identifier,
        );
    await expect
      .poll(clicks, { timeout: 10_000 })
      .toEqual(['cart-page-product-form-open', 'cart-page-product-form-close']);
    await allAnswered(calls);
    await context.close();
  });

  it('sends a product page visit from a product page and none from a blog post, an item page too', {
    timeout: 60_000,
  }, async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const calls = await capture(page);
    const visits = () => named(calls, '/api/events/RecordEvent').filter((c) => form(c).event === 'visit_product_page');
    await page.goto(`${storeUrl}/blog/how-we-fire-mugs`);
    await expect.poll(() => named(calls, '/api/census/RecordHit').length, { timeout: 10_000 }).toBe(1);
    expect(hitData(named(calls, '/api/census/RecordHit')[0])).toMatchObject({ pageType: 50, recordType: 1 });
    // The visit would follow the hit's answer at once: by the time the post's calls are answered it would have been sent.
    await allAnswered(calls);
    // A call the post sends late (its page_view) is cancelled by leaving the page: only the product page's are checked.
    const fromPost = calls.length;
    await page.goto(`${storeUrl}/shop/p/linen-shirt`);
    await expect.poll(() => visits().length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(form(visits()[0]).data ?? '{}')).toMatchObject({
      itemId: 'p-linen-shirt',
      pagePath: '/shop/p/linen-shirt',
    });
    // The post's page_view may go out after `fromPost` and be cancelled by the navigation: only the product page's are checked.
    await allAnswered(calls.slice(fromPost).filter((call) => !call.body.includes('/blog/how-we-fire-mugs')));
    await context.close();
  });

  it("sends a signed-in shopper's account id and locale with the page view and the product page visit, and the session id with the cart's events (E34, E36)", {
    timeout: 300_000,
  }, async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const email = `census-${RUN}@example.com`;
    // The account is made in French: the visitor chose it on the account page first.
    await page.goto(`${storeUrl}/account`);
    await page.locator('#visitor-language').waitFor({ timeout: 60_000 });
    await page.locator('#visitor-language').selectOption('fr-FR');
    await expect.poll(() => page.evaluate('document.documentElement.lang'), { timeout: 60_000 }).toBe('fr-FR');
    await signUpShopper(page, storeUrl, email, 'recensement-du-jardin');
    const calls = await capture(page);
    await page.goto(`${storeUrl}/shop/p/linen-shirt`);
    await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 60_000 });
    const cookies = await context.cookies();
    const info = cookies.find((cookie) => /^(__Host-)?SiteUserInfo$/.test(cookie.name))?.value ?? '';
    const { siteUserId } = JSON.parse(decodeURIComponent(info)) as { siteUserId: string };
    expect(siteUserId).toMatch(/^[\w-]+$/);

    await expect.poll(() => named(calls, '/api/census/RecordHit').length, { timeout: 30_000 }).toBe(1);
    expect(hitData(named(calls, '/api/census/RecordHit')[0])).toMatchObject({
      websiteLocale: 'en-US',
      memberAccountId: siteUserId,
      memberAccountLocale: 'fr-FR',
    });
    const visit = () => named(calls, '/api/events/RecordEvent').find((c) => form(c).event === 'visit_product_page');
    await expect.poll(() => visit() !== undefined, { timeout: 30_000 }).toBe(true);
    expect(JSON.parse(form(visit()).data ?? '{}')).toEqual({
      pagePath: '/shop/p/linen-shirt',
      websiteId: 'demo',
      templateId: 'default',
      website_locale: 'en-US',
      memberAccountId: siteUserId,
      member_locale: 'fr-FR',
      itemId: 'p-linen-shirt',
    });

    await page.selectOption('#variant-p-linen-shirt-Size', 'Small');
    await page.selectOption('#variant-p-linen-shirt-Colour', 'Sand');
    await page.click('.ProductItem-form .sqs-add-to-cart-button');
    const add = () => named(calls, '/api/events/RecordEvent').find((c) => form(c).event === 'add_to_cart');
    await expect.poll(() => add() !== undefined, { timeout: 30_000 }).toBe(true);
    const census = (await context.cookies()).find((cookie) => cookie.name === 'ss_cvr')?.value ?? '';
    const visitor = decodeURIComponent(census).split('|');
    expect(JSON.parse(form(add()).data ?? '{}')).toMatchObject({
      logged_in: true,
      end_user_session_id: `${visitor[0]}-${visitor[3]}`,
    });
    await allAnswered(calls);
    await context.close();
  });
});
