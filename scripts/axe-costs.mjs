/**
 * What axe costs a browser test (docs/testing.md, "axe once per context"): a store's start, then in one Chromium
 * (connected as the tests connect) every page of the sitemap with `/cart`, `/search?q=linen` and `/nope` in one page,
 * in interleaved rounds: axe's source sent into each document (`page.evaluate`, as before) against the context's script
 * for new documents (`test/e2e/axe.ts`). Prints each round's load, source and `axe.run` seconds, and whether both found
 * the same violations. `node scripts/axe-costs.mjs [ROUNDS]` after `npm run build:client:test`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { launchChromiumServer } from './chromium.mjs';
import { startLocalStore } from './local-store.mjs';

const ROUNDS = Number(process.argv[2] ?? 3);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const seconds = (ms) => (ms / 1000).toFixed(2);

const store = await startLocalStore();
const server = await launchChromiumServer();
const browser = await chromium.connect(server.wsEndpoint());
try {
  const sitemap = await (await fetch(`${store.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)]
    .map((match) => new URL(match[1]).pathname)
    .concat(['/cart', '/search?q=linen', '/nope']);
  const found = new Map();
  const visit = async (way) => {
    const context = await browser.newContext();
    if (way === 'per context') await context.addInitScript(`if (globalThis.top === globalThis) {\n${AXE_SOURCE}\n}`);
    const page = await context.newPage();
    const times = { load: 0, source: 0, run: 0 };
    const violations = [];
    for (const path of paths) {
      let start = performance.now();
      await page.goto(`${store.url}${path}`);
      times.load += performance.now() - start;
      start = performance.now();
      if (way === 'per document') await page.evaluate(AXE_SOURCE);
      times.source += performance.now() - start;
      start = performance.now();
      const seen = await page.evaluate(async () =>
        (await globalThis.axe.run()).violations.map(
          (v) => `${v.id} ${v.impact} ${v.nodes.map((n) => n.target).join()}`,
        ),
      );
      times.run += performance.now() - start;
      violations.push(...seen.map((line) => `${path}: ${line}`));
    }
    await context.close();
    found.set(way, [...(found.get(way) ?? []), violations.join('\n')]);
    const total = times.load + times.source + times.run;
    console.log(
      `${way}: ${paths.length} pages, load ${seconds(times.load)} s, source ${seconds(times.source)} s, axe.run ${seconds(times.run)} s, in all ${seconds(total)} s (load average ${load()})`,
    );
  };
  await visit('per document'); // warms the store's renders
  for (let round = 0; round < ROUNDS; round++) for (const way of ['per document', 'per context']) await visit(way);
  const lists = new Set([...found.values()].flat());
  console.log(`the same violations in every round: ${lists.size === 1 ? 'yes' : 'no'}`);
} finally {
  await browser.close();
  await server.close();
  store.stop();
}
