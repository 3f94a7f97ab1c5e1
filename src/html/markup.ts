/**
 * Hand-built HTML is written with Hono's `html` template, which escapes `& < > ' "` in every
 * interpolated value; `raw` marks markup that is already safe.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export { raw };
export type Markup = HtmlEscapedString;

/** `html` for markup without asynchronous parts (all of ours). */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const out = html(strings, ...values);
  if (out instanceof Promise) throw new Error('markup has no asynchronous parts');
  return out;
}
