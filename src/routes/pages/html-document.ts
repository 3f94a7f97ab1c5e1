/**
 * Hand-built HTML documents (error pages, the editor page, the dashboard) are written with
 * `markup` (src/html/markup.ts), which escapes every interpolated value. `htmlDocument` answers a
 * whole document with a CSP that allows its one inline stylesheet by hash and nothing inline besides.
 * A store's error page (a 5xx, page type 101) is error-page.ts.
 */
import type { Context } from 'hono';
import { markup, raw, type Markup } from '../../html/markup';
import { cspHash, htmlCsp, NO_SOURCES } from '../../storefront/content-security';
import type { AppEnv } from '../shared/http';

export { markup, raw };

export interface HtmlDocument {
  title: string;
  /** The catalogue's key of the title's first part (before ' · '), set in a shopper's language (src/client/shopper-text.ts). */
  titleText?: string;
  /** `<html lang>`: English unless the page is written in another language (a store's error page, in the store's). */
  lang?: string;
  /** Trusted CSS for an inline `<style>` (the theme's stylesheet, the dashboard's own). */
  style?: string;
  /** More trusted head elements (the console's robots meta and stylesheet link). */
  head?: Markup;
  body: Markup;
  /** The island bootstrap's URL, when the page hydrates islands. */
  script?: string | null;
}

export async function htmlDocument(
  c: Context<AppEnv>,
  doc: HtmlDocument,
  status: 200 | 400 | 403 | 404 | 410 | 414 | 429 | 500 | 502 | 503 = 200,
): Promise<Response> {
  const style = doc.style === undefined ? '' : markup`<style>${raw(doc.style)}</style>`;
  const script = doc.script == null ? '' : markup`<script type="module" src="${doc.script}"></script>`;
  const page = markup`<!doctype html>
<html lang="${doc.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title${doc.titleText === undefined ? '' : markup` data-title-text="${doc.titleText}"`}>${doc.title}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${doc.head ?? ''}${style}</head>
<body>${doc.body}${script}</body></html>
`;
  const sources = doc.style === undefined ? NO_SOURCES : { ...NO_SOURCES, styleHashes: [await cspHash(doc.style)] };
  c.header('content-security-policy', htmlCsp(sources));
  return c.html(page.toString(), status);
}

/** A plain page saying what went wrong, for requests that reach no store page. */
export function messagePage(c: Context<AppEnv>, status: 400 | 404 | 414 | 429, message: string): Promise<Response> {
  return htmlDocument(c, { title: message, body: markup`<main><h1>${message}</h1></main>` }, status);
}
