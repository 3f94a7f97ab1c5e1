/**
 * The console's index pages in workerd (src/routes/console/indexes.ts): an owner or editor creates an index, chooses
 * and orders its sections and saves them, and the storefront's index page carries them in that order
 * (`collection.collections`, what a developer-platform template's index `.list` repeats); the import's rules refuse a
 * section at its row with the import's messages; a viewer and a call without the crumb are refused. The store's own
 * theme draws an index too: each section's title and link, a shop's product cards at the stock ledger's levels, a
 * blog's post cards, a page's text.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { stockLedger } from '../../src/durable/stubs';
import { DEMO_MERCHANTS, DEMO_SITE_ID, demoSite } from '../../src/site/demo';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { INDEX_MESSAGES } from '../../src/site/index-collections';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, , EDITOR, VIEWER] = DEMO_MERCHANTS;

interface IndexAnswer {
  id: string;
  title: string;
  fullUrl: string;
  collectionIds: string[];
  inNavigation: boolean;
  choices: { id: string; title: string; typeName: string }[];
}

describe('console indexes', () => {
  it('lets an editor make an index of chosen sections in order, which its page carries, and refuses a viewer and a call without the crumb', async () => {
    const [anonymous, editor, viewer] = await Promise.all([signedIn(undefined), signedIn(EDITOR), signedIn(VIEWER)]);
    expect((await anonymous.json('POST', '/api/console/indexes', { title: 'Work', urlId: '' })).status).toBe(401);
    expect((await viewer.json('POST', '/api/console/indexes', { title: 'Work', urlId: '' })).status).toBe(403);
    const noCrumb = await editor.fetch('/api/console/indexes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Work', urlId: '' }),
    });
    expect(noCrumb.status).toBe(403);

    const created = await editor.json<{ id: string; fullUrl: string }>('POST', '/api/console/indexes', {
      title: 'Our Work',
      urlId: '',
    });
    expect(created.status).toBe(201);
    expect(created.body.fullUrl).toBe('/our-work');
    const { id } = created.body;
    const read = await viewer.json<IndexAnswer>('GET', `/api/console/indexes/${id}`);
    expect(read.body).toMatchObject({ title: 'Our Work', collectionIds: [], inNavigation: false });
    // Every page and collection but an index may be a section.
    expect(read.body.choices.map((choice) => choice.id)).toEqual(
      expect.arrayContaining(['c-shop', 'c-blog', 'c-contact']),
    );
    expect(read.body.choices.some((choice) => choice.typeName === 'index')).toBe(false);
    // The pages list names it as an index.
    const pages = await editor.json<{ pages: { id: string; typeName: string }[] }>('GET', '/api/console/pages');
    expect(pages.body.pages.find((page) => page.id === id)?.typeName).toBe('index');

    expect((await viewer.json('PUT', `/api/console/indexes/${id}`, { title: 'Work', collectionIds: [] })).status).toBe(
      403,
    );
    const saved = await editor.json<IndexAnswer>('PUT', `/api/console/indexes/${id}`, {
      title: 'Work',
      collectionIds: ['c-contact', 'c-shop', 'c-blog'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Work', collectionIds: ['c-contact', 'c-shop', 'c-blog'] });

    // The shopper's page: the sections in the merchant's order, as a template's index .list repeats them.
    const page = await new Visitor().fetch('/our-work?format=json');
    expect(page.status).toBe(200);
    const context = (await page.json()) as { collection: { title: string; collections: { id: string }[] } };
    expect(context.collection.title).toBe('Work');
    expect(context.collection.collections.map((section) => section.id)).toEqual(['c-contact', 'c-shop', 'c-blog']);

    // Made the home page: `/` is the index; another index made it takes it over, and unticked, / is the shop again.
    const home = async () =>
      ((await (await new Visitor().fetch('/?format=json')).json()) as { collection: { id: string } }).collection.id;
    const homeIndex = await editor.json<IndexAnswer & { homepage: boolean }>('PUT', `/api/console/indexes/${id}`, {
      title: 'Work',
      collectionIds: ['c-shop'],
      homepage: true,
    });
    expect(homeIndex.body.homepage).toBe(true);
    expect(await home()).toBe(id);
    const other = (await editor.json<{ id: string }>('POST', '/api/console/indexes', { title: 'Other', urlId: '' }))
      .body.id;
    await editor.json('PUT', `/api/console/indexes/${other}`, { title: 'Other', collectionIds: [], homepage: true });
    expect(await home()).toBe(other);
    expect((await editor.json<{ homepage: boolean }>('GET', `/api/console/indexes/${id}`)).body.homepage).toBe(false);
    await editor.json('PUT', `/api/console/indexes/${other}`, { title: 'Other', collectionIds: [], homepage: false });
    expect(await home()).toBe('c-shop');
  });

  it("refuses sections by the import's rules, each at its row, and keeps the index as it was", async () => {
    const owner = await signedIn(OWNER);
    const made = async (title: string) =>
      (await owner.json<{ id: string }>('POST', '/api/console/indexes', { title, urlId: '' })).body.id;
    const [id, other] = [await made('Studio index'), await made('Other index')];
    await owner.json('PUT', `/api/console/indexes/${id}`, { title: 'Studio index', collectionIds: ['c-shop'] });
    const refused = async (collectionIds: string[]) =>
      (
        await owner.json<{ error: string; fields?: Record<string, string> }>('PUT', `/api/console/indexes/${id}`, {
          title: 'Studio index',
          collectionIds,
        })
      ).body;
    expect(await refused(['c-shop', 'c-nowhere'])).toEqual({
      error: INDEX_MESSAGES.unknownSection,
      fields: { 'collectionIds.1': INDEX_MESSAGES.unknownSection },
    });
    expect((await refused(['c-blog', 'c-shop', 'c-blog'])).fields).toEqual({
      'collectionIds.2': INDEX_MESSAGES.repeatedSection,
    });
    expect((await refused([id])).fields).toEqual({ 'collectionIds.0': INDEX_MESSAGES.ownSection });
    expect((await refused([other])).fields).toEqual({ 'collectionIds.0': INDEX_MESSAGES.nestedIndex });
    expect((await refused(Array.from({ length: 51 }, (_, i) => `c-${i}`))).fields).toEqual({
      collectionIds: INDEX_MESSAGES.tooManySections,
    });
    const blank = await owner.json<{ error: string; fields: Record<string, string> }>(
      'PUT',
      `/api/console/indexes/${id}`,
      { title: ' ', collectionIds: [] },
    );
    expect(blank.body).toEqual({ error: PRODUCT_MESSAGES.invalid, fields: { title: EDIT_MESSAGES.titleRequired } });
    expect((await owner.json<IndexAnswer>('GET', `/api/console/indexes/${id}`)).body.collectionIds).toEqual(['c-shop']);
    // A page it holds, deleted, leaves the index with the rest of its sections.
    const page = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Kiln notes', urlId: '' }))
      .body.id;
    await owner.json('PUT', `/api/console/indexes/${id}`, { title: 'Studio index', collectionIds: [page, 'c-shop'] });
    expect((await owner.json('DELETE', `/api/console/pages/${page}`)).status).toBe(200);
    expect((await owner.json<IndexAnswer>('GET', `/api/console/indexes/${id}`)).body.collectionIds).toEqual(['c-shop']);
    // A page is not an index: its id answers 404 here.
    expect((await owner.json('GET', '/api/console/indexes/c-contact')).status).toBe(404);
  });

  it("draws an index in the store's own theme: each section's heading, the shop's cards at the ledger's stock, the posts", async () => {
    const owner = await signedIn(OWNER);
    const id = (await owner.json<{ id: string }>('POST', '/api/console/indexes', { title: 'Studio', urlId: '' })).body
      .id;
    await owner.json('PUT', `/api/console/indexes/${id}`, {
      title: 'Studio',
      collectionIds: ['c-shop', 'c-blog', 'c-contact'],
    });
    // Sold out at the ledger before any page read it (a sale the published content does not know).
    const counted = demoSite().items.find(({ collectionId, structuredContent }) => {
      const variants = structuredContent?.variants ?? [];
      return (
        collectionId === 'c-shop' &&
        variants.length > 0 &&
        variants.every((v) => v.unlimited !== true && (v.qtyInStock ?? 0) > 0)
      );
    });
    expect(counted, 'a product of the shop that counts stock, in stock').toBeDefined();
    await stockLedger(env, DEMO_SITE_ID).adjust(
      counted!.structuredContent!.variants.map((v) => ({
        sku: v.sku,
        stock: v.qtyInStock ?? 0,
        mode: 'set' as const,
        amount: 0,
      })),
    );
    type Section = {
      title: string;
      items: { title: string; structuredContent: { variants: { qtyInStock: number }[] } }[];
    };
    const sections = async () =>
      ((await (await new Visitor().fetch('/studio?format=json')).json()) as { collection: { collections: Section[] } })
        .collection.collections;
    // A page shows the ledger's answer kept at the edge up to SHOWN_STOCK_SECONDS (another test's page may have read it).
    const shown = async () =>
      (await sections())[0]!.items.find((item) => item.title === counted!.title)?.structuredContent.variants[0]
        ?.qtyInStock;
    await expect.poll(shown, { timeout: 10_000 }).toBe(0);
    const [shop, blog] = await sections();

    const html = await (await new Visitor().fetch('/studio')).text();
    expect(html).toContain('<article class="Page Page--index">');
    const headings = [...html.matchAll(/<h2 class="IndexSection-title"[^>]*><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)];
    expect(headings.map(([, href, title]) => [href, title])).toEqual([
      ['/shop', 'Shop'],
      ['/blog', blog!.title],
      ['/contact', 'Contact'],
    ]);
    expect((html.match(/<article class="ProductCard/g) ?? []).length).toBe(shop!.items.length);
    expect((html.match(/<article class="PostCard"/g) ?? []).length).toBe(blog!.items.length);
    const card = html
      .split('<article class="ProductCard')
      .find((part) => part.includes(`ProductCard-title">${counted!.title}<`));
    expect(card?.slice(0, 40)).toContain('sold-out');
  });
});
