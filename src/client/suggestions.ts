/** The search suggestions call, as the browser asks it and the worker answers it (src/routes/shop/search.ts). */
import { storefrontRoutes } from '../api/storefront';

export const SUGGESTIONS_PATH = storefrontRoutes.searchSuggestions.pattern;

/** One suggested product: its title, address, picture (null without one) and price as the store writes it. */
export interface Suggestion {
  title: string;
  url: string;
  image: string | null;
  price: string;
}
