/**
 * Session recording in Chromium (issue 36; engine spec §7 and §9): the page asks getId and loads
 * the recording service's script (in development the local stand-in, /dev/session-recording.js)
 * only for an eligible visitor: a US or Japanese browser language with a time zone of that country
 * and more than 2 CPU cores (the toggle and the sample are on for the development store; the pure
 * rules are in src/beacon/session-recording.test.ts); a failed getId, an unreachable one and a script
 * that does not load are only logged (spec §8). Screenshot in test-artifacts/session-recording.png.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reviewShot, useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();
const SLOW = { timeout: 60_000 };
const STAND_IN = '/dev/session-recording.js';

interface Visitor {
  locale: string;
  timezoneId: string;
  cores: number;
}

/** A visitor's browser on the home page, the promo popup already answered; what the page decided, and whether the stand-in was asked for. */
async function visit({ locale, timezoneId, cores }: Visitor): Promise<{ page: Page; marked: string; loaded: boolean }> {
  const context = await browser().newContext({ locale, timezoneId, viewport: { width: 1366, height: 900 } });
  await context.addInitScript(
    `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} });` +
      "localStorage.setItem('promo-popup:submitted', '1');",
  );
  const page = await context.newPage();
  let loaded = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === STAND_IN) loaded = true;
  });
  const getId = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/commerce/fullstory/getId', SLOW);
  await page.goto(`${storeUrl}/`);
  expect((await getId).status()).toBe(200);
  await page.waitForSelector('html[data-session-recording]', SLOW);
  const marked = (await page.getAttribute('html', 'data-session-recording')) ?? '';
  return { page, marked, loaded };
}

describe('session recording', () => {
  it('only logs a failed getId: a warning with its status, no error on the page, no script', {
    timeout: 120_000,
  }, async () => {
    const context = await browser().newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
    await context.addInitScript("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 });");
    await context.route('**/api/commerce/fullstory/getId', (route) => route.fulfill({ status: 503, body: '{}' }));
    const page = await context.newPage();
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${storeUrl}/`);
    await expect.poll(() => warnings, SLOW).toContain('Session recording: getId answered HTTP 503');
    expect(await page.getAttribute('html', 'data-session-recording')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('only logs a recording script that does not load and a getId that never answers: warnings, no page error', {
    timeout: 120_000,
  }, async () => {
    const context = await browser().newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
    await context.addInitScript(
      "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 });" +
        "localStorage.setItem('promo-popup:submitted', '1');",
    );
    const page = await context.newPage();
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // An eligible visitor whose recording script answers 404.
    await page.route(`**${STAND_IN}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const script = page.waitForResponse((res) => new URL(res.url()).pathname === STAND_IN, SLOW);
    await page.goto(`${storeUrl}/`);
    expect((await script).status()).toBe(404);
    await expect.poll(() => warnings, SLOW).toContain('Session recording: the recording script did not load');
    expect(await page.getAttribute('html', 'data-session-recording')).toBeNull();
    // getId itself unreachable (the connection fails).
    await page.route('**/api/commerce/fullstory/getId', (route) => route.abort('connectionfailed'));
    await page.reload();
    await expect
      .poll(() => warnings.filter((text) => text.startsWith('Session recording could not start')), SLOW)
      .toHaveLength(1);
    expect(await page.getAttribute('html', 'data-session-recording')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the stand-in for a US visitor in New York with 8 cores, and a Japanese one in Tokyo', {
    timeout: 120_000,
  }, async () => {
    const us = await visit({ locale: 'en-US', timezoneId: 'America/New_York', cores: 8 });
    expect(us).toMatchObject({ marked: 'local-session-recording', loaded: true });
    expect(await us.page.evaluate(() => navigator.hardwareConcurrency)).toBe(8);
    mkdirSync('test-artifacts', { recursive: true });
    await reviewShot(us.page, 'test-artifacts/session-recording.png');
    await us.page.context().close();
    const jp = await visit({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo', cores: 4 });
    expect(jp).toMatchObject({ marked: 'local-session-recording', loaded: true });
    await jp.page.context().close();
  });

  it('skips it for a time zone of another country, a country outside the US and Japan, or 2 cores', {
    timeout: 120_000,
  }, async () => {
    for (const visitor of [
      { locale: 'en-US', timezoneId: 'Europe/Paris', cores: 8 },
      { locale: 'ja-JP', timezoneId: 'America/Los_Angeles', cores: 8 },
      { locale: 'en-GB', timezoneId: 'Europe/London', cores: 8 },
      { locale: 'en-US', timezoneId: 'America/Chicago', cores: 2 },
    ]) {
      const { page, marked, loaded } = await visit(visitor);
      expect({ visitor, marked, loaded }).toEqual({ visitor, marked: 'off', loaded: false });
      await page.context().close();
    }
  });
});
