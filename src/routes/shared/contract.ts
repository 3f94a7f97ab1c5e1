/**
 * A route area serving routes of the browser-to-worker contract (src/api): it registers the
 * contract's path, relative to the prefix it is mounted at, and answers through `answer`, whose
 * body must be the contract's answer type, so a route that changes its answer fails the type check
 * of the code that reads it (the console's, the store's pages').
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AnswerOf, CsvFile, JsonText, NoContent, Route } from '../../api';

/** The part of `Pattern` after `Prefix` ('/' when nothing is left); never when the route is not under it. */
type Within<Prefix extends string, Pattern extends string> = Pattern extends `${Prefix}${infer Rest}`
  ? Rest extends ''
    ? '/'
    : Rest
  : never;

/** `route`'s path as the area mounted at `prefix` registers it (`/api/console/products/:id` → `/products/:id`). */
export function pathIn<const Prefix extends string, R extends Route>(
  prefix: Prefix,
  route: R,
): Within<Prefix, R['pattern']> {
  if (!route.pattern.startsWith(prefix)) throw new Error(`${route.pattern} is not under ${prefix}`);
  return (route.pattern.slice(prefix.length) || '/') as Within<Prefix, R['pattern']>;
}

/** Answers `body` as JSON: it must be what the contract says `route` answers. */
export function answer<R extends Route>(
  c: Context,
  _route: R,
  body: AnswerOf<R>,
  status?: ContentfulStatusCode,
): Response {
  return c.json(body as object, status);
}

/** Answers `text`, JSON text made where it was (a Durable Object's), as it is: it must hold what the contract says `route` answers. */
export function answerText<R extends Route>(
  c: Context,
  _route: R,
  text: JsonText<AnswerOf<R>>,
  status?: ContentfulStatusCode,
): Response {
  return c.body(text, status ?? 200, { 'content-type': 'application/json' });
}

/** Answers `csv` as the file `fileName` to download, never kept by a cache: `route` is an export answering a `CsvFile`. */
export function answerCsv<R extends Route<CsvFile>>(c: Context, _route: R, csv: string, fileName: string): Response {
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  });
}

/** Answers 204 with no body: `route` is one the contract says answers `NoContent`. */
export function answerNothing<R extends Route<NoContent>>(c: Context, _route: R): Response {
  return c.body(null, 204);
}
