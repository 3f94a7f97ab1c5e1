/**
 * The expression language of `{.eval ...}`, behaving like @squarespace/template-engine 2.10.10.
 *
 * API
 * ---
 *   parseExpression(source, limits?) -> { expr, errors, listing }
 *     Call once per `{.eval}` instruction with its raw text (everything after `.eval `), with the
 *     limits in force. A leading `#` turns on the reference's debug mode: it is stripped from the
 *     source (error messages quote the source without it) and `listing` is the text the reference
 *     prints for it, `EVAL=[[1 2 <add>]]`, else `listing` is null.
 *     On any parse error `expr` is null and `errors` holds complete template error messages:
 *       `Error parsing expression: "<source as JSON>": <detail>` (errors.ts)
 *     (the reference records each as `{ type: 'engine', message }`, one per detail, possibly several).
 *
 *   evaluate(expr, scope, limits?) -> { value, errors }
 *     Runs every `;`-separated statement in order. `value` is the last statement's value:
 *     number | string | boolean | null, or undefined when it has none (an assignment ends a
 *     statement without a value; an empty statement list has none). `errors` holds complete
 *     messages `Error reducing expression: <source>: <detail>` (errors.ts) (type 'engine');
 *     a failing statement stops, later statements still run. `limits.maxStringLength` overrides
 *     the one given at parse time.
 *     `scope.resolve(path)` is the template's variable lookup (undefined = missing); objects and
 *     arrays are not expression values. `scope.setVar('@name', v)` is called for `@name = v`.
 *
 *   formatResult(value) -> string: how the reference prints a result (null and undefined print
 *     nothing; numbers as JS String(); arrays joined with ','; objects nothing).
 *
 * What the executor must do for one `{.eval}` run, as the reference does:
 *   1. Parse on the instruction's first execution and cache the result on the instruction; record
 *      the parse errors only then (the reference caches the parsed form on the instruction, so a
 *      parse error is reported once, not once per execution).
 *   2. If `listing` is not null, output it (every execution, even when there were parse errors).
 *   3. If `expr` is null, stop. Otherwise evaluate in a scratch frame pushed over the current value;
 *      if `errors` is non-empty record them, drop the scratch frame's variables and output nothing;
 *      else copy the scratch frame's variables to the current frame and, if `value !== undefined`,
 *      output `' -> '` (only in debug mode) followed by `formatResult(value)`.
 *   The reference only evaluates expressions when enabled (`enableExpr`); otherwise `{.eval}`
 *   outputs nothing and records nothing.
 */
import { messages } from '../errors';
import type { Literal, Program } from './operators';
import { runStatements } from './run';
import { listing as listStatements, pack, parseStatements } from './parse';

export type { Literal } from './operators';

export interface ExprLimits {
  /** Most tokens an expression may have (0 or absent: no limit). Checked while parsing. */
  maxTokens?: number;
  /** Longest string a concatenation may produce (0 or absent: no limit). Checked while evaluating. */
  maxStringLength?: number;
}

/** A compiled expression. Treat as opaque. */
export interface Expr {
  /** The source the messages quote (without a debug `#`). */
  readonly source: string;
  /** One packed postfix program per statement. */
  readonly programs: readonly Program[];
  readonly maxStringLength: number;
}

export interface ExprScope {
  /** The value at a variable path, as a template reference resolves it; undefined when missing. */
  resolve(path: readonly (string | number)[]): unknown;
  /** Assignment to `@name` (the name includes the `@`). */
  setVar(name: string, value: unknown): void;
}

export interface ParseResult {
  expr: Expr | null;
  errors: string[];
  /** The debug listing to print for a `#`-prefixed expression; null otherwise. */
  listing: string | null;
}

export interface EvalResult {
  value: Literal | undefined;
  errors: string[];
}

export function parseExpression(source: string, limits?: ExprLimits): ParseResult {
  let debug = false;
  if (source.charCodeAt(0) === 35 /* # */) {
    debug = true;
    source = source.slice(1);
  }
  const { statements, errors } = parseStatements(source, limits?.maxTokens ?? 0);
  const listing = debug ? listStatements(statements) : null;
  if (errors.length > 0) {
    return { expr: null, errors: errors.map((detail) => messages.expressionParse(source, detail)), listing };
  }
  return {
    expr: { source, programs: statements.map(pack), maxStringLength: limits?.maxStringLength ?? 0 },
    errors: [],
    listing,
  };
}

export function evaluate(expr: Expr, scope: ExprScope, limits?: ExprLimits): EvalResult {
  const maxStringLength = limits?.maxStringLength ?? expr.maxStringLength;
  return runStatements(expr.programs, expr.source, scope, Math.max(maxStringLength, 0));
}

export function formatResult(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      if (Array.isArray(value)) {
        let out = '';
        for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + String(value[i]);
        return out;
      }
      return '';
    default:
      return '';
  }
}
