/**
 * The formatters store pages have beside the engine's own: the islands, the structured data and the header's words.
 * One table, so the renderer (src/storefront/render.ts, which marks their markup trusted) and the site folder's
 * template check (scripts/site/check.ts) know the same names.
 */
import type { FormatterTable } from '../engine/index';
import { HEADER_WORDS_FORMATTERS } from './header-words';
import { ISLAND_FORMATTERS } from './islands';
import { STRUCTURED_DATA_FORMATTERS } from './structured-data';

export const STORE_PAGE_FORMATTERS: FormatterTable = {
  ...ISLAND_FORMATTERS,
  ...STRUCTURED_DATA_FORMATTERS,
  ...HEADER_WORDS_FORMATTERS,
};
