/**
 * A page's products grid block in workerd: the page shows its collection's products with the given
 * tag, newest first, at most its count, each as the shop listing's product card (one card partial),
 * in its number of columns; a count or column number out of range and a missing collection are refused.
 * An uploaded picture of an image or gallery block is served with its widths as srcset and its size.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { PAGE_BLOCK_MESSAGES, PRODUCTS_GRID } from '../../src/site/editor/page-blocks';
import { Visitor } from './visitor';

const [OWNER] = DEMO_MERCHANTS;

async function owner(): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  const signIn = await visitor.json('POST', '/api/merchant/session', {
    email: OWNER?.email,
    password: OWNER?.password,
  });
  expect(signIn.status).toBe(200);
  return visitor;
}

const grid = (change: Record<string, unknown> = {}) => ({
  id: 'b-grid',
  type: 'products',
  title: 'For the home',
  collectionId: 'c-shop',
  tag: 'home',
  count: 3,
  columns: 3,
  ...change,
});

describe('products grid block', () => {
  it('shows a collection’s products with a tag as the shop’s cards, at most its count', async () => {
    const merchant = await owner();
    const created = await merchant.json<{ id: string }>('POST', '/api/console/pages', {
      title: 'Home goods',
      urlId: '',
    });
    expect(created.status).toBe(201);
    const page = (await merchant.json<Record<string, unknown>>('GET', `/api/console/pages/${created.body.id}`)).body;
    const { id: _id, fullUrl: _url, inNavigation: _nav, ...form } = page;
    const save = (blocks: unknown[]) =>
      merchant.json<{ error?: string; fields?: Record<string, string> }>(
        'PUT',
        `/api/console/pages/${created.body.id}`,
        {
          ...form,
          blocks,
        },
      );
    expect((await save([grid()])).status).toBe(200);

    const shown = await new Visitor().fetch('/home-goods');
    // It shows stock, so it is kept one stock slot as the shop is, its cards' stock the ledger's (showAvailableStock).
    expect(shown.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    const html = await shown.text();
    const block = html.slice(
      html.indexOf('<section class="ProductsBlock"'),
      html.indexOf('</section>', html.indexOf('ProductsBlock')),
    );
    expect(block).toContain('--grid-columns: repeat(3, minmax(0, 1fr))');
    expect(block).toContain('<h2 id="products-b-grid">For the home</h2>');
    const shop = await (await new Visitor().fetch('/shop?tag=home')).text();
    const cards = (text: string) =>
      [...text.matchAll(/<article class="ProductCard[^"]*" data-item-id="([^"]+)"/g)].map((m) => m[1]);
    expect(cards(block)).toHaveLength(3);
    // The shop listing's newest three with the tag, drawn the same way.
    expect(cards(block)).toEqual(cards(shop).slice(0, 3));
    const first = cards(block)[0] as string;
    const cardOf = (text: string) =>
      text.slice(
        text.indexOf(`data-item-id="${first}"`),
        text.indexOf('</article>', text.indexOf(`data-item-id="${first}"`)),
      );
    expect(cardOf(block)).toBe(cardOf(shop));

    const refused = await save([grid({ collectionId: '', count: PRODUCTS_GRID.maxCount + 1, columns: 5 })]);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.['blocks.0.collectionId']).toBe(PAGE_BLOCK_MESSAGES.collectionRequired);
    expect(Object.keys(refused.body.fields ?? {})).toEqual(
      expect.arrayContaining(['blocks.0.count', 'blocks.0.columns']),
    );
  });

  it('serves an uploaded picture of an image or gallery block with its widths as srcset, and its size', async () => {
    const merchant = await owner();
    const created = await merchant.json<{ id: string }>('POST', '/api/console/pages', {
      title: 'Kiln room',
      urlId: '',
    });
    const page = (await merchant.json<Record<string, unknown>>('GET', `/api/console/pages/${created.body.id}`)).body;
    const { id: _id, fullUrl: _url, inNavigation: _nav, ...form } = page;
    const upload = '/files/f-kiln/1/kiln.webp';
    const blocks = [
      { id: 'b-img', type: 'image', assetUrl: upload, altText: 'The kiln', originalSize: '1200x900' },
      {
        id: 'b-gal',
        type: 'gallery',
        images: [{ assetUrl: '/images/demo/ceramic-mug.webp', altText: 'A mug', originalSize: '800x800' }],
      },
    ];
    expect((await merchant.json('PUT', `/api/console/pages/${created.body.id}`, { ...form, blocks })).status).toBe(200);
    const html = await (await new Visitor().fetch('/kiln-room')).text();
    expect(html).toContain(
      `<img src="${upload}" srcset="${upload}?w=300 300w, ${upload}?w=750 750w, ${upload} 1200w" sizes="(min-width: 48rem) 48rem, 100vw" alt="The kiln" width="1200" height="900"`,
    );
    // A picture that is not an upload has no widths to offer: its size only.
    expect(html).toContain('<img src="/images/demo/ceramic-mug.webp" alt="A mug" width="800" height="800"');
  });
});
