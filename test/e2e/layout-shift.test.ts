/**
 * Layout shift and the home page's largest paint in Chromium with the CPU throttled 4x (the
 * page-speed method of bench/page-speed.mjs), at 1366 × 900 and 375 × 812: the cart pill's space
 * is there before the page script runs, /cart and /checkout keep their island's space while the
 * cart loads, and the promo popup is never the home page's largest contentful paint.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartHolding } from '../journeys/support';
import { useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();

/**
 * A slow network in front of the store: a page's HTML comes in pieces cut before every tag of the
 * header, 60 ms apart, so Chromium paints while its parser is at each point inside the header (the
 * real network's cut points vary; a page painted mid-header moved the search, account and pill).
 * Other responses pass through whole, with their cookies.
 */
function startHeaderByTagProxy(): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' || req.method === 'PUT' ? Buffer.concat(await req.toArray()) : undefined;
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const upstream = await fetch(`${storeUrl}${req.url}`, { method: req.method, body, headers, redirect: 'manual' });
      const out: Record<string, string | string[]> = Object.fromEntries(
        [...upstream.headers].filter(
          ([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie'].includes(name),
        ),
      );
      if (upstream.headers.getSetCookie().length > 0) out['set-cookie'] = upstream.headers.getSetCookie();
      res.writeHead(upstream.status, out);
      const type = upstream.headers.get('content-type') ?? '';
      if (!type.includes('text/html')) return res.end(Buffer.from(await upstream.arrayBuffer()));
      const html = await upstream.text();
      const start = html.indexOf('<header class="site-header"');
      const end = html.indexOf('<main', start);
      let sent = 0;
      for (let cut = start; cut !== -1 && cut <= end; cut = html.indexOf('<', cut + 1)) {
        res.write(html.slice(sent, cut));
        sent = cut;
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      res.end(html.slice(sent));
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 375, height: 812 } } as const;

/** Layout shifts (without recent input) and the largest-paint candidates, from the start of the page. */
const OBSERVE = `
  window.__metrics = { cls: 0, shifts: [], headerShifts: [], lcp: [] };
  const inHeader = (node) => Boolean((node?.nodeType === 1 ? node : node?.parentElement)?.closest('.site-header'));
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
    const shift = e.sources.map((s) => s.node?.className || s.node?.nodeName || '?').join(',') + ' ' + e.value.toFixed(4);
    window.__metrics.cls += e.value;
    window.__metrics.shifts.push(shift);
    if (e.sources.some((s) => inHeader(s.node))) window.__metrics.headerShifts.push(shift);
  } }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__metrics.lcp.push({ time: e.startTime, popup: Boolean(e.element?.closest('.PromoPopup')), tag: (e.element?.tagName ?? '') + '.' + (e.element?.className ?? '') }); }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface Metrics {
  cls: number;
  shifts: string[];
  /** Shifts with a source inside the site header. */
  headerShifts: string[];
  lcp: { time: number; popup: boolean; tag: string }[];
  popupShown: boolean;
}

/**
 * A page of the context at 4x CPU, recording layout shifts and largest paints from each of its documents' start. A
 * test visits its pages in this one page, one after the other: the throttling and the init scripts hold for every
 * navigation (a busy loop ran 6 to 20 times slower at rate 20 after each of five navigations), and each document's
 * observers start empty, as in a page of its own.
 */
async function throttledPage(context: BrowserContext, initScript?: string): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (initScript !== undefined) await page.addInitScript(initScript);
  await page.addInitScript(OBSERVE);
  return page;
}

async function measure(
  page: Page,
  path: string,
  waitMs: number,
  origin = storeUrl,
  waitFor?: string,
): Promise<Metrics> {
  await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 30_000 });
  if (waitFor !== undefined) await page.waitForSelector(waitFor, { timeout: 30_000 });
  await page.waitForTimeout(waitMs);
  return (await page.evaluate(
    "({ ...window.__metrics, popupShown: document.querySelector('.PromoPopup') !== null })",
  )) as Metrics;
}

/**
 * A throttled page in a new context whose cart holds a candle, added by the storefront's calls (cartHolding): what is
 * measured is how the pages after the add hold still, not the product page (the cart's cookie is the host's, so the
 * header proxy's pages show it too).
 */
async function throttledPageWithCart(viewport: { width: number; height: number }, initScript?: string): Promise<Page> {
  const page = await throttledPage(await browser().newContext({ viewport }), initScript);
  await cartHolding(page, storeUrl, 'p-candle');
  return page;
}

type Width = keyof typeof VIEWPORTS;

/**
 * Runs `visit` at both widths side by side, each in its own context (its own renderer, so the 4x throttling is
 * each page's own; on a loaded machine the two only make each other slower, which makes a late paint likelier to
 * be seen, not less), and gives back each width's result once both have ended.
 */
async function atBothWidths<T>(visit: (width: Width) => Promise<T>): Promise<[Width, T][]> {
  const widths = Object.keys(VIEWPORTS) as Width[];
  const settled = await Promise.allSettled(widths.map(visit));
  return settled.map((result, i) => {
    if (result.status === 'rejected') throw result.reason;
    return [widths[i] as Width, result.value];
  });
}

const describeFigures = (figures: Record<string, Metrics>) =>
  Object.entries(figures)
    .map(([path, m]) => `${path} ${m.cls.toFixed(4)} [${m.shifts.join('; ')}]`)
    .join(' | ');

describe('layout shift at 4x CPU', () => {
  it("keeps the pill's, the cart's and the checkout's space (desktop and mobile)", async () => {
    const byWidth = await atBothWidths(async (width) => {
      const page = await throttledPageWithCart(VIEWPORTS[width]);
      const figures: Record<string, Metrics> = {};
      for (const path of ['/blog/linen-care', '/cart', '/checkout']) figures[path] = await measure(page, path, 1500);
      await page.context().close();
      return figures;
    });
    for (const [width, figures] of byWidth) {
      console.log(`CLS ${width}: ${describeFigures(figures)}`);
      for (const [path, m] of Object.entries(figures)) expect(m.cls, `${width} ${path}`).toBeLessThan(0.01);
      // Nothing on the pill page moves: the pill's shift was 0.046 (it appeared after JavaScript), the
      // header's 0.0007 to 0.002 (painted while the streamed header was not whole).
      expect(figures['/blog/linen-care']?.shifts, width).toEqual([]);
    }
  }, 240_000);

  it('keeps the header still while it arrives tag by tag (desktop and mobile)', async () => {
    const proxy = await startHeaderByTagProxy();
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const byWidth = await atBothWidths(async (width) => {
        const page = await throttledPageWithCart(VIEWPORTS[width]);
        const figures: Record<string, Metrics> = {};
        for (const path of ['/blog/linen-care', '/shop/p/linen-shirt'])
          figures[path] = await measure(page, path, 1000, origin);
        await page.context().close();
        return figures;
      });
      for (const [width, figures] of byWidth) {
        console.log(`header by tag ${width}: ${describeFigures(figures)}`);
        // The header is what arrives in pieces here. Once, at 375 px on a loaded CI machine, the product
        // page's rating stars (below the header) reported a 0.00002 shift with an unmoved top edge; the
        // page as a whole is held to the CLS budget instead of to zero.
        for (const [path, m] of Object.entries(figures)) {
          expect(m.headerShifts, `${width} ${path}`).toEqual([]);
          expect(m.cls, `${width} ${path}`).toBeLessThan(0.01);
        }
      }
    } finally {
      proxy.close();
    }
  }, 300_000);

  it("keeps the page still when its words switch to a German visitor's (desktop and mobile)", async () => {
    // The visitor chose German on the account page (kept in this browser): pages come in English; the header's
    // words are German from the first paint (src/storefront/header-words.ts; switched after it, at 375 px the
    // header grew, CLS 0.056 to 0.066), the journal's words and dates once the catalogue is loaded.
    const switched = '.site-account:text-is("Konto")';
    const byWidth = await atBothWidths(async (width) => {
      const page = await throttledPageWithCart(
        VIEWPORTS[width],
        "localStorage.setItem('storefront:language', 'de-DE')",
      );
      const figures: Record<string, Metrics> = {};
      for (const path of ['/blog/linen-care', '/blog', '/shop'])
        figures[path] = await measure(page, path, 1000, storeUrl, switched);
      await page.context().close();
      return figures;
    });
    for (const [width, figures] of byWidth) {
      console.log(`CLS German ${width}: ${describeFigures(figures)}`);
      for (const [path, m] of Object.entries(figures)) {
        expect(m.headerShifts, `${width} ${path}`).toEqual([]);
        expect(m.cls, `${width} ${path}`).toBeLessThan(0.01);
      }
    }
  }, 300_000);

  it("never makes the promo popup the home page's largest contentful paint", async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS.desktop });
    const page = await throttledPage(context);
    // The popup opens after a delay counted from its island's start; its own paint gets 3 s after that.
    const m = await measure(page, '/', 3000, storeUrl, '.PromoPopup');
    const last = m.lcp.at(-1);
    console.log(`home LCP: ${JSON.stringify(m.lcp)}`);
    expect(m.popupShown).toBe(true);
    expect(last?.popup).toBe(false);
    await context.close();
  }, 120_000);
});
