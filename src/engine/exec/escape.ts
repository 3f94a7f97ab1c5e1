/**
 * The opt-in escaping mode (docs/engine.md, "Escaping"). The reference engine prints every value as
 * it is; a caller that renders templates written by others may instead ask for what a variable tag
 * or an `{.eval}` prints to be escaped as text (`& < > " '`), unless the tag's last formatter is one
 * of the mode's raw formatters (their output is markup, or text they escaped themselves), the
 * value is `TrustedHtml` the caller made, or the caller's `safeHtml` accepts the text. Without the
 * mode nothing changes: output stays identical to the reference's.
 */
import { escapeHtmlAll } from '../../html/escape';
import { toOutput } from '../../values/index';

export interface EscapeMode {
  /** Formatters whose output is printed as it is when they end a tag's chain. */
  readonly rawFormatters: ReadonlySet<string>;
  /** Markup to print for text that is already safe HTML (the caller's sanitizer leaves it alone), or null to escape it. */
  readonly safeHtml?: (text: string) => string | null;
}

/** Markup the caller vouches for: printed as it is, in either mode (plain JSON data never holds one). */
export class TrustedHtml {
  constructor(readonly html: string) {}
}

/** What a value prints as in the escaping mode. */
export function escapedOutput(value: unknown, mode: EscapeMode): string {
  if (value instanceof TrustedHtml) return value.html;
  const text = typeof value === 'string' ? value : toOutput(value);
  if (mode.safeHtml !== undefined && text.includes('<')) {
    const html = mode.safeHtml(text);
    if (html !== null) return html;
  }
  return escapeHtmlAll(text);
}
