/**
 * Search at scale (issue 34): on the generated 50,000-product store a common word costs about what
 * a rare one does, because each tier of the search walks the index in catalogue order and stops at
 * the page's 50 results instead of ranking every match. Cost is counted as the SQLite rows the
 * search reads (the runtime's own count), never as time; `npm run bench` prints the time.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateContent } from '../../scripts/site/generate';
import * as tables from '../../src/durable/content-tables';
import { contentObject } from '../../src/site/catalog';
import type { Item, SiteInput } from '../../src/site/schema';
import { importSite } from '../../src/site/store';
import { DEFAULT_THEME } from '../../src/site/theme';

const ID = 'search-scale';
const PRODUCTS = 50_000;
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
    const items = tables.search(counting, query, RESULTS, Date.now()).map((json) => JSON.parse(json) as Item);
    return { items, rowsRead: cursors.reduce((sum, cursor) => sum + cursor.rowsRead, 0) };
  });
}

describe('search on the generated 50,000-product store', () => {
  beforeAll(async () => {
    const site = { ...generateContent({ products: PRODUCTS, posts: 20, seed: 42 }), theme: DEFAULT_THEME };
    expect(await importSite(env, ID, site as unknown as SiteInput)).toHaveProperty('version');
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
});
