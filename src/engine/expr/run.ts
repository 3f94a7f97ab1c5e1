/**
 * The step-by-step evaluator: runs a statement's postfix program on a stack with the reference's
 * exact semantics, quirks and error details included. It runs what the fast path (compile.ts)
 * hands back, works out variable-free statements ahead of time, and runs whole expressions.
 */
import { messages } from '../errors';
import { compileFast } from './compile';
import {
  apply,
  ARGS,
  compute,
  DESCS,
  ENDED,
  fromData,
  FUNCTION_NAMES,
  limit,
  setStringLimit,
  takeLongest,
  toBoolean,
  toNumber,
  VarRef,
  type Fixed,
  type Literal,
  type Program,
  type Scope,
} from './operators';

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
  for (let pc = 0; pc < n; pc++) {
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
        break;
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
      break;
    }
    if (op > 25 /* LOR */) {
      details = fail(details, `Unexpected operator found during evaluation: ${DESCS[op] ?? ''}`);
      break;
    }
    // Binary operators.
    const b = literal(sp > 0 ? stack[--sp] : undefined, scope);
    const a = literal(sp > 0 ? stack[--sp] : undefined, scope);
    if (a === undefined || b === undefined) {
      details = fail(details, `Invalid arguments to operator ${DESCS[op] as string}`);
      break;
    }
    const r = compute(op, a, b);
    if (typeof r === 'object' && r !== null) {
      details = fail(details, `Concatenation would exceed maximum string length ${limit}`);
      break;
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
export function runStatements(
  programs: readonly Program[],
  source: string,
  scope: Scope,
  maxStringLength: number,
): RunResult {
  let value: Literal | undefined;
  let errors: string[] | null = null;
  let stack: unknown[] | null = null;
  const outerLimit = setStringLimit(maxStringLength);
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
  setStringLimit(outerLimit);
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
  const outerLimit = setStringLimit(0);
  takeLongest();
  const value = runProgram({ code, data, fixed: null, fast: null, runs: 0 }, [], NO_SCOPE);
  const details = collected ?? [];
  collected = null;
  setStringLimit(outerLimit);
  return { value, details, longest: takeLongest() };
}
