/**
 * Which `<script>` and `<style>` elements of a store page may run. The theme's template sources and
 * the merchant's code injection are trusted code: before they are compiled or rendered, each of
 * their `<script`/`<style` opening tags gets `data-trust="<secret>"`, a random value made once per
 * isolate that no content, parameter or cached page ever carries. After rendering, `keepTrustedText`
 * drops every script or style element without the secret (whatever content or a reflected value
 * slipped in) and takes the marker off the others, so the cached page holds neither. Trusted code
 * may also hold `<script` where it opens no element (a script's string, `<noscript>` or `<textarea>`
 * text, an attribute value, a comment): the marker added there is taken out of the output as text.
 */
import { cspHash, mergeSources, NO_SOURCES, scriptUrlSource, type TrustedSources } from './content-security';
import type { Site } from '../site/schema';
import type { ThemeFiles } from '../site/theme';

const MARKER = 'data-trust';
let secret: string | null = null;

/** Made on first use: Workers allow no randomness at module top level. */
function trustSecret(): string {
  secret ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return secret;
}

const OPENING_TAG = /<(script|style)(?=[\s/>])/gi;

/** What `markTrusted` adds after each opening tag's name. */
function markerAttribute(): string {
  return ` ${MARKER}="${trustSecret()}"`;
}

/** Trusted markup: every `<script` and `<style` opening tag carries the secret. */
export function markTrusted(source: string): string {
  return source.replace(OPENING_TAG, `<$1${markerAttribute()}`);
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
    marked = Object.fromEntries(Object.entries(files).map(([path, source]) => [path, path.endsWith('.html') ? markTrusted(source) : source]));
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

/** Keeps marked elements (unmarked), removes the rest, and notes what the kept ones contain. */
class TrustFilter {
  readonly found: TrustedElements = { scripts: [], styles: [], scriptSrcs: [] };
  private inline: { list: string[]; text: string } | null = null;

  element(element: Element): void {
    this.inline = null;
    if (element.getAttribute(MARKER) !== trustSecret()) {
      element.remove();
      return;
    }
    element.removeAttribute(MARKER);
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

function filtering(filter: TrustFilter): HTMLRewriter {
  return new HTMLRewriter().on('script, style', filter);
}

/** Rendered markup with only trusted scripts and styles left, and what those contain. */
export async function keepTrustedText(markup: string): Promise<{ html: string; found: TrustedElements }> {
  const filter = new TrustFilter();
  const html = unmarked(await filtering(filter).transform(new Response(markup)).text());
  return { html, found: filter.found };
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
 * Site header and footer HTML and forms' post-submit HTML (which SiteForm inserts and whose scripts
 * it re-creates, so their inline text needs a hash too). Worked out once per loaded site version.
 */
export function codeInjection(site: Site): Promise<CodeInjection> {
  let found = codeBySite.get(site);
  if (found === undefined) {
    found = readCodeInjection(site);
    codeBySite.set(site, found);
  }
  return found;
}

async function readCodeInjection(site: Site): Promise<CodeInjection> {
  const code = [site.header?.html, site.footer?.html, ...site.forms.map((form) => form.postSubmitHtml)].filter((html): html is string => html !== undefined && html !== '');
  const found = await Promise.all(code.map(async (html) => sourcesOf((await keepTrustedText(markTrusted(html))).found)));
  const sources = mergeSources(NO_SOURCES, ...found);
  return {
    header: site.header === undefined ? null : { html: markTrusted(site.header.html) },
    footer: site.footer === undefined ? null : { html: markTrusted(site.footer.html) },
    sources,
  };
}
