/**
 * Hand-built HTML (error pages, the editor page, the dashboard, the dev template-error panel) is
 * written with Hono's `html` template, which escapes `& < > ' "` in every interpolated value; `raw`
 * marks markup that is already safe. `htmlDocument` answers a whole document with a CSP that allows
 * its one inline stylesheet by hash and nothing inline besides.
 */
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { cspHash, htmlCsp, NO_SOURCES } from './content-security';
import type { AppEnv } from './http';

export { raw };
export type Markup = HtmlEscapedString;

/** `html` for markup without asynchronous parts (all of ours). */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const out = html(strings, ...values);
  if (out instanceof Promise) throw new Error('markup has no asynchronous parts');
  return out;
}

export interface HtmlDocument {
  title: string;
  /** Trusted CSS for an inline `<style>` (the theme's stylesheet, the dashboard's own). */
  style?: string;
  body: Markup;
  /** The island bootstrap's URL, when the page hydrates islands. */
  script?: string | null;
}

export async function htmlDocument(c: Context<AppEnv>, doc: HtmlDocument, status: 200 | 400 | 404 | 414 = 200): Promise<Response> {
  const style = doc.style === undefined ? '' : markup`<style>${raw(doc.style)}</style>`;
  const script = doc.script == null ? '' : markup`<script type="module" src="${doc.script}"></script>`;
  const page = markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${doc.title}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${style}</head>
<body>${doc.body}${script}</body></html>
`;
  const sources = doc.style === undefined ? NO_SOURCES : { ...NO_SOURCES, styleHashes: [await cspHash(doc.style)] };
  c.header('content-security-policy', htmlCsp(sources, c.env.CAPTCHA_PROVIDER));
  return c.html(page.toString(), status);
}

/** A plain page saying what went wrong, for requests that reach no store page. */
export function messagePage(c: Context<AppEnv>, status: 400 | 404 | 414, message: string): Promise<Response> {
  return htmlDocument(c, { title: message, body: markup`<main><h1>${message}</h1></main>` }, status);
}
