/**
 * Core predicates: comparisons, parity, plural and singular, and `debug?`. They test the current
 * frame's value unless their arguments name other values.
 *
 * Comparison arguments are either JSON literals (`1`, `-2`, `"text"`, `[1]`, `{...}`, `true`,
 * `false`, `null`) or variable paths; an argument that looks like JSON but does not parse (`1abc`)
 * is read as a variable.
 */
import type { Path, Predicate, PredicateTable, RenderContext } from './types';
import { perArgs } from './per-args';
import { asNumber, compareValues, isTruthy, splitPath, valuesEqual } from '../../values/index';

/** A comparison argument: a literal value, or a variable to resolve at render time. */
type Operand = { readonly literal: true; readonly value: unknown } | { readonly literal: false; readonly path: Path };

/** Arguments that may be JSON: a quote, a digit, '[' or '{' first, or '-' and a digit, or exactly a JSON keyword. */
const JSON_START = /^["0-9[{]|^-[0-9]|^(?:true|false|null)$/;

function toOperand(arg: string): Operand {
  if (JSON_START.test(arg)) {
    try {
      return { literal: true, value: JSON.parse(arg) as unknown };
    } catch {
      // Not JSON after all: a variable such as `1st`.
    }
  }
  return { literal: false, path: splitPath(arg) };
}

const operands = perArgs((args) => args.map(toOperand));
const firstArgPath = perArgs((args): Path => splitPath(args[0] as string));

function operandValue(operand: Operand, ctx: RenderContext): unknown {
  return operand.literal ? operand.value : ctx.resolve(operand.path);
}

/**
 * A two-sided test: with one argument, the current value against it; with two or more, the first
 * against the second (further arguments are ignored). False with no arguments.
 */
function comparison(test: (a: unknown, b: unknown) => boolean): Predicate {
  return (args, ctx) => {
    if (args.length === 0) return false;
    const ops = operands(args);
    const first = operandValue(ops[0] as Operand, ctx);
    return args.length === 1 ? test(ctx.current(), first) : test(first, operandValue(ops[1] as Operand, ctx));
  };
}

/** The value a parity test looks at: the current value, or the variable named by the first argument (never a literal). */
function parityValue(args: readonly string[], ctx: RenderContext): unknown {
  return args.length === 0 ? ctx.current() : ctx.resolve(firstArgPath(args));
}

/** Only real numbers have a parity; the sign is ignored and a fraction is neither even nor odd. */
const even: Predicate = (args, ctx) => {
  const value = parityValue(args, ctx);
  return typeof value === 'number' && Math.abs(value) % 2 === 0;
};

const odd: Predicate = (args, ctx) => {
  const value = parityValue(args, ctx);
  return typeof value === 'number' && Math.abs(value) % 2 === 1;
};

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Math.floor(value) === value;
}

/**
 * `nth? M`: whether the current value is a multiple of M; `nth? N M`: whether N is. Both must be
 * whole numbers (not numeric strings) and M non-zero. More than two arguments act like one.
 */
const nth: Predicate = (args, ctx) => {
  if (args.length === 0) return false;
  const ops = operands(args);
  const first = operandValue(ops[0] as Operand, ctx);
  const n = args.length === 2 ? first : ctx.current();
  const m = args.length === 2 ? operandValue(ops[1] as Operand, ctx) : first;
  if (!isWholeNumber(n) || !isWholeNumber(m) || m === 0) return false;
  return Math.abs(n) % Math.abs(m) === 0;
};

const DEBUG_PATH: Path = ['debug'];

export const CORE_PREDICATES: PredicateTable = {
  /** Whether the variable `debug` is truthy. */
  'debug?': (_args, ctx) => isTruthy(ctx.resolve(DEBUG_PATH)),
  'equal?': comparison(valuesEqual),
  'even?': even,
  'greaterThan?': comparison((a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': comparison((a, b) => compareValues(a, b) >= 0),
  'lessThan?': comparison((a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': comparison((a, b) => compareValues(a, b) <= 0),
  'notEqual?': comparison((a, b) => !valuesEqual(a, b)),
  'nth?': nth,
  'odd?': odd,
  /** The current value read as a number is more than 1 ("2" counts). */
  'plural?': (_args, ctx) => asNumber(ctx.current()) > 1,
  /** The current value read as a number is exactly 1 ("1", "1.0" and true count). */
  'singular?': (_args, ctx) => asNumber(ctx.current()) === 1,
};
