/**
 * The product CSV's pure rules: an exported product reads back as the same form (the formula guard
 * taken off again), a file's problems are placed on their rows and columns, and the columns it ignores are named.
 */
import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../edits/edits';
import { CSV_MESSAGES } from '../editor/product-csv';
import { blankProductForm, PRODUCT_MESSAGES, type ProductForm } from '../editor/product-form';
import { productCsv, readProductCsv } from './product-csv';
import type { Item } from '../model/schema';

const form: ProductForm = {
  ...blankProductForm('c-shop'),
  title: '=SUM(1,2) Mug',
  urlId: 'mug',
  status: 'published',
  description: 'A mug.',
  images: [
    { assetUrl: '/images/a.webp', originalSize: '800x600', altText: 'Front' },
    { assetUrl: '/images/b.webp', originalSize: '800x800', altText: '' },
    { assetUrl: '/images/c.webp', originalSize: '600x800', altText: 'Side' },
  ],
  tags: ['-home', 'kitchen'],
  options: ['Size'],
  variants: [
    {
      id: 'v-1',
      sku: 'MUG-S',
      values: { Size: 'S' },
      price: 1800,
      salePrice: 1500,
      onSale: true,
      unlimited: false,
      stock: 4,
      weightGrams: 300,
      imageUrl: '',
    },
    {
      id: 'v-2',
      sku: 'MUG-L',
      values: { Size: 'L' },
      price: 2200,
      salePrice: 0,
      onSale: false,
      unlimited: true,
      stock: 0,
      weightGrams: null,
      imageUrl: '',
    },
  ],
  seoTitle: 'Mug',
};
const item = { id: 'p-mug', urlId: 'mug', body: '<p>A mug.</p>' } as unknown as Item;

describe('product CSV', () => {
  it('writes one row per variant, extra rows for extra pictures, formula-safe, and reads them back as the same form', () => {
    const csv = productCsv([{ item, form }], 'USD');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("'=SUM(1,2) Mug");
    expect(lines[1]).toContain('15.00,18.00');
    const read = readProductCsv(csv, {
      existing: new Map([['mug', { item, form: { ...form, variants: form.variants.map((v) => ({ ...v })) } }]]),
      collectionId: 'c-shop',
      currency: 'USD',
      sizes: {},
    });
    expect(read.problems).toEqual([]);
    expect(read.products[0]?.form).toEqual({ ...form, description: 'A mug.' });
  });

  it('places each problem on its row and column', () => {
    const csv = 'Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nnew,,Size,S,abc,2.5\n';
    const read = readProductCsv(csv, { existing: new Map(), collectionId: 'c-shop', currency: 'USD', sizes: {} });
    expect(read.problems).toEqual([
      { row: 2, column: 'Variant Price', message: PRODUCT_MESSAGES.price },
      { row: 2, column: 'Variant Inventory Qty', message: PRODUCT_MESSAGES.stock },
      { row: 2, column: 'Title', message: EDIT_MESSAGES.titleRequired },
    ]);
  });

  it('names each column with values it does not read, once, and passes over empty ones', () => {
    const csv = 'Handle,Title,Vendor,Type,Gift Card,Variant Price\nmug,Mug,Studio,Kitchen,,18\nmug,,Studio,,,\n';
    const read = readProductCsv(csv, { existing: new Map(), collectionId: 'c-shop', currency: 'USD', sizes: {} });
    expect(read.problems).toEqual([]);
    expect(read.ignored).toEqual([
      { column: 'Vendor', message: 'Vendor is not used by this store and will be ignored.' },
      { column: 'Type', message: CSV_MESSAGES.ignoredColumn('Type') },
    ]);
  });
});
