import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_CODES } from '../../commerce/product';
import { refused } from '../../result';
import { changeNames } from '../edits/catalog-names';
import { EDIT_MESSAGES } from '../edits/edits';
import type { Collection, Item } from '../model/schema';
import {
  blankProductForm,
  blankVariant,
  PRODUCT_MESSAGES,
  PRODUCT_TYPES,
  productProblems,
  slugOf,
  type ProductForm,
} from './product-form';
import { bulkChanged, formFromProduct, paragraphsOf, productFromForm, textOf } from './product-item';
import { nameProblem, replaceNames, TAG_MESSAGES } from './tag-manager';

const form: ProductForm = {
  collectionId: 'c-shop',
  title: 'Linen Apron',
  urlId: '',
  productType: 1,
  description: 'Heavy linen.\n\nTwo pockets & a loop.',
  excerpt: 'Heavy linen.',
  images: [{ assetUrl: '/images/apron.webp', originalSize: '800x600', altText: 'An apron' }],
  tags: ['kitchen'],
  categories: ['Aprons'],
  featured: true,
  seoTitle: '',
  seoDescription: '',
  socialImage: '',
  options: ['Colour'],
  variants: [
    {
      sku: 'AP-1',
      values: { Colour: 'Sand' },
      price: 3200,
      salePrice: 2800,
      onSale: true,
      unlimited: false,
      stock: 4,
      weightGrams: 300,
      imageUrl: '',
    },
    {
      sku: '',
      values: { Colour: 'Ink' },
      price: 3200,
      salePrice: 0,
      onSale: false,
      unlimited: true,
      stock: 0,
      weightGrams: null,
      imageUrl: '/images/apron-ink.webp',
    },
  ],
  price: 0,
  salePrice: 0,
  onSale: false,
  digitalFile: null,
  subscription: null,
  additionalFieldsFormId: null,
  customAddButtonText: '',
  customSoldOutText: 'Back soon',
  scarcityEnabled: true,
  scarcityText: 'Only {qtyInStock} left',
  status: 'published',
  publishOn: 0,
};

const context = { currency: 'EUR', collectionUrl: '/shop', additionalFieldsForm: undefined, now: 1_700_000_000_000 };

describe('the product form', () => {
  it('makes URL slugs from titles', () => {
    expect(slugOf('Linen Shirt (Blue)')).toBe('linen-shirt-blue');
    expect(slugOf('Árbol  de  Navidad!')).toBe('arbol-de-navidad');
  });

  it('finds nothing wrong with a good form and names each problem of a bad one', () => {
    expect(productProblems(form)).toEqual({});
    const bad = productProblems({
      ...form,
      options: ['Colour', 'colour'],
      variants: [{ ...form.variants[0]!, salePrice: 3200 }],
      images: [{ ...form.images[0]!, assetUrl: 'javascript:alert(1)' }],
    });
    expect(bad).toMatchObject({
      'options.1': PRODUCT_MESSAGES.optionTwice,
      'variants.0.salePrice': PRODUCT_MESSAGES.salePrice,
      'images.0': PRODUCT_MESSAGES.imageUrl,
    });
    expect(productProblems({ ...form, variants: [] }).variants).toBe(PRODUCT_MESSAGES.noVariants);
    expect(productProblems({ ...form, productType: 2, variants: [], price: -1 }).price).toBe(PRODUCT_MESSAGES.price);
    // A gift card sells at its value (spec §4): a denomination on sale is refused, at its sale price.
    expect(productProblems(form)['variants.0.salePrice']).toBeUndefined();
    expect(productProblems({ ...form, productType: 4 })['variants.0.salePrice']).toBe(PRODUCT_MESSAGES.giftCardSale);
    // A digital product is published only with its file to deliver; a draft may wait for it.
    const digital = { ...form, productType: 2 as const, variants: [], options: [], price: 100 };
    expect(productProblems(digital).digitalFile).toBe(PRODUCT_MESSAGES.digitalFile);
    expect(productProblems({ ...digital, status: 'draft' }).digitalFile).toBeUndefined();
    expect(
      productProblems({ ...digital, digitalFile: { id: 'f', name: 'a.pdf', size: 1 } }).digitalFile,
    ).toBeUndefined();
  });

  it('starts a new product blank: a draft that needs only a title and a priced variant, each variant asking for every option', () => {
    const blank = blankProductForm('c-shop');
    expect(blank).toMatchObject({ collectionId: 'c-shop', status: 'draft', variants: [] });
    expect(productProblems(blank)).toEqual({
      title: EDIT_MESSAGES.titleRequired,
      variants: PRODUCT_MESSAGES.noVariants,
    });
    expect(productProblems({ ...blank, title: 'Apron', variants: [{ ...blankVariant(), price: 1200 }] })).toEqual({});
    expect(blankVariant(['Size', 'Colour']).values).toEqual({ Size: '', Colour: '' });
  });

  it('turns a form into the item templates read, and back', () => {
    const { item, merchandising } = productFromForm(
      { ...form, urlId: 'linen-apron' },
      { item: null, merchandising: null },
      context,
    );
    expect(item).toMatchObject({
      collectionId: 'c-shop',
      recordType: 11,
      fullUrl: '/shop/p/linen-apron',
      addedOn: context.now,
      assetUrl: '/images/apron.webp',
      originalSize: '800x600',
      starred: true,
    });
    expect(item.body).toBe('<p>Heavy linen.</p><p>Two pockets &amp; a loop.</p>');
    const variants = (item.structuredContent as { variants: Record<string, unknown>[] }).variants;
    expect(variants[0]).toMatchObject({
      sku: 'AP-1',
      price: 3200,
      priceMoney: { value: '32.00', currency: 'EUR' },
      salePriceMoney: { value: '28.00', currency: 'EUR' },
      onSale: true,
      qtyInStock: 4,
      weightGrams: 300,
      attributes: { Colour: 'Sand' },
      optionValues: [{ optionName: 'Colour', value: 'Sand' }],
    });
    expect(variants[1]).toMatchObject({
      unlimited: true,
      qtyInStock: 0,
      image: { assetUrl: '/images/apron-ink.webp' },
    });
    expect(String(variants[1]?.sku)).toMatch(/^SKU-[0-9A-F]{8}$/);
    expect(merchandising).toEqual({
      customSoldOutText: 'Back soon',
      scarcityEnabled: true,
      scarcityText: 'Only {qtyInStock} left',
    });
    const back = formFromProduct(item as unknown as Item, merchandising);
    expect({ ...back, variants: back.variants.map(({ id: _id, sku: _sku, ...rest }) => rest) }).toEqual({
      ...form,
      urlId: 'linen-apron',
      // Published now: the form reads its publishing time back from the item.
      publishOn: context.now,
      variants: form.variants.map(({ sku: _sku, ...rest }) => rest),
    });
  });

  it('keeps what the form does not cover when it saves over a stored product', () => {
    const stored = {
      ...productFromForm({ ...form, urlId: 'linen-apron' }, { item: null, merchandising: null }, context).item,
      reviews: [{ author: 'A', rating: 5, text: 'Good', date: 1 }],
      addedOn: 5,
    } as unknown as Item;
    const again = productFromForm(
      { ...formFromProduct(stored, null), title: 'Apron' },
      { item: stored, merchandising: { restockNotificationViews: [] } },
      context,
    );
    expect(again.item).toMatchObject({ id: stored.id, title: 'Apron', addedOn: 5, reviews: [{ author: 'A' }] });
    expect(again.merchandising).toEqual({ restockNotificationViews: [] });
  });

  it("features a product as Squarespace's starred item, and stops featuring it", () => {
    const featured = productFromForm({ ...form, urlId: 'linen-apron' }, { item: null, merchandising: null }, context);
    expect(featured.item.starred).toBe(true);
    const stored = featured.item as unknown as Item;
    const plain = productFromForm(
      { ...formFromProduct(stored, null), featured: false },
      { ...featured, item: stored },
      context,
    );
    expect(plain.item).not.toHaveProperty('starred');
    expect(formFromProduct(plain.item as unknown as Item, null).featured).toBe(false);
  });

  it("keeps several pictures in order: the first is the item's own, all of them its gallery (child image items); none takes them all away", () => {
    const pictures = [form.images[0]!, { assetUrl: '/images/apron-back.webp', originalSize: '800x600', altText: '' }];
    const item = productFromForm(
      { ...form, urlId: 'linen-apron', images: pictures },
      { item: null, merchandising: null },
      context,
    ).item;
    expect(item).toMatchObject({
      assetUrl: '/images/apron.webp',
      originalSize: '800x600',
      altText: 'An apron',
      items: [{ assetUrl: '/images/apron.webp', altText: 'An apron' }, { assetUrl: '/images/apron-back.webp' }],
    });
    const stored = item as unknown as Item;
    expect(formFromProduct(stored, null).images).toEqual(pictures);
    const bare = productFromForm(
      { ...formFromProduct(stored, null), images: [] },
      { item: stored, merchandising: null },
      context,
    ).item;
    expect([bare.assetUrl, bare.originalSize, bare.altText, bare.items]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads rich text as plain paragraphs', () => {
    expect(textOf('<p>One &amp; two</p><p>Three<br>four</p>')).toBe('One & two\n\nThree\nfour');
    expect(paragraphsOf('One\n\n\nTwo <b>')).toBe('<p>One</p><p>Two &lt;b&gt;</p>');
  });

  it("changes prices in bulk; a stock change only makes unlimited variants counted (the counts are the ledger's), leaving products without stock counts alone", () => {
    const item = productFromForm({ ...form, urlId: 'a' }, { item: null, merchandising: null }, context)
      .item as unknown as Item;
    const stocked = bulkChanged(item, { kind: 'stock', mode: 'set', amount: 9 });
    expect(stocked.structuredContent?.variants.map((v) => [v.unlimited, v.qtyInStock])).toEqual([
      [false, 4],
      [false, 0],
    ]);
    expect(bulkChanged(stocked, { kind: 'stock', mode: 'add', amount: -20 })).toBe(stocked);
    const cheaper = bulkChanged(item, { kind: 'price', mode: 'set', amount: 2500 });
    // A sale price at or over the new price ends that sale.
    expect(cheaper.structuredContent?.variants.map((v) => [v.price, v.priceMoney.value, v.onSale])).toEqual([
      [2500, '25.00', false],
      [2500, '25.00', false],
    ]);
    const digital = productFromForm(
      { ...form, urlId: 'd', productType: 2, variants: [], options: [], price: 1000 },
      { item: null, merchandising: null },
      context,
    ).item as unknown as Item;
    expect(bulkChanged(digital, { kind: 'stock', mode: 'set', amount: 1 })).toBe(digital);
    // A form without the field (a CSV import) keeps the stored file; null takes it away.
    const file = { id: 'f', name: 'a.pdf', size: 1 };
    const withFile = productFromForm(
      { ...form, urlId: 'd', productType: 2, variants: [], options: [], price: 1000, digitalFile: file },
      { item: null, merchandising: null },
      context,
    ).item as unknown as Item;
    const { digitalFile: _absent, ...csvForm } = {
      ...form,
      urlId: 'd',
      productType: 2 as const,
      variants: [],
      options: [],
      price: 900,
    };
    const again = (f: typeof csvForm & { digitalFile?: null }) =>
      productFromForm(f, { item: withFile, merchandising: null }, context).item.structuredContent as Record<
        string,
        unknown
      >;
    expect(again(csvForm).digitalFile).toEqual(file);
    expect(again({ ...csvForm, digitalFile: null }).digitalFile).toBeUndefined();
    expect(bulkChanged(digital, { kind: 'price', mode: 'percent', amount: 10 }).structuredContent?.priceMoney).toEqual({
      value: '11.00',
      currency: 'EUR',
    });
  });
});

describe('the tag and category manager', () => {
  const collection = {
    id: 'c',
    type: 13,
    typeName: 'products',
    title: 'Shop',
    urlId: 'shop',
    fullUrl: '/shop',
    tags: ['desk'],
    categories: [],
  } as unknown as Collection;

  it("checks names with the spec's limits and messages", () => {
    expect(nameProblem('tag', 'Desk', ['desk'])).toBe(TAG_MESSAGES.exists('tag'));
    expect(nameProblem('tag', 'Desk', ['desk'], 'desk')).toBeNull();
    expect(nameProblem('tag', 'x'.repeat(50), [])).toBeNull();
    expect(nameProblem('tag', 'x'.repeat(51), [])).toBe(TAG_MESSAGES.tooLong('tag'));
    expect(nameProblem('category', 'y'.repeat(26), [])).toBe('A category can be at most 25 characters');
    expect(nameProblem('category', '  ', [])).toBe(TAG_MESSAGES.required('category'));
    expect(replaceNames(['a', 'b', 'c'], ['a', 'c'], 'b')).toEqual(['b']);
  });

  it('adds, renames one at a time, merges and removes', () => {
    expect(changeNames(collection, 'tag', ['lamp'], { kind: 'rename', from: ['desk', 'lamp'], to: 'x' })).toEqual(
      refused('invalid', TAG_MESSAGES.editOne('tag')),
    );
    expect(changeNames(collection, 'tag', ['lamp'], { kind: 'remove', names: ['nope'] })).toEqual(
      refused('not-found', TAG_MESSAGES.unknown('tag', 'nope')),
    );
    const renamed = changeNames(collection, 'tag', ['lamp'], { kind: 'rename', from: ['lamp'], to: 'Lamps' });
    expect(renamed).toMatchObject({
      ok: true,
      value: { from: ['lamp'], to: 'Lamps', collection: { tags: ['desk', 'Lamps'] } },
    });
    expect(
      changeNames(collection, 'tag', ['lamp'], { kind: 'merge', from: ['desk', 'lamp'], into: 'desk' }),
    ).toMatchObject({ ok: true, value: { from: ['lamp'], to: 'desk', collection: { tags: ['desk'] } } });
    expect(changeNames(collection, 'tag', [], { kind: 'remove', names: ['desk'] })).toMatchObject({
      ok: true,
      value: { from: ['desk'], to: null, collection: { tags: [] } },
    });
    const category = changeNames(collection, 'category', [], { kind: 'add', name: 'Lamps' });
    expect(category).toMatchObject({
      ok: true,
      value: {
        collection: {
          categories: [
            { displayName: 'Lamps', parentCategoryId: null, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
          ],
        },
      },
    });
  });
});

describe('the form and the product rules agree', () => {
  it('offers the product types of src/commerce/product.ts', () => {
    expect(PRODUCT_TYPES.map((type) => type.code)).toEqual(PRODUCT_TYPE_CODES);
  });
});
