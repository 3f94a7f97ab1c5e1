/**
 * Rich text: the HTML that merchants write in product descriptions, post bodies and excerpts,
 * collection descriptions and page text blocks, which the theme writes as HTML. It is sanitized
 * when the site is validated (src/site/model/schema.ts), before anything is stored, to an allow-list of
 * formatting tags and attributes: no script, style, frames, event handlers, style attributes or
 * URLs other than http(s), mailto, tel and relative ones. Raw code (header and footer, post-submit
 * HTML) is not rich text: see src/site/model/code-injection.ts.
 *
 * js-xss does the tokenizing: pure JavaScript, no DOM and no Node built-ins, so it runs in
 * workerd and in the browser (docs/merchant.md, "Merchant side", says why not the others).
 */
import xss from 'xss';
import type * as XssModule from 'xss';

// xss is CommonJS: its module.exports (the default import) carries the named functions under
// every loader, while workerd's test runner exposes no named exports for it.
const { FilterXSS, escapeAttrValue, friendlyAttrValue } = xss as unknown as typeof XssModule;

const TAGS: Readonly<Record<string, string[]>> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  span: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  code: [],
  pre: [],
  hr: [],
  figure: [],
  figcaption: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Elements removed together with their content, not just their tags. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
]);

const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];
const IMAGE_SCHEMES = ['http:', 'https:'];

/**
 * A URL with one of `schemes`, or a relative one. Entities are already decoded and blanks and
 * control characters removed (as a browser does); an `&` or `:` left in what would be the scheme
 * (an entity such as `&colon;`, a scheme we do not allow) refuses the URL.
 */
function allowedUrl(value: string, schemes: readonly string[]): boolean {
  const url = value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
  if (schemes.some((scheme) => url.startsWith(scheme))) return true;
  const beforePath = url.split(/[/?#]/, 1)[0] ?? '';
  return !beforePath.includes(':') && !beforePath.includes('&');
}

function attribute(name: string, value: string): string {
  return `${name}="${escapeAttrValue(value)}"`;
}

/** The attribute as written out, or '' to drop it (only allow-listed names reach here). */
function allowedAttribute(tag: string, name: string, raw: string): string {
  const value = friendlyAttrValue(raw).trim();
  switch (name) {
    case 'href':
      return allowedUrl(value, LINK_SCHEMES) ? attribute(name, value) : '';
    case 'src':
      return allowedUrl(value, IMAGE_SCHEMES) && value !== '' ? attribute(name, value) : '';
    case 'width':
    case 'height':
      return /^\d{1,5}$/.test(value) ? attribute(name, value) : '';
    case 'target':
      // A new window must not get a handle on the store's page; any rel the author wrote is dropped.
      return tag === 'a' && value === '_blank' ? `${attribute(name, value)} rel="noopener noreferrer"` : '';
    default:
      return attribute(name, value);
  }
}

const VOID = new Set(['br', 'hr', 'img']);
const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * How many passes sanitizing may take. js-xss reads some broken markup (a quoted attribute value
 * that runs over other tags, the same attribute twice) one way in the input and another once its
 * own output has escaped it, so one pass is not always stable; real text is after the first.
 */
const MAX_PASSES = 4;

/**
 * The rich text with everything outside the allow-list removed and every element it keeps closed,
 * so a product body cannot leave formatting open over the rest of the page. Sanitizing its own
 * output changes nothing: passes repeat until one changes nothing, and markup that never settles
 * is kept as visible text (no `<` or `>` left, which a pass leaves as it is).
 */
export function sanitizeRichText(html: string): string {
  let out = sanitizeOnce(html);
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const again = sanitizeOnce(out);
    if (again === out) return out;
    out = again;
  }
  return escapeText(html);
}

function sanitizeOnce(html: string): string {
  const open: string[] = [];
  let droppedDepth = 0;
  const filter = new FilterXSS({
    whiteList: TAGS,
    allowCommentTag: false,
    css: false,
    onTag(tag, tagHtml, { isClosing, isWhite }) {
      if (DROPPED_WITH_CONTENT.has(tag)) {
        if (isClosing) droppedDepth = Math.max(0, droppedDepth - 1);
        else if (!tagHtml.endsWith('/>')) droppedDepth += 1;
        return '';
      }
      if (droppedDepth > 0) return '';
      // Not a tag at all ('a < b'): left to escapeText, so it stays visible as text.
      if (!isWhite) return /^<\/?[a-z]/i.test(tagHtml) ? '' : undefined;
      if (VOID.has(tag)) return isClosing ? '' : undefined;
      if (!isClosing) {
        open.push(tag);
        return undefined;
      }
      const at = open.lastIndexOf(tag);
      return at === -1 ? '' : closeTags(open.splice(at));
    },
    onTagAttr: (tag, name, value, isWhiteAttr) => (isWhiteAttr ? allowedAttribute(tag, name, value) : undefined),
    escapeHtml: (text) => (droppedDepth > 0 ? '' : escapeText(text)),
  });
  return filter.process(html) + closeTags(open);
}

function closeTags(tags: readonly string[]): string {
  return tags
    .map((tag) => `</${tag}>`)
    .reverse()
    .join('');
}
