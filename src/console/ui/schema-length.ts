/** A string field's length cap read from its zod schema (one definition: the form's maxLength is the API's own). */
import type { z } from 'zod';

/** The `.max()` of a string schema, with or without a `.default()`; undefined when it has none. */
export function maxLengthOf(schema: z.ZodString | z.ZodDefault<z.ZodString>): number | undefined {
  const string = 'unwrap' in schema ? schema.unwrap() : schema;
  return string.maxLength ?? undefined;
}
