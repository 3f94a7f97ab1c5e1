/**
 * What the catalogue's file and history calls answer: a product CSV import's dry run or result
 * (src/routes/console/products-csv.ts) and the versions of a product or page (src/routes/console/versions.ts).
 */
import type { CsvIgnoredColumn, CsvProblem } from '../site/editor/product-csv';
import type { ProductForm } from '../site/editor/product-form';

/** `POST /api/console/products/import`: every problem, what each product would become, new pictures, ignored columns. */
export interface ProductImport {
  problems: CsvProblem[];
  products: { handle: string; title: string; row: number; action: 'create' | 'update'; variants: number }[];
  newImages: string[];
  /** The file's columns with values the import does not read, each with its sentence. */
  ignored: CsvIgnoredColumn[];
  applied: boolean;
}

/** One saved version of a product or page, as the history lists it. */
export interface VersionRow {
  id: number;
  at: number;
  /** The merchant's email; null for the state before history was kept (an imported or seeded product). */
  who: string | null;
}

/** One version as it was: a product's form, or a page's text and status. */
export interface SavedVersion {
  id: number;
  title: string;
  product?: ProductForm;
  page?: { body: string; status: string };
}
