/**
 * Browser tests run against the real store: Chromium installed (scripts/test-setup.sh), the client
 * built (npm test builds it first), and `wrangler dev` started on a free port with React in
 * production mode. The store's URL is provided to the tests as `storeUrl`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('bash', ['scripts/test-setup.sh'], { stdio: 'inherit' });
  // A fresh local state for each run (its own folder, so two runs never share or delete each
  // other's): the store is seeded from this build's demo data.
  const state = `.wrangler/e2e-state-${process.pid}`;
  rmSync(state, { recursive: true, force: true });
  const port = await freePort();
  const child = spawn('npx', ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state], {
    env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/shop`, child, 60_000);
  project.provide('storeUrl', url);
  return async () => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    rmSync(state, { recursive: true, force: true });
  };
}
