/**
 * content formatters and predicates.
 */
import type { FormatterTable, PredicateTable } from './types';

export const CONTENT_FORMATTERS: FormatterTable = {};
export const CONTENT_PREDICATES: PredicateTable = {};
