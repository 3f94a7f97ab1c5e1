/**
 * Experiments on the browser tests' load stall (docs/testing.md, "Steady under load"): a page's HTML came, its `load`
 * never fired in 60 s. After `npm run build:client:test`:
 *
 * `node scripts/load-stall-probe.mjs pool [held]` — do requests that never end starve page loads through Chromium's 6
 * connections a host? One Chromium served as the tests' is (launchServer + connect), a local server that never answers
 * /hang: context A sends `held` (6) such requests of each kind (fetch, keepalive fetch, sendBeacon, image), then a page
 * loads in A, in a new context B while A holds them, and in a new context after A closed.
 *
 * `node scripts/load-stall-probe.mjs http [minutes] [clients] [store URL]` — does a test store (scripts/local-store.mjs,
 * started here unless a URL is given) ever leave a response unfinished? `clients` keep-alive loops (6) fetch its pages and
 * /build/ files with a browser's Accept-Encoding, one request in four abandoned after its headers as a closed test
 * context abandons them; a response without its end after 30 s is printed with what had arrived.
 */
import http from 'node:http';
import { chromium } from 'playwright-core';
import { launchChromiumServer } from './chromium.mjs';
import { startLocalStore } from './local-store.mjs';

const [mode = 'pool', ...args] = process.argv.slice(2);

async function pool(held) {
  const waiting = [];
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/hang')) return void waiting.push(res);
    const [type, body] = {
      '/page': [
        'text/html',
        '<!doctype html><title>page</title><link rel="stylesheet" href="/a.css"><script type="module" src="/a.js"></script>',
      ],
      '/a.js': ['text/javascript', 'document.title = "ran";'],
      '/a.css': ['text/css', 'p { color: red }'],
    }[req.url] ?? ['text/html', '<!doctype html><title>blank</title>'];
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const chromiumServer = await launchChromiumServer();
  const browser = await chromium.connect(chromiumServer.wsEndpoint());
  const load = async (context) => {
    const page = await context.newPage();
    const started = Date.now();
    try {
      await page.goto(`${origin}/page`, { timeout: 8000 });
      return `load in ${Date.now() - started} ms, script ran: ${(await page.title()) === 'ran'}`;
    } catch (error) {
      return error.message.split('\n')[0];
    } finally {
      await page.close();
    }
  };
  for (const kind of ['fetch', 'keepalive', 'beacon', 'image']) {
    waiting.length = 0;
    const a = await browser.newContext();
    const page = await a.newPage();
    await page.goto(`${origin}/blank`);
    await page.evaluate(
      ([kind, held]) => {
        for (let i = 0; i < held; i++) {
          const url = `/hang?${kind}${i}`;
          if (kind === 'fetch') fetch(url).catch(() => undefined);
          if (kind === 'keepalive') fetch(url, { method: 'POST', body: 'x', keepalive: true }).catch(() => undefined);
          if (kind === 'beacon') navigator.sendBeacon(url, 'x');
          if (kind === 'image') document.body.append(Object.assign(new Image(), { src: url }));
        }
      },
      [kind, held],
    );
    while (waiting.length < held) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(`${kind}: ${waiting.length} requests held by the server`);
    console.log(`  a page in the same context: ${await load(a)}`);
    const b = await browser.newContext();
    console.log(`  a page in another context: ${await load(b)}`);
    await a.close();
    await b.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(
      `  context A closed: ${waiting.filter((res) => !res.socket?.destroyed).length} held requests still open`,
    );
    const c = await browser.newContext();
    console.log(`  a page in a new context: ${await load(c)}`);
    await c.close();
    for (const res of waiting) res.destroy();
  }
  await browser.close();
  await chromiumServer.close();
  server.close();
}

async function hammer(minutes, clients, url) {
  const store = url === undefined ? await startLocalStore() : { url, stop() {} };
  const linked = async (path) =>
    [...(await (await fetch(`${store.url}${path}`)).text()).matchAll(/(?:src|href)="(\/build\/[^"]+)"/g)].map(
      (m) => m[1],
    );
  const paths = [
    ...['/shop/p/candle', '/config', '/', '/shop', '/shop/p/coffee-beans', '/favicon.svg', '/images/demo/candle.webp'],
    ...new Set([...(await linked('/shop/p/candle')), ...(await linked('/config'))]),
  ];
  console.log(`${store.url}: ${paths.join(' ')}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const counts = { finished: 0, abandoned: 0, errors: 0, unfinished: 0 };
  const get = (path, abandon) =>
    new Promise((resolve) => {
      const sent = Date.now();
      let headers = 'never';
      let bytes = 0;
      const timer = setTimeout(() => {
        counts.unfinished++;
        console.log(`${new Date().toISOString()} ${path}: no end after 30 s (headers ${headers}, ${bytes} bytes)`);
        request.destroy();
        resolve();
      }, 30_000);
      const request = http.get(
        `${store.url}${path}`,
        { agent, headers: { accept: 'text/html,*/*', 'accept-encoding': 'gzip, deflate, br' } },
        (res) => {
          headers = `at ${Date.now() - sent} ms`;
          if (abandon) {
            clearTimeout(timer);
            counts.abandoned++;
            request.destroy();
            return resolve();
          }
          res.on('data', (chunk) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            clearTimeout(timer);
            counts.finished++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        clearTimeout(timer);
        if (!abandon) counts.errors++;
        resolve();
      });
    });
  const end = Date.now() + minutes * 60_000;
  let reported = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; Date.now() < end; i++) {
        await get(paths[(i * 7 + client) % paths.length], i % 4 === 1);
        if (Date.now() - reported > 60_000) {
          reported = Date.now();
          console.log(`${new Date().toISOString()} ${JSON.stringify(counts)}`);
        }
      }
    }),
  );
  console.log(JSON.stringify(counts));
  agent.destroy();
  store.stop();
}

if (mode === 'pool') await pool(Number(args[0] ?? 6));
else if (mode === 'http') await hammer(Number(args[0] ?? 5), Number(args[1] ?? 6), args[2]);
else throw new Error(`mode is pool or http, not ${mode}`);
