/**
 * How a developer-platform template's files print values (docs/templates.md, "Escaping"). Squarespace's
 * templates print `{title}` as it is, so they render in the engine's escaping mode: what a tag prints
 * is escaped as text unless its last formatter is one whose output the reference engine also writes
 * as markup (below), or the text is rich text exactly as the sanitizer keeps it (post bodies and
 * excerpts, descriptions: sanitized when the site is validated, so `{body}` stays formatted).
 */
import type { EscapeMode, Formatter, FormatterTable } from '../../engine/index';
import { sanitizeRichText } from '../../site/model/rich-text';
import { memoizeText } from '../../values/memo';
import { templateCommerceFormatters } from './commerce';

/**
 * The engine's formatters whose output is markup or text they escaped themselves. `json` is here for
 * data blocks (`<script type="application/json">{items|json}</script>`): in these templates it writes
 * `<`, `>`, `&` and `'` as `\u` escapes (below), so the data cannot close the element nor be markup
 * wherever else it is printed. Not here, so escaped: formatters that turn text into markup
 * without escaping it (`line-breaks`, `activate-twitter-links`, `encode-space`) and every text one.
 * A raw formatter that hands the tag's text back unchanged (`money-string` of a non-number) made no
 * markup, and the engine escapes it.
 */
const ENGINE_MARKUP_FORMATTERS = [
  'apply',
  'html',
  'htmlattr',
  'htmltag',
  'json',
  'json-pretty',
  'safe',
  'timesince',
  'money-string',
  'add-to-cart-btn',
  'cart-quantity',
  'cart-subtotal',
  'product-checkout',
  'product-price',
  'product-quick-view',
  'product-restock-notification',
  'product-scarcity',
  'product-status',
  'quantity-input',
  'subscription-price',
  'summary-form-field',
  'variants-select',
  'audio-player',
  'child-image-meta',
  'cover-image-meta',
  'image',
  'image-meta',
  'img',
  'video',
  'comment-link',
  'comments',
  'like-button',
  'social-button',
  'social-button-inline',
  'twitter-follow-button',
];

/** Quotes in the text between tags as entities: the same text on the page, and no way out of an attribute the template put it in. */
function quotesEscaped(html: string): string {
  return html.replace(
    /(<[^>]*>)|["']/g,
    (match, tag: string | undefined) => tag ?? (match === '"' ? '&quot;' : '&#39;'),
  );
}

/** Rich text the sanitizer leaves as it is (its tags are written with escaped attribute values, so `[^>]*` spans a tag). */
const safeRichText = memoizeText((text: string) => (sanitizeRichText(text) === text ? quotesEscaped(text) : null), 200);

/** `json` with the characters that mean something to HTML (only ever inside JSON strings) as `\u` escapes: the same data once parsed. */
const htmlSafeJson =
  (indent?: string): Formatter =>
  (value) =>
    value === undefined
      ? ''
      : (JSON.stringify(value, undefined, indent) ?? 'null').replace(
          /[<>&']/g,
          (ch) => `\\u00${ch.charCodeAt(0).toString(16)}`,
        );

const JSON_FORMATTERS: FormatterTable = { json: htmlSafeJson(), 'json-pretty': htmlSafeJson('  ') };

const tables = new WeakMap<FormatterTable, { formatters: FormatterTable; escape: EscapeMode }>();

/**
 * What a template's files render with, for a page's formatter table: its formatters with our `json`
 * and the platform's `product-checkout` (commerce.ts),
 * and the escaping mode (the storefront's own formatters, islands and structured data, build markup too).
 */
export function templateRendering(pageFormatters: FormatterTable): { formatters: FormatterTable; escape: EscapeMode } {
  let found = tables.get(pageFormatters);
  if (found === undefined) {
    found = {
      formatters: { ...pageFormatters, ...templateCommerceFormatters(pageFormatters), ...JSON_FORMATTERS },
      escape: {
        rawFormatters: new Set([...ENGINE_MARKUP_FORMATTERS, ...Object.keys(pageFormatters)]),
        safeHtml: safeRichText,
      },
    };
    tables.set(pageFormatters, found);
  }
  return found;
}
