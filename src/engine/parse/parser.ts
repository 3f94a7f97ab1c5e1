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
const OPEN_BRACE = 123;
const CARET = 94;

/**
 * The last opener in [from, close) (there is one at `from`). A hand-written backward scan: the tag
 * is short, and String.prototype.lastIndexOf costs more than the scan itself.
 */
function innermostOpener(source: string, from: number, close: number, preprocess: boolean): number {
  for (let i = close - 1; i > from; i--) {
    if (source.charCodeAt(i) === OPEN_BRACE && (!preprocess || source.charCodeAt(i + 1) === CARET)) return i;
  }
  return from;
}

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
  for (;;) {
    let start = source.indexOf(opener, idx);
    if (start === -1) break;
    if (source.charCodeAt(start + width) === HASH && source.charCodeAt(start + width + 1) === HASH) {
      // {## multi-line comment ##}, or to the end of the template when unterminated
      text(idx, start);
      const close = source.indexOf('##}', start + width + 2);
      const end = close === -1 ? len : close;
      assembler.accept({ op: Op.Comment, text: source.slice(start + width + 2, end), multiLine: true });
      idx = close === -1 ? len : close + 3;
      continue;
    }
    // The tag is the innermost opener before the first closing brace.
    const close = source.indexOf('}', start + width);
    if (close === -1) break;
    start = innermostOpener(source, start, close, preprocess);
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
