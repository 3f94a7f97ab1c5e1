/**
 * `npm test`. Without arguments, the whole suite as CI runs it: the formatter and linter (Biome), the client's test build,
 * every vitest project with the type check beside them (niced, so it takes only the CPU the tests leave), then the
 * bundle-size check. With arguments it is the inner loop: `npm test -- test/e2e/cart.test.ts` (a file, a folder,
 * `-t "name"`, `--project worker`: anything vitest takes) runs just those tests, rebuilding the client's test build
 * first only when a source changed since it was built, and skips the type check. Browser files named one by one get
 * no more stores and Chromiums than there are of them (one file: one store).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_ASSETS } from './assets.mjs';
import { browserWorkersFor } from './test-workers.mjs';

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

/** Runs `command` to its end and resolves with its exit status; `niced` at the lowest priority, its output kept and returned. */
function runBeside(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '19', command, ...commandArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

function runAsync(command, commandArgs) {
  return new Promise((resolve) => {
    spawn(command, commandArgs, { stdio: 'inherit' }).on('close', (status) => resolve(status ?? 1));
  });
}

if (args.length === 0) {
  run('npm', ['run', 'lint']);
  run('npm', ['run', 'build:client:test']);
  const typecheck = runBeside('npm', ['run', 'typecheck']);
  // The timeline reporter prints where the run's wall time went (scripts/test-timeline.mjs).
  const tests = await runAsync('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=./scripts/timeline-reporter.mjs',
  ]);
  const typed = await typecheck;
  process.stdout.write(typed.status === 0 ? 'Type check passed.\n' : `Type check failed:\n${typed.output}`);
  if (tests !== 0 || typed.status !== 0) process.exit(tests !== 0 ? tests : typed.status);
  run('node', ['scripts/bundle-size.mjs']);
} else {
  if (!clientBuildIsCurrent()) run('npm', ['run', 'build:client:test']);
  const workers = process.env.E2E_WORKERS ? undefined : browserWorkersFor(args);
  const env = workers === undefined ? process.env : { ...process.env, E2E_WORKERS: workers };
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}
