/**
 * Builds the browser code: the island entry and one chunk per island (plus React's chunks), minified,
 * React in production mode, with content-hashed names in public/build/, and a manifest
 * (public/build/manifest.json: { entry, console, consoleStyle, files: { path: gzip bytes } }) the
 * worker reads to find the entries. The merchant console (`/config`) is a build of its own, with its
 * own React and one chunk per section, so no store page ever shares a file with it. Prints the gzip
 * size of each file.
 *
 * `--test` builds into the tests' own assets folder instead (TEST_ASSETS, scripts/assets.mjs: a copy
 * of public/'s other files plus build/), leaving public/ to a running `npm start`; `--assets DIR`
 * does the same into DIR. Such a folder is built beside its place and then swapped in, so a store
 * starting from it meanwhile never copies half a build.
 */
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { STORE_ASSETS, TEST_ASSETS } from './assets.mjs';

function assetsFolder(args) {
  const at = args.indexOf('--assets');
  if (at !== -1 && args[at + 1]) return args[at + 1];
  return args.includes('--test') ? TEST_ASSETS : STORE_ASSETS;
}

const TARGET = assetsFolder(process.argv.slice(2));
const ASSETS = TARGET === STORE_ASSETS ? TARGET : `${TARGET}.next-${process.pid}`;
const OUT = join(ASSETS, 'build');
if (ASSETS !== STORE_ASSETS) {
  // A failed build leaves no half-made folder behind (after a good one it has been renamed to TARGET).
  process.on('exit', () => rmSync(ASSETS, { recursive: true, force: true }));
  rmSync(ASSETS, { recursive: true, force: true });
  cpSync(STORE_ASSETS, ASSETS, {
    recursive: true,
    filter: (path) => relative(STORE_ASSETS, path).split(sep)[0] !== 'build',
  });
}
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

/** One esbuild run into OUT, minified for es2022, with its metafile; `options` add to or override these. */
function bundle(options) {
  return build({
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outdir: OUT,
    metafile: true,
    logLevel: 'warning',
    ...options,
  });
}

/** What an app build adds: chunks with content-hashed names, React in production mode, the automatic JSX runtime. */
function app(entryPoints, chunks) {
  return bundle({
    entryPoints,
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: `${chunks}/[name]-[hash]`,
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
  });
}

const result = await app({ entry: 'src/client/entry.ts' }, 'chunks');

// The analytics collectors: one small script under a fixed name, which the layout loads where the site tracks.
const collectors = await bundle({ entryPoints: { collectors: 'src/client/collectors/index.ts' } });

// The merchant console: its own entry, chunks and stylesheet.
const consoleBuild = await app({ console: 'src/console/main.tsx' }, 'console-chunks');

const urlOf = (path) => `/${relative(ASSETS, path).split(sep).join('/')}`;
const files = {};
let entry = null;
let consoleEntry = null;
let consoleStyle = null;
for (const [path, output] of Object.entries({
  ...result.metafile.outputs,
  ...collectors.metafile.outputs,
  ...consoleBuild.metafile.outputs,
})) {
  const url = urlOf(path);
  files[url] = gzipSync(readFileSync(path)).length;
  if (output.entryPoint === 'src/client/entry.ts') entry = url;
  if (output.entryPoint === 'src/console/main.tsx' && url.endsWith('.js')) {
    consoleEntry = url;
    if (output.cssBundle !== undefined) consoleStyle = urlOf(output.cssBundle);
  }
}
writeFileSync(`${OUT}/manifest.json`, JSON.stringify({ entry, console: consoleEntry, consoleStyle, files }, null, 2));
if (ASSETS !== TARGET) {
  rmSync(TARGET, { recursive: true, force: true });
  renameSync(ASSETS, TARGET);
}
for (const [url, bytes] of Object.entries(files))
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  ${url}`);
