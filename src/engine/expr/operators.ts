/**
 * The expression language's values and operators: literals and the evaluators' markers, opcodes
 * and their names, the packed program of a statement, number scanning, conversions, and what
 * each binary operator and built-in function computes. The two evaluators (`run.ts`, step by
 * step with the reference's exact semantics; `compile.ts`, the closures of the fast path) share
 * these rules.
 *
 * Under a loader that rewrites ES imports into property reads (tsx, vite-node) every use of an
 * imported binding costs a getter call, so the parser copies the opcodes into locals; bundled (in
 * production and in the benchmark) the modules share one scope and imports are plain references.
 *
 * Stack slots hold plain JS values: number, string, boolean and null are the literal types;
 * `undefined` is an empty slot (what a unary operator leaves when its operand is not a literal,
 * and what an assignment leaves); a `VarRef` is a variable not yet looked up (the reference looks
 * variables up only when an operator consumes them); `ARGS` marks where a call's arguments begin.
 */

export type Literal = number | string | boolean | null;

/** A template value as an expression literal: scalars pass, null and missing are null, containers are not literals. */
export function fromData(r: unknown): Literal | undefined {
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

// Markers returned by the compiled closures (see compile.ts), and BAIL also by `compute`.
export const ENDED = Object.freeze({ ended: true });
export const BAIL = Object.freeze({ bail: true });
export const NONLIT = Object.freeze({ nonliteral: true });

/** String limit of the evaluation in progress (0: none); read by the fast path's concatenation. */
export let limit = 0;
/** Longest concatenation since it was last reset (read by `precompute`). */
let longest = 0;

/** Sets the string limit for an evaluation and returns the one it replaces. */
export function setStringLimit(maxStringLength: number): number {
  const outer = limit;
  limit = maxStringLength;
  return outer;
}

/** The longest concatenation since the last call, and starts counting afresh. */
export function takeLongest(): number {
  const value = longest;
  longest = 0;
  return value;
}

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
export const FN_MAX = 0;
export const FN_MIN = 1;
const FN_ABS = 2;
const FN_NUM = 3;
const FN_STR = 4;

export interface Scope {
  resolve(path: readonly (string | number)[]): unknown;
  setVar(name: string, value: unknown): void;
}

/** A statement compiled to closures (compile.ts). */
export type Fast = (scope: Scope) => unknown;

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
export function toNumber(v: Literal): number {
  return typeof v === 'number' ? v : otherToNumber(v);
}

function otherToNumber(v: Literal): number {
  if (typeof v === 'string') return stringToNumber(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

export function toBoolean(v: Literal): boolean {
  if (typeof v === 'boolean') return v;
  return v === null ? false : !!v;
}

export function toText(v: Literal): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return 'null';
}

// ---- operators -----------------------------------------------------------------------------

/**
 * A binary operator on two literals. BAIL when a concatenation would exceed the string limit
 * (the only failure once both operands are literals).
 */
export function compute(op: number, a: Literal, b: Literal): Literal | typeof BAIL {
  switch (op) {
    case 5 /* POW */:
      return toNumber(a) ** toNumber(b);
    case 6 /* MUL */:
      return toNumber(a) * toNumber(b);
    case 7 /* DIV */:
      return toNumber(a) / toNumber(b);
    case 8 /* MOD */:
      return toNumber(a) % toNumber(b);
    case 9 /* ADD */:
      {
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
      // biome-ignore lint/suspicious/noDoubleEquals: the language's == is JavaScript's loose equality
      return a == b;
    case 18 /* NEQ */:
      // biome-ignore lint/suspicious/noDoubleEquals: the language's != is JavaScript's loose inequality
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
    default:
      /* LOR */ return toBoolean(a) || toBoolean(b);
  }
}

/** The built-in function `fn` on its literal arguments; undefined when there are none. */
export function apply(fn: number, args: readonly Literal[]): Literal | undefined {
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
    default:
      /* bool */ return toBoolean(first);
  }
}
