/**
 * The fast path: a well-formed statement compiled to a tree of closures, built on its second run.
 * When a closure meets anything unusual (an error, an operand that is not a value) it hands the
 * statement back to the step-by-step evaluator (run.ts), which then decides.
 */
import {
  ADD,
  apply,
  ARGS,
  ASN,
  BAIL,
  BAND,
  BNOT,
  BOR,
  BXOR,
  CALL,
  compute,
  DIV,
  ENDED,
  fromData,
  EQ,
  FN_MAX,
  FN_MIN,
  GT,
  GTEQ,
  LAND,
  limit,
  LNOT,
  LOR,
  LT,
  LTEQ,
  MOD,
  MUL,
  NEG,
  NEQ,
  NONLIT,
  POS,
  POW,
  PUSH,
  SEQ,
  SHL,
  SHR,
  SNEQ,
  SUB,
  toBoolean,
  toNumber,
  VarRef,
  type Fast,
  type Literal,
  type Scope,
} from './operators';

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
  const value = fromData(scope.resolve(path));
  return value === undefined ? NONLIT : value;
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
        if (typeof a === 'string' && typeof b === 'string')
          return limit > 0 && a.length + b.length > limit ? BAIL : a + b;
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
        return typeof a === 'number' && typeof b === 'number' ? a ** b : slowBinary(op, a, b);
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
