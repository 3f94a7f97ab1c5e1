/**
 * The store folder of `npm run site` (scripts/site/): the generator is deterministic and keeps the
 * spec's 200 products per collection; a folder reads back to the site it was written from; a bad
 * folder is refused with the file, line or path and the reason, and nothing is half-written; a
 * symbolic link or a special file anywhere in a folder is refused, named, never read, and nothing is sent.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createSocketServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../scripts/site/check';
import { main } from '../../scripts/site/cli';
import {
  readSiteFolder,
  siteFiles,
  SiteFolderError,
  writeSiteFolder,
  type FolderProblem,
} from '../../scripts/site/folder';
import { generateSite } from '../../scripts/site/generate';

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
    const variants = products.flatMap(
      (item) =>
        (item.structuredContent as { variants: { onSale: boolean; qtyInStock: number; unlimited: boolean }[] })
          .variants,
    );
    expect(variants.some((v) => v.onSale)).toBe(true);
    const soldOut = products.filter((item) => {
      const own = (
        item.structuredContent as { productType: number; variants: { qtyInStock: number; unlimited: boolean }[] }
      ).variants;
      return own.length > 0 && own.every((v) => v.qtyInStock === 0 && !v.unlimited);
    });
    expect(soldOut.length).toBeGreaterThan(100);
    expect(products.some((item) => /[^\x00-\x7f]/.test(item.title as string))).toBe(true);
  });

  it('spreads the same products over more collections when asked, a multiple of the fewest', () => {
    const spread = generateSite({ ...options, collections: 100 });
    const productsOf = (whole: typeof site) => whole.items.filter((item) => item.structuredContent !== undefined);
    const perCollection = new Map<unknown, number>();
    for (const item of productsOf(spread))
      perCollection.set(item.collectionId, (perCollection.get(item.collectionId) ?? 0) + 1);
    expect([...perCollection.values()]).toEqual(Array.from({ length: 100 }, () => 50));
    expect(new Set(spread.collections.map((c) => c.urlId)).size).toBe(spread.collections.length);
    expect(productsOf(spread).map((item) => [item.id, item.title, item.body])).toEqual(
      productsOf(site).map((item) => [item.id, item.title, item.body]),
    );
    expect(() => generateSite({ ...options, collections: 30 })).toThrow('a multiple of 25 collections, not 30');
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
    const site = readFileSync(join(dir, 'site.json'), 'utf8').replace(
      '"siteTitle": "Generated Goods",',
      '"siteTitle": "Generated Goods",,',
    );
    writeFileSync(join(dir, 'site.json'), site);
    expect(problemsOf(dir)).toEqual([
      { file: 'site.json', where: '4:36', message: 'invalid JSON: Expected double-quoted property name' },
    ]);

    const other = smallFolder();
    const shard = join(other, 'items', 'kitchen-1.ndjson');
    const lines = readFileSync(shard, 'utf8').split('\n');
    lines[2] = (lines[2] as string).replace('"recordType":11', '"recordType":11 "x":1');
    writeFileSync(shard, lines.join('\n'));
    const problems = problemsOf(other);
    expect(problems.map((p) => `${p.file}:${p.where}`)).toEqual([
      `items/kitchen-1.ndjson:3:${(lines[2] as string).indexOf('"x"') + 1}`,
    ]);
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
      {
        file: 'items/home-1.ndjson',
        where: '1',
        message: 'collectionId must be "c-home-1", the id of collections/home-1.json',
      },
    ]);
    rmSync(join(dir, 'collections', 'stray.json'));
    editLine(join(dir, 'items', 'home-1.ndjson'), 1, (item) => {
      item.collectionId = 'c-home-1';
    });
    expect(problemsOf(dir)).toEqual([
      { file: 'items/kitchen-1.ndjson', where: '2: urlId', message: 'must be lowercase letters, digits and dashes' },
      {
        file: 'items/kitchen-1.ndjson',
        where: '2: structuredContent.variants.0.price',
        message: 'Too small: expected number to be >=0',
      },
    ]);
  });

  it('refuses duplicate ids, more than 200 products in a collection and template syntax errors', () => {
    const dir = smallFolder();
    const first = readFileSync(join(dir, 'items', 'kitchen-1.ndjson'), 'utf8').split('\n')[0] as string;
    const copy = JSON.parse(first) as Record<string, unknown>;
    const shard = Array.from({ length: 201 }, (_, n) =>
      JSON.stringify({ ...copy, id: n <= 1 ? copy.id : `p-x${n}`, urlId: `x-${n}`, fullUrl: `/kitchen-1/p/x-${n}` }),
    );
    writeFileSync(join(dir, 'items', 'kitchen-1.ndjson'), `${shard.join('\n')}\n`);
    writeFileSync(join(dir, 'theme', 'pages', 'product.html'), '{.section item}\n  {.if title}x\n{.end}');
    const problems = problemsOf(dir);
    expect(problems).toContainEqual({
      file: 'items/kitchen-1.ndjson',
      where: '2: id',
      message: `id ${String(copy.id)} is also the id of items/kitchen-1.ndjson:1`,
    });
    expect(problems).toContainEqual({
      file: 'collections/kitchen-1.json',
      message: 'holds 201 products; a collection holds at most 200',
    });
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
    expect(written[0]).toBe(
      `${dir} is not a valid site folder:\n  site.json:1:2: invalid JSON: Expected property name or '}'\n`,
    );
    expect(written[1]).toBe(`${dir} already exists and is not empty; choose a new folder\n`);
    expect(written[2]).toBe(written[1]);
    expect(written[3]).toMatch(/^unknown command frobnicate\nusage: npm run site -- export DIR/);
    expect(readFileSync(join(dir, 'site.json'), 'utf8')).toBe('{');
    expect(existsSync(join(work, `.${dir.split('/').pop()}.writing-${process.pid}`))).toBe(false);
  });
});

describe('a store folder with links or special files', () => {
  const SECRET = 'SITE_ADMIN_TOKEN=stand-in-secret-s1';
  const LINK = "is a symbolic link: a store folder's files must be its own, not links to files elsewhere";
  let server: Server;
  let url = '';
  const received: string[] = [];
  beforeAll(async () => {
    // Answers the site admin calls as the worker would, so an old reader's import would go through.
    server = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(`${request.method} ${request.url} ${body}`);
        const path = request.url ?? '';
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify(
            path.endsWith('/imports')
              ? { importId: 'i1', websiteId: 'w1' }
              : path.endsWith('/commit')
                ? { websiteId: 'w1', host: null, version: 2 }
                : {},
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A small store folder `{outer}/store` beside the outer folder's secret (`../../.dev.vars` from its theme/). */
  function storeBesideSecret(): { dir: string; outer: string } {
    const outer = join(work, `outer-${++folders}`);
    mkdirSync(join(outer, 'shared'), { recursive: true });
    writeFileSync(join(outer, '.dev.vars'), `${SECRET}\n`);
    writeFileSync(join(outer, 'shared', 'secret.css'), `/* ${SECRET} */\n`);
    const dir = join(outer, 'store');
    writeSiteFolder(dir, generateSite({ products: 450, posts: 3, seed: 5, themeDir: THEME }));
    return { dir, outer };
  }

  /** `npm run site -- COMMAND DIR` against the recording worker: its exit code, what it printed, and how many calls reached the worker. */
  async function run(
    command: 'import' | 'publish',
    dir: string,
  ): Promise<{ code: number; printed: string; calls: number }> {
    received.length = 0;
    const printed: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (printed.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const code = await main([command, dir, '--url', url]);
      return { code, printed: printed.join(''), calls: received.length };
    } finally {
      process.stderr.write = write;
    }
  }

  it('refuses a link to a secret file, /proc/self/environ or a folder elsewhere, and an item shard that is a link, naming each; import and publish send nothing', async () => {
    const { dir, outer } = storeBesideSecret();
    copyFileSync(join(dir, 'items', 'home-1.ndjson'), join(outer, 'home-1.ndjson'));
    rmSync(join(dir, 'items', 'home-1.ndjson'));
    symlinkSync('../../home-1.ndjson', join(dir, 'items', 'home-1.ndjson'));
    symlinkSync('../../.dev.vars', join(dir, 'theme', 'x.css'));
    symlinkSync('/proc/self/environ', join(dir, 'theme', 'environ.css'));
    symlinkSync('../../shared', join(dir, 'theme', 'shared'));
    const refused = ['items/home-1.ndjson', 'theme/environ.css', 'theme/shared', 'theme/x.css'];
    expect(problemsOf(dir)).toEqual(refused.map((file) => ({ file, message: LINK })));
    for (const command of ['import', 'publish'] as const) {
      const outcome = await run(command, dir);
      expect(outcome).toEqual({
        code: 1,
        printed: `${dir} is not a valid site folder:\n${refused.map((file) => `  ${file}: ${LINK}\n`).join('')}`,
        calls: 0,
      });
    }
    expect(received.join('')).not.toContain('stand-in-secret');
  });

  it('refuses a site.json or a collection that is a link without also calling it missing, a dangling link and a socket in the theme', async () => {
    const { dir, outer } = storeBesideSecret();
    for (const file of ['site.json', 'collections/home-1.json']) {
      copyFileSync(join(dir, file), join(outer, file.replace('/', '-')));
      rmSync(join(dir, file));
      symlinkSync(join(outer, file.replace('/', '-')), join(dir, file));
    }
    symlinkSync('../../nothing.css', join(dir, 'theme', 'gone.css'));
    const socket = createSocketServer();
    await new Promise<void>((resolve) => socket.listen(join(dir, 'theme', 'live.sock'), resolve));
    try {
      expect(problemsOf(dir)).toEqual([
        { file: 'collections/home-1.json', message: LINK },
        { file: 'site.json', message: LINK },
        { file: 'theme/gone.css', message: LINK },
        { file: 'theme/live.sock', message: 'is not a regular file' },
      ]);
      const outcome = await run('import', dir);
      expect(outcome.calls).toBe(0);
      expect(outcome.printed).toContain('  theme/live.sock: is not a regular file\n');
    } finally {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    }
  });
});
