/** What the products section's screens share: its address and the store's catalogue context. */
import { CONSOLE_ROOT } from '../../router';

export const PRODUCTS_ROOT = `${CONSOLE_ROOT}/products`;

/** `GET /api/console/catalog/context`: what filters and the product form choose from. */
export interface CatalogContext {
  currency: string;
  /** The store's IANA time zone: a scheduled product's date and time are read in it. */
  timeZone: string;
  collections: { id: string; title: string; fullUrl: string }[];
  forms: { id: string; name: string }[];
  tags: string[];
  categories: string[];
}
