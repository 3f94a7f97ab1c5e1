/**
 * One route of the browser-to-worker contract: its method, its path as the worker registers it
 * (Hono's `:param` pattern), a builder of the concrete path, and the types of its body and answer
 * (from the zod schemas of src/api, by type only: the browser bundles carry no zod). The browser
 * takes paths and types from here; test/worker/api-contract.test.ts checks every route against the
 * worker's registered routes and parses real answers with answer-schemas.ts.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One value for each `:name` parameter of a pattern, in order. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...ParamValues<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string | number]
    : [];

/** A query string's values; undefined and null values are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** A call of a route: its method and concrete path, typed by what it answers and what it is sent. */
export interface Call<Answer = unknown, Body = unknown> {
  readonly method: Method;
  readonly path: string;
  /** Types only: never set. */
  readonly types?: { answer: Answer; body: Body };
}

export interface Route<Answer = unknown, Body = unknown, Pattern extends string = string> {
  readonly method: Method;
  readonly pattern: Pattern;
  /** The concrete path: each `:param` replaced in order by its encoded value, then the query, if any. */
  path(...args: [...ParamValues<Pattern>, query?: Query]): string;
  /** The call at that path, for the typed callers (the console's `consoleApi`). */
  at(...args: [...ParamValues<Pattern>, query?: Query]): Call<Answer, Body>;
  /** This route answering `T`. */
  answers<T>(): Route<T, Body, Pattern>;
  /** This route sent a `T` (a body schema's input type, named by type so no browser bundle carries zod). */
  sends<T>(): Route<Answer, T, Pattern>;
}

declare const jsonOf: unique symbol;

/**
 * The JSON text of a `T`, for an answer serialised where it is made (a Durable Object sends the cart
 * across the RPC as one string): the worker passes it on unparsed and the type still says what it holds.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** `value` as JSON text that remembers its type; name `T` (`jsonText<CartEntryAdded>({ … })`) so a misspelt field fails. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

declare const csvOf: unique symbol;

/** What a CSV export answers: the file's text (`text/csv`), a download the browser saves and never parses. */
export type CsvFile = string & { readonly [csvOf]: true };

/** What a route that answers nothing answers (204): the console's `consoleApi` reads it as null. */
export type NoContent = null;

/** The answer type of a route or a call. */
export type AnswerOf<R> = R extends Route<infer A, infer _B> ? A : R extends Call<infer A, infer _B> ? A : never;

/** The body type a route or a call is sent. */
export type BodyOf<R> = R extends Route<infer _A, infer B> ? B : R extends Call<infer _A, infer B> ? B : never;

function queryString(query: Query | undefined): string {
  if (query === undefined) return '';
  const pairs = Object.entries(query).filter((pair): pair is [string, string | number | boolean] => pair[1] != null);
  return pairs.length === 0
    ? ''
    : `?${new URLSearchParams(pairs.map(([key, value]): [string, string] => [key, String(value)]))}`;
}

function build(pattern: string, args: unknown[]): string {
  let index = 0;
  const path = pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(args[index++])));
  const rest = args[index];
  return path + queryString(typeof rest === 'object' && rest !== null ? (rest as Query) : undefined);
}

function made<A, B, P extends string>(method: Method, pattern: P): Route<A, B, P> {
  return {
    method,
    pattern,
    path: (...args) => build(pattern, args),
    at: (...args) => ({ method, path: build(pattern, args) }),
    answers: <T>() => made<T, B, P>(method, pattern),
    sends: <T>() => made<A, T, P>(method, pattern),
  };
}

/** A route. Chain `.answers<T>()` for its answer and `.sends<T>()` for its body. */
export function route<const Pattern extends string>(
  method: Method,
  pattern: Pattern,
): Route<unknown, unknown, Pattern> {
  return made(method, pattern);
}
