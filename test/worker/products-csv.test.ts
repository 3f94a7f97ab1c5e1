/**
 * The product CSV in workerd: the demo catalogue exported with Shopify's columns (formula-safe); the
 * same file edited (a price, a new product with two variants and a picture by address, one bad row)
 * gives a dry run that names the bad row's problem and changes nothing, and an apply that is refused
 * whole; fixed, it imports in one step: the storefront shows the new product and the new price, the
 * new variants' stock is in the ledger as a recorded edit, a body is sanitized. Caps, roles and the
 * crumb are refused with their messages.
 */
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { IMPORT_MESSAGES } from '../../src/routes/console/products-csv';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { CSV_LIMITS, CSV_MESSAGES, PRODUCT_CSV_COLUMNS, type CsvProblem } from '../../src/site/editor/product-csv';
import { demoStoreOfFile } from './fixtures';

const [OWNER, STORE, , VIEWER] = DEMO_MERCHANTS;
/** The demo store of this file's own: its tests import into it one after another. */
const demo = demoStoreOfFile('products-csv');

interface ImportAnswer {
  problems: CsvProblem[];
  products: { handle: string; action: string; variants: number }[];
  newImages: string[];
  ignored: { column: string; message: string }[];
  applied: boolean;
  error?: string;
}

type Row = Record<string, string>;

function rowsOf(csv: string): Row[] {
  return Papa.parse<Row>(csv, { header: true, skipEmptyLines: true }).data;
}

function csvOf(rows: Row[]): string {
  return Papa.unparse({
    fields: [...PRODUCT_CSV_COLUMNS],
    data: rows.map((row) => PRODUCT_CSV_COLUMNS.map((c) => row[c] ?? '')),
  });
}

const newProduct = (extra: Row = {}, handle = 'clay-planter'): Row[] => [
  {
    Handle: handle,
    Title: 'Clay Planter',
    'Body (HTML)': '<p>Thrown by hand.</p><script>alert(1)</script>',
    Tags: 'home, garden',
    Status: 'active',
    'Option1 Name': 'Size',
    'Option1 Value': 'Small',
    'Variant SKU': 'PLANTER-S',
    'Variant Price': '18.00',
    'Variant Inventory Qty': '7',
    'Image Src': 'https://images.example.com/planter.jpg',
    'Image Position': '1',
    'Image Alt Text': 'A clay planter',
    'SEO Title': 'Clay planter for herbs',
    ...extra,
  },
  {
    Handle: handle,
    'Option1 Value': 'Large',
    'Variant SKU': 'PLANTER-L',
    'Variant Price': '26.00',
    'Variant Inventory Qty': '3',
  },
];

describe('product CSV', () => {
  it('exports the catalogue, lists a bad row in a dry run without changing anything, then imports the fixed file', async () => {
    const owner = await demo.signedIn(OWNER);
    const exported = await owner.fetch('/api/console/products.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toContain('products_export.csv');
    const rows = rowsOf(await exported.text());
    const shirt = rows.filter((row) => row.Handle === 'linen-shirt');
    expect(shirt.length).toBeGreaterThan(1);
    expect(shirt[0]).toMatchObject({ Title: 'Linen Shirt', Status: 'active', Published: 'TRUE' });
    const candle = rows.find((row) => row.Handle === 'candle') as Row;
    expect(candle).toMatchObject({
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Variant Price': '32.00',
    });
    expect(candle['Variant Inventory Qty']).toBe('25');

    // An unchanged file changes nothing.
    const same = await owner.json<ImportAnswer>('POST', '/api/console/products/import', {
      csv: csvOf(rows),
      apply: false,
    });
    expect(same.body.problems).toEqual([]);
    expect(same.body.ignored).toEqual([]);

    candle['Variant Price'] = '35.00';
    candle['Variant Inventory Qty'] = '30';
    const bad = newProduct({ 'Variant Price': 'twelve' });
    const edited = csvOf([...rows, ...bad]);
    const badRow = rows.length + 2;
    const dryRun = await owner.json<ImportAnswer>('POST', '/api/console/products/import', {
      csv: edited,
      apply: false,
    });
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.problems).toEqual([{ row: badRow, column: 'Variant Price', message: PRODUCT_MESSAGES.price }]);
    expect(dryRun.body.products.find((p) => p.handle === 'clay-planter')).toMatchObject({
      action: 'create',
      variants: 2,
    });
    expect(dryRun.body.newImages).toEqual(['https://images.example.com/planter.jpg']);
    const refused = await owner.json<ImportAnswer>('POST', '/api/console/products/import', {
      csv: edited,
      apply: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(IMPORT_MESSAGES.problems);
    expect((await owner.fetch('/shop/p/clay-planter')).status).toBe(404);
    expect(await (await owner.fetch('/shop/p/candle')).text()).toContain('$32.00');

    const fixed = csvOf([...rows, ...newProduct()]);
    const applied = await owner.json<ImportAnswer>('POST', '/api/console/products/import', {
      csv: fixed,
      apply: true,
      sizes: { 'https://images.example.com/planter.jpg': '1200x900' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.applied).toBe(true);
    const page = await (await owner.fetch('/shop/p/clay-planter')).text();
    expect(page).toContain('Clay Planter');
    expect(page).toContain('$18.00');
    expect(page).toContain('https://images.example.com/planter.jpg');
    expect(page).not.toContain('alert(1)');
    expect(await (await owner.fetch('/shop/p/candle')).text()).toContain('$35.00');

    const list = await owner.json<{ products: { id: string; title: string }[] }>(
      'GET',
      '/api/console/products?q=planter',
    );
    const id = list.body.products[0]?.id as string;
    const stock = await owner.json<{
      variants: { sku: string; onHand: number; history: { reason: string; who: string }[] }[];
    }>('GET', `/api/console/products/${id}/stock`);
    expect(stock.body.variants.map((v) => [v.sku, v.onHand])).toEqual([
      ['PLANTER-S', 7],
      ['PLANTER-L', 3],
    ]);
    const candleStock = await owner.json<{ variants: { onHand: number; sold: number; history: unknown[] }[] }>(
      'GET',
      '/api/console/products/p-candle/stock',
    );
    expect(candleStock.body.variants[0]).toMatchObject({ onHand: 30, sold: 0 });
    expect(candleStock.body.variants[0]?.history[0]).toMatchObject({
      kind: 'edited',
      change: 5,
      reason: 'Product import',
      who: OWNER?.email,
    });
    const form = await owner.json<{ product: { images: { originalSize: string; altText: string }[] } }>(
      'GET',
      `/api/console/products/${id}`,
    );
    expect(form.body.product.images).toEqual([
      { assetUrl: 'https://images.example.com/planter.jpg', originalSize: '1200x900', altText: 'A clay planter' },
    ]);
  });

  it('lists problems by row and column: a missing handle, a taken SKU, a bad status, a picture address', async () => {
    const store = await demo.signedIn(STORE);
    const csv = csvOf([
      ...newProduct({ 'Variant SKU': 'SHIRT-WHITE-S', Status: 'sometimes' }),
      { Handle: 'clay-planter', 'Image Src': 'javascript:alert(1)' },
      { Title: 'No handle' },
    ]);
    const answer = await store.json<ImportAnswer>('POST', '/api/console/products/import', { csv });
    const shirt = (await store.fetch('/api/console/products.csv').then((r) => r.text())).includes('SHIRT-WHITE-S');
    expect(answer.body.problems).toEqual([
      { row: 2, column: 'Status', message: CSV_MESSAGES.status },
      ...(shirt ? [{ row: 2, column: 'Variant SKU', message: CSV_MESSAGES.skuTaken }] : []),
      { row: 4, column: 'Image Src', message: PRODUCT_MESSAGES.imageUrl },
      { row: 5, column: 'Handle', message: CSV_MESSAGES.handle },
    ]);
    const header = await store.json<ImportAnswer>('POST', '/api/console/products/import', { csv: 'Name,Price\nA,1\n' });
    expect(header.body.problems).toEqual([{ row: 1, column: 'Handle', message: CSV_MESSAGES.noHandle }]);
  });

  it('names the columns of a Shopify file it will not import in the dry run', async () => {
    const store = await demo.signedIn(STORE);
    const [first, second] = newProduct({ 'Variant SKU': 'VENDOR-S' }, 'vendor-planter');
    const csv = Papa.unparse([
      [...PRODUCT_CSV_COLUMNS, 'Type'],
      [...PRODUCT_CSV_COLUMNS.map((c) => (c === 'Vendor' ? 'Clay Co' : (first?.[c] ?? ''))), 'Planters'],
      [...PRODUCT_CSV_COLUMNS.map((c) => (c === 'Variant SKU' ? 'VENDOR-L' : (second?.[c] ?? ''))), ''],
    ]);
    const answer = await store.json<ImportAnswer>('POST', '/api/console/products/import', { csv });
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toEqual([]);
    expect(answer.body.ignored).toEqual([
      { column: 'Vendor', message: 'Vendor is not used by this store and will be ignored.' },
      { column: 'Type', message: CSV_MESSAGES.ignoredColumn('Type') },
    ]);
  });

  it('caps the file and its rows, and refuses roles without commerce and a missing crumb', async () => {
    const [owner, viewer, anonymous] = await Promise.all([
      demo.signedIn(OWNER),
      demo.signedIn(VIEWER),
      demo.signedIn(undefined),
    ]);
    const big = `Handle,Title\n${'a'.repeat(CSV_LIMITS.bytes)}\n`;
    const tooLarge = await owner.json<{ error: string }>('POST', '/api/console/products/import', { csv: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe(CSV_MESSAGES.tooLarge);
    const many = `Handle,Title\n${'x,X\n'.repeat(CSV_LIMITS.rows + 1)}`;
    const tooMany = await owner.json<ImportAnswer>('POST', '/api/console/products/import', { csv: many });
    expect(tooMany.body.problems).toEqual([{ row: 1, column: '', message: CSV_MESSAGES.tooManyRows }]);

    const csv = csvOf(newProduct({}, 'viewer-planter'));
    const forbidden = await viewer.json<{ error: string }>('POST', '/api/console/products/import', {
      csv,
      apply: true,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe(MERCHANT_MESSAGES.forbidden);
    expect((await viewer.fetch('/api/console/products.csv')).status).toBe(403);
    expect((await anonymous.fetch('/api/console/products.csv')).status).toBe(401);
    const noCrumb = await owner.fetch('/api/console/products/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csv, apply: true }),
    });
    expect(noCrumb.status).toBe(403);
    expect((await owner.fetch('/shop/p/viewer-planter')).status).toBe(404);
  });
});
