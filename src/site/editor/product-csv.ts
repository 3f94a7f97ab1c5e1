/**
 * The product CSV file's rules, shared by the console and the worker (src/site/transfer/product-csv.ts reads and
 * writes the file): Shopify's product columns, the file's caps, and the messages of its problems.
 */
import { PRODUCT_MESSAGES } from './product-form';

export const PRODUCT_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Tags',
  'Published',
  'Status',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
] as const;
export type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Written for Shopify's shape but never read back: the store keeps no vendor. */
const UNREAD_COLUMNS: readonly string[] = ['Vendor'];

/** Whether an import reads the column a file's header names. */
export const readsColumn = (name: string) =>
  (PRODUCT_CSV_COLUMNS as readonly string[]).includes(name) && !UNREAD_COLUMNS.includes(name);

/** Shopify's options: a file names at most three. */
export const MAX_CSV_OPTIONS = 3;
/** Shopify's "no options": one option named Title whose one value is Default Title. */
export const NO_OPTION = { name: 'Title', value: 'Default Title' } as const;

export const CSV_LIMITS = { bytes: 2 * 1024 * 1024, rows: 5000 } as const;

export const CSV_MESSAGES = {
  tooLarge: 'The file is larger than 2 MB. Split it into smaller files and import each.',
  tooManyRows: 'The file has more than 5,000 rows. Split it into smaller files and import each.',
  noHandle: 'The first row must name the columns, with a Handle column, as an exported file does.',
  noProducts: 'The file has no products.',
  handle: 'Enter the product’s handle on every row.',
  unreadable: (reason: string) => `This row could not be read: ${reason}.`,
  status: 'Status must be active, draft or archived.',
  published: 'Published must be TRUE or FALSE.',
  scheduled: 'Only a product scheduled in the console can stay scheduled.',
  quantity: PRODUCT_MESSAGES.stock,
  grams: 'Enter the weight in whole grams.',
  position: 'Enter the picture’s position as a whole number from 1.',
  tooManyOptions: `A file names at most ${MAX_CSV_OPTIONS} options.`,
  skuTaken: 'Another product already uses this SKU.',
  ignoredColumn: (column: string) => `${column} is not used by this store and will be ignored.`,
} as const;

/** One problem of the file: the spreadsheet's row number (the header is row 1), the column and what to fix. */
export interface CsvProblem {
  row: number;
  column: string;
  message: string;
}

/** A column of the file the import does not read, named so nothing is dropped silently. */
export interface CsvIgnoredColumn {
  column: string;
  message: string;
}
