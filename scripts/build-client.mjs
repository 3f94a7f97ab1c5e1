/**
 * Builds the browser code: the island entry and one chunk per island (plus React's chunks), minified,
 * React in production mode, with content-hashed names in public/build/, and a manifest
 * (public/build/manifest.json: { entry, files: { path: gzip bytes } }) the worker reads to find the
 * entry. Prints the gzip size of each file.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const OUT = 'public/build';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const result = await build({
  entryPoints: { entry: 'src/client/entry.ts' },
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  outdir: OUT,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  metafile: true,
  logLevel: 'warning',
});

// The analytics collectors: one small script under a fixed name, which the layout loads where the site tracks.
const collectors = await build({
  entryPoints: { collectors: 'src/client/collectors/index.ts' },
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  outdir: OUT,
  metafile: true,
  logLevel: 'warning',
});

const files = {};
let entry = null;
for (const [path, output] of Object.entries({ ...result.metafile.outputs, ...collectors.metafile.outputs })) {
  const url = `/${path.replace(/^public\//, '')}`;
  files[url] = gzipSync(readFileSync(path)).length;
  if (output.entryPoint === 'src/client/entry.ts') entry = url;
}
writeFileSync(`${OUT}/manifest.json`, JSON.stringify({ entry, files }, null, 2));
for (const [url, bytes] of Object.entries(files)) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  ${url}`);
