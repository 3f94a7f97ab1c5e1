/**
 * The other origins a developer-platform template's own files name for stylesheets (a `<link
 * rel="stylesheet" href="https://…">` in its regions, blocks or pages, an `@import` of another host
 * its LESS kept), and the font origins those stylesheets need: the page's CSP allows exactly these
 * (docs/templates.md, "Trust"). Never a wildcard, never script origins.
 */
import type { ThemeFiles } from '../../site/theme/theme';

/** Stylesheet and font origins for the CSP's `style-src` and `font-src`. */
export interface StyleOrigins {
  readonly styles: readonly string[];
  readonly fonts: readonly string[];
}

/**
 * Font origins a stylesheet service serves from a host of its own. Every other stylesheet's fonts
 * are taken from its own origin (a relative `url()` in it, as font-awesome's on a CDN).
 */
const FONT_HOSTS: Readonly<Record<string, string>> = { 'fonts.googleapis.com': 'fonts.gstatic.com' };

/** The font source a stylesheet source needs, in the same form (origin or scheme-less host). */
function fontSourceOf(style: string): string {
  const host = style.replace(/^https:\/\//, '');
  const fonts = FONT_HOSTS[host];
  return fonts === undefined ? style : style.replace(host, fonts);
}

const LINK_TAG = /<link\b[^>]*>/gi;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?["']?((?:https:)?\/\/[^"')\s;]+)/gi;

/**
 * The CSP source of a stylesheet URL the template wrote: its https origin, or for a protocol-relative
 * `//host/…` the host alone (the page's own scheme, as the browser loads it: https on a store in
 * production); null for anything else (http, relative, a tag the template prints).
 */
function sourceOf(href: string): string | null {
  try {
    const relative = href.startsWith('//');
    const url = new URL(href.replaceAll('&amp;', '&'), 'https://store.invalid/');
    if (url.protocol !== 'https:' || url.hostname === 'store.invalid' || url.username !== '') return null;
    return relative ? url.host : url.origin;
  } catch {
    return null;
  }
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

const byTheme = new WeakMap<ThemeFiles, StyleOrigins>();

/** The template's external stylesheet origins and their font origins, worked out once per theme. */
export function templateStyleOrigins(files: ThemeFiles): StyleOrigins {
  const cached = byTheme.get(files);
  if (cached !== undefined) return cached;
  const styles = new Set<string>();
  for (const [path, text] of Object.entries(files)) {
    if (path === 'styles/compiled.css') {
      for (const [, href] of text.matchAll(CSS_IMPORT)) styles.add(sourceOf(href ?? '') ?? '');
      continue;
    }
    for (const [tag] of text.matchAll(LINK_TAG)) {
      const href = attribute(tag, 'href');
      if (/(^|\s)stylesheet(\s|$)/i.test(attribute(tag, 'rel') ?? '') && href !== undefined)
        styles.add(sourceOf(href) ?? '');
    }
  }
  styles.delete('');
  const list = [...styles].sort();
  const origins = {
    styles: list,
    fonts: [...new Set(list.map(fontSourceOf))].sort(),
  };
  byTheme.set(files, origins);
  return origins;
}
