/**
 * Expression parsing in one pass: the scanner hands each token straight to an operator-precedence
 * (shunting-yard) builder, which writes postfix statements (one per `;`) as opcode and operand
 * arrays. The error texts, and which errors appear together, follow the reference engine, since
 * they surface in template errors:
 *
 *  - scanning stops at the first malformed number or string or unexpected character;
 *  - an invalid function name or too many tokens stops taking tokens, but scanning goes on (and
 *    may still report a malformed literal after it);
 *  - statements only count when scanning reported nothing: then a `(` still open when a statement
 *    ends is reported and that statement dropped, and an unmatched `)` is reported and ends the
 *    build.
 */
import * as operators from './operators';
import type { Literal, Program } from './operators';
import { precompute } from './run';

// Opcodes, copied into locals once (see operators.ts on imported bindings in hot code).
const PUSH = operators.PUSH;
const POS = operators.POS;
const NEG = operators.NEG;
const LNOT = operators.LNOT;
const BNOT = operators.BNOT;
const POW = operators.POW;
const MUL = operators.MUL;
const DIV = operators.DIV;
const MOD = operators.MOD;
const ADD = operators.ADD;
const SUB = operators.SUB;
const SHL = operators.SHL;
const SHR = operators.SHR;
const LT = operators.LT;
const GT = operators.GT;
const LTEQ = operators.LTEQ;
const GTEQ = operators.GTEQ;
const EQ = operators.EQ;
const NEQ = operators.NEQ;
const SEQ = operators.SEQ;
const SNEQ = operators.SNEQ;
const BAND = operators.BAND;
const BXOR = operators.BXOR;
const BOR = operators.BOR;
const LAND = operators.LAND;
const LOR = operators.LOR;
const ASN = operators.ASN;
const CALL = operators.CALL;
const SEMI = operators.SEMI;
const COMMA = operators.COMMA;
const LPRN = operators.LPRN;
const RPRN = operators.RPRN;
const ARGS = operators.ARGS;

/** Binding strength by opcode (higher binds tighter), and right associativity. */
const PREC: number[] = [];
const RIGHT: boolean[] = [];
for (const [ops, prec, right] of [
  [[POS, NEG, LNOT, BNOT], 17, true],
  [[POW], 16, true],
  [[MUL, DIV, MOD], 15, false],
  [[ADD, SUB], 14, false],
  [[SHL, SHR], 13, false],
  [[LT, GT, LTEQ, GTEQ], 12, false],
  [[EQ, NEQ, SEQ, SNEQ], 11, false],
  [[BAND], 10, false],
  [[BXOR], 9, false],
  [[BOR], 8, false],
  [[LAND], 7, false],
  [[LOR], 6, false],
  [[ASN], 3, true],
  [[SEMI, LPRN, RPRN], 1, false],
  [[COMMA], 1, true],
] as [number[], number, boolean][]) {
  for (const op of ops) {
    PREC[op] = prec;
    RIGHT[op] = right;
  }
}

/** On the builder's operator stack, a pending call is its function id plus this. */
const CALL_BASE = 100;

/** The last token taken, for the unary and call rules. */
const NONE = -1;
const OPERAND = -2;

/** Named constants, recognised only as a whole single-segment name. */
function constant(name: string): Literal | undefined {
  switch (name) {
    case 'null':
      return null;
    case 'true':
      return true;
    case 'false':
      return false;
    case 'PI':
      return Math.PI;
    case 'E':
      return Math.E;
    case 'Infinity':
      return Infinity;
    case 'NaN':
      return NaN;
    default:
      return undefined;
  }
}

/** `[A-Za-z]` */
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** `[A-Za-z0-9_-]`: what may follow the first letter of a name. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/**
 * The end of one segment of a variable reference starting at `i`, or -1: digits; a name (a
 * letter, then letters, digits, `_` or `-`) optionally prefixed by `@` or `$`; or a bare `@`.
 */
function segmentEnd(s: string, i: number): number {
  let c = s.charCodeAt(i);
  if (c >= 48 && c <= 57) {
    do c = s.charCodeAt(++i);
    while (c >= 48 && c <= 57);
    return i;
  }
  if (c === 64 || c === 36) {
    // @name, $name, or a bare @
    if (!isLetter(s.charCodeAt(i + 1))) return c === 64 ? i + 1 : -1;
    i++;
  } else if (!isLetter(c)) return -1;
  i++;
  while (isNameChar(s.charCodeAt(i))) i++;
  return i;
}

/** A path segment: all-digit segments become numbers when they fit in 31 bits. */
function segment(s: string, start: number, end: number): string | number {
  const text = s.slice(start, end);
  const c = s.charCodeAt(start);
  if (c >= 48 && c <= 57) {
    const n = parseInt(text, 10);
    if (n <= 0x7fffffff) return n;
  }
  return text;
}

function describeChar(c: string): string {
  switch (c) {
    case '\b':
      return 'backspace';
    case '\f':
      return 'form feed';
    case '\n':
      return 'line feed';
    case '\r':
      return 'carriage return';
    case '\t':
      return 'tab';
    default:
      return c <= '\u001f' ? 'control character' : 'character';
  }
}

/** Control characters a string escape may not produce; they become a space. */
function isBannedCode(code: number): boolean {
  return code <= 0x08 || (code >= 0x0e && code < 0x20);
}

const mismatched = (op: number): string => `Mismatched operator found: ${operators.DESCS[op] as string}`;

/** A postfix statement: `code[i]` an opcode, `data[i]` its operand (value, VarRef, ARGS or function id). */
export interface Statement {
  code: number[];
  data: unknown[];
}

export interface ParseOutput {
  /** Postfix statements (also when there are errors: the debug listing shows what was built). */
  statements: Statement[];
  errors: string[];
}

class Parser {
  /** Errors that stop taking tokens: scanning errors, invalid functions, the token limit. */
  readonly errors: string[] = [];
  /** Errors of the build; they count only when scanning reported nothing. */
  readonly buildErrors: string[] = [];
  readonly statements: Statement[] = [];

  private count = 0;
  /** The last token: NONE, OPERAND, or an operator's opcode. */
  private last = NONE;
  /** The last token's variable, when it was one. */
  private lastRef: operators.VarRef | null = null;
  private code: number[] = [];
  private data: unknown[] = [];
  /** Pending operators: opcodes, and calls as CALL_BASE + function id. */
  private readonly ops: number[] = [];
  /** Set by an unmatched `)`: the build is over. */
  private built = false;

  constructor(
    private readonly src: string,
    private readonly maxTokens: number,
  ) {}

  // ---- building ----------------------------------------------------------------------------

  /** Takes a literal or a variable. */
  private operand(value: unknown): void {
    if (this.errors.length > 0) return;
    this.last = OPERAND;
    this.lastRef = value instanceof operators.VarRef ? value : null;
    if (!this.built) {
      this.code.push(PUSH);
      this.data.push(value);
    }
    this.counted();
  }

  /** Takes an operator token. */
  private operator(op: number): void {
    if (this.errors.length > 0) return;
    const last = this.last;
    if (op === ADD || op === SUB) {
      // at the start, or after an operator other than `)`, these are the unary forms
      if (last !== OPERAND && last !== RPRN) op = op === SUB ? NEG : POS;
    } else if (op === LPRN && last === OPERAND && this.lastRef !== null && this.lastRef.path.length === 1) {
      // a single name before `(` must be a built-in function, and the pair becomes a call
      const name = this.lastRef.path[0] as string;
      const fn = operators.FUNCTION_NAMES.indexOf(name);
      if (fn < 0) {
        this.errors.push(`Invalid function ${name}`);
        return;
      }
      if (!this.built) {
        this.code[this.code.length - 1] = PUSH;
        this.data[this.data.length - 1] = ARGS;
        this.ops.push(CALL_BASE + fn);
      }
    }
    this.last = op;
    this.lastRef = null;
    if (!this.built) this.order(op);
    this.counted();
  }

  private counted(): void {
    if (++this.count > this.maxTokens && this.maxTokens > 0) {
      this.errors.push(`Expression exceeds the maximum number of allowed tokens: ${this.maxTokens}`);
    }
  }

  /** Moves one pending operator (or call) to the output. */
  private emit(op: number): void {
    if (op >= CALL_BASE) {
      this.code.push(CALL);
      this.data.push(op - CALL_BASE);
    } else {
      this.code.push(op);
      this.data.push(undefined);
    }
  }

  /** The shunting-yard step for one operator. */
  private order(op: number): void {
    const ops = this.ops;
    switch (op) {
      case SEMI:
        this.flush();
        this.code = [];
        this.data = [];
        return;
      case LPRN:
        ops.push(op);
        return;
      case COMMA:
        this.popToParen();
        return;
      case RPRN: {
        this.popToParen();
        if (ops.length === 0) {
          this.buildErrors.push(mismatched(RPRN));
          this.built = true;
          return;
        }
        ops.pop();
        const top = ops[ops.length - 1];
        if (top !== undefined && top >= CALL_BASE) this.emit(ops.pop() as number);
        return;
      }
    }
    const prec = PREC[op] as number;
    for (;;) {
      const top = ops[ops.length - 1];
      if (top === undefined) break;
      if (top < CALL_BASE) {
        const p = PREC[top] as number;
        if (top === LPRN || !(p > prec || (p === prec && !RIGHT[top]))) break;
      }
      this.emit(ops.pop() as number);
    }
    ops.push(op);
  }

  private popToParen(): void {
    const ops = this.ops;
    while (ops.length > 0 && ops[ops.length - 1] !== LPRN) this.emit(ops.pop() as number);
  }

  /** Ends a statement: moves the pending operators out; an open `(` drops the statement. */
  private flush(): void {
    const ops = this.ops;
    while (ops.length > 0) {
      const op = ops.pop() as number;
      if (op === LPRN || op === RPRN) {
        this.buildErrors.push(mismatched(op));
        return;
      }
      this.emit(op);
    }
    if (this.code.length > 0) this.statements.push({ code: this.code, data: this.data });
  }

  finish(): void {
    if (!this.built) this.flush();
  }

  // ---- scanning ----------------------------------------------------------------------------

  scan(): void {
    const s = this.src;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        const next = s.charCodeAt(i + 1);
        i = c === 48 && (next === 120 || next === 88) ? this.hexNumber(i + 2) : this.decimalNumber(i);
        if (i < 0) return;
        continue;
      }
      let op: number;
      switch (c) {
        case 32: // space, line feed, tab, carriage return, no-break space
        case 10:
        case 9:
        case 13:
        case 0xa0:
          i++;
          continue;
        case 34: // "
        case 39: // '
          i = this.string(i + 1, c);
          if (i < 0) return;
          continue;
        case 42: // * **
          if (s.charCodeAt(i + 1) === 42) {
            i++;
            op = POW;
          } else op = MUL;
          break;
        case 47:
          op = DIV;
          break;
        case 37:
          op = MOD;
          break;
        case 43:
          op = ADD;
          break;
        case 45:
          op = SUB;
          break;
        case 61: // = == ===
          if (s.charCodeAt(i + 1) === 61) {
            i++;
            if (s.charCodeAt(i + 1) === 61) {
              i++;
              op = SEQ;
            } else op = EQ;
          } else op = ASN;
          break;
        case 33: // ! != !==
          if (s.charCodeAt(i + 1) === 61) {
            i++;
            if (s.charCodeAt(i + 1) === 61) {
              i++;
              op = SNEQ;
            } else op = NEQ;
          } else op = LNOT;
          break;
        case 60: {
          // < << <=
          const next = s.charCodeAt(i + 1);
          if (next === 60) {
            i++;
            op = SHL;
          } else if (next === 61) {
            i++;
            op = LTEQ;
          } else op = LT;
          break;
        }
        case 62: {
          // > >> >=
          const next = s.charCodeAt(i + 1);
          if (next === 62) {
            i++;
            op = SHR;
          } else if (next === 61) {
            i++;
            op = GTEQ;
          } else op = GT;
          break;
        }
        case 126:
          op = BNOT;
          break;
        case 38: // & &&
          if (s.charCodeAt(i + 1) === 38) {
            i++;
            op = LAND;
          } else op = BAND;
          break;
        case 124: // | ||
          if (s.charCodeAt(i + 1) === 124) {
            i++;
            op = LOR;
          } else op = BOR;
          break;
        case 94:
          op = BXOR;
          break;
        case 44:
          op = COMMA;
          break;
        case 59:
          op = SEMI;
          break;
        case 40:
          op = LPRN;
          break;
        case 41:
          op = RPRN;
          break;
        default: {
          // a variable reference: segments joined by dots
          let end = segmentEnd(s, i);
          if (end < 0) {
            const ch = s[i] as string;
            this.errors.push(`Unexpected ${describeChar(ch)} at ${i}: ${JSON.stringify(ch)}`);
            return;
          }
          const first = segment(s, i, end);
          let path: (string | number)[] | null = null;
          while (s.charCodeAt(end) === 46 /* . */) {
            const next = segmentEnd(s, end + 1);
            if (next < 0) break;
            (path ??= [first]).push(segment(s, end + 1, next));
            end = next;
          }
          i = end;
          const k = path === null && typeof first === 'string' ? constant(first) : undefined;
          this.operand(k !== undefined ? k : new operators.VarRef(path ?? [first]));
          continue;
        }
      }
      this.operator(op);
      i++;
    }
  }

  /** Scans a decimal number at `i`; returns the offset after it, or -1 after recording an error. */
  private decimalNumber(i: number): number {
    const s = this.src;
    const end = operators.scanDecimal(s, i, s.length);
    if (end < 0) {
      this.errors.push(
        end === operators.DEC_EXPONENT_DIGIT
          ? 'Expected a digit after exponent in decimal number'
          : end === operators.DEC_DUPLICATE_DOT
            ? 'Duplicate decimal point in number'
            : 'Unexpected decimal point in exponent',
      );
      return -1;
    }
    // short runs of digits are worked out directly; anything else goes through parseFloat
    let value = 0;
    let j = i;
    if (end - i <= 15) {
      for (; j < end; j++) {
        const c = s.charCodeAt(j);
        if (c < 48 || c > 57) break;
        value = value * 10 + (c - 48);
      }
    }
    this.operand(j === end ? value : parseFloat(s.slice(i, end)));
    return end;
  }

  /** Scans the digits of a hex number starting at `i` (after `0x`). */
  private hexNumber(i: number): number {
    const end = operators.scanHex(this.src, i, this.src.length);
    if (end === i) {
      this.errors.push('Expected digits after start of hex number');
      return -1;
    }
    this.operand(parseInt(this.src.slice(i, end), 16));
    return end;
  }

  /** Scans a string body starting at `i` up to the closing `quote`; returns the offset after it, or -1. */
  private string(i: number, quote: number): number {
    const s = this.src;
    const n = s.length;
    let out = '';
    let run = i; // start of the current run of plain characters
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 92 /* \ */ && i + 1 < n) {
        out += s.slice(run, i);
        const e = s.charCodeAt(i + 1);
        i += 2;
        switch (e) {
          case 110:
            out += '\n';
            break;
          case 116:
            out += '\t';
            break;
          case 102:
            out += '\f';
            break;
          case 114:
            out += '\r';
            break;
          case 120: {
            // \xHH: exactly two hex digits, and the text must go on after them
            const lim = i + 2;
            if (lim >= n || operators.scanHex(s, i, lim) !== lim) {
              this.errors.push('Invalid 2-char hex escape found');
              return -1;
            }
            const code = parseInt(s.slice(i, lim), 16);
            out += isBannedCode(code) ? ' ' : String.fromCharCode(code);
            i = lim;
            break;
          }
          case 117:
          case 85: {
            // \uHHHH or \UHHHHHHHH
            const lim = i + (e === 117 ? 4 : 8);
            if (operators.scanHex(s, i, Math.min(lim, n)) !== lim) {
              this.errors.push('Invalid unicode escape found');
              return -1;
            }
            let code = parseInt(s.slice(i, lim), 16);
            if (isBannedCode(code) || code > 0x10ffff) out += ' ';
            else if (code > 0xffff) {
              code -= 0x10000;
              out += String.fromCharCode(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
            } else out += String.fromCharCode(code);
            i = lim;
            break;
          }
          default:
            out += String.fromCharCode(e);
        }
        run = i;
        continue;
      }
      if (c === quote) {
        this.operand(out + s.slice(run, i));
        return i + 1;
      }
      if (c === 10 || c === 13) {
        this.errors.push(`Illegal bare ${c === 10 ? 'line feed' : 'carriage return'} character in string literal`);
        return -1;
      }
      i++;
    }
    this.errors.push('Unterminated string');
    return -1;
  }
}

/** Scans and orders `source` into postfix statements. */
export function parseStatements(source: string, maxTokens: number): ParseOutput {
  const parser = new Parser(source, maxTokens);
  parser.scan();
  // With scanning errors the token stream is incomplete: the reference builds nothing then.
  if (parser.errors.length > 0) return { statements: [], errors: parser.errors };
  parser.finish();
  return { statements: parser.statements, errors: parser.buildErrors };
}

/** Prepares a statement for evaluation: worked out now when it reads no variables. */
export function pack(st: Statement): Program {
  const fixed = precompute(st.code, st.data);
  return { code: st.code, data: st.data, fixed, fast: fixed === null ? undefined : null, runs: 0 };
}

/** The reference's debug rendering of one postfix item. */
function itemText(op: number, operand: unknown): string {
  if (op === CALL) return `${operators.FUNCTION_NAMES[operand as number] as string}()`;
  if (op !== PUSH) return `<${operators.DESCS[op] as string}>`;
  if (operand === ARGS) return '<args>';
  if (operand instanceof operators.VarRef) return operand.path.join('.');
  return typeof operand === 'string' ? JSON.stringify(operand) : String(operand);
}

/** `EVAL=[[...], ...]`: the listing the reference prints for a `#`-prefixed expression. */
export function listing(statements: readonly Statement[]): string {
  return `EVAL=[${statements.map((st) => `[${st.code.map((op, i) => itemText(op, st.data[i])).join(' ')}]`).join(', ')}]`;
}
