/**
 * Published content in the website's SiteContent object (one file, one workerd, for what used to be two files; issue
 * 30). Issue 21: row-sized edits, concurrent merchants, listings (paging, sort, tag and category filters), full-text
 * search, the sitemap, a reader's one version, and import/export. Pages are fetched as a browser would (`?format=json`
 * gives the context the theme renders); the object's tables are only read to see what was written. Then the content
 * limits of the engine spec's §9.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminCallError, receiveSite, sendSite, type AdminTarget } from '../../scripts/site/admin-client';
import type { SiteJson } from '../../scripts/site/site-json';
import { createTables } from '../../src/durable/site-content/schema';
import { contentObject, contentObjects, stockLedger } from '../../src/durable/stubs';
import { ITEM_MESSAGES, type Edit, type EditOutcome } from '../../src/durable/site-content';
import { refused } from '../../src/result';
import { ContentMoved, itemsById, siteCatalog } from '../../src/site/published/catalog';
import { demoSite, DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { ROLES } from '../../src/site/roles';
import type { SiteInput } from '../../src/site/model/schema';
import { CONTENT_LIMITS, LIMIT_MESSAGES } from '../../src/site/model/limits';
import { exportSite, importSite, mapHost, publishSite } from '../../src/site/published/store';
import { DEFAULT_THEME } from '../../src/site/theme/theme';
import { pageQuery } from '../../src/storefront/page-context';
import { smallSiteInput } from '../support/site';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const TIMEOUT = 120_000;
type ItemInput = SiteInput['items'][number];

const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD' });

/** A product of the catalogue store: price, tags, categories and title chosen per test. */
function product(
  n: number,
  fields: { title: string; price: number; tags?: string[]; categories?: string[]; body?: string; addedOn?: number },
): ItemInput {
  return {
    id: `p${n}`,
    collectionId: 'shop',
    recordType: 11,
    title: fields.title,
    urlId: `item-${n}`,
    fullUrl: `/shop/p/item-${n}`,
    addedOn: fields.addedOn ?? 1_700_000_000_000 + n,
    body: fields.body ?? '',
    tags: fields.tags ?? [],
    categories: fields.categories ?? [],
    assetUrl: `/images/p${n}.jpg`,
    originalSize: '800x800',
    structuredContent: {
      productType: 1,
      isSubscribable: false,
      variantOptionOrdering: [],
      variants: [
        {
          id: `v${n}`,
          sku: `SKU-${n}`,
          price: fields.price,
          salePrice: 0,
          priceMoney: money(fields.price),
          salePriceMoney: money(0),
          onSale: false,
          qtyInStock: 5,
          unlimited: false,
          attributes: {},
          optionValues: [],
        },
      ],
    },
  };
}

const CATALOGUE: ItemInput[] = [
  product(1, {
    title: 'Linen Shirt',
    price: 4500,
    tags: ['summer', 'sale'],
    categories: ['Clothing'],
    body: '<p>Breathable linen for hot days</p>',
  }),
  product(2, {
    title: 'Wool Scarf',
    price: 3000,
    tags: ['winter'],
    categories: ['Clothing'],
    body: '<p>Soft merino, knitted in Scotland</p>',
  }),
  product(3, {
    title: 'Ölkanne aus Glas',
    price: 2200,
    tags: ['kitchen'],
    categories: ['Home'],
    body: '<p>Eine Kanne für Öl</p>',
  }),
  product(4, {
    title: 'Ceramic Mug',
    price: 1800,
    tags: ['kitchen', 'sale'],
    categories: ['Home'],
    body: '<p>A mug that goes with a linen napkin</p>',
  }),
  product(5, {
    title: 'Zebra Print',
    price: 9900,
    tags: ['art'],
    categories: ['Art'],
    body: '<p>A print of a zebra</p>',
  }),
  product(6, {
    title: 'Árbol Poster',
    price: 1200,
    tags: ['art', 'sale'],
    categories: ['Art'],
    body: '<p>A tree, as on the café wall</p>',
  }),
  product(7, { title: 'Linen Napkins', price: 2600, tags: ['kitchen', 'summer'], categories: ['Home'] }),
  ...Array.from({ length: 20 }, (_, i) =>
    product(100 + i, {
      title: `Basic Tee ${String(i + 1).padStart(2, '0')}`,
      price: 1000 + i * 10,
      tags: ['basics'],
      categories: ['Clothing'],
    }),
  ),
];

function catalogueSite(id: string): SiteInput {
  const site = smallSiteInput();
  return {
    ...site,
    website: { ...site.website, id, baseUrl: `http://${id}.test` },
    items: [...CATALOGUE, ...site.items.filter((i) => i.collectionId !== 'shop')],
    theme: { ...DEFAULT_THEME },
  };
}

async function publishAt(id: string, site: SiteInput = catalogueSite(id)): Promise<Visitor> {
  const published = await importSite(contentObject(env, id), id, site);
  expect(published, JSON.stringify(published)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, `${id}.test`, id);
  return new Visitor(`http://${id}.test`);
}

interface ListContext {
  items: { id: string; title: string; structuredContent?: unknown }[];
  pagination: { page: number; total: number; nextPageUrl: string | null; prevPageUrl: string | null };
  listing: {
    sort: string;
    tagChosen: boolean;
    categoryChosen: boolean;
    sorts: { value: string; label: string; selected: boolean }[];
    tags: { name: string; count: number; url: string; selected: boolean }[];
    categories: { name: string; url: string; selected: boolean }[];
    active: { key: string; name: string; value: string; label: string; url: string }[];
    clearAllUrl: string | null;
  };
}

async function context<T>(visitor: Visitor, path: string): Promise<{ status: number; body: T }> {
  const res = await visitor.fetch(`${path}${path.includes('?') ? '&' : '?'}format=json`);
  return { status: res.status, body: (await res.json()) as T };
}

const edit = (id: string, change: Edit, roles: number[] = [ROLES.admin]): Promise<EditOutcome> =>
  contentObject(env, id).edit(id, change, roles);

/** Records every write to the item and shell tables from now on (SQLite triggers into a log table). */
async function watchWrites(id: string): Promise<() => Promise<string[]>> {
  const stub = contentObject(env, id);
  await runInDurableObject(stub, (_, state) => {
    state.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS write_log (what TEXT NOT NULL);
      DELETE FROM write_log;
      CREATE TRIGGER IF NOT EXISTS log_item_update AFTER UPDATE ON items BEGIN INSERT INTO write_log VALUES ('item:' || new.id); END;
      CREATE TRIGGER IF NOT EXISTS log_item_insert AFTER INSERT ON items BEGIN INSERT INTO write_log VALUES ('item:' || new.id); END;
      CREATE TRIGGER IF NOT EXISTS log_item_delete AFTER DELETE ON items BEGIN INSERT INTO write_log VALUES ('item:' || old.id); END;
      CREATE TRIGGER IF NOT EXISTS log_shell_update AFTER UPDATE ON shell BEGIN INSERT INTO write_log VALUES ('shell:' || new.part); END;
      CREATE TRIGGER IF NOT EXISTS log_shell_insert AFTER INSERT ON shell BEGIN INSERT INTO write_log VALUES ('shell:' || new.part); END;
    `);
  });
  return () =>
    runInDurableObject(stub, (_, state) =>
      state.storage.sql
        .exec<{ what: string }>('SELECT what FROM write_log')
        .toArray()
        .map((row) => row.what),
    );
}

async function pointer(id: string): Promise<number> {
  return Number(await env.SITE_CONTENT.get(`site:${id}:version`));
}

describe('row-sized edits', () => {
  const ID = 'rows';
  beforeAll(() => publishAt(ID), TIMEOUT);

  it(
    'an edit to product A writes its row alone and bumps the version once',
    async () => {
      const writes = await watchWrites(ID);
      const before = await pointer(ID);
      const [a, b] = [...(await itemsById(contentObject(env, ID), ['p1', 'p2'])).values()];
      const outcome = await edit(ID, { kind: 'saveItem', item: { ...a, title: 'Linen Shirt, washed' } });
      expect(outcome).toEqual({ ok: true, value: { changed: true }, version: before + 1 });
      expect(await writes()).toEqual(['item:p1']);
      expect(await pointer(ID)).toBe(before + 1);
      const after = await itemsById(contentObject(env, ID), ['p1', 'p2']);
      expect(after.get('p1')?.title).toBe('Linen Shirt, washed');
      expect(after.get('p2')).toEqual(b);
      const page = await context<{ item: { title: string } }>(new Visitor(`http://${ID}.test`), '/shop/p/item-1');
      expect(page.body.item.title).toBe('Linen Shirt, washed');
    },
    TIMEOUT,
  );

  it(
    'saving an item unchanged writes nothing and keeps the version',
    async () => {
      const writes = await watchWrites(ID);
      const before = await pointer(ID);
      const b = (await itemsById(contentObject(env, ID), ['p2'])).get('p2');
      expect(await edit(ID, { kind: 'saveItem', item: b })).toEqual({
        ok: true,
        value: { changed: false },
        version: null,
      });
      expect(await writes()).toEqual([]);
      expect(await pointer(ID)).toBe(before);
    },
    TIMEOUT,
  );

  it(
    'a header edit writes the header part alone',
    async () => {
      const writes = await watchWrites(ID);
      const before = await pointer(ID);
      expect(await edit(ID, { kind: 'setHeaderFooter', input: { header: '<p>Hello</p>', footer: '' } })).toMatchObject({
        ok: true,
        version: before + 1,
      });
      expect(await writes()).toEqual(['shell:header', 'shell:footer']);
    },
    TIMEOUT,
  );

  it(
    'validates an item before writing it, and keeps code injection to roles that may write code',
    async () => {
      const before = await pointer(ID);
      const a = (await itemsById(contentObject(env, ID), ['p1'])).get('p1');
      expect(await edit(ID, { kind: 'saveItem', item: { ...a, urlId: 'Not A Slug' } })).toEqual({
        ok: false,
        error: 'invalid',
        message: 'Invalid site content: items.p1.urlId: must be lowercase letters, digits and dashes',
      });
      expect(await edit(ID, { kind: 'saveItem', item: { ...a, urlId: 'item-2' } })).toMatchObject({
        ok: false,
        error: 'url-taken',
        message: 'That URL slug is already in use.',
      });
      expect(await edit(ID, { kind: 'saveItem', item: { ...a, collectionId: 'nowhere' } })).toMatchObject({
        ok: false,
        error: 'not-found',
      });
      const withCode = {
        ...a,
        structuredContent: {
          ...a?.structuredContent,
          additionalFieldsForm: {
            id: 'f-engrave',
            name: 'Engraving',
            fields: [{ id: 'text', type: 'text', title: 'Text' }],
            postSubmitHtml: '<script>x()</script>',
          },
        },
      };
      expect(await edit(ID, { kind: 'saveItem', item: withCode }, [ROLES.editor])).toMatchObject({
        ok: false,
        error: 'forbidden',
      });
      expect(await pointer(ID)).toBe(before);
      expect(await edit(ID, { kind: 'saveItem', item: withCode }, [ROLES.admin])).toMatchObject({
        ok: true,
        version: before + 1,
      });
    },
    TIMEOUT,
  );

  it(
    'removes an item, and a collection with its items',
    async () => {
      expect(await edit(ID, { kind: 'removeItem', itemId: 'p7' })).toMatchObject({ ok: true });
      expect((await itemsById(contentObject(env, ID), ['p7'])).size).toBe(0);
      expect(await edit(ID, { kind: 'removeItem', itemId: 'p7' })).toEqual({
        ok: false,
        error: 'not-found',
        message: 'That item does not exist.',
      });
      expect(await edit(ID, { kind: 'removeCollection', collectionId: 'journal' })).toMatchObject({ ok: true });
      expect((await itemsById(contentObject(env, ID), ['post1'])).size).toBe(0);
    },
    TIMEOUT,
  );
});

describe('two merchants editing at once', () => {
  const ID = 'concurrent';
  beforeAll(() => publishAt(ID), TIMEOUT);

  it(
    'both edits land, each its own version',
    async () => {
      const before = await pointer(ID);
      const items = await itemsById(contentObject(env, ID), ['p1', 'p2', 'p3', 'p4']);
      const changes: Edit[] = [
        { kind: 'saveItem', item: { ...items.get('p1'), title: 'First merchant' } },
        { kind: 'saveItem', item: { ...items.get('p2'), title: 'Second merchant' } },
        { kind: 'setHeaderFooter', input: { header: '<p>One</p>', footer: '<p>Two</p>' } },
        { kind: 'updateNavigation', items: [{ collectionId: 'shop' }] },
        { kind: 'saveItem', item: { ...items.get('p3'), tags: ['kitchen', 'gift'] } },
        { kind: 'saveItem', item: { ...items.get('p4'), title: 'Fourth' } },
      ];
      const outcomes = await Promise.all(changes.map((change) => edit(ID, change)));
      const versions = outcomes.map((o) => (o.ok ? o.version : null));
      expect(new Set(versions).size).toBe(changes.length);
      expect(Math.max(...(versions as number[]))).toBe(before + changes.length);
      expect(await pointer(ID)).toBe(before + changes.length);
      const site = await exportSite(contentObject(env, ID));
      const titles = Object.fromEntries((site?.items ?? []).map((item) => [item.id, item.title]));
      expect(titles).toMatchObject({ p1: 'First merchant', p2: 'Second merchant', p4: 'Fourth' });
      expect(site?.items.find((i) => i.id === 'p3')?.tags).toEqual(['kitchen', 'gift']);
      expect(site?.header?.html).toBe('<p>One</p>');
      expect(site?.navigation).toEqual([{ title: 'Shop', url: '/shop', collectionId: 'shop' }]);
    },
    TIMEOUT,
  );
});

describe('listings', () => {
  const ID = 'listing';
  let shop: Visitor;
  beforeAll(async () => {
    shop = await publishAt(ID);
  }, TIMEOUT);

  it(
    'pages newest first, 12 a page, and answers 404 past the last page',
    async () => {
      const first = await context<ListContext>(shop, '/shop');
      expect(first.body.items.map((i) => i.id).slice(0, 2)).toEqual(['p119', 'p118']);
      expect(first.body.pagination).toMatchObject({ page: 1, total: 27, nextPageUrl: '/shop?page=2' });
      const third = await context<ListContext>(shop, '/shop?page=3');
      expect(third.body.items.map((i) => i.id)).toEqual(['p3', 'p2', 'p1']);
      expect((await shop.fetch('/shop?page=4')).status).toBe(404);
      expect((await shop.fetch('/shop?page=4&format=json')).status).toBe(404);
    },
    TIMEOUT,
  );

  it(
    'sorts by price both ways and by title, unicode titles in their place',
    async () => {
      const cheapest = await context<ListContext>(shop, '/shop?sort=price-asc');
      expect(cheapest.body.items.slice(0, 2).map((i) => i.title)).toEqual(['Basic Tee 01', 'Basic Tee 02']);
      const dearest = await context<ListContext>(shop, '/shop?sort=price-desc');
      expect(dearest.body.items.slice(0, 3).map((i) => i.title)).toEqual(['Zebra Print', 'Linen Shirt', 'Wool Scarf']);
      expect(dearest.body.listing.sorts.find((s) => s.selected)).toEqual({
        value: 'price-desc',
        label: 'Price, high to low',
        selected: true,
      });
      expect(dearest.body.pagination.nextPageUrl).toBe('/shop?sort=price-desc&page=2');
      const byTitle = await context<ListContext>(shop, '/shop?sort=title&page=3');
      expect(byTitle.body.items.map((i) => i.title)).toEqual(['Ölkanne aus Glas', 'Wool Scarf', 'Zebra Print']);
      expect(byTitle.body.pagination.prevPageUrl).toBe('/shop?sort=title&page=2');
      const firstByTitle = await context<ListContext>(shop, '/shop?sort=title');
      expect(firstByTitle.body.items[0]?.title).toBe('Árbol Poster');
    },
    TIMEOUT,
  );

  it(
    'filters by tag and by category, with the tag and category controls',
    async () => {
      const sale = await context<ListContext>(shop, '/shop?tag=sale&sort=price-asc');
      expect(sale.body.items.map((i) => i.title)).toEqual(['Árbol Poster', 'Ceramic Mug', 'Linen Shirt']);
      expect(sale.body.pagination).toMatchObject({ total: 3, nextPageUrl: null });
      expect(sale.body.listing).toMatchObject({ sort: 'price-asc', tagChosen: true, categoryChosen: false });
      expect(sale.body.listing.tags.find((t) => t.name === 'basics')).toEqual({
        name: 'basics',
        count: 20,
        url: '/shop?tag=basics&sort=price-asc',
        selected: false,
      });
      expect(sale.body.listing.tags.find((t) => t.name === 'sale')).toMatchObject({ count: 3, selected: true });
      const home = await context<ListContext>(shop, '/shop?category=Home');
      expect(home.body.items.map((i) => i.id)).toEqual(['p7', 'p4', 'p3']);
      expect(home.body.listing.categories.map((c) => c.name)).toEqual(['Art', 'Clothing', 'Home']);
      expect(home.body.listing.categories.find((c) => c.selected)).toEqual({
        name: 'Home',
        url: '/shop?category=Home',
        selected: true,
      });
      const both = await context<ListContext>(shop, '/shop?category=Home&tag=sale');
      expect(both.body.items.map((i) => i.id)).toEqual(['p4']);
      const html = await (await shop.fetch('/shop?tag=winter')).text();
      expect(html).toContain('Wool Scarf');
      expect(html).not.toContain('Linen Shirt');
    },
    TIMEOUT,
  );

  it(
    'filters by price range and stock, combined with a tag and the sort, each filter shown with its clear link (issue 32)',
    async () => {
      const range = await context<ListContext>(shop, '/shop?min=20&max=30&sort=price-asc');
      expect(range.body.items.map((i) => i.id)).toEqual(['p3', 'p7', 'p2']);
      expect(range.body.listing.active).toEqual([
        {
          key: 'listing.price',
          name: 'Price',
          value: '$20.00 – $30.00',
          label: 'Price: $20.00 – $30.00',
          url: '/shop?sort=price-asc',
        },
      ]);
      expect(range.body.listing.clearAllUrl).toBe('/shop?sort=price-asc');
      const cheapSale = await context<ListContext>(shop, '/shop?tag=sale&max=20');
      expect(cheapSale.body.items.map((i) => i.id)).toEqual(['p6', 'p4']);
      expect(cheapSale.body.listing.active.map(({ label, url }) => ({ label, url }))).toEqual([
        { label: 'Tag: sale', url: '/shop?max=20' },
        { label: 'Price: ≤ $20.00', url: '/shop?tag=sale' },
      ]);
      expect(cheapSale.body.listing.tags.find((t) => t.name === 'art')?.url).toBe('/shop?tag=art&max=20');
      expect((await context<ListContext>(shop, '/shop?min=ten&max=-5')).body.listing.active).toEqual([]);

      // The mug sells out (the stock ledger is the truth, not the published level of 5).
      await stockLedger(env, ID).adjust([{ sku: 'SKU-4', stock: 5, mode: 'set', amount: 0 }]);
      const inStock = await context<ListContext>(shop, '/shop?tag=sale&stock=in');
      expect(inStock.body.items.map((i) => i.id)).toEqual(['p6', 'p1']);
      expect(inStock.body.listing.active.map((f) => f.label)).toEqual(['Tag: sale', 'In stock']);
      expect(inStock.body.listing.clearAllUrl).toBe('/shop');
      const html = await (await shop.fetch('/shop?tag=sale&stock=in&min=1')).text();
      expect(html).toContain(
        '<a class="Chip Chip--remove" href="/shop?tag=sale&amp;min=1" id="active-filter-3" aria-labelledby="remove-filter active-filter-3"><span><span data-text="listing.inStockChip">In stock</span></span> <span aria-hidden="true">×</span></a>',
      );
      expect(html).toContain('<a class="ActiveFilters-clear" href="/shop" data-text="listing.clearAll">Clear all</a>');
      expect(html).toContain(
        '<noscript><button type="submit" class="Button--secondary" data-text="listing.apply">Apply</button></noscript>',
      );
      expect(html).toMatch(/<input type="checkbox" id="listing-stock" name="stock" value="in" checked>/);
      const none = await (await shop.fetch('/shop?min=500')).text();
      expect(none).toContain('No products match these filters');
    },
    TIMEOUT,
  );

  it(
    'several tags and several categories combine: any of the tags, any of the categories, each cleared alone (issue 32)',
    async () => {
      const two = await context<ListContext>(shop, '/shop?tag=winter&tag=art&sort=price-asc');
      expect(two.body.items.map((i) => i.id)).toEqual(['p6', 'p2', 'p5']);
      expect(two.body.listing.tags.filter((t) => t.selected).map((t) => t.name)).toEqual(['art', 'winter']);
      expect(two.body.listing.active.map(({ label, url }) => ({ label, url }))).toEqual([
        { label: 'Tag: art', url: '/shop?tag=winter&sort=price-asc' },
        { label: 'Tag: winter', url: '/shop?tag=art&sort=price-asc' },
      ]);
      expect(two.body.listing.clearAllUrl).toBe('/shop?sort=price-asc');
      // With the categories: Art only keeps the two art prints; Art and Clothing keep all three.
      const art = await context<ListContext>(shop, '/shop?tag=winter&tag=art&category=Art&sort=price-asc');
      expect(art.body.items.map((i) => i.id)).toEqual(['p6', 'p5']);
      const both = await context<ListContext>(
        shop,
        '/shop?category=Clothing&category=Art&tag=winter&tag=art&sort=price-asc',
      );
      expect(both.body.items.map((i) => i.id)).toEqual(['p6', 'p2', 'p5']);
      expect(both.body.listing.categories.filter((c) => c.selected).map((c) => c.name)).toEqual(['Art', 'Clothing']);
      // The shop's form has a checkbox per tag and category, the chosen ones checked.
      const html = await (await shop.fetch('/shop?tag=winter&tag=art')).text();
      expect(html).toMatch(/<input type="checkbox" id="listing-tag-\d+" name="tag" value="art" checked>/);
      expect(html).toMatch(/<input type="checkbox" id="listing-tag-\d+" name="tag" value="kitchen">/);
      expect(html).not.toContain('type="hidden" name="tag"');
      // The same choice in another order, or repeated, is the same page.
      const address = (query: string) => pageQuery('/shop', new URLSearchParams(query)).search;
      expect(address('tag=winter&tag=art&tag=art')).toBe(address('tag=art&tag=winter'));
      expect(address('tag=art&tag=winter')).toBe('?tag=art&tag=winter');
      // At most ten values of one filter make an address.
      const many = Array.from({ length: 12 }, (_, i) => `tag=t${String(i).padStart(2, '0')}`).join('&');
      expect(address(many).split('&')).toHaveLength(10);
    },
    TIMEOUT,
  );

  it(
    'shows an empty list for a tag no product has, and 404 for its second page',
    async () => {
      const none = await context<ListContext>(shop, '/shop?tag=nothing-here');
      expect(none.status).toBe(200);
      expect(none.body.items).toEqual([]);
      expect(none.body.pagination).toMatchObject({ total: 0, nextPageUrl: null });
      expect((await shop.fetch('/shop?tag=nothing-here&page=2')).status).toBe(404);
    },
    TIMEOUT,
  );

  it(
    'gives a post its newer and older neighbours',
    async () => {
      const site = catalogueSite('posts');
      const post = (n: number) => ({
        id: `post${n}`,
        collectionId: 'journal',
        recordType: 1,
        title: `Post ${n}`,
        urlId: `post-${n}`,
        fullUrl: `/journal/post-${n}`,
        addedOn: 1_700_000_000_000 + n,
        tags: [],
        categories: [],
      });
      const blog = await publishAt('posts', {
        ...site,
        items: [...site.items.filter((i) => i.collectionId !== 'journal'), post(1), post(2), post(3)],
      });
      const middle = await context<{ previousItem: unknown; nextItem: unknown }>(blog, '/journal/post-2');
      expect(middle.body.previousItem).toEqual({ title: 'Post 3', fullUrl: '/journal/post-3' });
      expect(middle.body.nextItem).toEqual({ title: 'Post 1', fullUrl: '/journal/post-1' });
      const newest = await context<{ previousItem: unknown; nextItem: unknown }>(blog, '/journal/post-3');
      expect(newest.body.previousItem).toBeNull();
    },
    TIMEOUT,
  );
});

describe('related products', () => {
  const ID = 'related';
  let shop: Visitor;
  beforeAll(async () => {
    shop = await publishAt(ID);
  }, TIMEOUT);

  const related = async (path: string) =>
    (await context<{ related: { id: string }[] }>(shop, path)).body.related.map((p) => p.id);

  it(
    'shows the first four products sharing a tag, in catalogue order, the product itself left out',
    async () => {
      expect(await related('/shop/p/item-1')).toEqual(['p4', 'p6', 'p7']);
      expect(await related('/shop/p/item-4')).toEqual(['p1', 'p3', 'p6', 'p7']);
      expect(await related('/shop/p/item-105')).toEqual(['p100', 'p101', 'p102', 'p103']);
      expect(await related('/shop/p/item-5')).toEqual(['p6']);
    },
    TIMEOUT,
  );

  it(
    'follows an edit of a product’s tags and its removal',
    async () => {
      const scarf = (await itemsById(contentObject(env, ID), ['p2'])).get('p2');
      expect(await edit(ID, { kind: 'saveItem', item: { ...scarf, tags: ['winter', 'sale'] } })).toMatchObject({
        ok: true,
      });
      expect(await related('/shop/p/item-4')).toEqual(['p1', 'p2', 'p3', 'p6']);
      expect(await edit(ID, { kind: 'saveItem', item: { ...scarf, tags: ['winter'] } })).toMatchObject({ ok: true });
      expect(await related('/shop/p/item-4')).toEqual(['p1', 'p3', 'p6', 'p7']);
      expect(await edit(ID, { kind: 'removeItem', itemId: 'p6' })).toMatchObject({ ok: true });
      expect(await related('/shop/p/item-5')).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'fills the products-by-tag index of a store written before it existed',
    async () => {
      const rows = await runInDurableObject(contentObject(env, ID), (_, state) => {
        state.storage.sql.exec('DROP TABLE product_tags');
        createTables(state.storage.sql);
        return state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM product_tags').one().n;
      });
      // The catalogue's 31 product tags but the two of p6, removed above.
      expect(rows).toBe(29);
      expect(await related('/shop/p/item-4')).toEqual(['p1', 'p3', 'p7']);
    },
    TIMEOUT,
  );
});

describe('search', () => {
  const ID = 'searching';
  let shop: Visitor;
  beforeAll(async () => {
    shop = await publishAt(ID);
  }, TIMEOUT);

  const results = async (q: string) =>
    (
      await context<{
        search: {
          results: { id: string; title: string; structuredContent?: { variants: unknown[] }; assetUrl?: string }[];
        };
      }>(shop, `/search?q=${encodeURIComponent(q)}`)
    ).body.search.results;

  it(
    'matches every word in any order, ranking title matches first',
    async () => {
      expect((await results('linen shirt')).map((r) => r.id)).toEqual(['p1']);
      expect((await results('shirt linen')).map((r) => r.id)).toEqual(['p1']);
      const linen = (await results('linen')).map((r) => r.id);
      expect(linen.slice(0, 2).sort()).toEqual(['p1', 'p7']);
      expect(linen.at(-1)).toBe('p4');
    },
    TIMEOUT,
  );

  it(
    'matches prefixes, accents and tags, and carries each product’s price and image',
    async () => {
      expect((await results('merin')).map((r) => r.id)).toEqual(['p2']);
      expect((await results('olkanne')).map((r) => r.id)).toEqual(['p3']);
      expect((await results('ÁRBOL')).map((r) => r.id)).toEqual(['p6']);
      const winter = await results('winter');
      expect(winter.map((r) => r.id)).toEqual(['p2']);
      expect(winter[0]?.structuredContent?.variants).toHaveLength(1);
      expect(winter[0]?.assetUrl).toBe('/images/p2.jpg');
      const html = await (await shop.fetch('/search?q=wool')).text();
      expect(html).toContain('href="/shop/p/item-2"');
    },
    TIMEOUT,
  );

  it(
    'finds plurals, several words and accents by their stems, as a shopper types them (issue 32)',
    async () => {
      expect((await results('shirts')).map((r) => r.id)).toEqual(['p1']);
      expect((await results('ceramic mugs')).map((r) => r.id)).toEqual(['p4']);
      expect((await results('mugs')).map((r) => r.id)).toEqual(['p4']);
      expect((await results('linen napkin')).map((r) => r.id).sort()).toEqual(['p4', 'p7']);
      for (const q of ['café', 'cafe', 'CAFÉS']) expect((await results(q)).map((r) => r.id)).toEqual(['p6']);
    },
    TIMEOUT,
  );

  it(
    'builds the index again, by stems, for a store indexed before them',
    async () => {
      const tokenizer = await runInDurableObject(contentObject(env, ID), (_, state) => {
        const sql = state.storage.sql;
        sql.exec(
          "DROP TABLE items_fts; CREATE VIRTUAL TABLE items_fts USING fts5 (title, text, tags, tokenize = 'unicode61 remove_diacritics 2')",
        );
        // A row written before listedPrice had no sort price.
        sql.exec("UPDATE items SET price = NULL WHERE id = 'p5'");
        createTables(sql);
        return {
          sql: sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'items_fts'").one().sql,
          price: sql.exec<{ price: number | null }>("SELECT price FROM items WHERE id = 'p5'").one().price,
        };
      });
      expect(tokenizer.sql).toContain('porter');
      expect(tokenizer.price).toBe(9900);
      const catalog = siteCatalog(contentObject(env, ID), ID, await pointer(ID));
      expect((await catalog.search('scarfs wool', 5)).map((i) => i.id)).toEqual(['p2']);
      expect((await catalog.search('tee', 50)).length).toBe(20);
    },
    TIMEOUT,
  );

  it(
    'does not match everything for a one-letter query, nor anything for punctuation',
    async () => {
      expect(await results('a')).toEqual([]);
      expect(await results('l')).toEqual([]);
      expect(await results('"*()')).toEqual([]);
      expect(await results('tee')).toHaveLength(20);
    },
    TIMEOUT,
  );
});

describe('one version per read', () => {
  const ID = 'versions';
  beforeAll(() => publishAt(ID), TIMEOUT);

  it(
    'a catalogue bound to a version refuses reads once the content moved on, and the page shows the new version',
    async () => {
      const version = await pointer(ID);
      const catalog = siteCatalog(contentObject(env, ID), ID, version);
      expect((await catalog.search('zebra', 5)).map((i) => i.id)).toEqual(['p5']);
      const zebra = (await itemsById(contentObject(env, ID), ['p5'])).get('p5');
      await edit(ID, { kind: 'saveItem', item: { ...zebra, title: 'Zebra Print, framed' } });
      await expect(catalog.search('zebra', 5)).rejects.toBeInstanceOf(ContentMoved);
      // The isolate still holds the old shell; the page read finds the move and renders the new version.
      const page = await context<{ item: { title: string } }>(new Visitor(`http://${ID}.test`), '/shop/p/item-5');
      expect(page.body.item.title).toBe('Zebra Print, framed');
    },
    TIMEOUT,
  );
});

describe('import and export', () => {
  const ID = 'moving';
  beforeAll(() => publishAt(ID), TIMEOUT);

  it(
    'exports the site as it was imported, and imports it again unchanged',
    async () => {
      const exported = await exportSite(contentObject(env, ID));
      expect(exported?.items.map((i) => i.id)).toEqual(catalogueSite(ID).items.map((i) => i.id));
      expect(await importSite(contentObject(env, 'moved'), 'moved', exported as SiteInput)).toHaveProperty('version');
      const again = await exportSite(contentObject(env, 'moved'));
      expect({ ...again, website: { ...again?.website, id: ID } }).toEqual(exported);
    },
    TIMEOUT,
  );

  it(
    "the object's import steps answer the ground's result shape (src/result.ts): ok and value, or a code and message",
    async () => {
      const content = contentObject(env, 'import-steps');
      const site = catalogueSite('import-steps');
      const { items, ...shell } = site;
      expect(await content.beginImport({ ...shell, collections: 'none' })).toMatchObject({
        ok: false,
        error: 'invalid',
      });
      const begun = await content.beginImport(shell);
      expect(begun).toMatchObject({ ok: true, value: { importId: expect.any(String) } });
      const importId = begun.ok ? begun.value.importId : '';
      expect(await content.stageItems(importId, 0, [{ ...(items[0] as ItemInput), urlId: 'Bad Slug' }])).toMatchObject({
        ok: false,
        error: 'invalid',
      });
      expect(await content.stageItems(importId, 0, items)).toEqual({ ok: true, value: null });
      expect(await content.stageItems('not-begun', 0, items)).toEqual(
        refused('replaced', ITEM_MESSAGES.importReplaced),
      );
      expect(await content.commitImport('import-steps', 'not-begun')).toEqual(
        refused('replaced', ITEM_MESSAGES.importReplaced),
      );
      expect(await content.commitImport('import-steps', importId)).toEqual({
        ok: true,
        value: { version: expect.any(Number) },
      });
    },
    TIMEOUT,
  );

  it(
    'imports all or nothing: an invalid item or a duplicate URL leaves the site as it was',
    async () => {
      const before = await exportSite(contentObject(env, ID));
      const version = await pointer(ID);
      const bad = catalogueSite(ID);
      bad.items = [...bad.items, { ...(bad.items[0] as ItemInput), id: 'dup', title: 'Duplicate' }];
      expect(await importSite(contentObject(env, ID), ID, bad)).toEqual({
        error: 'Invalid site content: items.dup.urlId: item-1 is used twice in shop',
      });
      const invalid = catalogueSite(ID);
      invalid.items = [...invalid.items, { ...(invalid.items[0] as ItemInput), id: 'p999', urlId: 'Bad Slug' }];
      expect(await importSite(contentObject(env, ID), ID, invalid)).toHaveProperty('error');
      expect(await pointer(ID)).toBe(version);
      expect(await exportSite(contentObject(env, ID))).toEqual(before);
    },
    TIMEOUT,
  );

  it(
    'lists every item page in the sitemap',
    async () => {
      const xml = await (await new Visitor(`http://${ID}.test`).fetch('/sitemap.xml')).text();
      expect(xml).toContain('<loc>http://moving.test/shop/p/item-119</loc>');
      expect(xml).toContain('<loc>http://moving.test/journal/first-post</loc>');
      expect(xml).toContain('<loc>http://moving.test/shop</loc>');
    },
    TIMEOUT,
  );

  it(
    'moves a site an earlier build published as one KV value into its object on first read, its version still rising',
    async () => {
      const site = catalogueSite('from-kv');
      await env.SITE_CONTENT.put('site:from-kv:content:7', JSON.stringify(site));
      await env.SITE_CONTENT.put('site:from-kv:version', '7');
      await mapHost(env.SITE_CONTENT, 'from-kv.test', 'from-kv');
      const page = await context<{ item: { title: string } }>(new Visitor('http://from-kv.test'), '/shop/p/item-2');
      expect(page.body.item.title).toBe('Wool Scarf');
      expect(await pointer('from-kv')).toBe(8);
    },
    TIMEOUT,
  );

  it(
    'lists the items of any number of collections in the sitemap (more than the 100 bound parameters a query may take)',
    async () => {
      const site = catalogueSite('many-blogs');
      const blogs = Array.from({ length: 150 }, (_, i) => ({
        id: `blog-${i}`,
        type: 1,
        typeName: 'blog' as const,
        title: `Blog ${i}`,
        urlId: `blog-${i}`,
        fullUrl: `/blog-${i}`,
      }));
      const posts = blogs.map((blog, i) => ({
        id: `post-${i}`,
        collectionId: blog.id,
        recordType: 1,
        title: `Post ${i}`,
        urlId: 'news',
        fullUrl: `${blog.fullUrl}/news`,
        tags: [],
        categories: [],
      }));
      const visitor = await publishAt('many-blogs', {
        ...site,
        collections: [...site.collections, ...blogs],
        items: [...site.items, ...posts],
      });
      const res = await visitor.fetch('/sitemap.xml');
      expect(res.status).toBe(200);
      const xml = await res.text();
      expect(xml).toContain('<loc>http://many-blogs.test/blog-0/news</loc>');
      expect(xml).toContain('<loc>http://many-blogs.test/blog-149/news</loc>');
    },
    TIMEOUT,
  );

  it('past 10,000 item pages, answers a sitemap index and the sitemap files it names', async () => {
    const site = catalogueSite('big-map');
    const posts = Array.from({ length: 10_050 }, (_, i) => ({
      id: `b${i}`,
      collectionId: 'journal',
      recordType: 1,
      title: `Note ${i}`,
      urlId: `note-${i}`,
      fullUrl: `/journal/note-${i}`,
      tags: [],
      categories: [],
    }));
    const visitor = await publishAt('big-map', { ...site, items: [...site.items, ...posts] });
    const index = await (await visitor.fetch('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    expect([...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://big-map.test/sitemap.xml?page=1',
      'http://big-map.test/sitemap.xml?page=2',
    ]);
    const locs = async (path: string) =>
      [...(await (await visitor.fetch(path)).text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const first = await locs('/sitemap.xml?page=1');
    const second = await locs('/sitemap.xml?page=2');
    // One list, the site's pages first: each file holds 10,000 of it, each page and item once.
    expect(first).toHaveLength(10_000);
    expect(first[0]).toBe('http://big-map.test/');
    expect(second).toContain('http://big-map.test/journal/note-10049');
    const listed = new Set([...first, ...second]);
    expect(listed.size).toBe(first.length + second.length);
    const missing = [...CATALOGUE, ...posts].filter((item) => !listed.has(`http://big-map.test${item.fullUrl}`));
    expect(missing).toEqual([]);
    expect((await visitor.fetch('/sitemap.xml?page=3')).status).toBe(404);
  }, 300_000);
});

/**
 * The content limits of engine spec §9 through the real calls: a whole-store import (the site admin route, with the
 * CLI's client), a publish, and the merchant's item save and category calls; each refused with its message, and nothing
 * written.
 */
describe('content-limits', () => {
  const local: AdminTarget = { url: 'http://localhost', fetch: (url, init) => exports.default.fetch(url, init) };
  const [OWNER] = DEMO_MERCHANTS;
  const CATEGORIES = '/api/content-service/product/1.1/websites/demo/products/c-shop/categories';
  const newCategory = (displayName: string) => ({
    displayName,
    parentCategoryId: null,
    type: 'ROOT',
    pageRendering: 'LIST_VIEW',
    displayIndex: 1,
  });

  async function refusal(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AdminCallError);
    return (error as AdminCallError).message;
  }

  const owner = () => signedIn(OWNER);

  type Product = { id: string; collectionId: string; urlId: string; fullUrl: string; title: string; tags?: string[] };

  /** A copy of the demo's first product under a new id and address in `collectionId`. */
  function productCopy(model: object, n: number, collectionId = 'c-shop', base = '/shop'): Product {
    return {
      ...(model as Product),
      id: `p-copy-${n}`,
      collectionId,
      title: `Copy ${n}`,
      urlId: `copy-${n}`,
      fullUrl: `${base}/p/copy-${n}`,
    };
  }

  describe('content limits (engine spec §9)', () => {
    it('refuses an import with a page of more than 60 blocks or a collection of more than 10000 categories, and keeps the store', async () => {
      const before = await receiveSite(local);
      const crowdedPage: SiteJson = structuredClone(before.site);
      const contact = crowdedPage.collections.find((c) => (c as { urlId: string }).urlId === 'contact') as {
        blocks: object[];
      };
      contact.blocks = Array.from({ length: CONTENT_LIMITS.blocksPerLayout + 1 }, (_, i) => ({
        id: `b-${i}`,
        type: 'html',
        html: `<p>Block ${i}</p>`,
      }));
      expect(await refusal(sendSite(local, 'import', crowdedPage))).toContain(`: ${LIMIT_MESSAGES.blocksPerLayout}`);

      contact.blocks = contact.blocks.slice(0, CONTENT_LIMITS.blocksPerLayout);
      const sixty = await sendSite(local, 'import', crowdedPage);
      expect(sixty.version).toBe(before.version + 1);
      expect(await (await exports.default.fetch('http://localhost/contact')).text()).toContain('<p>Block 59</p>');

      const crowdedCategories: SiteJson = structuredClone(before.site);
      const shop = crowdedCategories.collections.find((c) => (c as { id: string }).id === 'c-shop') as {
        categories?: object[];
      };
      shop.categories = Array.from({ length: CONTENT_LIMITS.nestedCategories + 1 }, (_, i) => ({
        id: `cat-${i}`,
        ...newCategory(`C${i}`),
      }));
      expect(await refusal(sendSite(local, 'import', crowdedCategories))).toContain(`collections.`);
      expect(await refusal(sendSite(local, 'import', crowdedCategories))).toContain(LIMIT_MESSAGES.nestedCategories);

      const longTag: SiteJson = structuredClone(before.site);
      (longTag.items[3] as Product).tags = ['t'.repeat(CONTENT_LIMITS.tagLength + 1)];
      expect(await refusal(sendSite(local, 'import', longTag))).toContain(LIMIT_MESSAGES.tagLength);

      expect((await receiveSite(local)).version).toBe(sixty.version);
      await sendSite(local, 'import', before.site);
    });

    it('refuses a publish with more than 200 products in one collection', async () => {
      const site = demoSite();
      site.website = { ...site.website, id: 'crowded' };
      const model = site.items.find((item) => item.collectionId === 'c-gifts') as object;
      const inGifts = site.items.filter((item) => item.collectionId === 'c-gifts').length;
      for (let n = inGifts; n <= CONTENT_LIMITS.productsPerCollection; n++)
        site.items.push(productCopy(model, n, 'c-gifts', '/gifts') as never);
      expect(await publishSite(contentObjects(env), site)).toEqual({
        error: 'Invalid site content: collection c-gifts holds 201 products; a collection holds at most 200',
      });
    });

    it("refuses a merchant's new product in a full collection, but still saves its products' edits", async () => {
      const exported = await receiveSite(local);
      const site = structuredClone(exported.site);
      const model = site.items.find((item) => (item as Product).collectionId === 'c-shop') as Product;
      const inShop = site.items.filter((item) => (item as Product).collectionId === 'c-shop').length;
      for (let n = inShop; n < CONTENT_LIMITS.productsPerCollection; n++) site.items.push(productCopy(model, n));
      await sendSite(local, 'import', site);
      const merchant = await owner();

      const extra = productCopy(model, 999);
      const refused = await merchant.json('PUT', `/api/merchant/items/${extra.id}`, extra);
      expect(refused).toEqual({ status: 400, body: { error: LIMIT_MESSAGES.productsPerCollection } });
      expect((await exports.default.fetch('http://localhost/shop/p/copy-999')).status).toBe(404);

      const edited = { ...productCopy(model, CONTENT_LIMITS.productsPerCollection - 1), title: 'Edited copy' };
      expect(await merchant.json('PUT', `/api/merchant/items/${edited.id}`, edited)).toMatchObject({ status: 200 });
      expect(await (await exports.default.fetch(`http://localhost${edited.fullUrl}`)).text()).toContain('Edited copy');

      const gifts = { ...extra, collectionId: 'c-gifts', fullUrl: '/gifts/p/copy-999' };
      expect(await merchant.json('PUT', `/api/merchant/items/${gifts.id}`, gifts)).toMatchObject({ status: 200 });
      const moved = { ...gifts, collectionId: 'c-shop', fullUrl: '/shop/p/copy-999' };
      expect(await merchant.json('PUT', `/api/merchant/items/${moved.id}`, moved)).toEqual({
        status: 400,
        body: { error: LIMIT_MESSAGES.productsPerCollection },
      });

      const tagged = { ...edited, tags: ['t'.repeat(CONTENT_LIMITS.tagLength + 1)] };
      const longTag = await merchant.json<{ error: string }>('PUT', `/api/merchant/items/${tagged.id}`, tagged);
      expect(longTag.status).toBe(400);
      expect(longTag.body.error).toContain(`tags.0: ${LIMIT_MESSAGES.tagLength}`);
      await sendSite(local, 'import', exported.site);
    });

    it('refuses a category past 10000 in a collection', async () => {
      const exported = await receiveSite(local);
      const site = structuredClone(exported.site);
      const shop = site.collections.find((c) => (c as { id: string }).id === 'c-shop') as { categories?: object[] };
      shop.categories = Array.from({ length: CONTENT_LIMITS.nestedCategories }, (_, i) => ({
        id: `cat-${i}`,
        ...newCategory(`C${i}`),
      }));
      await sendSite(local, 'import', site);
      const merchant = await owner();
      expect(await merchant.json('POST', CATEGORIES, newCategory('One more'))).toEqual({
        status: 400,
        body: { error: LIMIT_MESSAGES.nestedCategories },
      });
      await sendSite(local, 'import', exported.site);
      expect(await merchant.json('POST', CATEGORIES, newCategory('One more'))).toMatchObject({ status: 200 });
    });
  });
});
