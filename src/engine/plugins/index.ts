/**
 * The default formatter and predicate tables: every plugin family merged.
 */
import { COMMERCE_FORMATTERS, COMMERCE_PREDICATES } from './commerce';
import { CONTENT_FORMATTERS, CONTENT_PREDICATES } from './content';
import { CORE_FORMATTERS } from './core-formatters';
import { CORE_PREDICATES } from './core-predicates';
import { DATE_FORMATTERS } from './date';
import { I18N_FORMATTERS, I18N_PREDICATES } from './i18n';
import { IMAGE_FORMATTERS } from './image';
import { SOCIAL_FORMATTERS, SOCIAL_PREDICATES } from './social';
import type { FormatterTable, PredicateTable } from './types';

export const DEFAULT_FORMATTERS: FormatterTable = {
  ...CORE_FORMATTERS,
  ...DATE_FORMATTERS,
  ...COMMERCE_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...IMAGE_FORMATTERS,
  ...SOCIAL_FORMATTERS,
  ...I18N_FORMATTERS,
};
export const DEFAULT_PREDICATES: PredicateTable = {
  ...CORE_PREDICATES,
  ...COMMERCE_PREDICATES,
  ...CONTENT_PREDICATES,
  ...SOCIAL_PREDICATES,
  ...I18N_PREDICATES,
};
