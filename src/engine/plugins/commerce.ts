/**
 * commerce formatters and predicates.
 */
import type { FormatterTable, PredicateTable } from './types';

export const COMMERCE_FORMATTERS: FormatterTable = {};
export const COMMERCE_PREDICATES: PredicateTable = {};
