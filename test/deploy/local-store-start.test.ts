/**
 * The browser tests' store (scripts/local-store.mjs) fails at once when its worker cannot be built or started, and
 * says why with wrangler's or the runtime's own message (the start used to say only 'wrangler dev exited with 1', its
 * message lost among the run's output, or wait out its three minutes for a store that never answered).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ASSETS } from '../../scripts/assets.mjs';
import { startLocalStore } from '../../scripts/local-store.mjs';

const CONFIG = ['wrangler.toml', 'package.json', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.worker.json'];

let root: string | undefined;
let held: Server | undefined;
afterEach(async () => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
  await new Promise((done) => (held === undefined ? done(undefined) : held.close(done)));
  held = undefined;
});

/** A tree with our configuration whose worker is `worker`. */
function treeWith(worker: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'broken-store-'));
  for (const file of [...CONFIG, 'worker-configuration.d.ts']) cpSync(file, join(folder, file));
  for (const dir of ['src', 'themes', TEST_ASSETS]) mkdirSync(join(folder, dir));
  writeFileSync(join(folder, 'src/worker.ts'), worker);
  return folder;
}

async function startError(worker: string): Promise<{ message: string; ms: number }> {
  root = treeWith(worker);
  const started = Date.now();
  const message = await startLocalStore({ root }).then(
    (store) => {
      store.stop();
      return 'the store started';
    },
    (error: unknown) => String(error),
  );
  return { message, ms: Date.now() - started };
}

// Far under the three minutes a start waits for a store that is coming up.
const AT_ONCE_MS = 90_000;

describe('starting the browser tests’ store', () => {
  it('fails at once with the build error when the worker does not build', async () => {
    const { message, ms } = await startError('export default { fetch( };\n');
    expect(message).toContain('Build failed');
    expect(message).toContain('src/worker.ts:1:');
    expect(ms).toBeLessThan(AT_ONCE_MS);
  }, 120_000);

  it('fails at once with wrangler’s reason when it refuses the worker', async () => {
    const { message, ms } = await startError('export default {};\n');
    expect(message).toContain('could not be built');
    expect(message).toContain('which are not exported in your entrypoint file');
    expect(ms).toBeLessThan(AT_ONCE_MS);
  }, 120_000);

  it('fails at once with the runtime’s reason when the worker cannot start', async () => {
    const classes = [...readFileSync('wrangler.toml', 'utf8').matchAll(/class_name = "(\w+)"/g)].map(
      ([, name]) => name,
    );
    const { message, ms } = await startError(
      `${classes.map((name) => `export class ${name} {}`).join('\n')}\n` +
        "throw new Error('refused as it loads');\nexport default { fetch: () => new Response('') };\n",
    );
    expect(message).toContain('the store could not start');
    expect(message).toContain('refused as it loads');
    expect(ms).toBeLessThan(AT_ONCE_MS);
  }, 120_000);

  // A port chosen free was once taken by another store's runtime before wrangler bound it: wrangler printed "Address
  // already in use" and exited, but the port answered /shop, and a test worker ran its files against the other store.
  it('refuses a port another process answers on and starts on a new one', async () => {
    const server = createServer((_request, response) => response.end('not the store'));
    held = server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const store = await startLocalStore({ port: address.port });
    try {
      expect(store.url).not.toBe(`http://127.0.0.1:${address.port}`);
      const shop = await fetch(`${store.url}/shop`);
      expect(shop.status).toBe(200);
      expect(await shop.text()).toContain('<html');
    } finally {
      store.stop();
    }
  }, 400_000);

  // workerd closes a keep-alive connection whose request body the worker did not read, without saying so, and the
  // client's next request on it failed with ECONNRESET (console-design's reset of the store, after a DELETE with a body
  // the route takes none of, in clean64). The store's front worker reads every body first, as wrangler dev's proxy did.
  it('keeps a connection usable after a request whose body the store did not read', async () => {
    const store = await startLocalStore();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string) =>
      new Promise<string>((done) => {
        const body = JSON.stringify({ items: [] });
        const sent = request(
          new URL(path, store.url),
          { method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (response) => {
            response.resume();
            response.on('end', () => done(String(response.statusCode)));
          },
        );
        sent.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? String(error)));
        sent.end(body);
      });
    try {
      // Signed out: both are refused before their bodies are read.
      for (let round = 0; round < 3; round++)
        expect([await send('DELETE', '/api/console/design'), await send('PUT', '/api/console/navigation')]).toEqual([
          '401',
          '401',
        ]);
    } finally {
      agent.destroy();
      store.stop();
    }
  }, 400_000);
});
