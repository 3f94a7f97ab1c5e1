/**
 * Reads the inside of one `{...}` tag into an instruction, or null when the tag is not a valid
 * instruction (the parser then keeps it as literal text, as the reference engine does).
 *
 * A TagReader walks the tag from `pos` up to `end` (the index of the closing brace) with sticky
 * regular expressions; no pattern can cross the closing brace, so matching the whole source is safe.
 */
import type { Path } from '../plugins/types';
import { messages } from '../errors';
import { Op, type FormatterCall, type ParsedInst } from './instructions';

const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `(?:\\d+|[@$]?${WORD}|@)`;

const RE_WORD = new RegExp(WORD, 'y');
const RE_VARIABLE = new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`, 'y');
const RE_DEFINITION = new RegExp(`@${WORD}`, 'y');
const RE_PREDICATE = new RegExp(`${WORD}\\?`, 'y');
const RE_WHITESPACE = /[ \f\n\r\t\v]+/y;
const RE_SEPARATOR = / *, */y;
const RE_OPERATOR = /&&|\|\|/y;
const RE_FILE_PATH = /[./a-zA-Z0-9_-]+/y;
const RE_FORMATTER_ARGS = /[^|}]+/y;
const RE_INSTRUCTION_ARGS = /[^}]+/y;
const RE_DIGITS = /^\d+$/;

/** Instruction keywords after the leading '.', tried in order (first match wins, as a prefix). */
const KEYWORDS: ReadonlyArray<readonly [string, Op | 'meta-left' | 'meta-right' | 'newline' | 'space' | 'tab']> = [
  ['alternates with', Op.AlternatesWith],
  ['ctx', Op.Ctxvar],
  ['end', Op.End],
  ['eof', Op.Eof],
  ['eval', Op.Eval],
  ['if', Op.If],
  ['include', Op.Include],
  ['inject', Op.Inject],
  ['macro', Op.Macro],
  ['meta-left', 'meta-left'],
  ['meta-right', 'meta-right'],
  ['newline', 'newline'],
  ['or', Op.OrPredicate],
  ['repeated section', Op.Repeated],
  ['section', Op.Section],
  ['space', 'space'],
  ['tab', 'tab'],
  ['var', Op.Bindvar],
];

const CHARACTER_INSTRUCTIONS: Record<string, string> = {
  'meta-left': '{',
  'meta-right': '}',
  newline: '\n',
  space: ' ',
  tab: '\t',
};

/** Splits `a.b.0` into path segments; all-digit segments that fit in 31 bits become numbers. */
export function splitVariable(name: string): Path {
  const parts: (string | number)[] = name.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (RE_DIGITS.test(part)) {
      const n = parseInt(part, 10);
      if (n <= 0x7fffffff) parts[i] = n;
    }
  }
  return parts;
}

/** Splits raw arguments: the first character is the delimiter. */
function splitArgs(raw: string): string[] {
  return raw.slice(1).split(raw[0] as string);
}

export interface TagSink {
  formatterExists(name: string): boolean;
  predicateExists(name: string): boolean;
  error(message: string, at: number): void;
}

export class TagReader {
  private pos = 0;
  private end = 0;
  private tagStart = 0;

  constructor(
    private readonly src: string,
    private readonly sink: TagSink,
  ) {}

  /** Reads the tag whose content spans [start, end). */
  read(start: number, end: number): ParsedInst | null {
    this.tagStart = start - 1;
    this.pos = start;
    this.end = end;
    const src = this.src;
    if (src.charCodeAt(start) === 35 /* # */) {
      return { op: Op.Comment, text: src.slice(start + 1, end), multiLine: false };
    }
    if (src.charCodeAt(start) !== 46 /* . */) return this.variableTag();
    this.pos = start + 1;
    return this.instructionTag();
  }

  private match(re: RegExp, at = this.pos): string | null {
    re.lastIndex = at;
    const m = re.exec(this.src);
    return m === null ? null : m[0];
  }

  private get complete(): boolean {
    return this.pos === this.end;
  }

  private skipSpace(): boolean {
    if (this.src.charCodeAt(this.pos) !== 32) return false;
    this.pos++;
    return true;
  }

  private skipWhitespace(): boolean {
    const ws = this.match(RE_WHITESPACE);
    if (ws === null) return false;
    this.pos += ws.length;
    return true;
  }

  private variableTag(): ParsedInst | null {
    const vars = this.variables();
    if (vars === null) return null;
    const formatters = this.formatters();
    if (formatters === null || !this.complete || !this.knownFormatters(formatters)) return null;
    return { op: Op.Variable, at: this.tagStart, vars, formatters };
  }

  /** One or more comma-separated variable references; null if none or a dangling separator. */
  private variables(): Path[] | null {
    const result: Path[] = [];
    let at = this.pos;
    for (;;) {
      const ref = this.match(RE_VARIABLE, at);
      if (ref === null) return null;
      result.push(splitVariable(ref));
      at += ref.length;
      this.pos = at;
      const sep = this.match(RE_SEPARATOR, at);
      if (sep === null || sep.length === 0) break;
      at += sep.length;
    }
    return result;
  }

  /**
   * The `|name args|name args` chain. Returns [] when there is none, and null when the chain is
   * malformed or names an unknown formatter (the tag is then literal text).
   */
  private formatters(): FormatterCall[] | null {
    const src = this.src;
    let at = this.pos;
    if (src.charCodeAt(at) !== 124 /* | */) return [];
    at++;
    if (src.charCodeAt(at) === 124) return [];
    const calls: FormatterCall[] = [];
    for (;;) {
      const name = this.match(RE_WORD, at);
      if (name === null) {
        if (calls.length > 0) return null;
        return [];
      }
      at += name.length;
      const raw = this.match(RE_FORMATTER_ARGS, at);
      let args: readonly string[] = NO_ARGS;
      if (raw !== null) {
        args = splitArgs(raw);
        at += raw.length;
      }
      calls.push({ name, args });
      this.pos = at;
      if (src.charCodeAt(at) !== 124) break;
      at++;
    }
    return calls;
  }

  /** An unknown formatter makes the whole tag literal text (after reporting it). */
  private knownFormatters(calls: readonly FormatterCall[]): boolean {
    for (const call of calls) {
      if (!this.sink.formatterExists(call.name)) {
        this.sink.error(messages.formatterUnknown(call.name), this.tagStart);
        return false;
      }
    }
    return true;
  }

  /** Arguments of a predicate or instruction: everything up to the brace, split on its first character. */
  private instructionArgs(): string[] | null {
    const raw = this.match(RE_INSTRUCTION_ARGS);
    if (raw === null) return null;
    this.pos += raw.length;
    const args = splitArgs(raw);
    return args.length === 1 && args[0] === '' ? [] : args;
  }

  private predicateName(): string | null {
    const name = this.match(RE_PREDICATE);
    if (name === null) return null;
    if (!this.sink.predicateExists(name)) this.sink.error(messages.predicateUnknown(name), this.tagStart);
    this.pos += name.length;
    return name;
  }

  private instructionTag(): ParsedInst | null {
    const predicate = this.predicateTag();
    if (predicate !== undefined) return predicate;
    const src = this.src;
    let keyword: (typeof KEYWORDS)[number] | undefined;
    for (const entry of KEYWORDS) {
      if (src.startsWith(entry[0], this.pos)) {
        keyword = entry;
        break;
      }
    }
    if (keyword === undefined) return null;
    this.pos += keyword[0].length;
    const kind = keyword[1];
    if (typeof kind === 'string') {
      return this.complete ? { op: Op.Text, text: CHARACTER_INSTRUCTIONS[kind] as string } : null;
    }
    const at = this.tagStart;
    switch (kind) {
      case Op.AlternatesWith:
      case Op.End:
      case Op.Eof:
        return this.complete ? { op: kind, at } : null;
      case Op.Bindvar:
        return this.bindvarTag();
      case Op.Ctxvar:
        return this.ctxvarTag();
      case Op.Eval:
        return this.skipWhitespace() ? { op: Op.Eval, at, source: src.slice(this.pos, this.end) } : null;
      case Op.If:
        return this.ifTag();
      case Op.Include:
        return this.includeTag();
      case Op.Inject:
        return this.injectTag();
      case Op.Macro:
        return this.macroTag();
      case Op.OrPredicate:
        return this.orTag();
      case Op.Repeated:
      case Op.Section:
        return this.sectionTag(kind);
      default:
        return null;
    }
  }

  /** `{.name? args}`; undefined when the tag does not start with a predicate name. */
  private predicateTag(): ParsedInst | null | undefined {
    const name = this.predicateName();
    if (name === null) return undefined;
    const args = this.instructionArgs() ?? NO_ARGS;
    if (!this.complete) return null;
    return { op: Op.Predicate, at: this.tagStart, name, args, consequent: [], alternate: null };
  }

  private orTag(): ParsedInst | null {
    let name: string | null = null;
    let args: readonly string[] = NO_ARGS;
    if (this.skipSpace()) {
      name = this.predicateName();
      if (name === null) return null;
      args = this.instructionArgs() ?? NO_ARGS;
    }
    if (!this.complete) return null;
    return { op: Op.OrPredicate, at: this.tagStart, name, args, consequent: [], alternate: null };
  }

  private definition(): string | null {
    if (!this.skipSpace()) return null;
    const name = this.match(RE_DEFINITION);
    if (name === null) return null;
    this.pos += name.length;
    return this.skipSpace() ? name : null;
  }

  private bindvarTag(): ParsedInst | null {
    const name = this.definition();
    if (name === null) return null;
    const vars = this.variables();
    if (vars === null) return null;
    const formatters = this.formatters();
    if (formatters === null || !this.complete || !this.knownFormatters(formatters)) return null;
    return { op: Op.Bindvar, at: this.tagStart, name, vars, formatters };
  }

  private ctxvarTag(): ParsedInst | null {
    const name = this.definition();
    if (name === null) return null;
    const bindings: [string, Path][] = [];
    const src = this.src;
    for (;;) {
      const key = this.match(RE_WORD);
      if (key === null || src.charCodeAt(this.pos + key.length) !== 61 /* = */) break;
      const ref = this.match(RE_VARIABLE, this.pos + key.length + 1);
      if (ref === null) break;
      bindings.push([key, splitVariable(ref)]);
      this.pos += key.length + 1 + ref.length;
      this.skipWhitespace();
    }
    if (bindings.length === 0 || !this.complete) return null;
    return { op: Op.Ctxvar, at: this.tagStart, name, bindings };
  }

  private ifTag(): ParsedInst | null {
    if (!this.skipWhitespace()) return null;
    const predicate = this.predicateTag();
    if (predicate !== undefined) return predicate;
    const vars: Path[] = [];
    const operators: boolean[] = [];
    for (;;) {
      const ref = this.match(RE_VARIABLE);
      if (ref === null) {
        if (operators.length > 0) return null;
        break;
      }
      vars.push(splitVariable(ref));
      this.pos += ref.length;
      this.skipWhitespace();
      const op = this.match(RE_OPERATOR);
      if (op === null) break;
      operators.push(op === '&&');
      this.pos += op.length;
      this.skipWhitespace();
    }
    if (!this.complete) return null;
    return { op: Op.If, at: this.tagStart, operators, vars, consequent: [], alternate: null };
  }

  private includeTag(): ParsedInst | null {
    if (this.src.charCodeAt(this.pos) !== 32) return null;
    const args = this.instructionArgs();
    if (args === null || args.length === 0) return null;
    return { op: Op.Include, at: this.tagStart, name: args[0] as string, args: args.slice(1) };
  }

  private injectTag(): ParsedInst | null {
    const name = this.definition();
    if (name === null) return null;
    const path = this.match(RE_FILE_PATH);
    if (path === null) return null;
    return { op: Op.Inject, at: this.tagStart, name, path };
  }

  private macroTag(): ParsedInst | null {
    if (!this.skipSpace()) return null;
    const name = this.match(RE_FILE_PATH);
    if (name === null) return null;
    this.pos += name.length;
    if (!this.complete) return null;
    return { op: Op.Macro, at: this.tagStart, name, consequent: [] };
  }

  private sectionTag(op: Op.Section | Op.Repeated): ParsedInst | null {
    if (!this.skipWhitespace()) return null;
    const ref = this.match(RE_VARIABLE);
    if (ref === null) return null;
    this.pos += ref.length;
    if (!this.complete) return null;
    const path = splitVariable(ref);
    return op === Op.Section
      ? { op, at: this.tagStart, path, consequent: [], alternate: null }
      : { op, at: this.tagStart, path, consequent: [], alternatesWith: [], alternate: null };
  }
}

const NO_ARGS: readonly string[] = Object.freeze([]);
