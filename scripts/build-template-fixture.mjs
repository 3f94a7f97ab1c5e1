/**
 * Builds a vendored third-party template's own stylesheet and scripts from its own sources, as its
 * webpack build would, without webpack: the entry points its webpack config names (or its Boxen
 * config's), bundled by esbuild; the Sass/LESS those entries import compiled by sass (dart-sass) or
 * our less into styles/[name].css (webpack's file-loader rule); a Sass file its package.json
 * compiles on its own likewise. Outputs go where template.conf and the regions expect them
 * (scripts/[name].js, styles/[name].css, the template folder standing for webpack's build/). The
 * npm packages the sources import are installed, at the versions the template's package.json
 * allows, into node_modules/.cache/template-fixtures/, never into the fixture; SOURCE.md's "Pinned
 * versions" (the author's lock file) fix those and their dependencies. The stylesheets its webpack
 * config runs through autoprefixer go through autoprefixer (with postcss) for the browsers it names.
 * Writes the resolved versions and the outputs' sizes into SOURCE.md's "Build output" section.
 *
 *   node scripts/build-template-fixture.mjs DIR            build, write outputs and SOURCE.md
 *   node scripts/build-template-fixture.mjs DIR --check    build in memory; exit 1 when an output differs
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autoprefixer from 'autoprefixer';
import * as esbuild from 'esbuild';
import less from 'less';
import postcss from 'postcss';
import * as sass from 'sass';

const require = createRequire(import.meta.url);
const autoprefixerVersion = require('autoprefixer/package.json').version;
const postcssVersion = require('postcss/package.json').version;

const dir = resolve(process.argv[2] ?? '');
const check = process.argv.includes('--check');
if (!existsSync(join(dir, 'template.conf'))) {
  console.error('usage: node scripts/build-template-fixture.mjs DIR [--check]  (DIR holds template.conf)');
  process.exit(2);
}
const read = (path) => readFileSync(join(dir, path), 'utf8');
const pkg = existsSync(join(dir, 'package.json')) ? JSON.parse(read('package.json')) : {};
const sourceMd = existsSync(join(dir, 'SOURCE.md')) ? read('SOURCE.md') : '';

/**
 * SOURCE.md's "Pinned versions": `- name version` lines, the versions the author's lock file (not
 * vendored) resolved. Without them the ranges drift: properjs-pagecontroller 0.4 `require`s
 * properjs-router `>=0.4.1`, whose 0.5 is an ES module (`Router2 is not a constructor`).
 */
const pins = Object.fromEntries(
  [
    ...(/\n## Pinned versions\n([\s\S]*?)(?=\n## |$)/.exec(sourceMd)?.[1] ?? '').matchAll(
      /^- `?([@\w./-]+)`? `?(\d[\w.+-]*)`?$/gm,
    ),
  ].map(([, name, version]) => [name, version]),
);

/** The Boxen config (`.boxen/config.json`, `.boxen` or `scripts/config.js`) the webpack config reads, as text. */
const boxenConfig = () =>
  ['.boxen/config.json', '.boxen', 'scripts/config.js']
    .filter((p) => existsSync(join(dir, p)) && !statSync(join(dir, p)).isDirectory())
    .map(read)[0] ?? '';

/**
 * The modules of the custom properjs-hobo build the template's install step makes (package.json's
 * postinstall `npm run build -- '…'` in properjs-hobo, or the Boxen config's `properjs.hobo`): its
 * scripts call them on hobo nodes, and webpack's `mainFields` "hobo" picks that build.
 */
function hoboModules() {
  const script = /properjs-hobo[^']*npm run build -- '([^']+)'/.exec(pkg.scripts?.postinstall ?? '')?.[1];
  return script ?? /"?hobo"?\s*:\s*"([^"]+)"/.exec(boxenConfig())?.[1] ?? null;
}

/** The entry points as the webpack config names them: `entry: { name: path }`, or its Boxen config's `webpack.entry`. */
function entryPoints() {
  if (!existsSync(join(dir, 'webpack.config.js'))) return {};
  const config = read('webpack.config.js');
  let block = /entry\s*:\s*\{([^}]*)\}/.exec(config)?.[1];
  if (!block && /entry\s*:\s*config\.webpack\.entry/.test(config))
    block = /entry["']?\s*:\s*\{([^}]*)\}/.exec(boxenConfig())?.[1];
  const entries = {};
  for (const [, name, value] of (block ?? '').matchAll(
    /["']?([\w/-]+)["']?\s*:\s*([^,\n]+(?:,\s*["'][^"']+["']\s*\))?)/g,
  )) {
    const list = /^\s*(\w+)\s*$/.exec(value)
      ? new RegExp(`${value.trim()}\\s*=\\s*\\[([^\\]]*)\\]`).exec(config)?.[1]
      : value;
    const file = /["']([^"']+\.js)["']/.exec(list ?? '')?.[1];
    if (file) entries[name] = file;
  }
  return entries;
}

/** `sass|node-sass … IN.scss OUT.css` in package.json's scripts: a stylesheet built on its own. */
function separateStylesheets() {
  return Object.values(pkg.scripts ?? {}).flatMap((script) =>
    [...script.matchAll(/(?:node-)?sass\b[^"&;]*?(\S+\.s[ac]ss)\s+(\S+\.css)/g)].map(([, from, to]) => ({
      from: from.replace(/^\.\//, ''),
      to: to.replace(/^\.\/(build\/)?/, ''),
    })),
  );
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const builtins = new Set(builtinModules);
const outputs = new Map();

const stylesheets = new Set();
const cache = resolve('node_modules/.cache/template-fixtures', basename(dir));
const packages = join(cache, 'node_modules');

/** Compiled as sass-loader and less-loader would: `~name/…` is a package, found in the installed packages. */
async function compileStylesheet(file) {
  if (extname(file) === '.less') {
    const process = (text) => text.replace(/(@import\s*(?:\([^)]*\)\s*)?["'])~/g, '$1');
    const tilde = { install: (_less, manager) => manager.addPreProcessor({ process }) };
    const options = { filename: file, paths: [packages], math: 'always', javascriptEnabled: false, plugins: [tilde] };
    const result = await less.render(readFileSync(file, 'utf8'), options);
    return result.css;
  }
  const tilde = { findFileUrl: (url) => (url.startsWith('~') ? pathToFileURL(join(packages, url.slice(1))) : null) };
  return sass.compile(file, {
    style: 'expanded',
    loadPaths: [dirname(file), packages],
    importers: [tilde],
    logger: sass.Logger.silent,
  }).css;
}

/** The webpack rule `file-loader?name=../styles/[name].css` on Sass and LESS a script imports: compiled after the bundle. */
function stylesheetsAsFiles(found) {
  return {
    name: 'stylesheets-as-files',
    setup(build) {
      build.onLoad({ filter: /\.(s[ac]ss|less)$/ }, ({ path }) => {
        stylesheets.add(path);
        // Its partials' `~package` imports, so that the packages are installed before it compiles.
        for (const file of readdirSync(dirname(path), { recursive: true }).filter((f) => /\.(s[ac]ss|less)$/.test(f))) {
          const text = readFileSync(join(dirname(path), file), 'utf8');
          for (const [, name] of text.matchAll(/@import[^"'\n]*["']~([^"']+)["']/g)) found?.add(packageName(name));
        }
        return { contents: '', loader: 'js' };
      });
    },
  };
}

/** webpack's `resolve.modules: [root, source, …]`: a bare name may be the template's own file. */
const isLocal = (specifier) =>
  [dir, join(dir, 'source')].some((base) => ['', '.js'].some((ext) => existsSync(join(base, specifier + ext))));

/** Bare imports: node built-ins are empty modules (webpack's `node: { fs: 'empty' }`); packages are recorded. */
function bareImports(found) {
  return {
    name: 'bare-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (builtins.has(path) && !pkg.dependencies?.[path] && !pkg.devDependencies?.[path])
          return { path, namespace: 'empty' };
        if (found && !isLocal(path)) {
          found.add(packageName(path));
          return { path, external: true };
        }
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
}

const entries = entryPoints();
// webpack's output.path is build/scripts (names as they are) or build (names that start with scripts/).
const webpackConfig = existsSync(join(dir, 'webpack.config.js')) ? read('webpack.config.js') : '';
const outputFolder = /output\s*:\s*\{[^}]*path\.resolve\([^)]*["']scripts["']/.test(webpackConfig) ? 'scripts/' : '';
// webpack's resolve.mainFields when the config names them ("hobo" picks properjs-hobo's custom build).
const mainFields = /mainFields\s*:\s*\[([^\]]*)\]/
  .exec(webpackConfig)?.[1]
  .match(/[\w-]+/g)
  ?.filter((field) => field !== 'web') ?? ['browser', 'module', 'main'];
const options = (found) => ({
  absWorkingDir: dir,
  entryPoints: Object.entries(entries).map(([out, file]) => ({ in: file, out })),
  bundle: true,
  write: false,
  outdir: join(dir, 'scripts-out'),
  format: 'iife',
  target: 'es2017',
  charset: 'utf8',
  legalComments: 'inline',
  define: { __DEBUG__: 'false', 'process.env.NODE_ENV': '"production"' },
  mainFields,
  nodePaths: [dir, join(dir, 'source'), packages],
  loader: { '.block': 'text', '.svg': 'text' },
  logLevel: 'silent',
  plugins: [stylesheetsAsFiles(found), bareImports(found)],
});

/** Installs the packages as the cache's own dependencies (a `--no-save` install would prune the others); pinned ones of theirs by overrides. */
function npmInstall(dependencies) {
  const overrides = Object.fromEntries(Object.entries(pins).filter(([name]) => dependencies[name] === undefined));
  writeFileSync(
    join(cache, 'package.json'),
    `${JSON.stringify({ private: true, dependencies, overrides }, null, 2)}\n`,
  );
  const run = (args) => spawnSync('npm', args, { cwd: cache, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return (
    run(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error']).status ===
    0
  );
}
const published = (name, range) =>
  spawnSync('npm', ['view', `${name}@${range}`, 'version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).stdout.trim() !== '';

const versions = {};
const notBuilt = [];
if (Object.keys(entries).length > 0) {
  const found = new Set();
  await esbuild.build(options(found));
  const wanted = [...found].sort();
  const range = (name) => pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
  mkdirSync(cache, { recursive: true });
  const dependencies = Object.fromEntries(wanted.map((name) => [name, pins[name] ?? range(name) ?? 'latest']));
  // One package the registry cannot give (a version never published) must not hide the others.
  if (wanted.length > 0 && !npmInstall(dependencies)) {
    for (const [name, wants] of Object.entries(dependencies)) {
      if (published(name, wants)) continue;
      notBuilt.push(`the scripts: ${name}@${wants} is not in the npm registry`);
      delete dependencies[name];
    }
    if (!npmInstall(dependencies)) notBuilt.push('the scripts: npm install failed');
  }
  for (const name of wanted) {
    const file = join(cache, 'node_modules', name, 'package.json');
    if (existsSync(file)) versions[name] = JSON.parse(readFileSync(file, 'utf8')).version;
  }
  const hobo = hoboModules();
  if (hobo !== null && existsSync(join(packages, 'properjs-hobo', 'build.js'))) {
    const built = spawnSync('node', ['build.js', hobo], { cwd: join(packages, 'properjs-hobo'), stdio: 'ignore' });
    if (built.status !== 0) notBuilt.push('the scripts: the properjs-hobo build failed');
    versions['properjs-hobo'] += ` (its custom build: ${hobo})`;
  }
  if (notBuilt.length === 0) {
    const result = await esbuild.build(options(null)).catch((error) => {
      notBuilt.push(...error.errors.map((e) => `the scripts: ${e.location?.file ?? ''}: ${e.text}`));
      return null;
    });
    for (const file of result?.outputFiles ?? [])
      outputs.set(`${outputFolder}${relative(join(dir, 'scripts-out'), file.path)}`, file.text);
  }
}
/**
 * The browsers the webpack config's `autoprefixer({ browsers: […] })` names (its Boxen config's
 * `postcss.browsers`), or null when its stylesheet rule runs no autoprefixer.
 */
function prefixedBrowsers() {
  if (!/require\(\s*["']autoprefixer["']\s*\)/.test(webpackConfig)) return null;
  const literal = /autoprefixer\(\s*\{\s*browsers\s*:\s*\[([^\]]*)\]/.exec(webpackConfig)?.[1];
  const named = literal?.match(/["'][^"']+["']/g)?.map((b) => b.slice(1, -1));
  const boxen = /"browsers"\s*:\s*"([^"]+)"/.exec(boxenConfig())?.[1];
  return named ?? (boxen === undefined ? ['last 2 versions'] : [boxen]);
}
const browsers = prefixedBrowsers();
/** postcss-loader's autoprefixer, after sass-loader, as the template's webpack rule chains them. */
const prefixed = async (css, from) =>
  browsers === null
    ? css
    : (await postcss([autoprefixer({ overrideBrowserslist: browsers })]).process(css, { from })).css;

for (const file of stylesheets)
  outputs.set(`styles/${basename(file, extname(file))}.css`, await prefixed(await compileStylesheet(file), file));
for (const { from, to } of separateStylesheets()) outputs.set(to, await compileStylesheet(join(dir, from)));

if (outputs.size === 0)
  notBuilt.push('nothing: no webpack config or package.json script in the folder names an entry point or a stylesheet');

let differs = false;
for (const [path, text] of [...outputs].sort()) {
  const target = join(dir, path);
  const same = existsSync(target) && readFileSync(target, 'utf8') === text;
  console.log(`${path}\t${Buffer.byteLength(text)} bytes${check ? (same ? '\tsame' : '\tDIFFERS') : ''}`);
  if (check) differs ||= !same;
  else {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}
if (check) process.exit(differs ? 1 : 0);

const list = (items) => items.join(', ') || 'none';
const section = [
  '## Build output',
  '',
  `Built by \`node scripts/build-template-fixture.mjs ${relative(process.cwd(), dir)}\` (\`--check\` builds again and compares):`,
  `- webpack entry points: ${list(Object.entries(entries).map(([n, f]) => `\`${n}\` from \`${f}\``))}, bundled by esbuild ${esbuild.version} (IIFE, ES2017, not minified);`,
  `- the Sass and LESS they import (webpack's file-loader rule) or package.json compiles: sass ${sass.info.split('\t')[1]}, less ${less.version.join('.')},`,
  browsers === null
    ? '  expanded (its webpack build runs no autoprefixer);'
    : `  expanded, then autoprefixer ${autoprefixerVersion} (postcss ${postcssVersion}) for ${browsers.map((b) => `"${b}"`).join(', ')} as its postcss-loader did;`,
  `- npm packages the sources import, at ${Object.keys(pins).length > 0 ? '"Pinned versions" above' : "the template's own ranges"}: ${list(Object.entries(versions).map(([n, v]) => `${n} ${v}`))}.`,
  '',
  ...[...outputs].sort().map(([path, text]) => `- \`${path}\`: ${Buffer.byteLength(text).toLocaleString('en')} bytes`),
  ...(notBuilt.length > 0 ? ['', `Not built: ${notBuilt.join('; ')}.`] : []),
  '',
].join('\n');
writeFileSync(join(dir, 'SOURCE.md'), `${sourceMd.replace(/\n## Build output\n[\s\S]*$/, '').trimEnd()}\n\n${section}`);
