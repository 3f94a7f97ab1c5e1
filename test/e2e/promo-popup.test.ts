/**
 * The promo popup's saved 'version' (engine spec §3, popup overlay local-storage keys date-closed, version,
 * submitted): closing the popup saves its version beside the date, and a visitor who closed another version of
 * it (the merchant has changed the offer since) sees the new one; one who closed this version does not.
 */
import { describe, expect, it } from 'vitest';
import { reviewShot, useChromium } from './browser';
import { afterNextPaint, escapeDialog, openPage } from './pages';
import { storeUrl } from './store';

const browser = useChromium();
const saved = (key: string) => `localStorage.getItem('promo-popup:${key}')`;

describe('promo popup version', () => {
  it('saves the version it was closed at, and shows again to a visitor who closed another version', {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await openPage(browser(), storeUrl, '/');
    const dialog = page.locator('[role="dialog"].PromoPopup');
    await dialog.waitFor({ timeout: 30_000 });
    await escapeDialog(page);
    await dialog.waitFor({ state: 'detached' });
    const version = (await page.evaluate(saved('version'))) as string | null;
    expect(version).toMatch(/^[0-9a-z]+$/);
    expect(Number(await page.evaluate(saved('date-closed')))).toBeGreaterThan(0);

    // Closed a week ago at most, but another version: the merchant's new offer shows.
    await page.evaluate("localStorage.setItem('promo-popup:version', 'an-older-offer')");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await dialog.waitFor({ timeout: 30_000 });
    await reviewShot(page, 'test-artifacts/spec-details/promo-popup-new-version-375.png');
    await escapeDialog(page);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(saved('version'))).toBe(version);

    // The same version, closed just now: the popup stays away past its delay.
    await page.clock.install();
    await page.reload();
    await page.waitForSelector('html[data-islands="hydrated"]');
    await page.clock.fastForward(60_000);
    await afterNextPaint(page);
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
