/**
 * Runs a TypeScript entry point the way production runs code: bundled by esbuild into one ES
 * module, then executed by Node. Benchmarks use this because TS loaders (tsx) turn every imported
 * binding into a getter call, which distorts hot loops.
 *
 *   node scripts/run-bundled.mjs ENTRY.ts [ARGS...]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-bundled.mjs ENTRY.ts [ARGS...]');
  process.exit(2);
}
// Inside the project, so that external packages resolve from its node_modules.
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'run-bundled-'));
const outfile = join(dir, 'main.mjs');
try {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    // Dev dependencies used as baselines stay as they are shipped.
    packages: 'external',
    // Theme files are text, as wrangler bundles them for the worker.
    loader: { '.html': 'text', '.css': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  // gc() and a young generation large enough that measuring allocation is not disturbed by scavenges.
  const flags = ['--expose-gc', '--max-semi-space-size=256'];
  const result = spawnSync(process.execPath, [...flags, outfile, ...args], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
