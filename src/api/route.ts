/**
 * One route of the browser-to-worker contract: its method, its path as the worker registers it
 * (Hono's `:param` pattern), a builder of the concrete path, the zod schema of the body the browser
 * sends (where it sends one) and the type of the answer. The browser takes paths and types from
 * here; test/worker/api-contract.test.ts checks every route against the worker's registered routes.
 */
import type { z } from 'zod';

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
  /** The body schema, where the worker validates the body with a schema kept here. */
  readonly body?: z.ZodType;
  /** The answer schema, where there is one (the worker tests parse real answers with it). */
  readonly answer?: z.ZodType;
  /** The concrete path: each `:param` replaced in order by its encoded value, then the query, if any. */
  path(...args: [...ParamValues<Pattern>, query?: Query]): string;
  /** The call at that path, for the typed callers (the console's `consoleApi`). */
  at(...args: [...ParamValues<Pattern>, query?: Query]): Call<Answer, Body>;
  /** This route answering `T`; `schema`, when given, checks real answers in the worker tests (it may check only the outline of `T`). */
  answers<T>(schema?: z.ZodType): Route<T, Body, Pattern>;
  /** This route sent a `T` that the worker validates with a schema of the site model (which this module may not import). */
  sends<T>(): Route<Answer, T, Pattern>;
}

/** The answer type of a route or a call. */
export type AnswerOf<R> = R extends Route<infer A, infer _B> ? A : R extends Call<infer A, infer _B> ? A : never;

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

function made<A, B, P extends string>(
  method: Method,
  pattern: P,
  body?: z.ZodType,
  answer?: z.ZodType,
): Route<A, B, P> {
  return {
    method,
    pattern,
    body,
    answer,
    path: (...args) => build(pattern, args),
    at: (...args) => ({ method, path: build(pattern, args) }),
    answers: <T>(schema?: z.ZodType) => made<T, B, P>(method, pattern, body, schema),
    sends: <T>() => made<A, T, P>(method, pattern, body, answer),
  };
}

/** A route; a body schema makes the body type its input type. Chain `.answers<T>()` for the answer. */
export function route<const Pattern extends string, S extends z.ZodType | undefined = undefined>(
  method: Method,
  pattern: Pattern,
  body?: S,
): Route<unknown, S extends z.ZodType ? z.input<S> : unknown, Pattern> {
  return made(method, pattern, body);
}
