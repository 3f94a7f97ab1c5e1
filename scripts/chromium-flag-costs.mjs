/**
 * What Chromium's launch flags cost a browser test (issue 30, docs/testing.md "Where the browser project's CPU
 * goes"): a store's start, then for each variant a Chromium server connected to as the tests connect
 * (`chromium.connect`), and in interleaved rounds the same visits in each: a new context at 1366 and 375 px, `/`,
 * `/shop`, a product and a post, each to `load` and the islands hydrated, the context closed. Per variant and round:
 * the wall time of the visits and the CPU seconds (user + system, /proc) of that Chromium's processes over them,
 * with the renderer processes it started. `node scripts/chromium-flag-costs.mjs [ROUNDS]` after
 * `npm run build:client:test`; the variants are below (`current` is scripts/chromium.mjs as it is).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, PLAYWRIGHT_DISABLED_FEATURES } from './chromium.mjs';
import { startLocalStore } from './local-store.mjs';

const VARIANTS = JSON.parse(
  process.env.VARIANTS ??
    JSON.stringify({
      'as before (Playwright features only)': { features: [] },
      current: {},
    }),
);
const ROUNDS = Number(process.argv[2] ?? 3);
const PATHS = ['/', '/shop', '/shop/p/linen-shirt', '/blog/how-we-fire-mugs'];

function stats() {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {}
  }
  return all;
}

/** Tracks the CPU ticks of `root` and its descendants (a process once seen is kept until it ends). */
function tracker(root) {
  const seen = new Map();
  const sample = () => {
    const all = stats();
    let grew = true;
    while (grew) {
      grew = false;
      for (const [pid, stat] of all)
        if (!seen.has(pid) && (pid === root || seen.has(stat.ppid))) {
          seen.set(pid, stat.ticks);
          grew = true;
        }
    }
    for (const [pid, ticks] of seen) {
      const now = all.get(pid)?.ticks;
      if (now !== undefined && now > ticks) seen.set(pid, now);
    }
  };
  const timer = setInterval(sample, 100);
  return {
    sample,
    cpu: () => [...seen.values()].reduce((sum, ticks) => sum + ticks, 0) / 100,
    processes: () => seen.size,
    stop: () => clearInterval(timer),
  };
}

async function visit(browser, url) {
  for (const width of [1366, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
    const page = await context.newPage();
    for (const path of PATHS) {
      await page.goto(`${url}${path}`, { waitUntil: 'load', timeout: 120_000 });
      if ((await page.locator('[data-island]:not([data-island="CartPill"])').count()) > 0)
        await page.waitForSelector('html[data-islands="hydrated"]', { timeout: 60_000 });
    }
    await context.close();
  }
}

const store = await startLocalStore();
const servers = {};
const sums = {};
try {
  for (const [name, { executablePath, extra = [], features }] of Object.entries(VARIANTS)) {
    // `features`: the features to turn off besides Playwright's own, instead of scripts/chromium.mjs's.
    const args =
      features === undefined
        ? CHROMIUM.args
        : [
            ...CHROMIUM.args.filter((arg) => !arg.startsWith('--disable-features=')),
            `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...features].join(',')}`,
          ];
    const server = await chromium.launchServer({
      ...CHROMIUM,
      ...(executablePath === undefined ? {} : { executablePath }),
      args: [...args, ...extra],
    });
    const browser = await chromium.connect(server.wsEndpoint());
    servers[name] = { server, browser, track: tracker(server.process().pid) };
    sums[name] = { wall: 0, cpu: 0 };
    await visit(browser, store.url); // warms the store's renders and this Chromium
  }
  console.log('round\tvariant\twall s\tChromium CPU s\tprocesses so far\tload');
  for (let round = 1; round <= ROUNDS; round++)
    for (const [name, { browser, track }] of Object.entries(servers)) {
      track.sample();
      const cpu = track.cpu();
      const started = performance.now();
      await visit(browser, store.url);
      track.sample();
      const wall = (performance.now() - started) / 1000;
      const used = track.cpu() - cpu;
      sums[name].wall += wall;
      sums[name].cpu += used;
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      console.log(`${round}\t${name}\t${wall.toFixed(2)}\t${used.toFixed(2)}\t${track.processes()}\t${load}`);
    }
  for (const [name, sum] of Object.entries(sums))
    console.log(`${name}: ${ROUNDS} rounds, wall ${sum.wall.toFixed(1)} s, Chromium CPU ${sum.cpu.toFixed(1)} s`);
} finally {
  for (const { server, track } of Object.values(servers)) {
    track.stop();
    await server.close();
  }
  store.stop();
}
