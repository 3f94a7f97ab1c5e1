/**
 * What a browser test's steps cost on this machine now (docs/testing.md, "Where the time goes"): a store's start, then
 * in one Chromium `/`, `/shop`, a product and a post at 1366 and 375 px, twice, each in a new context: the context and
 * page, `domcontentloaded`, `load`, the islands hydrated, a full-page PNG, the viewport, a full-page JPEG and the
 * context's close, in seconds. The second round's sums are the figures (the first warms the store's renders).
 * `node scripts/test-page-costs.mjs` after `npm run build:client:test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startLocalStore } from './local-store.mjs';

const PATHS = ['/', '/shop', '/shop/p/linen-shirt', '/blog/how-we-fire-mugs'];
const STEPS = ['context', 'loaded', 'load', 'hydrated', 'fullPng', 'viewport', 'fullJpeg', 'close'];
const seconds = (ms) => (ms / 1000).toFixed(2);
const shots = mkdtempSync(join(tmpdir(), 'page-costs-'));

const started = performance.now();
const store = await startLocalStore();
console.log(`store start ${seconds(performance.now() - started)} s`);
const browser = await launchChromium();
const sums = Object.fromEntries(STEPS.map((step) => [step, 0]));
try {
  console.log(['round', 'width', 'path', ...STEPS].join('\t'));
  for (const round of [1, 2])
    for (const width of [1366, 375])
      for (const path of PATHS) {
        const times = {};
        let last = performance.now();
        const lap = (step) => {
          const now = performance.now();
          times[step] = now - last;
          last = now;
        };
        const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
        const page = await context.newPage();
        lap('context');
        await page.goto(`${store.url}${path}`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
        lap('loaded');
        await page.waitForLoadState('load', { timeout: 120_000 });
        lap('load');
        // A page whose only island is an empty cart's pill hydrates nothing, and never says hydrated (src/client/entry.ts).
        if ((await page.locator('[data-island]:not([data-island="CartPill"])').count()) > 0)
          await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 60_000 });
        lap('hydrated');
        await page.screenshot({ path: join(shots, 'full.png'), fullPage: true });
        lap('fullPng');
        await page.screenshot({ path: join(shots, 'viewport.png') });
        lap('viewport');
        await page.screenshot({ path: join(shots, 'full.jpg'), fullPage: true, type: 'jpeg', quality: 80 });
        lap('fullJpeg');
        await context.close();
        lap('close');
        if (round === 2) for (const step of STEPS) sums[step] += times[step];
        console.log([round, width, path, ...STEPS.map((step) => seconds(times[step]))].join('\t'));
      }
  console.log(
    `round 2, ${PATHS.length * 2} pages, summed: ${STEPS.map((step) => `${step} ${seconds(sums[step])}`).join(', ')}`,
  );
} finally {
  await browser.close();
  store.stop();
  rmSync(shots, { recursive: true, force: true });
}
