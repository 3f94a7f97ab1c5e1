/**
 * `npm test`. Without arguments, the whole suite as CI runs it: the formatter and linter (Biome), the client's test build, the type
 * check, every vitest project, then the bundle-size check. With arguments it is the inner loop:
 * `npm test -- test/e2e/cart.test.ts` (a file, a folder, `-t "name"`, `--project worker`: anything
 * vitest takes) runs just those tests, rebuilding the client's test build first only when a source
 * changed since it was built, and skips the type check.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_ASSETS } from './assets.mjs';

const args = process.argv.slice(2);

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function clientBuildIsCurrent() {
  const built = newest(`${TEST_ASSETS}/build/manifest.json`);
  return built > 0 && built > Math.max(newest('src'), newest('public/favicon.svg'), newest('scripts/build-client.mjs'));
}

if (args.length === 0) {
  run('npm', ['run', 'lint']);
  run('npm', ['run', 'build:client:test']);
  run('npm', ['run', 'typecheck']);
  run('npx', ['vitest', 'run']);
  run('node', ['scripts/bundle-size.mjs']);
} else {
  if (!clientBuildIsCurrent()) run('npm', ['run', 'build:client:test']);
  run('npx', ['vitest', 'run', ...args]);
}
