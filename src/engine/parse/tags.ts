/**
 * Reads the inside of one `{...}` tag into an instruction, or null when the tag is not a valid
 * instruction (the parser then keeps it as literal text, as the reference engine does).
 *
 * A TagReader walks the tag from `pos` up to `end` (the index of the closing brace) with the
 * scanners of ./scan; none of them can cross the closing brace.
 */
import { messages } from '../errors';
import type { Path } from '../plugins/types';
import { Op, type FormatterCall, type ParsedInst } from './instructions';
import type { NameTable } from './names';
import {
  matchesAt,
  readVariable,
  scanFilePath,
  scanFormatterArgs,
  scanSeparator,
  scanWhitespace,
  scanWord,
} from './scan';

/**
 * Instruction keywords after the leading '.'. The reference matches them as prefixes, but every
 * keyword must be followed by a character that cannot continue a word for the tag to be valid, so
 * matching the tag's first word exactly (then the rest of a two-word keyword) is the same rule.
 */
type KeywordKind = Op | 'meta-left' | 'meta-right' | 'newline' | 'space' | 'tab';
interface Keyword {
  readonly text: string;
  /** Length of its first word. */
  readonly wordLength: number;
  readonly kind: KeywordKind;
}
const KEYWORDS: readonly Keyword[] = (
  [
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
  ] as const
).map(([text, kind]) => ({ text, kind, wordLength: text.split(' ')[0]?.length ?? 0 }));

/**
 * Keywords by the first letter and the length of their first word (only `end` and `eof` share a
 * slot). Every first letter is a lowercase ASCII letter and no first word is 16 letters long.
 */
const MAX_WORD = 16;
const KEYWORD_SLOTS: Keyword[][] = Array.from({ length: 128 * MAX_WORD }, () => []);
for (const keyword of KEYWORDS)
  KEYWORD_SLOTS[keyword.text.charCodeAt(0) * MAX_WORD + keyword.wordLength]?.push(keyword);

const CHARACTER_INSTRUCTIONS: Record<string, string> = {
  'meta-left': '{',
  'meta-right': '}',
  newline: '\n',
  space: ' ',
  tab: '\t',
};

/** Splits the raw arguments in src[start, end) on their first character, the delimiter. */
function splitArgs(src: string, start: number, end: number): string[] {
  const delimiter = src.charCodeAt(start);
  const args: string[] = [];
  let from = start + 1;
  for (let i = from; i < end; i++) {
    if (src.charCodeAt(i) === delimiter) {
      args.push(src.slice(from, i));
      from = i + 1;
    }
  }
  args.push(src.slice(from, end));
  return args;
}

/** The formatter and predicate names a template may use. */
export interface NameRegistry {
  readonly formatters: NameTable;
  readonly predicates: NameTable;
}

export type TagErrorSink = (message: string, at: number) => void;

export class TagReader {
  private pos = 0;
  private end = 0;
  private tagStart = 0;
  /** The first unknown name in the last formatter chain read. */
  private unknownFormatter: string | null = null;
  /** Where the last readVariable() or name lookup stopped. */
  private readonly scanned = { at: 0 };

  constructor(
    private readonly src: string,
    private readonly names: NameRegistry,
    private readonly error: TagErrorSink,
  ) {}

  /** Reads the tag that opens at `tagStart` and whose content spans [start, end). */
  read(tagStart: number, start: number, end: number): ParsedInst | null {
    this.tagStart = tagStart;
    this.pos = start;
    this.end = end;
    const src = this.src;
    const first = src.charCodeAt(start);
    // A `{^...}` tag belongs to the preprocessor pass; the normal pass drops it like a comment.
    if (first === 35 /* # */ || first === 94 /* ^ */) {
      return { op: Op.Comment, text: src.slice(start + 1, end), multiLine: false };
    }
    if (first !== 46 /* . */) return this.variableTag();
    // `{.end}` and `{.or}` are half the tags of a typical page: they skip the general reading.
    const length = end - start;
    if (length === 4 && matchesAt(src, start + 1, 'end')) return { op: Op.End, at: tagStart };
    if (length === 3 && matchesAt(src, start + 1, 'or')) {
      return { op: Op.OrPredicate, at: tagStart, name: null, args: NO_ARGS, consequent: [], alternate: null };
    }
    this.pos = start + 1;
    return this.instructionTag();
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
    const end = scanWhitespace(this.src, this.pos);
    if (end === -1) return false;
    this.pos = end;
    return true;
  }

  /** A variable reference at `at`, leaving `pos` after it; null when there is none. */
  private variableAt(at: number, firstSegmentEnd?: number): Path | null {
    const path = readVariable(this.src, at, this.scanned, firstSegmentEnd);
    if (path !== null) this.pos = this.scanned.at;
    return path;
  }

  private variableTag(): ParsedInst | null {
    const vars = this.variables();
    if (vars === null) return null;
    const formatters = this.formatters();
    if (formatters === null || !this.complete || !this.knownFormatters()) return null;
    return { op: Op.Variable, at: this.tagStart, vars, formatters };
  }

  /** One or more comma-separated variable references; null if none or a dangling separator. */
  private variables(): Path[] | null {
    const result: Path[] = [];
    let at = this.pos;
    for (;;) {
      const path = this.variableAt(at);
      if (path === null) return null;
      result.push(path);
      at = scanSeparator(this.src, this.pos);
      if (at === -1) break;
    }
    return result;
  }

  /**
   * The `|name args|name args` chain. Returns [] when there is none, and null when the chain is
   * malformed or names an unknown formatter (the tag is then literal text).
   */
  private formatters(): readonly FormatterCall[] | null {
    this.unknownFormatter = null;
    const src = this.src;
    let at = this.pos;
    if (src.charCodeAt(at) !== 124 /* | */) return NO_CALLS;
    at++;
    if (src.charCodeAt(at) === 124) return NO_CALLS;
    const calls: FormatterCall[] = [];
    for (;;) {
      const name = this.names.formatters.findWord(src, at, this.scanned);
      const nameEnd = this.scanned.at;
      if (nameEnd === -1) {
        if (calls.length > 0) return null;
        return NO_CALLS;
      }
      if (name === undefined && this.unknownFormatter === null) this.unknownFormatter = src.slice(at, nameEnd);
      at = nameEnd;
      const argsEnd = scanFormatterArgs(src, at);
      let args: readonly string[] = NO_ARGS;
      if (argsEnd !== -1) {
        args = splitArgs(src, at, argsEnd);
        at = argsEnd;
      }
      if (name !== undefined) calls.push({ name, args });
      this.pos = at;
      if (src.charCodeAt(at) !== 124) break;
      at++;
    }
    return calls;
  }

  /** An unknown formatter makes a complete tag literal text, after reporting it. */
  private knownFormatters(): boolean {
    if (this.unknownFormatter === null) return true;
    this.error(messages.formatterUnknown(this.unknownFormatter), this.tagStart);
    return false;
  }

  /** Arguments of a predicate or instruction: everything up to the brace, split on its first character. */
  private instructionArgs(): string[] | null {
    if (this.pos >= this.end) return null;
    const args = splitArgs(this.src, this.pos, this.end);
    this.pos = this.end;
    return args.length === 1 && args[0] === '' ? [] : args;
  }

  /**
   * Reads the word at `pos` as a predicate name: when it ends in '?', returns the name (reporting
   * an unknown one) and moves past it. Otherwise returns null and leaves where the word ends in
   * `scanned.at` (-1 when there is no word).
   */
  private predicateAt(): string | null {
    const src = this.src;
    const start = this.pos;
    const known = this.names.predicates.findWord(src, start, this.scanned, QUESTION_MARK);
    const wordEnd = this.scanned.at;
    if (wordEnd === -1 || src.charCodeAt(wordEnd) !== QUESTION_MARK) return null;
    let name = known;
    if (name === undefined) {
      name = src.slice(start, wordEnd + 1);
      this.error(messages.predicateUnknown(name), this.tagStart);
    }
    this.pos = wordEnd + 1;
    return name;
  }

  private instructionTag(): ParsedInst | null {
    const src = this.src;
    const start = this.pos;
    const predicate = this.predicateAt();
    if (predicate !== null) return this.predicateTag(predicate);
    const wordEnd = this.scanned.at;
    if (wordEnd === -1) return null;
    const keyword = keywordAt(src, start, wordEnd);
    if (keyword === undefined) return null;
    this.pos += keyword.text.length;
    const kind = keyword.kind;
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

  /** `{.name? args}`, the name already read. */
  private predicateTag(name: string): ParsedInst | null {
    const args = this.instructionArgs() ?? NO_ARGS;
    if (!this.complete) return null;
    return { op: Op.Predicate, at: this.tagStart, name, args, consequent: [], alternate: null };
  }

  private orTag(): ParsedInst | null {
    let name: string | null = null;
    let args: readonly string[] = NO_ARGS;
    if (this.skipSpace()) {
      name = this.predicateAt();
      if (name === null) return null;
      args = this.instructionArgs() ?? NO_ARGS;
    }
    if (!this.complete) return null;
    return { op: Op.OrPredicate, at: this.tagStart, name, args, consequent: [], alternate: null };
  }

  private definition(): string | null {
    if (!this.skipSpace() || this.src.charCodeAt(this.pos) !== 64 /* @ */) return null;
    const end = scanWord(this.src, this.pos + 1);
    if (end === -1) return null;
    const name = this.src.slice(this.pos, end);
    this.pos = end;
    return this.skipSpace() ? name : null;
  }

  private bindvarTag(): ParsedInst | null {
    const name = this.definition();
    if (name === null) return null;
    const vars = this.variables();
    if (vars === null) return null;
    const formatters = this.formatters();
    if (formatters === null || !this.complete || !this.knownFormatters()) return null;
    return { op: Op.Bindvar, at: this.tagStart, name, vars, formatters };
  }

  private ctxvarTag(): ParsedInst | null {
    const name = this.definition();
    if (name === null) return null;
    const bindings: [string, Path][] = [];
    const src = this.src;
    for (;;) {
      const keyStart = this.pos;
      const keyEnd = scanWord(src, keyStart);
      if (keyEnd === -1 || src.charCodeAt(keyEnd) !== 61 /* = */) break;
      const path = this.variableAt(keyEnd + 1);
      if (path === null) break;
      bindings.push([src.slice(keyStart, keyEnd), path]);
      this.skipWhitespace();
    }
    if (bindings.length === 0 || !this.complete) return null;
    return { op: Op.Ctxvar, at: this.tagStart, name, bindings };
  }

  private ifTag(): ParsedInst | null {
    if (!this.skipWhitespace()) return null;
    const src = this.src;
    const predicate = this.predicateAt();
    if (predicate !== null) return this.predicateTag(predicate);
    const wordEnd = this.scanned.at;
    const vars: Path[] = [];
    const operators: boolean[] = [];
    // The word just scanned is the first variable's first segment.
    let firstSegmentEnd = wordEnd === -1 ? undefined : wordEnd;
    for (;;) {
      const path = this.variableAt(this.pos, firstSegmentEnd);
      firstSegmentEnd = undefined;
      if (path === null) {
        if (operators.length > 0) return null;
        break;
      }
      vars.push(path);
      this.skipWhitespace();
      const c = src.charCodeAt(this.pos);
      if ((c !== 38 /* & */ && c !== 124) /* | */ || src.charCodeAt(this.pos + 1) !== c) break;
      operators.push(c === 38);
      this.pos += 2;
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
    const end = scanFilePath(this.src, this.pos);
    if (end === -1) return null;
    return { op: Op.Inject, at: this.tagStart, name, path: this.src.slice(this.pos, end) };
  }

  private macroTag(): ParsedInst | null {
    if (!this.skipSpace()) return null;
    const end = scanFilePath(this.src, this.pos);
    if (end === -1) return null;
    const name = this.src.slice(this.pos, end);
    this.pos = end;
    if (!this.complete) return null;
    return { op: Op.Macro, at: this.tagStart, name, consequent: [] };
  }

  private sectionTag(op: Op.Section | Op.Repeated): ParsedInst | null {
    if (!this.skipWhitespace()) return null;
    const path = this.variableAt(this.pos);
    if (path === null || !this.complete) return null;
    return op === Op.Section
      ? { op, at: this.tagStart, path, consequent: [], alternate: null }
      : { op, at: this.tagStart, path, consequent: [], alternatesWith: [], alternate: null };
  }
}

/** The keyword whose first word spans [start, wordEnd) of `src`, if any. */
function keywordAt(src: string, start: number, wordEnd: number): Keyword | undefined {
  const initial = src.charCodeAt(start);
  const length = wordEnd - start;
  if (initial >= 128 || length >= MAX_WORD) return undefined;
  const candidates = KEYWORD_SLOTS[initial * MAX_WORD + length] as Keyword[];
  for (let i = 0; i < candidates.length; i++) {
    const keyword = candidates[i] as Keyword;
    if (matchesAt(src, start, keyword.text)) return keyword;
  }
  return undefined;
}

const QUESTION_MARK = 63;
const NO_ARGS: readonly string[] = Object.freeze([]);
const NO_CALLS: readonly FormatterCall[] = Object.freeze([]);
