/**
 * Values, opcodes, conversions and the two evaluators of the expression language.
 *
 * Every statement is packed into a postfix program that a step-by-step stack evaluator runs with
 * the reference's exact semantics, quirks included. Well-formed statements are also compiled to
 * a tree of closures (the fast path); when that meets anything unusual (an error, an operand
 * that is not a value) it hands the statement back to the stack evaluator, which then decides.
 *
 * Everything the evaluators touch lives in this one module on purpose: loaders that rewrite ES
 * imports into property reads (tsx, vite-node) would add a getter call to each use otherwise.
 *
 * Stack slots hold plain JS values: number, string, boolean and null are the literal types;
 * `undefined` is an empty slot (what a unary operator leaves when its operand is not a literal,
 * and what an assignment leaves); a `VarRef` is a variable not yet looked up (the reference looks
 * variables up only when an operator consumes them); `ARGS` marks where a call's arguments begin.
 */
import { messages } from '../errors';

export type Literal = number | string | boolean | null;

// Markers returned by the compiled closures, and BAIL also by `compute` (see below).
const ENDED = Object.freeze({ ended: true });
const BAIL = Object.freeze({ bail: true });
const NONLIT = Object.freeze({ nonliteral: true });

/** String limit of the evaluation in progress (0: none). */
let limit = 0;
/** Longest concatenation since it was last reset (read by `precompute`). */
let longest = 0;

/** A variable reference: the split path, and its `@name` when it can be an assignment target. */
export class VarRef {
  readonly path: readonly (string | number)[];
  readonly target: string | null;
  constructor(path: readonly (string | number)[]) {
    this.path = path;
    const first = path[0];
    this.target = path.length === 1 && typeof first === 'string' && first.charCodeAt(0) === 64 ? first : null;
  }
}

/** The argument-list marker pushed before a call's arguments. */
export const ARGS: { readonly args: true } = Object.freeze({ args: true });

// ---- opcodes -------------------------------------------------------------------------------

export const PUSH = 0;
export const POS = 1;
export const NEG = 2;
export const LNOT = 3;
export const BNOT = 4;
export const POW = 5;
export const MUL = 6;
export const DIV = 7;
export const MOD = 8;
export const ADD = 9;
export const SUB = 10;
export const SHL = 11;
export const SHR = 12;
export const LT = 13;
export const GT = 14;
export const LTEQ = 15;
export const GTEQ = 16;
export const EQ = 17;
export const NEQ = 18;
export const SEQ = 19;
export const SNEQ = 20;
export const BAND = 21;
export const BXOR = 22;
export const BOR = 23;
export const LAND = 24;
export const LOR = 25;
export const ASN = 26;
export const CALL = 27;
/** Structural operators: handled by the parser, never part of a program. */
export const SEMI = 28;
export const COMMA = 29;
export const LPRN = 30;
export const RPRN = 31;

/** Operator names as the reference words them in messages and debug listings, by opcode. */
export const DESCS: readonly string[] = [
  '',
  'unary plus',
  'unary minus',
  'logical not',
  'bitwise not',
  'exponent',
  'multiply',
  'divide',
  'modulus',
  'add',
  'subtract',
  'left shift',
  'right shift',
  'less than',
  'greater than',
  'less than or equal',
  'greater than or equal',
  'equality',
  'inequality',
  'strict equality',
  'strict inequality',
  'bitwise and',
  'bitwise xor',
  'bitwise or',
  'logical and',
  'logical or',
  'assign',
  'call',
  'semicolon',
  'comma',
  'left paren',
  'right paren',
];

/** Built-in functions, by id. */
export const FUNCTION_NAMES: readonly string[] = ['max', 'min', 'abs', 'num', 'str', 'bool'];
const FN_MAX = 0;
const FN_MIN = 1;
const FN_ABS = 2;
const FN_NUM = 3;
const FN_STR = 4;

/** One statement in postfix form: `code[i]` is an opcode, `data[i]` its operand. */
export interface Program {
  readonly code: readonly number[];
  readonly data: readonly unknown[];
  /** Set when the statement reads no variables: its outcome, worked out once at parse time. */
  readonly fixed: Fixed | null;
  /**
   * The statement compiled to closures (see `compileFast`): compiled on its second run, so that
   * expressions evaluated once skip the compilation; null when it is not well formed.
   */
  fast: Fast | null | undefined;
  /** Runs so far (counted until `fast` is compiled). */
  runs: number;
}

/** The precomputed outcome of a variable-free statement. */
export interface Fixed {
  readonly value: Literal | undefined;
  readonly details: readonly string[];
  /** Longest concatenation it performs: a string limit below this means running it for real. */
  readonly longest: number;
}

// ---- number scanners -----------------------------------------------------------------------

export const DEC_EXPONENT_DIGIT = -2;
export const DEC_DUPLICATE_DOT = -3;
export const DEC_DOT_IN_EXPONENT = -4;

/**
 * Finds the end of a decimal number starting at `i` (the caller saw a digit there): digits, one
 * optional point, an optional exponent with an optional sign directly after the `e`. Returns the
 * end offset, or one of the negative DEC_* codes when the text is malformed.
 */
export function scanDecimal(s: string, i: number, end: number): number {
  let dot = false;
  let exp = false;
  let sign = false;
  let wantDigit = false;
  let j = i;
  for (; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c >= 48 && c <= 57) {
      wantDigit = false;
    } else if (c === 46 /* . */) {
      if (dot) return DEC_DUPLICATE_DOT;
      if (exp) return DEC_DOT_IN_EXPONENT;
      dot = true;
    } else if (c === 101 || c === 69 /* e E */) {
      if (exp) break;
      exp = true;
      wantDigit = true;
    } else if (c === 43 || c === 45 /* + - */) {
      if (!wantDigit || sign) break;
      sign = true;
    } else {
      break;
    }
  }
  return wantDigit ? DEC_EXPONENT_DIGIT : j;
}

/** Finds the end of a run of hex digits in `[i, end)`. */
export function scanHex(s: string, i: number, end: number): number {
  let j = i;
  while (j < end) {
    const c = s.charCodeAt(j);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)) j++;
    else break;
  }
  return j;
}

// ---- conversions ---------------------------------------------------------------------------

/** A whole string as a number: optional sign, then a complete decimal or 0x-hex number; else NaN. Empty is 0. */
function stringToNumber(s: string): number {
  const len = s.length;
  if (len === 0) return 0;
  let i = 0;
  const c0 = s.charCodeAt(0);
  if (c0 === 43 || c0 === 45) i = 1;
  if (i === len) return NaN;
  const c = s.charCodeAt(i);
  if (c < 48 || c > 57) return NaN;
  if (c === 48) {
    const x = s.charCodeAt(i + 1);
    if (x === 120 || x === 88) return scanHex(s, i + 2, len) === len ? parseInt(s, 16) : NaN;
  }
  return scanDecimal(s, i, len) === len ? parseFloat(s) : NaN;
}

/** Small enough to be inlined everywhere; conversions from other types go out of line. */
function toNumber(v: Literal): number {
  return typeof v === 'number' ? v : otherToNumber(v);
}

function otherToNumber(v: Literal): number {
  if (typeof v === 'string') return stringToNumber(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

function toBoolean(v: Literal): boolean {
  if (typeof v === 'boolean') return v;
  return v === null ? false : !!v;
}

function toText(v: Literal): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return 'null';
}

// ---- evaluation ----------------------------------------------------------------------------

/**
 * A binary operator on two literals. BAIL when a concatenation would exceed the string limit
 * (the only failure once both operands are literals).
 */
function compute(op: number, a: Literal, b: Literal): Literal | typeof BAIL {
  switch (op) {
    case 5 /* POW */:
      return Math.pow(toNumber(a), toNumber(b));
    case 6 /* MUL */:
      return toNumber(a) * toNumber(b);
    case 7 /* DIV */:
      return toNumber(a) / toNumber(b);
    case 8 /* MOD */:
      return toNumber(a) % toNumber(b);
    case 9 /* ADD */: {
      if (typeof a !== 'string' && typeof b !== 'string') return toNumber(a) + toNumber(b);
      const x = toText(a);
      const y = toText(b);
      const length = x.length + y.length;
      if (length > longest) longest = length;
      return limit > 0 && length > limit ? BAIL : x + y;
    }
    case 10 /* SUB */:
      return toNumber(a) - toNumber(b);
    case 11 /* SHL */:
      return toNumber(a) << toNumber(b);
    case 12 /* SHR */:
      return toNumber(a) >> toNumber(b);
    // Comparisons and equality apply JS's own rules to the raw values.
    case 13 /* LT */:
      return (a as number) < (b as number);
    case 14 /* GT */:
      return (a as number) > (b as number);
    case 15 /* LTEQ */:
      return (a as number) <= (b as number);
    case 16 /* GTEQ */:
      return (a as number) >= (b as number);
    case 17 /* EQ */:
      return a == b;
    case 18 /* NEQ */:
      return a != b;
    case 19 /* SEQ */:
      return a === b;
    case 20 /* SNEQ */:
      return a !== b;
    case 21 /* BAND */:
      return toNumber(a) & toNumber(b);
    case 22 /* BXOR */:
      return toNumber(a) ^ toNumber(b);
    case 23 /* BOR */:
      return toNumber(a) | toNumber(b);
    // Both sides are always evaluated, and the result is a boolean.
    case 24 /* LAND */:
      return toBoolean(a) && toBoolean(b);
    default /* LOR */:
      return toBoolean(a) || toBoolean(b);
  }
}

/** The built-in function `fn` on its literal arguments; undefined when there are none. */
function apply(fn: number, args: readonly Literal[]): Literal | undefined {
  const n = args.length;
  if (n === 0) return undefined;
  const first = args[0] as Literal;
  switch (fn) {
    case FN_MAX:
    case FN_MIN: {
      // pairwise, keeping the left one only when it strictly wins (NaN never does)
      let result = toNumber(first);
      for (let k = 1; k < n; k++) {
        const x = toNumber(args[k] as Literal);
        if (!(fn === FN_MAX ? result > x : result < x)) result = x;
      }
      return result;
    }
    case FN_ABS:
      return Math.abs(toNumber(first));
    case FN_NUM:
      return toNumber(first);
    case FN_STR:
      return toText(first);
    default /* bool */:
      return toBoolean(first);
  }
}

// ---- step-by-step evaluation ---------------------------------------------------------------

export interface Scope {
  resolve(path: readonly (string | number)[]): unknown;
  setVar(name: string, value: unknown): void;
}

/** A template value as an expression literal: scalars pass, null and missing are null, containers are not literals. */
function fromData(r: unknown): Literal | undefined {
  switch (typeof r) {
    case 'number':
    case 'string':
    case 'boolean':
      return r;
    case 'object':
      return r === null ? null : undefined;
    default:
      return null;
  }
}

/** A stack slot as a literal: variables are looked up now; the argument marker and empty slots give undefined. */
function literal(v: unknown, scope: Scope): Literal | undefined {
  if (typeof v !== 'object' || v === null) return v as Literal | undefined;
  return v instanceof VarRef ? fromData(scope.resolve(v.path)) : undefined;
}

/** Error details of the last `runProgram` call (null: none). */
let collected: string[] | null = null;

function fail(details: string[] | null, text: string): string[] {
  const list = details ?? [];
  list.push(text);
  return list;
}

/** Reused between calls; a nested evaluation (from inside `resolve`) gets its own. */
let spare: unknown[] | null = [];

/**
 * Runs one statement on `stack` (from slot 0) and returns its value. Error details go to
 * `collected`; a statement can have two: a failing operator stops it, and then a non-literal left
 * on top of the stack is reported too.
 */
function runProgram(prog: Program, stack: unknown[], scope: Scope): Literal | undefined {
  const code = prog.code;
  const data = prog.data;
  const n = code.length;
  let details: string[] | null = null;
  let sp = 0;
  run: for (let pc = 0; pc < n; pc++) {
    const op = code[pc] as number;
    if (op === 0 /* PUSH */) {
      stack[sp++] = data[pc];
      continue;
    }
    // Unary operators rewrite the top slot in place (nothing happens on an empty stack).
    if (op <= 4 /* BNOT */) {
      if (sp === 0) continue;
      const t = stack[sp - 1];
      const a = literal(t, scope);
      if (a === undefined) stack[sp - 1] = undefined;
      else if (op === 2 /* NEG */) stack[sp - 1] = -1 * toNumber(a);
      else if (op === 1 /* POS */) stack[sp - 1] = toNumber(a);
      else if (op === 3 /* LNOT */) stack[sp - 1] = !toBoolean(a);
      // The reference converts the slot itself here, so a variable operand gives ~NaN = -1.
      else stack[sp - 1] = ~(t === a ? toNumber(a) : NaN);
      continue;
    }
    if (op === 27 /* CALL */) {
      // Arguments: the slots above the marker, or above the nearest empty slot, which stops
      // the scan early; those that are not literals are skipped.
      let base = sp;
      while (base > 0) {
        const v = stack[base - 1];
        if (v === undefined || v === ARGS) break;
        base--;
      }
      const args: Literal[] = [];
      for (let k = base; k < sp; k++) {
        const a = literal(stack[k], scope);
        if (a !== undefined) args.push(a);
      }
      // Drop the arguments and the marker (or the empty slot).
      sp = base > 0 ? base - 1 : 0;
      const fn = data[pc] as number;
      const result = apply(fn, args);
      if (result === undefined) {
        details = fail(details, `Error calling function ${FUNCTION_NAMES[fn] as string}`);
        break run;
      }
      stack[sp++] = result;
      continue;
    }
    if (op === 26 /* ASN */) {
      const b = literal(sp > 0 ? stack[--sp] : undefined, scope);
      const a = sp > 0 ? stack[--sp] : undefined;
      if (b !== undefined && a instanceof VarRef && a.target !== null) scope.setVar(a.target, b);
      // An assignment completes the statement and leaves no value.
      if (sp > 0) stack[sp - 1] = undefined;
      break run;
    }
    if (op > 25 /* LOR */) {
      details = fail(details, `Unexpected operator found during evaluation: ${DESCS[op] ?? ''}`);
      break run;
    }
    // Binary operators.
    const b = literal(sp > 0 ? stack[--sp] : undefined, scope);
    const a = literal(sp > 0 ? stack[--sp] : undefined, scope);
    if (a === undefined || b === undefined) {
      details = fail(details, `Invalid arguments to operator ${DESCS[op] as string}`);
      break run;
    }
    const r = compute(op, a, b);
    if (typeof r === 'object' && r !== null) {
      details = fail(details, `Concatenation would exceed maximum string length ${limit}`);
      break run;
    }
    stack[sp++] = r;
  }
  // The statement's value is its top slot; a slot that is not a literal is an error.
  let value: Literal | undefined;
  if (sp > 0) {
    const top = stack[sp - 1];
    if (top !== undefined) {
      value = literal(top, scope);
      if (value === undefined) details = fail(details, 'Reduce error: unexpected token on stack');
    }
  }
  collected = details;
  return value;
}

// ---- running a whole expression ------------------------------------------------------------

/** Shared by every error-free result; frozen so that a caller cannot add to it by mistake. */
const NO_ERRORS = Object.freeze([]) as unknown as string[];

export interface RunResult {
  value: Literal | undefined;
  errors: string[];
}

/** Runs every statement in order; the value is the last one's. Errors are complete template messages. */
export function runStatements(programs: readonly Program[], source: string, scope: Scope, maxStringLength: number): RunResult {
  let value: Literal | undefined;
  let errors: string[] | null = null;
  let stack: unknown[] | null = null;
  const outerLimit = limit;
  limit = maxStringLength;
  for (let p = 0; p < programs.length; p++) {
    const prog = programs[p] as Program;
    let details: readonly string[] | null = null;
    const fixed = prog.fixed;
    let fast = prog.fast;
    if (fast === undefined && ++prog.runs > 1) fast = prog.fast = compileFast(prog.code, prog.data);
    if (fixed !== null && (maxStringLength === 0 || fixed.longest <= maxStringLength)) {
      value = fixed.value;
      if (fixed.details.length === 0) continue;
      details = fixed.details;
    } else {
      if (fast != null) {
        const v = fast(scope);
        if (typeof v !== 'object' || v === null) {
          value = v as Literal | undefined;
          continue;
        }
        if (v === ENDED) {
          value = undefined;
          continue;
        }
        // BAIL, or a non-literal on top (an error): the step-by-step evaluation decides.
        // Nothing observable happened before that point, as an assignment ends its statement.
      }
      if (stack === null) {
        stack = spare ?? [];
        spare = null;
      }
      value = runProgram(prog, stack, scope);
      details = collected;
      collected = null;
      if (details === null) continue;
    }
    errors ??= [];
    for (const d of details) errors.push(messages.expressionReduce(source, d));
  }
  limit = outerLimit;
  if (stack !== null) {
    // Stale slots above the top are harmless; only a stack that grew unusually large is dropped.
    if (stack.length > 256) stack.length = 0;
    spare = stack;
  }
  return { value, errors: errors ?? NO_ERRORS };
}

const NO_SCOPE: Scope = { resolve: () => undefined, setVar: () => undefined };

/**
 * Works a statement that reads no variables out ahead of time. Its outcome cannot change,
 * except through the string limit, which is compared with its longest concatenation when it runs.
 */
export function precompute(code: readonly number[], data: readonly unknown[]): Fixed | null {
  for (let i = 0; i < code.length; i++) if (data[i] instanceof VarRef) return null;
  const outerLimit = limit;
  limit = 0;
  longest = 0;
  const value = runProgram({ code, data, fixed: null, fast: null, runs: 0 }, [], NO_SCOPE);
  const details = collected ?? [];
  collected = null;
  limit = outerLimit;
  return { value, details, longest };
}

// ---- compiled fast path --------------------------------------------------------------------
//
// Each closure returns a literal, or:
//   undefined  an empty slot (a unary operator applied to something that is not a literal),
//   NONLIT     a variable whose value is an object or array,
//   ENDED      an assignment ran: the statement is over, without a value,
//   BAIL       something only the step-by-step evaluation reproduces exactly (errors, and the
//              reference's stack effects of an empty slot among call arguments).
// Closures run in the order of the postfix program, and looking a variable up has no effects,
// so they see the same values as the stack evaluator.

export type Fast = (scope: Scope) => unknown;

/**
 * A marker (ENDED, BAIL, NONLIT) rather than a literal or an empty slot. Tested by type first:
 * identity tests against the markers alone compile to generic equality when a bundler has
 * turned their declarations into `var`s.
 */
function marker(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}

/** Not usable as an operand: an empty slot or a marker. */
function bad(v: unknown): boolean {
  return v === undefined || (typeof v === 'object' && v !== null);
}

function resolveLiteral(scope: Scope, path: readonly (string | number)[]): unknown {
  const r = scope.resolve(path);
  switch (typeof r) {
    case 'number':
    case 'string':
    case 'boolean':
      return r;
    case 'object':
      return r === null ? null : NONLIT;
    default:
      return null;
  }
}

function unary(op: number, c: Fast, onVariable: boolean): Fast {
  if (op === BNOT && onVariable) {
    // applied straight to a variable, the reference gives ~NaN = -1 (see runProgram)
    return (s) => (bad(c(s)) ? undefined : -1);
  }
  return (s) => {
    const a = c(s);
    if (typeof a === 'number') return op === NEG ? -a : op === POS ? a : op === LNOT ? !a : ~a;
    if (bad(a)) return a === ENDED || a === BAIL ? a : undefined;
    const v = a as Literal;
    return op === NEG ? -1 * toNumber(v) : op === POS ? toNumber(v) : op === LNOT ? !toBoolean(v) : ~toNumber(v);
  };
}

/** The general case of a binary closure: markers, operands that are not values, conversions. */
function slowBinary(op: number, a: unknown, b: unknown): unknown {
  if (marker(b) && b !== NONLIT) return b;
  if (bad(a) || bad(b)) return BAIL;
  return compute(op, a as Literal, b as Literal);
}

function binary(op: number, l: Fast, r: Fast): Fast {
  // Each closure first evaluates its left operand (whose ENDED or BAIL stops the statement at
  // once), then its right one; two numbers are handled inline, everything else by slowBinary.
  switch (op) {
    case MUL:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a * b : slowBinary(op, a, b);
      };
    case DIV:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a / b : slowBinary(op, a, b);
      };
    case MOD:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a % b : slowBinary(op, a, b);
      };
    case ADD:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        if (typeof a === 'number' && typeof b === 'number') return a + b;
        if (typeof a === 'string' && typeof b === 'string') return limit > 0 && a.length + b.length > limit ? BAIL : a + b;
        return slowBinary(op, a, b);
      };
    case SUB:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a - b : slowBinary(op, a, b);
      };
    case LT:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a < b : slowBinary(op, a, b);
      };
    case GT:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a > b : slowBinary(op, a, b);
      };
    case LTEQ:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a <= b : slowBinary(op, a, b);
      };
    case GTEQ:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a >= b : slowBinary(op, a, b);
      };
    case EQ:
    case SEQ:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a === b : slowBinary(op, a, b);
      };
    case NEQ:
    case SNEQ:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a !== b : slowBinary(op, a, b);
      };
    case LAND:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'boolean' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'boolean' && typeof b === 'boolean' ? a && b : slowBinary(op, a, b);
      };
    case LOR:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'boolean' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'boolean' && typeof b === 'boolean' ? a || b : slowBinary(op, a, b);
      };
    case POW:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? Math.pow(a, b) : slowBinary(op, a, b);
      };
    case SHL:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a << b : slowBinary(op, a, b);
      };
    case SHR:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a >> b : slowBinary(op, a, b);
      };
    case BAND:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a & b : slowBinary(op, a, b);
      };
    case BXOR:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a ^ b : slowBinary(op, a, b);
      };
    case BOR:
      return (s) => {
        const a = l(s);
        if (typeof a !== 'number' && marker(a) && a !== NONLIT) return a;
        const b = r(s);
        return typeof a === 'number' && typeof b === 'number' ? a | b : slowBinary(op, a, b);
      };
    default:
      return (s) => {
        const a = l(s);
        if (marker(a) && a !== NONLIT) return a;
        return slowBinary(op, a, r(s));
      };
  }
}

function call(fn: number, args: readonly Fast[]): Fast {
  const n = args.length;
  // All arguments run first; an empty slot among them has stack effects that only the stack
  // evaluator reproduces. Arguments that are not literals are skipped; none left is an error.
  if (fn === FN_MAX || fn === FN_MIN) {
    const max = fn === FN_MAX;
    return (s) => {
      let result: number | undefined;
      let hole = false;
      for (let k = 0; k < n; k++) {
        const v = (args[k] as Fast)(s);
        if (v === undefined) hole = true;
        else if (marker(v)) {
          if (v !== NONLIT) return v;
        } else {
          const x = typeof v === 'number' ? v : toNumber(v as Literal);
          // keep the earlier value only when it strictly wins (NaN never does)
          if (result === undefined || !(max ? result > x : result < x)) result = x;
        }
      }
      return hole || result === undefined ? BAIL : result;
    };
  }
  return (s) => {
    let first: unknown;
    let hole = false;
    for (let k = 0; k < n; k++) {
      const v = (args[k] as Fast)(s);
      if (v === undefined) hole = true;
      else if (marker(v)) {
        if (v !== NONLIT) return v;
      } else if (first === undefined) first = v;
    }
    if (hole || first === undefined) return BAIL;
    return apply(fn, [first as Literal]);
  };
}

function assign(left: Node, right: Fast): Fast {
  const target = left.ref !== null ? left.ref.target : null;
  const l = left.ref === null && !left.literal ? left.fn : null;
  return (s) => {
    if (l !== null) {
      const a = l(s);
      if (marker(a) && a !== NONLIT) return a;
    }
    const b = right(s);
    if (marker(b) && b !== NONLIT) return b;
    if (target !== null && !bad(b)) s.setVar(target, b);
    return ENDED;
  };
}

/** A subtree while compiling: its closure, and whether it is a bare variable, a literal or the argument marker. */
interface Node {
  readonly fn: Fast;
  readonly ref: VarRef | null;
  readonly literal: boolean;
  readonly marker: boolean;
}

const MARKER: Node = { fn: () => BAIL, ref: null, literal: false, marker: true };

function node(fn: Fast): Node {
  return { fn, ref: null, literal: false, marker: false };
}

/** Compiles a postfix statement to closures; null when it is not well formed. */
export function compileFast(code: readonly number[], data: readonly unknown[]): Fast | null {
  const stack: Node[] = [];
  for (let i = 0; i < code.length; i++) {
    const op = code[i] as number;
    if (op === PUSH) {
      const v = data[i];
      if (v === ARGS) stack.push(MARKER);
      else if (v instanceof VarRef) {
        const path = v.path;
        stack.push({ fn: (s) => resolveLiteral(s, path), ref: v, literal: false, marker: false });
      } else stack.push({ fn: () => v, ref: null, literal: true, marker: false });
    } else if (op <= BNOT) {
      const a = stack.pop();
      if (a === undefined || a.marker) return null;
      stack.push(node(unary(op, a.fn, a.ref !== null)));
    } else if (op === CALL) {
      const args: Fast[] = [];
      for (;;) {
        const a = stack.pop();
        if (a === undefined) return null;
        if (a.marker) break;
        args.push(a.fn);
      }
      stack.push(node(call(data[i] as number, args.reverse())));
    } else {
      const b = stack.pop();
      const a = stack.pop();
      if (a === undefined || b === undefined || a.marker || b.marker) return null;
      stack.push(node(op === ASN ? assign(a, b.fn) : binary(op, a.fn, b.fn)));
    }
  }
  const last = stack.pop();
  if (last === undefined) return null;
  if (stack.length === 0) return last.fn;
  // Juxtaposed expressions (`1 2`, `3, 2, 1`): all run, the last gives the value.
  const before: Fast[] = [];
  for (const n of stack) {
    if (n.marker) return null;
    if (!n.literal && n.ref === null) before.push(n.fn);
  }
  const top = last.fn;
  return (s) => {
    for (let k = 0; k < before.length; k++) {
      const v = (before[k] as Fast)(s);
      if (marker(v) && v !== NONLIT) return v;
    }
    return top(s);
  };
}
