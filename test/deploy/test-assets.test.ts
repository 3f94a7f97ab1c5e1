/**
 * The tests build and serve a client of their own: running them beside `npm start` never rebuilds
 * or removes what the running store serves from public/ (issue 17, defect 11).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STORE_ASSETS, TEST_ASSETS } from '../../scripts/assets.mjs';

/** Every file under a folder with its modification time and contents. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else out[relative(dir, path)] = `${stat.mtimeMs} ${readFileSync(path, 'base64')}`;
    }
  };
  walk(dir);
  return out;
}

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the tests' client build", () => {
  const out = mkdtempSync(join(tmpdir(), 'test-assets-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('goes to a folder of its own, which npm test builds and the test store serves', () => {
    expect(TEST_ASSETS).not.toBe(STORE_ASSETS);
    expect(scripts.test).toBe('node scripts/test.mjs');
    expect(readFileSync('scripts/test.mjs', 'utf8')).toContain("run('npm', ['run', 'build:client:test']);");
    expect(scripts['build:client:test']).toBe('node scripts/build-client.mjs --test');
    // Across line breaks: the formatter may put each argument on a line of its own.
    expect(readFileSync('scripts/store-bundle.mjs', 'utf8')).toMatch(/'--assets',\s+TEST_ASSETS/);
    expect(readFileSync('scripts/bundle-size.mjs', 'utf8')).toMatch(/'--assets',\s+TEST_ASSETS/);
  });

  it('leaves public/ (and public/build/manifest.json) untouched and writes a complete assets folder elsewhere', () => {
    const before = snapshot(STORE_ASSETS);
    execFileSync('node', ['scripts/build-client.mjs', '--assets', out], { stdio: 'ignore' });
    expect(snapshot(STORE_ASSETS)).toEqual(before);

    const manifest = JSON.parse(readFileSync(join(out, 'build', 'manifest.json'), 'utf8')) as {
      entry: string;
      files: Record<string, number>;
    };
    expect(manifest.entry).toMatch(/^\/build\/entry-[\w-]+\.js$/);
    for (const url of Object.keys(manifest.files)) expect(existsSync(join(out, url)), url).toBe(true);
    expect(existsSync(join(out, 'favicon.svg'))).toBe(true);
    expect(existsSync(join(out, '_headers'))).toBe(true);
  }, 120_000);

  it('the type check of the wrangler types changes no file a running store reads', () => {
    const before = { public: snapshot(STORE_ASSETS), types: statSync('worker-configuration.d.ts').mtimeMs };
    execFileSync('npx', ['wrangler', 'types', '--include-runtime=false', '--strict-vars=false', '--check'], {
      stdio: 'ignore',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    expect({ public: snapshot(STORE_ASSETS), types: statSync('worker-configuration.d.ts').mtimeMs }).toEqual(before);
  }, 120_000);
});
