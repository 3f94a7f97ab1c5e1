/**
 * Builds the worker as `wrangler deploy` would (offline: --dry-run) into dist/ and prints its size,
 * gzip-compressed as Cloudflare counts it; fails when it reaches the 1 MiB budget. Reads the tests'
 * assets (`npm run build:client:test`), not public/.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TEST_ASSETS } from './assets.mjs';

const BUDGET = 1024 * 1024;
const OUT = 'dist';

const build = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', OUT, '--assets', TEST_ASSETS], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
});
if (build.status !== 0) {
  console.error('wrangler deploy --dry-run failed');
  process.exit(1);
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const modules = files(OUT).filter((path) => !path.endsWith('.map'));
const raw = modules.reduce((sum, path) => sum + statSync(path).size, 0);
const gzip = modules.reduce((sum, path) => sum + gzipSync(readFileSync(path), { level: 9 }).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`worker bundle: ${modules.length} module(s), ${kb(raw)} raw, ${kb(gzip)} gzip (budget ${kb(BUDGET)} gzip)`);
if (gzip >= BUDGET) {
  console.error('the worker bundle is over its budget');
  process.exit(1);
}
