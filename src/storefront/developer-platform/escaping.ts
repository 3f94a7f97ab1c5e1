/**
 * How a developer-platform template's files print values (docs/templates.md, "Escaping"). Squarespace's
 * templates print `{title}` as it is, so they render in the engine's escaping mode: what a tag prints
 * is escaped as text unless its last formatter is one whose output the reference engine also writes
 * as markup (below), or the text is rich text exactly as the sanitizer keeps it (post bodies and
 * excerpts, descriptions: sanitized when the site is validated, so `{body}` stays formatted).
 */
import type { EscapeMode, FormatterTable } from '../../engine/index';
import { sanitizeRichText } from '../../site/rich-text';
import { memoizeText } from '../../values/memo';

/**
 * The engine's formatters whose output is markup or text they escaped themselves. `json` is here for
 * data blocks (`<script type="application/json">{items|json}</script>`): it writes `</` as `<\/`, so
 * the data cannot close the element. Not here, so escaped: formatters that turn text into markup
 * without escaping it (`line-breaks`, `activate-twitter-links`, `encode-space`) and every text one.
 * A raw formatter that hands the tag's text back unchanged (`money-string` of a non-number) made no
 * markup, and the engine escapes it.
 */
const ENGINE_MARKUP_FORMATTERS = [
  'apply', 'html', 'htmlattr', 'htmltag', 'json', 'json-pretty', 'safe', 'timesince', 'money-string',
  'add-to-cart-btn', 'cart-quantity', 'cart-subtotal', 'product-checkout', 'product-price', 'product-quick-view', 'product-restock-notification',
  'product-scarcity', 'product-status', 'quantity-input', 'subscription-price', 'summary-form-field', 'variants-select',
  'audio-player', 'child-image-meta', 'cover-image-meta', 'image', 'image-meta', 'img', 'video',
  'comment-link', 'comments', 'like-button', 'social-button', 'social-button-inline', 'twitter-follow-button',
];

/** Quotes in the text between tags as entities: the same text on the page, and no way out of an attribute the template put it in. */
function quotesEscaped(html: string): string {
  return html.replace(/(<[^>]*>)|["']/g, (match, tag: string | undefined) => tag ?? (match === '"' ? '&quot;' : '&#39;'));
}

/** Rich text the sanitizer leaves as it is (its tags are written with escaped attribute values, so `[^>]*` spans a tag). */
const safeRichText = memoizeText((text: string) => (sanitizeRichText(text) === text ? quotesEscaped(text) : null), 200);

const modes = new WeakMap<FormatterTable, EscapeMode>();

/** The escaping mode for a page's formatter table: the storefront's own formatters (islands, structured data) build markup too. */
export function templateEscaping(formatters: FormatterTable): EscapeMode {
  let mode = modes.get(formatters);
  if (mode === undefined) {
    mode = { rawFormatters: new Set([...ENGINE_MARKUP_FORMATTERS, ...Object.keys(formatters)]), safeHtml: safeRichText };
    modes.set(formatters, mode);
  }
  return mode;
}
