/**
 * Journey: page views and events the hourly limit left uncounted, as the merchant sees them (issue 34). Beacons past a
 * website's hourly quota are answered at the edge and then counted by the store as refused (`summary.refused`,
 * docs/analytics.md "Limits"); the console's analytics section says how many in a line under its figures, only for a
 * range that has some. A store manager opens Analytics from the sidebar at 1366 and 375 px: the last 7 days (none
 * refused) show no line; 30 days with 1,204 refused show it under the figures, the count formatted; back to 7 days it is
 * gone. The store cannot take 3,600,000 beacons in a test's hour, so the 30-day answer is the store's own with its
 * refused count set (the worker test 'counts a beacon past the exact hourly quota as refused' holds the real count in
 * this answer). Screenshots in test-artifacts/journeys/analytics-refused-*.png.
 */
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import { ACCOUNTS, atBothWidths, JOURNEY_TIMEOUT, openSection, shot, signIn, SLOW, useContexts } from './support';

const contexts = useContexts();
const REFUSED = 1204;
const LINE = '#analytics-refused';

describe('analytics: beacons over the hourly limit', () => {
  it(
    'says how many page views and events the hourly limit left uncounted, under the figures and only when some were, at 1366 and 375 px',
    async () => {
      await atBothWidths(async (width) => {
        const { page, errors } = await contexts.page(width);
        await page.route(
          (url) => url.pathname === '/api/console/analytics',
          async (route) => {
            const response = await route.fetch();
            if (new URL(route.request().url()).searchParams.get('days') !== '30') return route.fulfill({ response });
            const answer = await response.json();
            answer.summary.refused = REFUSED;
            return route.fulfill({ status: response.status(), json: answer });
          },
        );
        await signIn(page, storeUrl, ACCOUNTS.store);
        await openSection(page, 'Analytics');
        const status = page.locator('.Page > p.Muted[role="status"]');
        await expect.poll(() => status.textContent(), SLOW).toMatch(/^Last 7 days,/);
        expect(await page.locator(LINE).count()).toBe(0);

        await page.click('button:has-text("30 days")');
        await expect.poll(() => status.textContent(), SLOW).toMatch(/^Last 30 days,/);
        const line = page.locator(LINE);
        expect(await line.textContent()).toBe('1,204 page views and events over the hourly limit were not counted.');
        expect(await line.isVisible()).toBe(true);
        // Under the figures, page views and visitors the last of them, before the charts.
        const figures = await page.locator('.Figures').boundingBox();
        const box = await line.boundingBox();
        expect(box?.y).toBeGreaterThanOrEqual((figures?.y ?? 0) + (figures?.height ?? 0));
        await shot(page, `analytics-refused-${width}`);

        await page.click('button:has-text("7 days")');
        await expect.poll(() => status.textContent(), SLOW).toMatch(/^Last 7 days,/);
        expect(await page.locator(LINE).count()).toBe(0);
        expect(errors).toEqual([]);
      });
    },
    JOURNEY_TIMEOUT,
  );
});
