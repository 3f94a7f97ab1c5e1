/**
 * A developer-platform file as our engine compiles it: the JSP-like `<squarespace:…>` tags and the
 * `{.main-content}` / `{.apply x.block}` shorthands become plain template tags, and the file's own
 * guarded tags (`<script`, `<style`, `<iframe`, `<form`, …: trusted-markup.ts) get the trust marker. Each rewrite is noted, so an error's line and
 * column in the rewritten text map back to the file as its author wrote it.
 */
import type { TemplateError } from '../../engine/index';
import { GUARDED_OPENING_TAG, markedOpeningTag, markTrusted } from '../trusted-markup';

/** One rewrite: where it was in the file and where its replacement is in the rewritten text. */
interface Rewrite {
  from: number;
  to: number;
  newFrom: number;
  newTo: number;
}

export interface PreparedSource {
  readonly text: string;
  readonly rewrites: readonly Rewrite[];
  readonly original: string;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The attributes of a JSP-like tag, as written (values may hold template tags). */
function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g))
    found[(match[1] as string).toLowerCase()] = match[2] as string;
  return found;
}

/**
 * Where a file's content blocks go, in the platform's layout markup (a row of one full-width column,
 * which template scripts and grid CSS look for): a static page's blocks on that page; elsewhere a
 * region's or block's field is site-wide (the same content on every page, `squarespace.block-fields`
 * by its id: page.ts), marked `empty` while it holds no block, as the platform renders it.
 */
function blockField(attrs: Record<string, string>, pageFile: boolean): string {
  const columns = /^\d{1,2}$/.test(attrs.columns ?? '') ? attrs.columns : '12';
  const id = (attrs.id ?? '').replaceAll('<', '&lt;');
  const field = `squarespace.block-fields.${attrs.id}`;
  const siteWide = !pageFile && NAME.test(attrs.id ?? '');
  const content = pageFile ? '{squarespace.page-blocks}' : siteWide ? `{.if ${field}}{${field}}{.end}` : '';
  const empty = pageFile ? '' : siteWide ? `{.if ${field}}{.or} empty{.end}` : ' empty';
  const column = `<div class="row sqs-row"><div class="col sqs-col-${columns} span-${columns}">${content}</div></div>`;
  return `<div class="sqs-layout sqs-grid-${columns} columns-${columns}${empty}" data-type="block-field" id="${id}">${column}</div>`;
}

/** Queries of a file by their index in it: the collection and filters each names. */
export interface TemplateQuery {
  collection: string;
  limit: number;
  tag: string | null;
  category: string | null;
}

const MAX_QUERY_ITEMS = 50;

function queryOf(attrs: Record<string, string>): TemplateQuery | null {
  const collection = attrs.collection ?? '';
  if (!NAME.test(collection)) return null;
  const limit = Number(attrs.limit ?? '10');
  return {
    collection,
    limit: Number.isInteger(limit) && limit >= 1 ? Math.min(limit, MAX_QUERY_ITEMS) : 10,
    tag: attrs.tag?.slice(0, 50) || null,
    category: attrs.category?.slice(0, 50) || null,
  };
}

const TAGS = new RegExp(
  String.raw`<\/squarespace:navigation\s*>|<squarespace:navigation\b([^>]*?)\/?>|<squarespace:block-field\b([^>]*?)\/?>|<squarespace:query\b([^>]*?)>|<\/squarespace:query\s*>|<squarespace:script\b([^>]*?)\/?>|\{\.main-content\}|\{\.apply ([\w.-]+)\}|` +
    GUARDED_OPENING_TAG,
  'gi',
);

/** The key a query's results are under in `squarespace.queries`: the file and the query's index in it. */
export function queryKey(file: string, index: number): string {
  return `${file.replace(/[^\w-]/g, '_')}_${index}`;
}

/** Every `<squarespace:query>` of a file, in order. */
export function queriesIn(source: string): TemplateQuery[] {
  return [...source.matchAll(/<squarespace:query\b([^>]*?)>/gi)].map(
    (match) => queryOf(attributes(match[1] as string)) ?? { collection: '', limit: 0, tag: null, category: null },
  );
}

/** The body of a block-form `<squarespace:navigation …>…</squarespace:navigation>` opened at `from`, or null when the tag has no closing tag of its own. */
function navigationBody(source: string, from: number): string | null {
  const rest = source.slice(from);
  const close = /<\/squarespace:navigation\s*>/i.exec(rest);
  if (close === null) return null;
  const body = rest.slice(0, close.index);
  return /<squarespace:navigation\b/i.test(body) ? null : body;
}

/** The file rewritten for our engine, with the rewrites noted. */
export function prepareSource(file: string, source: string): PreparedSource {
  const pageFile = file.startsWith('pages/');
  const rewrites: Rewrite[] = [];
  let text = '';
  let last = 0;
  let queries = 0;
  let openNavigations = 0;
  for (const match of source.matchAll(TAGS)) {
    const [whole, navigation, field, query, script, applied] = match;
    let replacement: string;
    if (whole.toLowerCase().startsWith('</squarespace:navigation')) {
      replacement = openNavigations > 0 ? '{.end}' : '';
      openNavigations = Math.max(0, openNavigations - 1);
    } else if (navigation !== undefined) {
      const attrs = attributes(navigation);
      const id = NAME.test(attrs.navigationid ?? '') ? attrs.navigationid : null;
      const block = NAME.test(attrs.template ?? '') ? attrs.template : 'navigation';
      const applied = id === null ? '' : `{squarespace.navigations.${id}|apply ${block}.block}`;
      const body = whole.endsWith('/>') ? null : navigationBody(source, match.index + whole.length);
      if (body === null) replacement = applied;
      else {
        // The block form: its body is the navigation's template when it names none, else it is left out.
        openNavigations++;
        replacement =
          attrs.template === undefined && body.trim() !== '' && id !== null
            ? `{.section squarespace.navigations.${id}}`
            : `${applied}{.section squarespace.unused}`;
      }
    } else if (field !== undefined) {
      replacement = blockField(attributes(field), pageFile);
    } else if (query !== undefined) {
      replacement = `{.section squarespace.queries.${queryKey(file, queries++)}}`;
    } else if (whole.toLowerCase().startsWith('</squarespace:query')) {
      replacement = '{.end}';
    } else if (script !== undefined) {
      const src = attributes(script).src ?? '';
      replacement =
        /^[\w./-]{1,200}$/.test(src) && !src.includes('..')
          ? markTrusted(`<script src="/assets/scripts/${src}" defer></script>`)
          : '';
    } else if (whole === '{.main-content}') {
      replacement = '{squarespace.main-content}';
    } else if (applied !== undefined) {
      replacement = `{@|apply ${applied}}`;
    } else {
      replacement = markedOpeningTag(whole);
    }
    const from = match.index;
    text += source.slice(last, from);
    rewrites.push({ from, to: from + whole.length, newFrom: text.length, newTo: text.length + replacement.length });
    text += replacement;
    last = from + whole.length;
  }
  text += source.slice(last);
  return { text, rewrites, original: source };
}

/** The 0-based offset of a 1-based line and column. */
function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset + column - 1;
}

/** The 1-based line and column of an offset. */
function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** An error of the rewritten text, at its place in the file as written. */
export function originalPosition(prepared: PreparedSource, error: TemplateError): TemplateError {
  if (error.line === undefined) return error;
  const at = offsetAt(prepared.text, error.line, error.column ?? 1);
  let original = at;
  for (const rewrite of prepared.rewrites) {
    if (rewrite.newFrom > at) break;
    original = at < rewrite.newTo ? rewrite.from : rewrite.to + (at - rewrite.newTo);
  }
  return { ...error, ...lineColumnAt(prepared.original, original) };
}
