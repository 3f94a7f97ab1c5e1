/**
 * Journey: a member area link (issue 36; engine spec §3 navigation, §6 labels), in Chromium at 1366
 * and 375 px. The content editor adds a navigation link to the member area `vip` (as the console's
 * navigation call does); a shopper finds it in the header (behind Menu on a phone, marked with a
 * lock and named with the members-only label), opens it by
 * keyboard and meets the locked member area page, 'This page is locked' and 'This page available
 * only site members' word for word, answered 403, then follows its Sign in link to the account page.
 * Screenshots in test-artifacts/journeys/member-area-*.png.
 */
import type { APIRequestContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../e2e/axe';
import { retryResets, useChromium } from '../e2e/browser';
import { merchantRequests } from '../e2e/merchant-session';
import { storeUrl } from '../e2e/store';
import { ACCOUNTS, Contexts, JOURNEY_TIMEOUT, shot, SLOW, WIDTHS } from './support';

const browser = useChromium();
const contexts = new Contexts(browser);
afterEach(() => contexts.closeAll());

let api: APIRequestContext;
let headers: Record<string, string>;
let navigation: unknown[] = [];

const saveNavigation = (items: unknown[]) =>
  api.post(`${storeUrl}/api/widget/UpdateNavigation`, {
    data: { fieldName: 'main-navigation', templateId: 'default', navigation: { items } },
    headers,
  });

beforeAll(async () => {
  // The navigation is the content editor's to change (a store manager's role does not allow it). A request
  // context of its own, not the browser's, so the navigation is put back after the browser has closed.
  const editor = await merchantRequests(ACCOUNTS.editor);
  api = retryResets(editor.api);
  headers = editor.headers;
  const layout = await api.get(`${storeUrl}/api/commondata/GetSiteLayout`);
  navigation = ((await layout.json()) as { layout: { links: unknown[] }[] }).layout[0]?.links ?? [];
  const saved = await saveNavigation([...navigation, { title: 'Members', memberAreaId: 'vip' }]);
  expect(saved.status(), await saved.text()).toBe(200);
});

afterAll(async () => {
  expect((await saveNavigation(navigation)).status()).toBe(200);
  await api.dispose();
});

for (const width of WIDTHS) {
  describe(`member area at ${width} px`, () => {
    it('the header’s Members link opens the locked member area page, whose Sign in leads to the account', {
      timeout: JOURNEY_TIMEOUT,
    }, async () => {
      const { page, errors } = await contexts.page(width);
      await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
      await page.goto(`${storeUrl}/`);
      await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
      const menu = page.locator('.site-menu-button');
      if (await menu.isVisible()) await menu.click();
      const link = page.locator('#site-nav a', { hasText: 'Members' });
      await link.waitFor({ state: 'visible', ...SLOW });
      expect(await link.getAttribute('href')).toBe('/members/vip');
      // Marked with a lock, and named for screen readers with the spec's label.
      expect(await link.textContent()).toBe('Members (This page available only site members)');
      expect(await link.locator('svg.site-nav-lock').isVisible()).toBe(true);
      await link.focus();
      const [answer] = await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).pathname === '/members/vip', SLOW),
        page.keyboard.press('Enter'),
      ]);
      expect(answer.status()).toBe(403);
      await page.waitForURL(`${storeUrl}/members/vip`, SLOW);
      expect(await page.locator('main h1').textContent()).toBe('This page is locked');
      expect(await page.locator('.MemberArea-label').textContent()).toBe('This page available only site members');
      expect(await page.getAttribute('script[data-census]', 'data-page-type')).toBe('106');
      const problems = await seriousViolations(page, 'member area page');
      await shot(page, `member-area-locked-${width}`);

      await Promise.all([
        page.waitForURL(`${storeUrl}/account`, SLOW),
        page.getByRole('link', { name: 'Sign in' }).click(),
      ]);
      await page.waitForSelector('#signin-email', SLOW);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
