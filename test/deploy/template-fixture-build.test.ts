/**
 * scripts/build-template-fixture.mjs on a tiny template of its own (no npm package, so no network):
 * the build writes the webpack entry's bundle and the Sass it imports, through autoprefixer for the
 * browsers the webpack config names, and SOURCE.md's "Build output"; `--check` builds again in
 * memory, exits 0 while the outputs are the same and 1, naming the file and changing nothing, once
 * one differs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const FILES: Record<string, string> = {
  'template.conf': JSON.stringify({
    name: 'Tiny',
    layouts: { default: { name: 'Default', regions: ['site'] } },
    stylesheets: ['screen.css'],
  }),
  'site.region':
    '<!doctype html><html><head>{squarespace-headers}</head><body>{squarespace.main-content}</body></html>',
  'webpack.config.js': [
    'const path = require( "path" );',
    'const autoprefixer = require( "autoprefixer" );',
    'module.exports = {',
    '    entry: { app: path.resolve( __dirname, "source/js/app.js" ) },',
    '    output: { path: path.resolve( __dirname, "build", "scripts" ), filename: "[name].js" },',
    '    plugins: [ new webpack.LoaderOptionsPlugin( { options: { postcss: [autoprefixer( { browsers: ["last 2 versions"] } )] } } ) ],',
    '    module: { rules: [ { test: /\\.scss$/, use: ["file-loader?name=../styles/[name].css", "postcss-loader", "sass-loader"] } ] }',
    '};',
  ].join('\n'),
  'source/js/app.js': 'import "../sass/screen.scss";\nimport greet from "./greet";\ngreet( "tiny" );\n',
  'source/js/greet.js': 'export default ( name ) => document.body.setAttribute( "data-greeted", name );\n',
  'source/sass/screen.scss': '$ink: #123456;\n.tiny { color: $ink; user-select: none; }\n',
  'SOURCE.md': '# Tiny (a test template)\n',
};

const folder = mkdtempSync(join(tmpdir(), 'template-fixture-build-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  // The build's package cache, empty here: the template imports no package.
  rmSync(join('node_modules/.cache/template-fixtures', basename(folder)), { recursive: true, force: true });
});
for (const [path, text] of Object.entries(FILES)) {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
}

const build = (...args: string[]) =>
  spawnSync('node', ['scripts/build-template-fixture.mjs', folder, ...args], { encoding: 'utf8', timeout: 120_000 });

describe('build-template-fixture.mjs', () => {
  it('builds the entry and its Sass through autoprefixer, then --check passes until an output differs', () => {
    const built = build();
    expect(built.status, built.stderr).toBe(0);
    const script = readFileSync(join(folder, 'scripts/app.js'), 'utf8');
    expect(script).toContain('data-greeted');
    const css = readFileSync(join(folder, 'styles/screen.css'), 'utf8');
    expect(css).toContain('color: #123456;');
    // "last 2 versions" takes in Safari, which needs the prefix: autoprefixer ran as the template's postcss-loader did.
    expect(css).toContain('-webkit-user-select: none;');
    expect(readFileSync(join(folder, 'SOURCE.md'), 'utf8')).toMatch(
      /## Build output[\s\S]*autoprefixer [\d.]+ \(postcss [\d.]+\) for "last 2 versions"[\s\S]*`styles\/screen\.css`/,
    );

    const same = build('--check');
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/scripts\/app\.js\t\d+ bytes\tsame/);
    expect(same.stdout).toMatch(/styles\/screen\.css\t\d+ bytes\tsame/);

    writeFileSync(join(folder, 'styles/screen.css'), `${css}/* edited by hand */\n`);
    const differs = build('--check');
    expect(differs.status).toBe(1);
    expect(differs.stdout).toMatch(/styles\/screen\.css\t\d+ bytes\tDIFFERS/);
    expect(differs.stdout).toMatch(/scripts\/app\.js\t\d+ bytes\tsame/);
    // --check writes nothing: the hand edit is still there.
    expect(readFileSync(join(folder, 'styles/screen.css'), 'utf8')).toContain('/* edited by hand */');
    // Three builds, each a Node process loading esbuild, Sass and PostCSS: at load 50 they passed the project's 60 s.
  }, 180_000);

  it('refuses a folder without template.conf', () => {
    const refused = spawnSync('node', ['scripts/build-template-fixture.mjs', tmpdir(), '--check'], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('usage:');
  });
});
