/**
 * Parser: splits a template into text and tags and feeds the instructions to the assembler.
 * A tag that does not read as an instruction stays literal text.
 */
import { positionOf, type TemplateError } from '../errors';
import { Assembler } from './assembler';
import { Op, type Inst } from './instructions';
import { TagReader, type NameRegistry } from './tags';

export type { NameRegistry } from './tags';

export interface ParseResult {
  root: Inst[];
  errors: TemplateError[];
}

export interface ParseOptions {
  /**
   * Preprocessor pass: only `{^...}` tags are instructions and every other brace is text, so the
   * output is a template for the normal pass.
   */
  preprocess?: boolean;
}

const HASH = 35;

export function parse(source: string, names: NameRegistry, options: ParseOptions = {}): ParseResult {
  const errors: TemplateError[] = [];
  const report = (type: TemplateError['type'], message: string, at: number) =>
    errors.push({ type, message, ...positionOf(source, at) });
  const assembler = new Assembler((message, at) => report('assembler', message, at));
  const reader = new TagReader(source, names, (message, at) => report('parser', message, at));
  const text = (start: number, end: number) => {
    if (start < end) assembler.text(source.slice(start, end));
  };
  const preprocess = options.preprocess === true;
  const opener = preprocess ? '{^' : '{';
  const width = opener.length;

  const len = source.length;
  let idx = 0;
  // The next opener at or after idx: found by the previous tag's search for an inner opener.
  let next = source.indexOf(opener, 0);
  while (next !== -1) {
    let start = next;
    if (source.charCodeAt(start + width) === HASH && source.charCodeAt(start + width + 1) === HASH) {
      // {## multi-line comment ##}, or to the end of the template when unterminated
      text(idx, start);
      const close = source.indexOf('##}', start + width + 2);
      const end = close === -1 ? len : close;
      assembler.accept({ op: Op.Comment, text: source.slice(start + width + 2, end), multiLine: true });
      idx = close === -1 ? len : close + 3;
      next = source.indexOf(opener, idx);
      continue;
    }
    const close = source.indexOf('}', start + width);
    if (close === -1) break;
    // The tag is the innermost opener before the first closing brace. Searching forward (rather
    // than back from the brace) also finds the next tag's opener.
    next = source.indexOf(opener, start + 1);
    while (next !== -1 && next < close) {
      start = next;
      next = source.indexOf(opener, start + 1);
    }
    text(idx, start);
    const inst = reader.read(start, start + width, close);
    if (inst === null) text(start, close + 1);
    else assembler.accept(inst);
    idx = close + 1;
  }
  text(idx, len);
  assembler.accept({ op: Op.Eof, at: len });
  return { root: assembler.finish(), errors };
}
