/**
 * Layout shift and the home page's largest paint in Chromium with the CPU throttled 4x (the
 * page-speed method of bench/page-speed.mjs), at 1366 × 900 and 375 × 812: the cart pill's space
 * is there before the page script runs, /cart and /checkout keep their island's space while the
 * cart loads, and the promo popup is never the home page's largest contentful paint.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './browser';

const storeUrl = inject('storeUrl');
const browser = useChromium();

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 375, height: 812 } } as const;

/** Layout shifts (without recent input) and the largest-paint candidates, from the start of the page. */
const OBSERVE = `
  window.__metrics = { cls: 0, shifts: [], lcp: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) { window.__metrics.cls += e.value; window.__metrics.shifts.push(e.sources.map((s) => s.node?.className || s.node?.nodeName || '?').join(',') + ' ' + e.value.toFixed(4)); } }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__metrics.lcp.push({ time: e.startTime, popup: Boolean(e.element?.closest('.PromoPopup')), tag: (e.element?.tagName ?? '') + '.' + (e.element?.className ?? '') }); }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface Metrics {
  cls: number;
  shifts: string[];
  lcp: { time: number; popup: boolean; tag: string }[];
  popupShown: boolean;
}

async function measure(context: BrowserContext, path: string, waitMs: number): Promise<Metrics> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(OBSERVE);
  await page.goto(`${storeUrl}${path}`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 30_000 });
  await page.waitForTimeout(waitMs);
  const metrics = (await page.evaluate("({ ...window.__metrics, popupShown: document.querySelector('.PromoPopup') !== null })")) as Metrics;
  await page.close();
  return metrics;
}

/** A context with a cart holding a candle (a plain add from the product page). */
async function contextWithCart(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${storeUrl}/shop/p/candle`);
  await page.waitForSelector('html[data-islands="hydrated"]');
  await page.click('.ProductItem-form .sqs-add-to-cart-button');
  await expect.poll(() => page.locator('.ProductItem-form .sqs-add-to-cart-button').textContent(), { timeout: 10_000 }).toBe('Added!');
  await page.close();
  return context;
}

describe('layout shift at 4x CPU', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`keeps the pill's, the cart's and the checkout's space (${name})`, async () => {
      const context = await contextWithCart(viewport);
      const figures: Record<string, Metrics> = {};
      for (const path of ['/blog/linen-care', '/cart', '/checkout']) figures[path] = await measure(context, path, 1500);
      console.log(`CLS ${name}: ${Object.entries(figures).map(([path, m]) => `${path} ${m.cls.toFixed(4)} [${m.shifts.join('; ')}]`).join(' | ')}`);
      for (const m of Object.values(figures)) expect(m.cls).toBeLessThan(0.01);
      // The pill's own shift was 0.046 (it appeared after JavaScript), the header search's 0.002 (painted
      // before the streamed header was whole). Since the navigation got folders the search and account
      // links still move by about 0.0007 on desktop (not yet explained; docs/storefront.md).
      expect(figures['/blog/linen-care']?.cls).toBeLessThan(0.001);
      await context.close();
    }, 120_000);
  }

  it('never makes the promo popup the home page\'s largest contentful paint', async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS.desktop });
    const m = await measure(context, '/', 3000);
    const last = m.lcp.at(-1);
    console.log(`home LCP: ${JSON.stringify(m.lcp)}`);
    expect(m.popupShown).toBe(true);
    expect(last?.popup).toBe(false);
    await context.close();
  }, 120_000);
});
