/**
 * Products in and out as a CSV file with Shopify's product CSV columns, where they map: one row per
 * variant, the product's own fields on its first row, extra rows for extra pictures. Export writes
 * it formula-safe (src/forms/csv.ts); import reads it into product forms (src/site/editor/product-form.ts)
 * and lists every row's problems (row number as a spreadsheet counts them, column, message) before
 * anything is saved. Parsed with papaparse (MIT, no dependencies, runs in workerd and browsers).
 */
import Papa from 'papaparse';
import { fromMinorUnits, toMinorUnits } from '../../commerce/money';
import { currentPrice, onSaleNow, pricedWithoutVariants, type ProductStatus } from '../../commerce/product';
import { toCsv } from '../../forms/csv';
import { EDIT_MESSAGES } from '../edits/edits';
import {
  CSV_LIMITS,
  CSV_MESSAGES,
  MAX_CSV_OPTIONS,
  NO_OPTION,
  PRODUCT_CSV_COLUMNS,
  readsColumn,
  type Column,
  type CsvIgnoredColumn,
  type CsvProblem,
} from '../editor/product-csv';
import {
  blankProductForm,
  PRODUCT_MESSAGES,
  productProblems,
  type ProductForm,
  type VariantForm,
} from '../editor/product-form';
import { textOf } from '../editor/product-item';
import type { Item } from '../model/schema';

/** A variant as imported: the on-hand count the ledger had (`stockShown`), so only a changed count is set. */
export type ImportedVariant = VariantForm & { stockShown?: number };

/** A stored product the file may name by its handle: its item and its form, stock as the ledger has it on hand. */
export interface ExistingProduct {
  item: Item;
  form: ProductForm & { variants: ImportedVariant[] };
}

export interface ImportedProduct {
  handle: string;
  /** The row of its first line. */
  row: number;
  stored: Item | null;
  form: ProductForm & { variants: ImportedVariant[] };
  /** Body (HTML) when the file has the column: stored as rich text, sanitized like every body. */
  body: string | null;
  /** No row of it has a problem. */
  ok: boolean;
}

export interface ImportContext {
  /** Stored products by handle (`urlId`). */
  existing: ReadonlyMap<string, ExistingProduct>;
  /** Where new products go. */
  collectionId: string;
  currency: string;
  /** Measured sizes ('WxH') of new pictures by address; a picture not measured is taken as square. */
  sizes: Readonly<Record<string, string>>;
}

const DEFAULT_SIZE = '1000x1000';

/** The status a file's Status (Shopify: active, draft, archived) or Published (TRUE, FALSE) column gives. */
function statusOf(
  status: string,
  published: string,
): ProductStatus | 'scheduled' | 'bad-status' | 'bad-published' | null {
  const s = status.toLowerCase();
  if (s === 'active' || s === 'published') return 'published';
  if (s === 'draft' || s === 'archived') return 'draft';
  if (s === 'scheduled') return 'scheduled';
  if (s !== '') return 'bad-status';
  const p = published.toLowerCase();
  if (p === 'true') return 'published';
  if (p === 'false') return 'draft';
  return p === '' ? null : 'bad-published';
}

const WHOLE = /^\d+$/;

/** The header's columns the import does not read that hold a value on some row (an empty one loses nothing). */
function ignoredColumns(header: readonly string[], lines: readonly (readonly string[])[]): CsvIgnoredColumn[] {
  const names = new Set<string>();
  header.forEach((raw, i) => {
    const name = raw.trim();
    if (name !== '' && !readsColumn(name) && lines.some((line) => (line[i] ?? '').trim() !== '')) names.add(name);
  });
  return [...names].map((column) => ({ column, message: CSV_MESSAGES.ignoredColumn(column) }));
}

/** The file's products, every problem of every row (none: it can be imported as it is) and the columns it ignores. */
export function readProductCsv(
  text: string,
  context: ImportContext,
): { products: ImportedProduct[]; problems: CsvProblem[]; ignored: CsvIgnoredColumn[] } {
  const problems: CsvProblem[] = [];
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  for (const error of parsed.errors)
    problems.push({ row: (error.row ?? 0) + 1, column: '', message: CSV_MESSAGES.unreadable(error.message) });
  const [header = [], ...lines] = parsed.data;
  const at = new Map(header.map((name, i) => [name.trim(), i]));
  if (!at.has('Handle'))
    return { products: [], problems: [{ row: 1, column: 'Handle', message: CSV_MESSAGES.noHandle }], ignored: [] };
  if (lines.length > CSV_LIMITS.rows)
    return { products: [], problems: [{ row: 1, column: '', message: CSV_MESSAGES.tooManyRows }], ignored: [] };
  const has = (column: Column) => at.has(column);
  // An export's formula guard (src/forms/csv.ts: a leading apostrophe before = + - @) is taken off again.
  const cell = (line: readonly string[], column: Column) =>
    (line[at.get(column) ?? -1] ?? '').trim().replace(/^'(?=[=+\-@])/, '');

  const groups = new Map<string, number[]>();
  lines.forEach((line, i) => {
    const handle = cell(line, 'Handle');
    if (handle === '') problems.push({ row: i + 2, column: 'Handle', message: CSV_MESSAGES.handle });
    else groups.set(handle, [...(groups.get(handle) ?? []), i]);
  });
  if (groups.size === 0 && problems.length === 0)
    problems.push({ row: 1, column: '', message: CSV_MESSAGES.noProducts });

  const skuOwners = new Map<string, string>();
  for (const [handle, product] of context.existing)
    for (const variant of product.form.variants) if (variant.sku !== '') skuOwners.set(variant.sku, handle);
  const skusInFile = new Map<string, string>();

  const products: ImportedProduct[] = [];
  for (const [handle, indexes] of groups) {
    const rowOf = (i: number) => i + 2;
    const first = lines[indexes[0] as number] as string[];
    const firstRow = rowOf(indexes[0] as number);
    const before = problems.length;
    const problem = (row: number, column: string, message: string) => problems.push({ row, column, message });
    const existing = context.existing.get(handle) ?? null;
    const form: ImportedProduct['form'] = structuredClone(
      existing?.form ?? { ...blankProductForm(context.collectionId), status: 'published' },
    );
    form.urlId = handle;
    if (has('Title')) form.title = cell(first, 'Title');
    const body = has('Body (HTML)') ? cell(first, 'Body (HTML)') : null;
    if (body !== null) form.description = textOf(body);
    if (has('Tags'))
      form.tags = cell(first, 'Tags')
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
    const status = statusOf(cell(first, 'Status'), cell(first, 'Published'));
    if (status === 'bad-status') problem(firstRow, 'Status', CSV_MESSAGES.status);
    else if (status === 'bad-published') problem(firstRow, 'Published', CSV_MESSAGES.published);
    else if (status === 'scheduled' && existing?.form.status !== 'scheduled')
      problem(firstRow, 'Status', CSV_MESSAGES.scheduled);
    else if (status !== null) form.status = status;
    if (has('SEO Title')) form.seoTitle = cell(first, 'SEO Title');
    if (has('SEO Description')) form.seoDescription = cell(first, 'SEO Description');

    // Options and variants, when the file has them.
    const variantRows = indexes.filter((i) =>
      (['Option1 Value', 'Variant SKU', 'Variant Price'] as const).some(
        (column) => cell(lines[i] as string[], column) !== '',
      ),
    );
    if (has('Variant Price') && variantRows.length > 0) {
      const names = [1, 2, 3].map((n) => cell(first, `Option${n} Name` as Column)).filter((name) => name !== '');
      const options = names.length === 1 && names[0] === NO_OPTION.name && variantRows.length === 1 ? [] : names;
      if (options.length > MAX_CSV_OPTIONS) problem(firstRow, 'Option1 Name', CSV_MESSAGES.tooManyOptions);
      const stored = existing?.form.variants ?? [];
      const variants = variantRows.map((i): ImportedVariant => {
        const line = lines[i] as string[];
        const row = rowOf(i);
        const values = Object.fromEntries(
          options.map((name, n) => [name, cell(line, `Option${n + 1} Value` as Column)]),
        );
        const sku = cell(line, 'Variant SKU');
        const same = (v: ImportedVariant) =>
          sku !== '' ? v.sku === sku : options.every((name) => (v.values[name] ?? '') === values[name]);
        const old = stored.find(same);
        const price = toMinorUnits(cell(line, 'Variant Price'), context.currency);
        if (price === null || price < 0) problem(row, 'Variant Price', PRODUCT_MESSAGES.price);
        const compareText = cell(line, 'Variant Compare At Price');
        const compare = compareText === '' ? null : toMinorUnits(compareText, context.currency);
        if (compare === null && compareText !== '') problem(row, 'Variant Compare At Price', PRODUCT_MESSAGES.price);
        const onSale = price !== null && compare !== null && compare > price;
        const quantity = cell(line, 'Variant Inventory Qty');
        if (quantity !== '' && !WHOLE.test(quantity)) problem(row, 'Variant Inventory Qty', CSV_MESSAGES.quantity);
        const grams = cell(line, 'Variant Grams');
        if (grams !== '' && !WHOLE.test(grams)) problem(row, 'Variant Grams', CSV_MESSAGES.grams);
        if (sku !== '') {
          const owner = skuOwners.get(sku);
          if ((owner !== undefined && owner !== handle) || (skusInFile.get(sku) ?? handle) !== handle)
            problem(row, 'Variant SKU', CSV_MESSAGES.skuTaken);
          skusInFile.set(sku, handle);
        }
        const countedBefore = old !== undefined && !old.unlimited;
        return {
          ...(old?.id === undefined ? {} : { id: old.id }),
          sku,
          values,
          price: onSale ? (compare as number) : (price ?? 0),
          salePrice: onSale ? (price as number) : 0,
          onSale,
          unlimited: has('Variant Inventory Qty') ? quantity === '' : (old?.unlimited ?? true),
          stock: has('Variant Inventory Qty') && WHOLE.test(quantity) ? Number(quantity) : (old?.stock ?? 0),
          ...(countedBefore && old.stockShown !== undefined ? { stockShown: old.stockShown } : {}),
          weightGrams: has('Variant Grams') ? (WHOLE.test(grams) ? Number(grams) : null) : (old?.weightGrams ?? null),
          imageUrl: old?.imageUrl ?? '',
        };
      });
      if (pricedWithoutVariants(form.productType)) {
        const [only] = variants;
        if (only !== undefined)
          Object.assign(form, { price: only.price, salePrice: only.salePrice, onSale: only.onSale });
      } else {
        form.options = options;
        form.variants = variants;
      }
      variantRowsOf.set(form, variantRows.map(rowOf));
    }

    if (has('Image Src')) {
      const known = new Map(form.images.map((image) => [image.assetUrl, image]));
      const pictures = indexes
        .filter((i) => cell(lines[i] as string[], 'Image Src') !== '')
        .map((i, order) => {
          const line = lines[i] as string[];
          const position = cell(line, 'Image Position');
          if (position !== '' && !(WHOLE.test(position) && Number(position) > 0))
            problem(rowOf(i), 'Image Position', CSV_MESSAGES.position);
          const src = cell(line, 'Image Src');
          return {
            row: rowOf(i),
            rank: WHOLE.test(position) ? Number(position) : order + 1,
            image: {
              assetUrl: src,
              originalSize: known.get(src)?.originalSize || context.sizes[src] || DEFAULT_SIZE,
              altText: has('Image Alt Text') ? cell(line, 'Image Alt Text') : (known.get(src)?.altText ?? ''),
            },
          };
        })
        .sort((a, b) => a.rank - b.rank);
      form.images = pictures.map((picture) => picture.image);
      imageRowsOf.set(
        form,
        pictures.map((picture) => picture.row),
      );
    }

    for (const [field, message] of Object.entries(productProblems(form))) {
      const [row, column] = placeOf(field, form, firstRow);
      problem(row, column, field === 'title' && form.title.trim() === '' ? EDIT_MESSAGES.titleRequired : message);
    }
    products.push({
      handle,
      row: firstRow,
      stored: existing?.item ?? null,
      form,
      body,
      ok: problems.length === before,
    });
  }
  problems.sort((a, b) => a.row - b.row);
  return { products, problems, ignored: ignoredColumns(header, lines) };
}

/** The file rows a product's variants and pictures came from, for placing the form's problems. */
const variantRowsOf = new WeakMap<ProductForm, number[]>();
const imageRowsOf = new WeakMap<ProductForm, number[]>();

/** Where a form problem's field ('variants.2.price', 'images.0', 'title') is in the file: its row and column. */
function placeOf(field: string, form: ProductForm, firstRow: number): [number, string] {
  const [head, index, rest] = field.split('.');
  const n = Number(index);
  if (head === 'variants' && index !== undefined) {
    const row = variantRowsOf.get(form)?.[n] ?? firstRow;
    if (rest === 'sku') return [row, 'Variant SKU'];
    if (rest === 'stock') return [row, 'Variant Inventory Qty'];
    if (rest === 'imageUrl') return [row, 'Image Src'];
    if (rest === 'values') {
      const option = field.split('.').slice(3).join('.');
      const at = form.options.indexOf(option);
      return [row, `Option${at < 0 ? 1 : at + 1} Value`];
    }
    return [row, 'Variant Price'];
  }
  if (head === 'images' && index !== undefined)
    return [imageRowsOf.get(form)?.[n] ?? firstRow, rest === 'altText' ? 'Image Alt Text' : 'Image Src'];
  if (head === 'options') return [firstRow, `Option${n + 1} Name`];
  const columns: Record<string, string> = {
    title: 'Title',
    urlId: 'Handle',
    tags: 'Tags',
    seoTitle: 'SEO Title',
    seoDescription: 'SEO Description',
    variants: 'Variant Price',
    price: 'Variant Price',
    salePrice: 'Variant Price',
    images: 'Image Src',
    publishOn: 'Status',
  };
  return [firstRow, columns[head ?? ''] ?? ''];
}

/** A stored product to export: its item and its form (stock on hand from the ledger). */
export interface ExportedProduct {
  item: Item;
  form: ProductForm;
}

const STATUS_WORDS: Record<ProductStatus, string> = { published: 'active', draft: 'draft', scheduled: 'scheduled' };

/** The products as a CSV file with Shopify's columns, formula-safe. */
export function productCsv(products: readonly ExportedProduct[], currency: string): string {
  const money = (units: number) => fromMinorUnits(units, currency);
  const records: string[][] = [[...PRODUCT_CSV_COLUMNS]];
  for (const { item, form } of products) {
    const priced = pricedWithoutVariants(form.productType);
    const variants: Partial<VariantForm>[] = priced
      ? [{ price: form.price, salePrice: form.salePrice, onSale: form.onSale, unlimited: true, values: {} }]
      : form.variants;
    const options = form.options.length === 0 ? [NO_OPTION.name] : form.options.slice(0, MAX_CSV_OPTIONS);
    const lines = Math.max(variants.length, form.images.length, 1);
    for (let i = 0; i < lines; i++) {
      const row: Partial<Record<Column, string>> = { Handle: item.urlId };
      if (i === 0) {
        Object.assign(row, {
          Title: form.title,
          'Body (HTML)': item.body ?? '',
          Tags: form.tags.join(', '),
          Published: form.status === 'published' ? 'TRUE' : 'FALSE',
          Status: STATUS_WORDS[form.status],
          'SEO Title': form.seoTitle,
          'SEO Description': form.seoDescription,
        });
        options.forEach((name, n) => {
          row[`Option${n + 1} Name` as Column] = name;
        });
      }
      const variant = variants[i];
      if (variant !== undefined) {
        options.forEach((name, n) => {
          row[`Option${n + 1} Value` as Column] =
            form.options.length === 0 ? NO_OPTION.value : (variant.values?.[name] ?? '');
        });
        // Shopify's columns: the price it sells at now, and the regular price beside it while on sale.
        const prices = {
          onSale: variant.onSale,
          priceMoney: variant.price ?? 0,
          salePriceMoney: variant.salePrice ?? 0,
        };
        const onSale = onSaleNow(prices, form.productType);
        Object.assign(row, {
          'Variant SKU': variant.sku ?? '',
          'Variant Grams': variant.weightGrams == null ? '' : String(variant.weightGrams),
          'Variant Inventory Qty': variant.unlimited === false ? String(variant.stock ?? 0) : '',
          'Variant Price': money(currentPrice(prices, form.productType) ?? 0),
          'Variant Compare At Price': onSale ? money(variant.price ?? 0) : '',
        });
      }
      const image = form.images[i];
      if (image !== undefined)
        Object.assign(row, {
          'Image Src': image.assetUrl,
          'Image Position': String(i + 1),
          'Image Alt Text': image.altText,
        });
      records.push(PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? ''));
    }
  }
  return toCsv(records);
}
