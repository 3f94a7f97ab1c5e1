/**
 * The store folder of `npm run site` (scripts/site/): the generator is deterministic and keeps the
 * spec's 200 products per collection; a folder reads back to the site it was written from; a bad
 * folder is refused with the file, line or path and the reason, and nothing is half-written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../scripts/site/check';
import { main } from '../../scripts/site/cli';
import { readSiteFolder, siteFiles, SiteFolderError, writeSiteFolder, type FolderProblem } from '../../scripts/site/folder';
import { generateSite } from '../../scripts/site/generate';
import type { SiteJson } from '../../scripts/site/site-json';

const THEME = 'themes/default';
const work = mkdtempSync(join(tmpdir(), 'site-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function digest(files: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [path, text] of files) hash.update(`${path}\0${text}\0`);
  return hash.digest('hex');
}

/** A small valid store folder to break. */
let folders = 0;
function smallFolder(): string {
  const dir = join(work, `store-${++folders}`);
  writeSiteFolder(dir, generateSite({ products: 450, posts: 3, seed: 5, themeDir: THEME }));
  return dir;
}

function problemsOf(dir: string): FolderProblem[] {
  try {
    const { site, sources } = readSiteFolder(dir);
    return checkSite(site, sources, { templates: true });
  } catch (error) {
    if (error instanceof SiteFolderError) return [...error.problems];
    throw error;
  }
}

function editLine(path: string, line: number, edit: (item: Record<string, unknown>) => void): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  const item = JSON.parse(lines[line - 1] as string) as Record<string, unknown>;
  edit(item);
  lines[line - 1] = JSON.stringify(item);
  writeFileSync(path, lines.join('\n'));
}

describe('the generated store', () => {
  const options = { products: 5000, posts: 200, seed: 42, themeDir: THEME };
  const site = generateSite(options);

  it('is the same bytes for the same seed, and another store for another seed', () => {
    expect(digest(siteFiles(generateSite(options)))).toBe(digest(siteFiles(site)));
    expect(digest(siteFiles(generateSite({ ...options, seed: 43 })))).not.toBe(digest(siteFiles(site)));
  });

  it('spreads products over collections of at most 200, with categories, tags, sales, sold-out and unicode titles', () => {
    const products = site.items.filter((item) => item.structuredContent !== undefined);
    expect(products).toHaveLength(5000);
    expect(site.items).toHaveLength(5200);
    const perCollection = new Map<unknown, number>();
    for (const item of products) perCollection.set(item.collectionId, (perCollection.get(item.collectionId) ?? 0) + 1);
    expect(perCollection.size).toBe(25);
    expect(Math.max(...perCollection.values())).toBeLessThanOrEqual(200);
    expect(products.every((item) => (item.categories as string[]).length === 1)).toBe(true);
    expect(new Set(products.flatMap((item) => item.tags as string[])).size).toBeGreaterThan(5);
    const variants = products.flatMap((item) => (item.structuredContent as { variants: { onSale: boolean; qtyInStock: number; unlimited: boolean }[] }).variants);
    expect(variants.some((v) => v.onSale)).toBe(true);
    const soldOut = products.filter((item) => {
      const own = (item.structuredContent as { productType: number; variants: { qtyInStock: number; unlimited: boolean }[] }).variants;
      return own.length > 0 && own.every((v) => v.qtyInStock === 0 && !v.unlimited);
    });
    expect(soldOut.length).toBeGreaterThan(100);
    expect(products.some((item) => /[^\x00-\x7f]/.test(item.title as string))).toBe(true);
  });

  it('is a valid folder that reads back to the same files', () => {
    const dir = join(work, 'generated');
    writeSiteFolder(dir, site);
    const { site: read, sources } = readSiteFolder(dir);
    expect(checkSite(read, sources, { templates: true })).toEqual([]);
    expect(digest(siteFiles(read))).toBe(digest(siteFiles(site)));
    expect(readdirSync(join(dir, 'items'))).toHaveLength(26);
  });
});

describe('a folder that is not a store', () => {
  it('names a missing folder and a missing site.json', () => {
    expect(problemsOf(join(work, 'absent'))).toEqual([{ file: join(work, 'absent'), message: 'no such folder' }]);
    const empty = join(work, 'empty');
    mkdirSync(empty);
    expect(problemsOf(empty)).toEqual([{ file: 'site.json', message: 'missing: every site folder has one' }]);
  });

  it('names the file, line and column of invalid JSON', () => {
    const dir = smallFolder();
    const site = readFileSync(join(dir, 'site.json'), 'utf8').replace('"siteTitle": "Generated Goods",', '"siteTitle": "Generated Goods",,');
    writeFileSync(join(dir, 'site.json'), site);
    expect(problemsOf(dir)).toEqual([{ file: 'site.json', where: '4:36', message: 'invalid JSON: Expected double-quoted property name' }]);

    const other = smallFolder();
    const shard = join(other, 'items', 'kitchen-1.ndjson');
    const lines = readFileSync(shard, 'utf8').split('\n');
    lines[2] = (lines[2] as string).replace('"recordType":11', '"recordType":11 "x":1');
    writeFileSync(shard, lines.join('\n'));
    const problems = problemsOf(other);
    expect(problems.map((p) => `${p.file}:${p.where}`)).toEqual([`items/kitchen-1.ndjson:3:${(lines[2] as string).indexOf('"x"') + 1}`]);
    expect(problems[0]?.message).toBe("invalid JSON: Expected ',' or '}' after property value");
  });

  it('names the file, line and path of a schema problem, and of items in the wrong place', () => {
    const dir = smallFolder();
    editLine(join(dir, 'items', 'kitchen-1.ndjson'), 2, (item) => {
      item.urlId = 'Not A Slug';
      (item.structuredContent as { variants: { price: unknown }[] }).variants[0]!.price = -1;
    });
    editLine(join(dir, 'items', 'home-1.ndjson'), 1, (item) => {
      item.collectionId = 'c-kitchen-1';
    });
    writeFileSync(join(dir, 'collections', 'stray.json'), '{}');
    expect(problemsOf(dir)).toEqual([
      { file: 'collections/stray.json', message: 'not listed in site.json collections' },
      { file: 'items/home-1.ndjson', where: '1', message: 'collectionId must be "c-home-1", the id of collections/home-1.json' },
    ]);
    rmSync(join(dir, 'collections', 'stray.json'));
    editLine(join(dir, 'items', 'home-1.ndjson'), 1, (item) => {
      item.collectionId = 'c-home-1';
    });
    expect(problemsOf(dir)).toEqual([
      { file: 'items/kitchen-1.ndjson', where: '2: urlId', message: 'must be lowercase letters, digits and dashes' },
      { file: 'items/kitchen-1.ndjson', where: '2: structuredContent.variants.0.price', message: 'Too small: expected number to be >=0' },
    ]);
  });

  it('refuses duplicate ids, more than 200 products in a collection and template syntax errors', () => {
    const dir = smallFolder();
    const first = readFileSync(join(dir, 'items', 'kitchen-1.ndjson'), 'utf8').split('\n')[0] as string;
    const copy = JSON.parse(first) as Record<string, unknown>;
    const shard = Array.from({ length: 201 }, (_, n) => JSON.stringify({ ...copy, id: n <= 1 ? copy.id : `p-x${n}`, urlId: `x-${n}`, fullUrl: `/kitchen-1/p/x-${n}` }));
    writeFileSync(join(dir, 'items', 'kitchen-1.ndjson'), `${shard.join('\n')}\n`);
    writeFileSync(join(dir, 'theme', 'pages', 'product.html'), '{.section item}\n  {.if title}x\n{.end}');
    const problems = problemsOf(dir);
    expect(problems).toContainEqual({ file: 'items/kitchen-1.ndjson', where: '2: id', message: `id ${String(copy.id)} is also the id of items/kitchen-1.ndjson:1` });
    expect(problems).toContainEqual({ file: 'collections/kitchen-1.json', message: 'holds 201 products; a collection holds at most 200' });
    expect(problems.filter((p) => p.file === 'theme/pages/product.html')).not.toEqual([]);
  });

  it('the command prints the problems and exits 1, and export never writes into a folder that has files', async () => {
    const dir = smallFolder();
    writeFileSync(join(dir, 'site.json'), '{');
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect(await main(['import', dir, '--url', 'http://127.0.0.1:9'])).toBe(1);
      expect(await main(['generate', '--out', dir])).toBe(1);
      expect(await main(['export', dir])).toBe(1);
      expect(await main(['frobnicate'])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(written[0]).toBe(`${dir} is not a valid site folder:\n  site.json:1:2: invalid JSON: Expected property name or '}'\n`);
    expect(written[1]).toBe(`${dir} already exists and is not empty; choose a new folder\n`);
    expect(written[2]).toBe(written[1]);
    expect(written[3]).toMatch(/^unknown command frobnicate\nusage: npm run site -- export DIR/);
    expect(readFileSync(join(dir, 'site.json'), 'utf8')).toBe('{');
    expect(existsSync(join(work, `.${dir.split('/').pop()}.writing-${process.pid}`))).toBe(false);
  });
});
