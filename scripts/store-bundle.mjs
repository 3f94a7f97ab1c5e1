/**
 * The browser-test stores' worker, built once per state of the tree instead of once per store (issue 30): the worker's
 * sources, the tests' client build and the entry are copied (a store runs what the tree held when it started, however
 * the tree is edited or the client rebuilt meanwhile), hashed, and built by `wrangler deploy --dry-run` (wrangler's
 * own bundle with wrangler.toml's settings, no upload) into `.wrangler/store-bundles/HASH/` beside a copy of the client
 * build and the Miniflare options wrangler's config translation gives for it (`unstable_getMiniflareWorkerOptions`,
 * as the worker tests' pool uses). A later store of the same tree, in this process or another, finds the folder and
 * builds nothing. scripts/store-runtime.mjs runs a store from it.
 *
 * A worker that does not build, or that wrangler refuses (a Durable Object class not exported), fails here with
 * wrangler's own message.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { TEST_ASSETS } from './assets.mjs';

/** What the worker is built from: the store's source, its theme and its configuration. */
const WORKER_SOURCES = [
  'src',
  'themes',
  'wrangler.toml',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.worker.json',
  'worker-configuration.d.ts',
];

const BUNDLES = resolve('.wrangler/store-bundles');
/**
 * A built folder no store has started from for this long is removed when another is built (about 9 MB each, and every
 * edit of the tree makes one): longer than a whole run, and a running store still serves its client build from it.
 */
const UNUSED_FOR_MS = 2 * 60 * 60 * 1000;

/** Every file of `paths` under `root` (a file, or a folder's files but node_modules), sorted, relative to `root`. */
function filesOf(root, paths) {
  const under = (path) =>
    statSync(join(root, path)).isDirectory()
      ? readdirSync(join(root, path))
          .filter((name) => name !== 'node_modules')
          .flatMap((name) => under(join(path, name)))
      : [path];
  return paths.flatMap(under).sort();
}

/** The hash of what a store of `root` runs: the files of `paths`, by path and contents, and the entry. */
function hashOf(root, paths, entry) {
  const hash = createHash('sha256').update(`entry ${entry ?? ''}\n`);
  for (const file of filesOf(root, paths)) hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 24);
}

/** Runs wrangler's CLI in `cwd`; rejects with what it printed when it fails. */
function wrangler(args, cwd) {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['wrangler', ...args], {
      cwd,
      // React and our code in production mode, as the stores have always run them.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_LOG_PATH: join(cwd, 'logs'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    const keep = (chunk) => {
      printed = (printed + stripVTControlCharacters(chunk.toString())).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0
        ? done()
        : fail(
            new Error(`the store's worker could not be built (wrangler ${args[0]} exited with ${code}):\n${printed}`),
          ),
    );
  });
}

/** Removes built folders and options unused for UNUSED_FOR_MS, and staging folders a crashed build left. */
function removeStale() {
  for (const name of readdirSync(BUNDLES)) {
    const path = join(BUNDLES, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed meanwhile by another run
    }
  }
}

/**
 * wrangler's Miniflare options for the configuration `config` (its worker's name and main too), kept beside the builds
 * by the configuration's text and wrangler's version: importing wrangler takes seconds of CPU on a loaded machine, and
 * the options change only with those. The assets folder in them is the one `built` has; the runtime names its own.
 */
async function miniflareOptions(config, built) {
  const version = JSON.parse(readFileSync(resolve('node_modules/wrangler/package.json'), 'utf8')).version;
  const key = createHash('sha256').update(`wrangler ${version}\n`).update(readFileSync(config)).digest('hex');
  const kept = join(BUNDLES, `options-${key.slice(0, 24)}.json`);
  if (existsSync(kept)) return JSON.parse(readFileSync(used(kept), 'utf8'));
  const { unstable_getMiniflareWorkerOptions, unstable_readConfig } = await import('wrangler');
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, {
    overrides: { assets: { directory: join(built, 'assets'), binding: 'ASSETS' } },
  });
  const { name, main } = unstable_readConfig({ config });
  const options = { name, main, workerOptions };
  writeFileSync(`${kept}.${process.pid}`, JSON.stringify(options));
  renameSync(`${kept}.${process.pid}`, kept);
  return options;
}

async function build({ staging, entry }) {
  const built = join(staging, 'built');
  await wrangler(
    [
      'deploy',
      '--dry-run',
      ...(entry === undefined ? [] : [entry]),
      '--outdir',
      join(built, 'worker'),
      '--assets',
      TEST_ASSETS,
    ],
    join(staging, 'tree'),
  );
  cpSync(join(staging, 'tree', TEST_ASSETS), join(built, 'assets'), { recursive: true });
  const { name, main, workerOptions } = await miniflareOptions(join(staging, 'tree', 'wrangler.toml'), built);
  const script = entry ?? main;
  writeFileSync(
    join(built, 'options.json'),
    JSON.stringify({ name, scriptPath: `worker/${basename(script, extname(script))}.js`, workerOptions }),
  );
  return built;
}

/**
 * The folder a store of `root`'s worker (or of `entry`, a worker entry under `root` instead of wrangler.toml's) runs
 * from, built unless a store of the same sources and client build was built before. Hashing the tree takes a fraction
 * of a second; copying it, seconds on a loaded machine, so the tree is copied only to build.
 */
export async function storeBundle({ root = '.', entry } = {}) {
  mkdirSync(BUNDLES, { recursive: true });
  const paths = [...WORKER_SOURCES, TEST_ASSETS, ...(entry === undefined ? [] : [entry])];
  const found = join(BUNDLES, hashOf(root, paths, entry));
  if (existsSync(found)) return used(found);
  // Stores started side by side in one process (global setup's) share one build.
  let building = inProgress.get(found);
  if (building === undefined) {
    building = buildFrom({ root, paths, entry }).finally(() => inProgress.delete(found));
    inProgress.set(found, building);
  }
  return building;
}

/** The builds under way in this process, by the folder their tree was hashed to. */
const inProgress = new Map();

async function buildFrom({ root, paths, entry }) {
  const staging = join(BUNDLES, `staging-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  try {
    const tree = join(staging, 'tree');
    for (const path of paths) cpSync(join(root, path), join(tree, path), { recursive: true });
    // Named by what was copied: the tree may have changed since it was hashed.
    const folder = join(BUNDLES, hashOf(tree, paths, entry));
    if (existsSync(folder)) return used(folder);
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'), 'dir');
    const built = await build({ staging, entry });
    removeStale();
    try {
      renameSync(built, folder);
    } catch (error) {
      // Another store built the same sources at the same time: theirs is as good.
      if (!existsSync(folder)) throw error;
    }
    return used(folder);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Marks `path` used now (removeStale keeps it) and returns it. */
function used(path) {
  const now = new Date();
  utimesSync(path, now, now);
  return path;
}
