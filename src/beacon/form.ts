/** Form-encoded beacon bodies (what `sendBeacon` sends for `URLSearchParams`), size-capped and validated. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { readText, validate } from '../http/body';

export async function readForm<S extends z.ZodType>(c: Context, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const text = await readText(c, maxBytes);
  return validate(schema, Object.fromEntries(new URLSearchParams(text)));
}
