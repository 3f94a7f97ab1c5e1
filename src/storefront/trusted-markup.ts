/**
 * Which elements and attributes of a store page come from trusted code. The theme's template sources
 * (our theme's and an imported developer-platform template's), the merchant's code injection and
 * the markup our own formatters build (islands, social meta tags) are trusted: each of their opening
 * tags of a guarded element (`script`, `style`, `iframe`, `object`, `embed`, `frame`, `meta`, `base`,
 * `link`, `form`) gets `data-trust="<secret>"`, a random value made once per isolate that no content,
 * parameter or cached page ever carries. After rendering, `keepTrustedText` removes every guarded
 * element without the secret (whatever content or a reflected value slipped in) and takes the marker
 * off the others, and removes `srcdoc` and event handler (`on…`) attributes from every element
 * without it, so the cached page holds neither the marker nor an untrusted guarded element. Trusted code may also hold
 * such a tag where it opens no element (a script's string, `<noscript>` or `<textarea>` text, an
 * attribute value, a comment): the marker added there is taken out of the output as text.
 */
import { cspHash, mergeSources, NO_SOURCES, scriptUrlSource, type TrustedSources } from './content-security';
import type { Formatter, FormatterTable } from '../engine/index';
import type { Site } from '../site/model/schema';
import type { ThemeFiles } from '../site/theme/theme';

const MARKER = 'data-trust';
let secret: string | null = null;

/** Made on first use: Workers allow no randomness at module top level. */
function trustSecret(): string {
  secret ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return secret;
}

/** Elements that only trusted code may write: they run script, load or frame other documents, or change where the page's links and forms go. */
export const GUARDED_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'frame',
  'meta',
  'base',
  'link',
  'form',
] as const;
/** An opening tag of a guarded element, as a regular expression source (developer-platform/source.ts marks with it too). */
export const GUARDED_OPENING_TAG = `<(?:${GUARDED_ELEMENTS.join('|')})(?=[\\s/>])`;
const OPENING_TAG = new RegExp(GUARDED_OPENING_TAG, 'gi');
/** Removed from an untrusted page with what they hold; the others lose only their tags (a stray `<form>` must not take the page with it). */
const REMOVED_WITH_CONTENT = new Set(['script', 'style', 'iframe']);

let marker: string | null = null;

/** What `markTrusted` adds after each opening tag's name (made once, with the secret). */
function markerAttribute(): string {
  marker ??= ` ${MARKER}="${trustSecret()}"`;
  return marker;
}

/** Trusted markup: every guarded opening tag (`<script`, `<form`, …) carries the secret. */
export function markTrusted(source: string): string {
  // Most formatters' output is text with no tag at all: no pass of the expression over it.
  return source.includes('<') ? source.replace(OPENING_TAG, `$&${markerAttribute()}`) : source;
}

/** A guarded opening tag's start (`<script`) as found in trusted markup, marked. */
export function markedOpeningTag(tag: string): string {
  return `${tag}${markerAttribute()}`;
}

/**
 * Formatters of ours whose output is trusted markup: they build it with every value escaped (React's
 * server render, island props as JSON with `<` escaped, attribute values escaped), so a guarded tag in
 * their output is theirs, never the data's.
 */
export function trustedFormatters(table: FormatterTable): FormatterTable {
  // The four parameters by name, not `(...call)`: a rest array and a spread call on every formatter call of a page.
  const mark =
    (formatter: Formatter): Formatter =>
    (value, args, ctx, vars) => {
      const out = formatter(value, args, ctx, vars);
      return typeof out === 'string' ? markTrusted(out) : out;
    };
  return Object.fromEntries(Object.entries(table).map(([name, formatter]) => [name, mark(formatter)]));
}

/** Markup or inline text with every marker left where no element took it off removed, as written again. */
function unmarked(text: string): string {
  return text.replaceAll(markerAttribute(), '');
}

const trustedThemes = new WeakMap<ThemeFiles, ThemeFiles>();

/** The theme with its templates marked (the same object per theme, so compiled templates stay cached). */
export function trustedTheme(files: ThemeFiles): ThemeFiles {
  let marked = trustedThemes.get(files);
  if (marked === undefined) {
    marked = Object.fromEntries(
      Object.entries(files).map(([path, source]) => [path, path.endsWith('.html') ? markTrusted(source) : source]),
    );
    trustedThemes.set(files, marked);
  }
  return marked;
}

/** The inline scripts and styles, and external script URLs, of trusted markup that survived. */
export interface TrustedElements {
  scripts: string[];
  styles: string[];
  scriptSrcs: string[];
}

/**
 * The event handler attributes of the HTML standard (and the browsers' few of their own), and
 * `srcdoc`. They are selected by name: running script for every element of a page (`*`) made the
 * filter about twenty times slower. None of them runs under the CSP anyway (no 'unsafe-inline').
 */
const EVENT_HANDLERS =
  'abort afterprint animationcancel animationend animationiteration animationstart auxclick beforecopy beforecut beforeinput beforematch beforepaste ' +
  'beforeprint beforetoggle beforeunload blur cancel canplay canplaythrough change click close contentvisibilityautostatechange contextlost ' +
  'contextmenu contextrestored copy cuechange cut dblclick drag dragend dragenter dragexit dragleave dragover dragstart drop durationchange ' +
  'emptied encrypted ended error focus focusin focusout formdata fullscreenchange fullscreenerror gotpointercapture hashchange input invalid ' +
  'keydown keypress keyup languagechange load loadeddata loadedmetadata loadend loadstart lostpointercapture message messageerror mousedown ' +
  'mouseenter mouseleave mousemove mouseout mouseover mouseup mousewheel offline online pagehide pagereveal pageshow pageswap paste pause play ' +
  'playing pointercancel pointerdown pointerenter pointerleave pointermove pointerout pointerover pointerrawupdate pointerup popstate progress ' +
  'ratechange rejectionhandled reset resize scroll scrollend scrollsnapchange scrollsnapchanging search securitypolicyviolation seeked seeking ' +
  'select selectionchange selectstart show slotchange stalled storage submit suspend timeupdate toggle touchcancel touchend touchmove ' +
  'touchstart transitioncancel transitionend transitionrun transitionstart unhandledrejection unload volumechange waiting ' +
  'webkitanimationend webkitanimationiteration webkitanimationstart webkittransitionend wheel';
export const UNTRUSTED_ATTRIBUTES = ['srcdoc', ...EVENT_HANDLERS.split(' ').map((name) => `on${name}`)];
const UNTRUSTED_ATTRIBUTE_NAMES = new Set(UNTRUSTED_ATTRIBUTES);
/**
 * Every run of letters starting `on` after a character that is no letter, in any case. An attribute name starts after
 * a space, `/` or a quote, so a handler's name written anywhere in markup is one of these runs, whole; the `on` inside
 * a word ("content", "none", "button…") starts none, which left about 38 runs to look up on a product page, now 2.
 * `srcdoc` anywhere, in the same pass (a second case-blind scan of the page cost as much as this one).
 */
const NAME_RUNS = /(?<![a-z])on[a-z]+|srcdoc/gi;

/**
 * The handler and `srcdoc` attributes whose names occur in `markup` at all, as text anywhere: a superset of those its
 * elements carry. The filter selects only these (a selector for each of the ~130 names, matched against every
 * element of every page, was most of a page miss's filtering; a page usually holds none of them).
 */
export function untrustedAttributesIn(markup: string): string[] {
  const names = new Set<string>();
  for (const [run] of markup.matchAll(NAME_RUNS)) {
    const name = run.toLowerCase();
    if (UNTRUSTED_ATTRIBUTE_NAMES.has(name)) names.add(name);
  }
  return [...names];
}

const hasSecret = (element: Element) => element.getAttribute(MARKER) === trustSecret();

/** Keeps marked elements (unmarked), removes the rest of the guarded ones and untrusted handlers, and notes what the kept scripts and styles contain. */
class TrustFilter {
  readonly found: TrustedElements = { scripts: [], styles: [], scriptSrcs: [] };
  /** Markers taken off kept elements: when it is every marker of the markup, none is left in the output as text. */
  unmarkedElements = 0;
  private inline: { list: string[]; text: string } | null = null;

  constructor(readonly untrusted: readonly string[]) {}

  /** An element with a handler or `srcdoc` (any element: the guarded ones are dealt with below). */
  attributes(element: Element): void {
    if (hasSecret(element)) return;
    for (const name of this.untrusted) if (element.hasAttribute(name)) element.removeAttribute(name);
  }

  /** A guarded element. */
  element(element: Element): void {
    this.inline = null;
    if (!hasSecret(element)) {
      if (REMOVED_WITH_CONTENT.has(element.tagName)) element.remove();
      else element.removeAndKeepContent();
      return;
    }
    element.removeAttribute(MARKER);
    this.unmarkedElements++;
    if (element.tagName !== 'script' && element.tagName !== 'style') return;
    const src = element.tagName === 'script' ? element.getAttribute('src') : null;
    if (src !== null) {
      this.found.scriptSrcs.push(src);
      return;
    }
    // A data block (JSON-LD) never runs, so the policy needs no hash for it.
    if (element.tagName === 'script' && element.getAttribute('type') === 'application/ld+json') return;
    const inline = { list: element.tagName === 'script' ? this.found.scripts : this.found.styles, text: '' };
    this.inline = inline;
    element.onEndTag(() => {
      inline.list.push(unmarked(inline.text));
      this.inline = null;
    });
  }

  text(chunk: Text): void {
    if (this.inline !== null) this.inline.text += chunk.text;
  }
}

const GUARDED_SELECTOR = GUARDED_ELEMENTS.join(', ');

function filtering(filter: TrustFilter): HTMLRewriter {
  const rewriter = new HTMLRewriter();
  if (filter.untrusted.length > 0)
    rewriter.on(filter.untrusted.map((name) => `[${name}]`).join(', '), {
      element: (element) => filter.attributes(element),
    });
  return rewriter
    .on(GUARDED_SELECTOR, { element: (element) => filter.element(element) })
    .on('script, style', { text: (chunk) => filter.text(chunk) });
}

/** Rendered markup with only trusted guarded elements and handlers left, and what the kept scripts and styles contain. */
export async function keepTrustedText(markup: string): Promise<{ html: string; found: TrustedElements }> {
  const filter = new TrustFilter(untrustedAttributesIn(markup));
  const html = unmarked(await filtering(filter).transform(new Response(markup)).text());
  return { html, found: filter.found };
}

/** How many times the marker is written in `markup` (as an attribute or as text). */
function markersIn(markup: string): number {
  const marker = markerAttribute();
  let count = 0;
  for (let at = markup.indexOf(marker); at !== -1; at = markup.indexOf(marker, at + marker.length)) count++;
  return count;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `keepTrustedText` as UTF-8 bytes, the rewriter's own output when every marker of `markup` was taken off a kept
 * element (a page's usual case): no decode into a string, no search for markers left as text and no encode again.
 */
export async function keepTrustedBytes(markup: string): Promise<{ bytes: Uint8Array; found: TrustedElements }> {
  const filter = new TrustFilter(untrustedAttributesIn(markup));
  const markers = markersIn(markup);
  const out = new Uint8Array(await filtering(filter).transform(new Response(markup)).arrayBuffer());
  const bytes = filter.unmarkedElements === markers ? out : encoder.encode(unmarked(decoder.decode(out)));
  return { bytes, found: filter.found };
}

/**
 * Every guarded opening tag and every handler or `srcdoc` name run (`NAME_RUNS`), in one scan of the markup: what
 * decides whether the rewriter would change anything but take the markers off.
 */
const GUARDED_TAGS_AND_NAME_RUNS = new RegExp(`${GUARDED_OPENING_TAG}|(?<![a-z])on[a-z]+|srcdoc`, 'gi');
/** An attribute as the rewriter writes it again in a tag it changed: each one's own text, one space before it. */
const WRITTEN_ATTRIBUTE = / ([A-Za-z_:][-A-Za-z0-9_:.]*)(?:="[^"]*"|='[^']*')?/y;
/** The end of an opening tag: `>`, or `/>` with or without a space before it. */
const TAG_END = / ?\/>|>/y;

/**
 * The guarded opening tag whose name ends at `at`, from there, as the rewriter writes it when it takes the marker off
 * (its attributes' own text, a space before each, `>`, or ` />` after attributes and `/>` after the name alone), and
 * where it ends: when the tag carries the marker first and its attributes are each written with one space before
 * them, quoted or without a value, each name once (else the rewriter's bytes may differ from the text, and null).
 * `rest` is null when that is the tag's own text after the marker (its usual case: nothing to write but the marker off).
 */
function markedTagRest(markup: string, at: number): { rest: string | null; end: number } | null {
  const marker = markerAttribute();
  if (!markup.startsWith(marker, at)) return null;
  // A tag has a few attributes: a list to look a name up in costs less than a Set made for every tag.
  const names = [MARKER];
  const from = at + marker.length;
  let end = from;
  for (;;) {
    WRITTEN_ATTRIBUTE.lastIndex = end;
    const attribute = WRITTEN_ATTRIBUTE.exec(markup);
    if (attribute === null) break;
    const name = (attribute[1] as string).toLowerCase();
    if (names.includes(name)) return null;
    names.push(name);
    end = WRITTEN_ATTRIBUTE.lastIndex;
  }
  TAG_END.lastIndex = end;
  const close = TAG_END.exec(markup)?.[0];
  if (close === undefined) return null;
  const written = close === '>' ? '>' : end === from ? '/>' : ' />';
  return { rest: written === close ? null : markup.slice(from, end) + written, end: end + close.length };
}

/**
 * `markup` as the filter would write it, when it would change nothing in it but take the markers off (null
 * otherwise): no handler or `srcdoc` name occurs in it at all, and every guarded opening tag in it carries the marker
 * first, its attributes written plainly (`markedTagRest`). The rewriter takes a marker off an element it keeps (and
 * writes that tag again) and leaves one it never saw on an element as text, where `unmarked` takes it off; an element
 * it would remove needs a guarded opening tag without the marker, which this refuses wherever the tag stands (text, a
 * comment, an attribute value: this does not parse, so it asks more than the rewriter, never less).
 *
 * One copy of the markup is made: when every tag stands as the rewriter writes it, the markers are taken off all at
 * once (`unmarked`); else the parts between the tags' markers are joined with the tags written again, and `unmarked`
 * passes over that only when the markup holds markers that are no tag's.
 */
function writtenAsKept(markup: string): string | null {
  const tags: { name: number; rest: string | null; end: number }[] = [];
  let rewritten = false;
  const scan = GUARDED_TAGS_AND_NAME_RUNS;
  scan.lastIndex = 0;
  for (let match = scan.exec(markup); match !== null; match = scan.exec(markup)) {
    const run = match[0];
    if (run.charCodeAt(0) === 60 /* < */) {
      const name = match.index + run.length;
      const tag = markedTagRest(markup, name);
      if (tag === null) return null;
      tags.push({ name, ...tag });
      if (tag.rest !== null) rewritten = true;
    } else if (UNTRUSTED_ATTRIBUTE_NAMES.has(run.toLowerCase())) return null;
  }
  if (!rewritten) return unmarked(markup);
  const marker = markerAttribute();
  const parts: string[] = [];
  let from = 0;
  for (const { name, rest, end } of tags) {
    parts.push(markup.slice(from, name));
    if (rest === null) from = name + marker.length;
    else {
      parts.push(rest);
      from = end;
    }
  }
  parts.push(markup.slice(from));
  const joined = parts.join('');
  return markersIn(markup) === tags.length ? joined : unmarked(joined);
}

/**
 * `keepTrustedBytes`'s bytes alone, for markup whose kept scripts and styles the CSP does not need (a store page's
 * body: a theme's body gets no inline script's hash, docs/security.md): markup the filter would only unmark
 * (`writtenAsKept`, a page's usual case) is written so and encoded, without the rewriter's pass; any other goes
 * through it.
 */
export async function keepTrustedPageBytes(markup: string): Promise<Uint8Array> {
  const html = writtenAsKept(markup);
  return html === null ? (await keepTrustedBytes(markup)).bytes : encoder.encode(html);
}

/** HTML's whitespace in a tag (a carriage return is left out: where it stands, the scan below gives up). */
const TAG_SPACE = '[\\t\\n\\f ]';
/** An attribute: its name, then a quoted or unquoted value, in what the HTML tokenizer reads as one. */
const TAG_ATTRIBUTE = `[^\\t\\n\\f\\r\\0 "'<>/=]+(?:${TAG_SPACE}*=${TAG_SPACE}*(?:"[^"]*"|'[^']*'|[^\\t\\n\\f\\r\\0 "'<>=\`]+))?`;
/** A start tag, an end tag without attributes, or the doctype, read from a `<` on. */
const TAG = new RegExp(
  `<(?:([a-zA-Z][a-zA-Z0-9-]*)((?:${TAG_SPACE}+${TAG_ATTRIBUTE})*)${TAG_SPACE}*/?>|/[a-zA-Z][a-zA-Z0-9-]*>|!doctype html>)`,
  'iy',
);
/** One attribute of a start tag's attribute text: its name and its value as written between quotes or bare. */
const ATTRIBUTE_IN_TAG = new RegExp(
  `${TAG_SPACE}+([^\\t\\n\\f\\r\\0 "'<>/=]+)(?:${TAG_SPACE}*=${TAG_SPACE}*(?:"([^"]*)"|'([^']*)'|([^\\t\\n\\f\\r\\0 "'<>=\`]+)))?`,
  'y',
);
/** Elements whose text is raw or escapable raw text (the scan reads it to its end tag, and needs no `<` inside). */
const TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea']);
/** Elements after which the tokenizer's state depends on more than the scan follows: it gives up on them. */
const UNSCANNED_ELEMENTS = new Set(['xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext', 'svg', 'math']);

/** A start tag's attributes by lower-case name (the first of a name, as the rewriter's `getAttribute`), null when a value holds an entity. */
function attributesOf(text: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  for (let at = 0; at < text.length; ) {
    ATTRIBUTE_IN_TAG.lastIndex = at;
    const attribute = ATTRIBUTE_IN_TAG.exec(text);
    if (attribute === null) return null;
    const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
    if (value.includes('&')) return null;
    const name = (attribute[1] as string).toLowerCase();
    if (!attributes.has(name)) attributes.set(name, value);
    at = ATTRIBUTE_IN_TAG.lastIndex;
  }
  return attributes;
}

/**
 * `keepTrustedText` without the rewriter, for markup it would only unmark (`writtenAsKept`) and whose every tag a
 * plain scan reads as the HTML tokenizer does: each `<` opens a start tag, an end tag or the doctype written plainly
 * (no comment, no other `<!` or `<?`, no `<` as text), a script's, style's, title's or textarea's text holds no `<`
 * before its own end tag, and no element that changes how the rest is read (`svg`, `noscript`, …) occurs. Then the
 * kept scripts and styles are the marked ones the scan meets, and their text is what is between their tags. Null
 * when the markup is not that plain (the rewriter then filters it).
 */
function keptAsScanned(markup: string): { html: string; found: TrustedElements } | null {
  const html = writtenAsKept(markup);
  if (html === null) return null;
  const found: TrustedElements = { scripts: [], styles: [], scriptSrcs: [] };
  for (let at = markup.indexOf('<'); at !== -1; ) {
    TAG.lastIndex = at;
    const tag = TAG.exec(markup);
    if (tag === null) return null;
    let next = TAG.lastIndex;
    const name = tag[1]?.toLowerCase();
    if (name !== undefined) {
      if (UNSCANNED_ELEMENTS.has(name)) return null;
      if (TEXT_ELEMENTS.has(name)) {
        const close = markup.indexOf('<', next);
        const end = `</${name}>`;
        if (close === -1 || markup.slice(close, close + end.length).toLowerCase() !== end) return null;
        if (name === 'script' || name === 'style') {
          const attributes = attributesOf(tag[2] as string);
          if (attributes === null) return null;
          const src = name === 'script' ? attributes.get('src') : undefined;
          if (src !== undefined) found.scriptSrcs.push(src);
          else if (name === 'style' || attributes.get('type') !== 'application/ld+json')
            (name === 'script' ? found.scripts : found.styles).push(unmarked(markup.slice(next, close)));
        }
        next = close + end.length;
      }
    }
    at = markup.indexOf('<', next);
  }
  return { html, found };
}

/** `keepTrustedText`, without the rewriter where the markup is plain enough for `keptAsScanned`. */
async function keptText(markup: string): Promise<{ html: string; found: TrustedElements }> {
  return keptAsScanned(markup) ?? keepTrustedText(markup);
}

/** Ends a `<style>` element's text (the one way out of it: its text is raw, no comment or entity changes that). */
const CLOSES_STYLE = /<\/style/i;

/**
 * `keepTrustedText` of the markup `render` makes with `stylesheet` as the whole text of a trusted `<style>`
 * element (the store's inline stylesheet, tens of kilobytes on every page), without passing the stylesheet
 * through the filter: `render` is given a short placeholder, the filter reads that, and the stylesheet takes
 * its place after. The same answer as `keepTrustedText(render(stylesheet))`, since the filter keeps a trusted
 * style's text as it is; when the stylesheet could close its element, or the placeholder did not come back as
 * the whole text of exactly one kept style, the whole markup is filtered as it is.
 */
export async function keepTrustedTextWith(
  stylesheet: string,
  render: (stylesheet: string) => string,
): Promise<{ html: string; found: TrustedElements }> {
  const kept = await filteredAround(stylesheet, render);
  return kept === null
    ? keepTrustedText(render(stylesheet))
    : { html: kept.around.join(stylesheet), found: kept.found };
}

/**
 * `keepTrustedTextWith` as UTF-8 bytes in parts (a store page's head), which written one after the other are its
 * bytes: the text before the stylesheet encoded, the stylesheet's own bytes, encoded once per isolate (the same tens
 * of kilobytes on every page of a store) and never copied per page, and the text after it encoded. The parts are
 * shared: a reader must not change or transfer them.
 */
export async function keepTrustedPartsWith(
  stylesheet: string,
  render: (stylesheet: string) => string,
): Promise<{ parts: readonly Uint8Array[]; found: TrustedElements }> {
  const kept = await filteredAround(stylesheet, render);
  if (kept === null) {
    const { bytes, found } = await keepTrustedBytes(render(stylesheet));
    return { parts: [bytes], found };
  }
  const parts = [encoder.encode(kept.around[0]), stylesheetFacts(stylesheet).bytes, encoder.encode(kept.around[1])];
  return { parts, found: kept.found };
}

/**
 * The filtered markup before and after the stylesheet, with the stylesheet among the kept styles; null when the
 * stylesheet must go through the filter (it could close its element, or the placeholder did not come back as the
 * whole text of exactly one kept style).
 */
async function filteredAround(
  stylesheet: string,
  render: (stylesheet: string) => string,
): Promise<{ around: [string, string]; found: TrustedElements } | null> {
  if (stylesheet === '' || stylesheetFacts(stylesheet).closesStyle) return null;
  const placeholder = `stylesheet-${trustSecret()}`;
  const kept = await keptText(render(placeholder));
  const parts = kept.html.split(placeholder);
  const at = kept.found.styles.indexOf(placeholder);
  if (parts.length !== 2 || at === -1 || kept.found.styles.lastIndexOf(placeholder) !== at) return null;
  kept.found.styles[at] = stylesheet;
  return { around: parts as [string, string], found: kept.found };
}

/** What a store's stylesheet is, worked out once per isolate (a store's stylesheet is one string, kept per loaded site). */
interface StylesheetFacts {
  closesStyle: boolean;
  bytes: Uint8Array;
}
const stylesheets = new Map<string, StylesheetFacts>();
const STYLESHEET_CHARS = 4 * 1024 * 1024;
let stylesheetChars = 0;

function stylesheetFacts(stylesheet: string): StylesheetFacts {
  let facts = stylesheets.get(stylesheet);
  if (facts === undefined) {
    if (stylesheetChars + stylesheet.length > STYLESHEET_CHARS) {
      stylesheets.clear();
      stylesheetChars = 0;
    }
    facts = { closesStyle: CLOSES_STYLE.test(stylesheet), bytes: encoder.encode(stylesheet) };
    stylesheets.set(stylesheet, facts);
    stylesheetChars += stylesheet.length;
  }
  return facts;
}

/**
 * Hashes of inline texts seen lately: every page of a store inlines the same stylesheet (tens of
 * kilobytes), so its hash is computed once per isolate, not once per render.
 */
const hashes = new Map<string, Promise<string>>();
const HASHED_CHARS = 4 * 1024 * 1024;
let hashedChars = 0;

function hashOf(text: string): Promise<string> {
  let hash = hashes.get(text);
  if (hash === undefined) {
    if (hashedChars + text.length > HASHED_CHARS) {
      hashes.clear();
      hashedChars = 0;
    }
    hash = cspHash(text);
    hashes.set(text, hash);
    hashedChars += text.length;
  }
  return hash;
}

/** What the CSP must allow for elements found in trusted markup. */
export async function sourcesOf(found: TrustedElements): Promise<TrustedSources> {
  return {
    scriptHashes: await Promise.all(found.scripts.map(hashOf)),
    scriptUrls: found.scriptSrcs.map(scriptUrlSource).filter((url): url is string => url !== null),
    styleHashes: await Promise.all(found.styles.map(hashOf)),
  };
}

/** The merchant's code injection, marked for rendering, and what every page's CSP must allow for it. */
export interface CodeInjection {
  header: { html: string } | null;
  footer: { html: string } | null;
  sources: TrustedSources;
}

const codeBySite = new WeakMap<Site, Promise<CodeInjection>>();

/**
 * Site header and footer HTML, forms' post-submit HTML (which SiteForm inserts and whose scripts
 * it re-creates, so their inline text needs a hash too) and pages' code blocks (the policy is the
 * same for every page, so each page's allows them all). Worked out once per loaded site version.
 */
export function codeInjection(site: Site): Promise<CodeInjection> {
  let found = codeBySite.get(site);
  if (found === undefined) {
    found = readCodeInjection(site);
    codeBySite.set(site, found);
  }
  return found;
}

/** The code of every page's code blocks (src/site/editor/page-blocks.ts). */
function pageCode(site: Site): string[] {
  return site.collections.flatMap((collection) =>
    (collection.blocks ?? []).flatMap((block) => (block.type === 'code' ? [block.code] : [])),
  );
}

/** A page's blocks with each code block's code marked trusted, as header and footer code is. */
export function withTrustedCode(blocks: readonly unknown[]): unknown[] {
  return blocks.map((block) => {
    const { type, code } = (block ?? {}) as { type?: unknown; code?: unknown };
    return type === 'code' && typeof code === 'string' ? { ...(block as object), code: markTrusted(code) } : block;
  });
}

async function readCodeInjection(site: Site): Promise<CodeInjection> {
  const code = [
    site.header?.html,
    site.footer?.html,
    ...site.forms.map((form) => form.postSubmitHtml),
    ...pageCode(site),
  ].filter((html): html is string => html !== undefined && html !== '');
  const found = await Promise.all(
    code.map(async (html) => sourcesOf((await keepTrustedText(markTrusted(html))).found)),
  );
  const sources = mergeSources(NO_SOURCES, ...found);
  return {
    header: site.header === undefined ? null : { html: markTrusted(site.header.html) },
    footer: site.footer === undefined ? null : { html: markTrusted(site.footer.html) },
    sources,
  };
}
