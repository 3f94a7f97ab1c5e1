import { describe, expect, it } from 'vitest';
import { Op, type Inst } from './instructions';
import { NameTable } from './names';
import { parse } from './parser';

const names = {
  formatters: new NameTable(['html', 'json', 'apply', 'truncate']),
  predicates: new NameTable(['equal?', 'odd?']),
};

const tree = (source: string) => parse(source, names).root;
const errors = (source: string) => parse(source, names).errors.map((e) => `${e.type}: ${e.message}`);

describe('parser: tags', () => {
  it('reads variables with paths, several variables and formatter chains with arguments', () => {
    expect(tree('{a.b.0}{@}{@index0}{$x.y}')).toEqual([
      { op: Op.Variable, at: 0, vars: [['a', 'b', 0]], formatters: [] },
      { op: Op.Variable, at: 7, vars: [['@']], formatters: [] },
      { op: Op.Variable, at: 10, vars: [['@index0']], formatters: [] },
      { op: Op.Variable, at: 19, vars: [['$x', 'y']], formatters: [] },
    ]);
    expect(tree('{a , b|truncate 5 ...|json}')).toEqual([
      {
        op: Op.Variable,
        at: 0,
        vars: [['a'], ['b']],
        formatters: [
          { name: 'truncate', args: ['5', '...'] },
          { name: 'json', args: [] },
        ],
      },
    ]);
  });

  it('turns digit segments into numbers when they fit in 31 bits', () => {
    expect(tree('{a.007.99999999999.b2}')).toEqual([
      { op: Op.Variable, at: 0, vars: [['a', 7, '99999999999', 'b2']], formatters: [] },
    ]);
    expect(tree('{a.}')).toEqual([{ op: Op.Text, text: '{a.}' }]);
  });

  it('takes the first character after a formatter name as the argument delimiter', () => {
    const [inst] = tree('{a|truncate:5:..}') as [Inst];
    expect(inst).toMatchObject({ formatters: [{ name: 'truncate', args: ['5', '..'] }] });
  });

  it('keeps tags that do not parse as literal text', () => {
    for (const source of [
      '{ a}',
      '{a|}',
      '{a||html}',
      '{a,}',
      '{.end }',
      '{.section}',
      '{.include }',
      '{.orx}',
      '{1a}',
    ]) {
      expect(tree(source)).toEqual([{ op: Op.Text, text: source }]);
    }
  });

  it('reports an unknown formatter and keeps the tag as text', () => {
    expect(tree('{a|nope}')).toEqual([{ op: Op.Text, text: '{a|nope}' }]);
    expect(errors('{a|nope}')).toEqual(["parser: Formatter 'nope' is unknown"]);
  });

  it('reports an unknown predicate but keeps the block', () => {
    expect(errors('{.nope?}x{.end}')).toEqual(["parser: Predicate 'nope?' is unknown"]);
    expect(tree('{.nope?}x{.end}')[0]).toMatchObject({ op: Op.Predicate, name: 'nope?' });
  });

  it('uses the innermost brace as the start of a tag', () => {
    expect(tree('{{a}}')).toEqual([
      { op: Op.Text, text: '{' },
      { op: Op.Variable, at: 1, vars: [['a']], formatters: [] },
      { op: Op.Text, text: '}' },
    ]);
  });

  it('drops comments and merges the text around them', () => {
    expect(tree('a{# one}b{## two\n lines ##}c{.newline}{.space}{.tab}{.meta-left}{.meta-right}')).toEqual([
      { op: Op.Text, text: 'abc\n \t{}' },
    ]);
    expect(tree('a{## never closed')).toEqual([{ op: Op.Text, text: 'a' }]);
  });

  it('reads every instruction', () => {
    const [bindvar, ctxvar, evalInst, include, inject, macro] = tree(
      '{.var @x a,b|html}{.ctx @c w=img.width h=img.height}{.eval @a = 1 + 2}{.include p output}{.inject @i ./f.json}{.macro m-1}{.end}',
    ) as Inst[];
    expect(bindvar).toMatchObject({ op: Op.Bindvar, name: '@x', vars: [['a'], ['b']], formatters: [{ name: 'html' }] });
    expect(ctxvar).toMatchObject({
      op: Op.Ctxvar,
      name: '@c',
      bindings: [
        ['w', ['img', 'width']],
        ['h', ['img', 'height']],
      ],
    });
    expect(evalInst).toMatchObject({ op: Op.Eval, source: '@a = 1 + 2' });
    expect(include).toMatchObject({ op: Op.Include, name: 'p', args: ['output'] });
    expect(inject).toMatchObject({ op: Op.Inject, name: '@i', path: './f.json' });
    expect(macro).toMatchObject({ op: Op.Macro, name: 'm-1', consequent: [] });
  });

  it('reads .if with && and || and .if with a predicate', () => {
    expect(tree('{.if a && b || c.d}x{.end}')[0]).toMatchObject({
      op: Op.If,
      operators: [true, false],
      vars: [['a'], ['b'], ['c', 'd']],
    });
    expect(tree('{.if equal? a 1}x{.end}')[0]).toMatchObject({ op: Op.Predicate, name: 'equal?', args: ['a', '1'] });
  });
});

describe('assembler: blocks', () => {
  it('builds sections with .or branches, predicates with arguments', () => {
    expect(tree('{.section a}A{.or odd?}B{.or}C{.end}')).toMatchObject([
      {
        op: Op.Section,
        path: ['a'],
        consequent: [{ op: Op.Text, text: 'A' }],
        alternate: {
          op: Op.OrPredicate,
          name: 'odd?',
          consequent: [{ op: Op.Text, text: 'B' }],
          alternate: { op: Op.OrPredicate, name: null, consequent: [{ op: Op.Text, text: 'C' }] },
        },
      },
    ]);
  });

  it('puts instructions after .alternates with into the alternates list', () => {
    expect(tree('{.repeated section a}{@}{.alternates with}, {.end}')).toMatchObject([
      { op: Op.Repeated, consequent: [{ op: Op.Variable }], alternatesWith: [{ op: Op.Text, text: ', ' }] },
    ]);
  });

  it("reports the spec's structure errors", () => {
    expect(errors('{.end}')).toEqual(['assembler: Instruction END not allowed at root']);
    expect(errors('{.or}')).toEqual(['assembler: Instruction OR_PREDICATE not allowed at root']);
    expect(errors('{.alternates with}')).toEqual(['assembler: Instruction ALTERNATES_WITH not allowed at root']);
    expect(errors('{.section a}x')).toEqual(['assembler: Reached EOF in the middle of SECTION']);
    expect(errors('{.section a}{.alternates with}{.end}')).toEqual([
      'assembler: ALTERNATES_WITH instruction is not allowed inside SECTION block.',
    ]);
    expect(errors('{.macro m}{.or}{.end}')).toEqual([
      'assembler: OR_PREDICATE instruction is not allowed inside MACRO block.',
    ]);
    expect(errors('{.if a}{.or}{.or}{.end}')).toEqual(['assembler: This OR_PREDICATE block will never execute.']);
    expect(errors('{.section a}{.repeated section b}{.if c}')).toEqual([
      'assembler: Reached EOF in the middle of IF',
      'assembler: Unclosed REPEATED',
      'assembler: Unclosed SECTION',
    ]);
  });

  it('gives the line and column of an error', () => {
    expect(parse('line one\n  {.end}', names).errors).toEqual([
      { type: 'assembler', message: 'Instruction END not allowed at root', line: 2, column: 3 },
    ]);
  });

  it('drops preprocessor tags in the normal pass and reads only them in the preprocessor pass', () => {
    expect(tree('a{^.section x}b{^y}c')).toEqual([{ op: Op.Text, text: 'abc' }]);
    expect(parse('{a}{^b}{.x {^c}}', names, { preprocess: true }).root).toEqual([
      { op: Op.Text, text: '{a}' },
      { op: Op.Variable, at: 3, vars: [['b']], formatters: [] },
      { op: Op.Text, text: '{.x ' },
      { op: Op.Variable, at: 11, vars: [['c']], formatters: [] },
      { op: Op.Text, text: '}' },
    ]);
  });

  it('stops at {.eof}, reporting the first thing after it as the reference does (the end of input counts)', () => {
    expect(tree('a{.eof}b{c}')).toEqual([{ op: Op.Text, text: 'a' }]);
    expect(errors('a{.eof}b{c}')).toEqual(['assembler: TEXT instruction after EOF: the template ended at {.eof}']);
    expect(errors('{.eof}')).toEqual(['assembler: EOF instruction after EOF: the template ended at {.eof}']);
    expect(errors('{.section a}{.eof}{.end}')).toEqual(['assembler: Reached EOF in the middle of SECTION']);
  });
});
