/** Form-encoded beacon bodies (what `sendBeacon` sends for `URLSearchParams`), size-capped and validated. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { readText, validate } from '../http/body';
import { QUERY_STRING_KEY_LIMIT } from '../values/interface-constants';

/** A form-encoded text's fields: its first 1000 pairs (the spec's query-string parser key limit), a repeated key's last value. */
export function formFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text.split('&', QUERY_STRING_KEY_LIMIT).join('&')));
}

export async function readForm<S extends z.ZodType>(c: Context, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const text = await readText(c, maxBytes);
  return validate(schema, formFields(text));
}
