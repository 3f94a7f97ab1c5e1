/**
 * Parser: splits a template into text and tags and feeds the instructions to the assembler.
 * A tag that does not read as an instruction stays literal text.
 */
import { positionOf, type TemplateError } from '../errors';
import { Assembler } from './assembler';
import { Op, type Inst } from './instructions';
import { TagReader, type TagSink } from './tags';

export interface NameRegistry {
  formatterExists(name: string): boolean;
  predicateExists(name: string): boolean;
}

export interface ParseResult {
  root: Inst[];
  errors: TemplateError[];
}

export function parse(source: string, names: NameRegistry): ParseResult {
  const errors: TemplateError[] = [];
  const report = (type: TemplateError['type'], message: string, at: number) =>
    errors.push({ type, message, ...positionOf(source, at) });
  const sink: TagSink = {
    formatterExists: (name) => names.formatterExists(name),
    predicateExists: (name) => names.predicateExists(name),
    error: (message, at) => report('parser', message, at),
  };
  const assembler = new Assembler((message, at) => report('assembler', message, at));
  const reader = new TagReader(source, sink);
  const text = (start: number, end: number) => {
    if (start < end) assembler.accept({ op: Op.Text, text: source.slice(start, end) });
  };

  const len = source.length;
  let idx = 0;
  for (;;) {
    let start = source.indexOf('{', idx);
    if (start === -1) break;
    if (source.charCodeAt(start + 1) === 35 && source.charCodeAt(start + 2) === 35) {
      // {## multi-line comment ##}, or to the end of the template when unterminated
      text(idx, start);
      const close = source.indexOf('##}', start + 3);
      assembler.accept({ op: Op.Comment, text: source.slice(start + 3, close === -1 ? len : close), multiLine: true });
      idx = close === -1 ? len : close + 3;
      continue;
    }
    let close = -1;
    for (let i = start + 1; i < len; i++) {
      const ch = source.charCodeAt(i);
      if (ch === 123 /* { */) start = i;
      else if (ch === 125 /* } */) {
        close = i;
        break;
      }
    }
    if (close === -1) break;
    text(idx, start);
    const inst = reader.read(start + 1, close);
    if (inst === null) text(start, close + 1);
    else assembler.accept(inst);
    idx = close + 1;
  }
  text(idx, len);
  assembler.accept({ op: Op.Eof, at: len });
  return { root: assembler.finish(), errors };
}
