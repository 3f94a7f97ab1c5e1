/**
 * The other origins a developer-platform template's own files name for stylesheets (a `<link
 * rel="stylesheet" href="https://…">` in its regions, blocks or pages, an `@import` of another host
 * its LESS kept), and the font origins those stylesheets need: the page's CSP allows exactly these
 * (docs/templates.md, "Trust"). Never a wildcard, never script origins.
 */
import type { ThemeFiles } from '../../site/theme';

/** Stylesheet and font origins for the CSP's `style-src` and `font-src`. */
export interface StyleOrigins {
  readonly styles: readonly string[];
  readonly fonts: readonly string[];
}

/**
 * Font origins a stylesheet service serves from a host of its own. Every other stylesheet's fonts
 * are taken from its own origin (a relative `url()` in it, as font-awesome's on a CDN).
 */
const FONT_HOSTS: Readonly<Record<string, readonly string[]>> = {
  'https://fonts.googleapis.com': ['https://fonts.gstatic.com'],
};

const LINK_TAG = /<link\b[^>]*>/gi;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?["']?((?:https:)?\/\/[^"')\s;]+)/gi;

/** The https origin of a URL the template wrote (`//host/…` is https, as the page is), else null. */
function originOf(href: string): string | null {
  try {
    const url = new URL(href.replaceAll('&amp;', '&'), 'https://store.invalid/');
    return url.protocol === 'https:' && url.hostname !== 'store.invalid' && url.username === '' ? url.origin : null;
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
      for (const [, href] of text.matchAll(CSS_IMPORT)) styles.add(originOf(href ?? '') ?? '');
      continue;
    }
    for (const [tag] of text.matchAll(LINK_TAG)) {
      const href = attribute(tag, 'href');
      if (/(^|\s)stylesheet(\s|$)/i.test(attribute(tag, 'rel') ?? '') && href !== undefined)
        styles.add(originOf(href) ?? '');
    }
  }
  styles.delete('');
  const list = [...styles].sort();
  const origins = {
    styles: list,
    fonts: [...new Set(list.flatMap((origin) => FONT_HOSTS[origin] ?? [origin]))].sort(),
  };
  byTheme.set(files, origins);
  return origins;
}
