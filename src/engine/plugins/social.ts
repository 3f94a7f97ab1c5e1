/**
 * social formatters and predicates.
 */
import type { FormatterTable, PredicateTable } from './types';

export const SOCIAL_FORMATTERS: FormatterTable = {};
export const SOCIAL_PREDICATES: PredicateTable = {};
