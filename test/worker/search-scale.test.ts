/**
 * The generated 50,000-product store at scale (issue 34). Search: a common word costs about what a
 * rare one does, because each tier of the search walks the index in catalogue order and stops at
 * the page's 50 results instead of ranking every match. Cost is counted as the SQLite rows the
 * search reads (the runtime's own count), never as time; `npm run bench` prints the time. The
 * store's products are spread over more than 1,000 collections, so the sitemap (its index and
 * every file it names, each collection's and item's page listed once) and a listing's `?page=N`
 * are shown past 999 collections (one bound parameter per collection once failed past 100).
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateContent } from '../../scripts/site/generate';
import { search } from '../../src/durable/site-content/search';
import { contentObject } from '../../src/durable/stubs';
import type { Item, SiteInput } from '../../src/site/model/schema';
import { importSite, mapHost } from '../../src/site/published/store';
import { DEFAULT_THEME } from '../../src/site/theme/theme';
import { Visitor } from './visitor';

const ID = 'search-scale';
const PRODUCTS = 50_000;
const COLLECTIONS = 1_250;
const RESULTS = 50;

/** The items a search answers and the rows it read, run inside the content object. */
function searched(query: string): Promise<{ items: Item[]; rowsRead: number }> {
  return runInDurableObject(contentObject(env, ID), (_, state) => {
    const cursors: { rowsRead: number }[] = [];
    const sql = state.storage.sql;
    const counting = {
      exec: (...args: Parameters<SqlStorage['exec']>) => {
        const cursor = sql.exec(...args);
        cursors.push(cursor);
        return cursor;
      },
    } as SqlStorage;
    const items = search(counting, query, RESULTS, Date.now()).map((json) => JSON.parse(json) as Item);
    return { items, rowsRead: cursors.reduce((sum, cursor) => sum + cursor.rowsRead, 0) };
  });
}

describe('the generated 50,000-product store', () => {
  let site: ReturnType<typeof generateContent>;
  beforeAll(async () => {
    site = generateContent({ products: PRODUCTS, posts: 20, seed: 42, collections: COLLECTIONS });
    expect(
      await importSite(contentObject(env, ID), ID, { ...site, theme: DEFAULT_THEME } as unknown as SiteInput),
    ).toHaveProperty('version');
  }, 600_000);

  it('reads about as much for a word thousands of products have as for one a few have, best matches first', async () => {
    const rare = await searched('harbour cedar kettle');
    const title = await searched('linen');
    const everywhere = await searched('plastic');
    console.log('search rows read', { rare: rare.rowsRead, title: title.rowsRead, everywhere: everywhere.rowsRead });
    expect(rare.items.length).toBeGreaterThan(0);
    expect(rare.items.length).toBeLessThan(RESULTS);
    expect(title.items).toHaveLength(RESULTS);
    expect(title.items.every((item) => /linen/i.test(item.title))).toBe(true);
    expect(everywhere.items).toHaveLength(RESULTS);
    expect(title.rowsRead).toBeLessThanOrEqual(2 * rare.rowsRead);
    expect(everywhere.rowsRead).toBeLessThanOrEqual(2 * rare.rowsRead);
  });

  it('answers its sitemap index and every file it names, each collection and item page once, across 1,000+ collections', {
    timeout: 300_000,
  }, async () => {
    expect(site.collections.length).toBeGreaterThan(1_000);
    await mapHost(env.SITE_CONTENT, `${ID}.test`, ID);
    const visitor = new Visitor(`http://${ID}.test`);
    const locs = async (path: string) => {
      const res = await visitor.fetch(path);
      expect(res.status, path).toBe(200);
      return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    };
    const files = await locs('/sitemap.xml');
    expect(files).toEqual(
      Array.from({ length: files.length }, (_, i) => `http://${ID}.test/sitemap.xml?page=${i + 1}`),
    );
    const listed: string[] = [];
    for (const file of files) {
      const urls = await locs(new URL(file).pathname + new URL(file).search);
      expect(urls.length, file).toBeLessThanOrEqual(10_000);
      listed.push(...urls);
    }
    const pages = [...site.collections, ...site.items].map((page) => `http://${ID}.test${page.fullUrl}`);
    expect(pages.length).toBeGreaterThanOrEqual(PRODUCTS + COLLECTIONS);
    expect(files).toHaveLength(Math.ceil((pages.length + 1) / 10_000));
    const shown = new Set(listed);
    expect(shown.size).toBe(listed.length);
    expect(listed).toHaveLength(pages.length + 1);
    const missing = pages.filter((url) => !shown.has(url));
    expect(missing).toEqual([]);
  });

  it('answers every page of a listing beyond its first 999 collections', { timeout: 120_000 }, async () => {
    await mapHost(env.SITE_CONTENT, `${ID}.test`, ID);
    const visitor = new Visitor(`http://${ID}.test`);
    const collection = site.collections[COLLECTIONS - 1] as (typeof site.collections)[number];
    const own = site.items.filter((item) => item.collectionId === collection.id).map((item) => item.fullUrl);
    const pageCount = Math.ceil(own.length / 12);
    expect(pageCount).toBeGreaterThan(2);
    const seen: string[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const res = await visitor.fetch(`${collection.fullUrl}?page=${page}&format=json`);
      expect(res.status, `${collection.fullUrl}?page=${page}`).toBe(200);
      const { items } = (await res.json()) as { items: { fullUrl: string }[] };
      expect(items.length, `${collection.fullUrl}?page=${page}`).toBeGreaterThan(0);
      seen.push(...items.map((item) => item.fullUrl));
    }
    expect(seen.sort()).toEqual(own.sort());
  });
});
