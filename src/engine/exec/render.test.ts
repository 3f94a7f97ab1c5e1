import { describe, expect, it } from 'vitest';
import { compile, render, type FormatterTable, type PredicateTable } from '../index';

const html = (template: string, data: unknown = {}, options = {}) => render(template, data, options).html;
const messages = (template: string, data: unknown = {}, options = {}) =>
  render(template, data, options).errors.map((e) => e.message);

describe('render: values and scope', () => {
  it('prints strings, numbers, booleans and arrays; null, missing and objects print nothing', () => {
    expect(
      html('{s}|{n}|{b}|{a}|{z}|{m}|{o}', { s: 'x', n: 1.5, b: false, a: [1, 'y', null], z: null, o: { k: 1 } }),
    ).toBe('x|1.5|false|1,y,null|||');
  });

  it('looks a variable up the frames, but a section only in the current frame', () => {
    const data = { a: { x: 1 }, b: { c: 2 } };
    expect(html('{.section a}{b.c}{.end}', data)).toBe('2');
    expect(html('{.section a}{.section b}in{.or}out{.end}{.end}', data)).toBe('out');
  });

  it('numbers repeated items with @index and @index0 and runs .alternates with between them', () => {
    expect(
      html('{.repeated section xs}{@index}/{@index0}={@}{.alternates with}, {.end}', { xs: ['a', 'b', 'c'] }),
    ).toBe('1/0=a, 2/1=b, 3/2=c');
    expect(html('{.repeated section xs}x{.or}empty{.end}', { xs: [] })).toBe('empty');
  });

  it('scopes .var to its frame and .ctx builds an object', () => {
    expect(html('{.section a}{.var @v x}{@v}{.end}[{@v}]', { a: { x: 5 } })).toBe('5[]');
    expect(html('{.ctx @p w=img.w h=img.h}{@p.w}x{@p.h}', { img: { w: 3, h: 4 } })).toBe('3x4');
  });

  it('evaluates .if with && and || as the reference does (left to right, stopping early)', () => {
    expect(html('{.if a && b || c}T{.or}F{.end}', { a: 1, c: 1 })).toBe('F');
    expect(html('{.if a || b}T{.or}F{.end}', { b: 'x' })).toBe('T');
  });

  it('runs macros and partials through apply and .include', () => {
    const partials = { card: '<{name}>', private: '[{name}|{outer}]' };
    expect(html('{.macro m}({@}){.end}{x|apply m}', { x: 7 })).toBe('(7)');
    expect(html('{p|apply card}', { p: { name: 'n' } }, { partials })).toBe('<n>');
    expect(html('{p|apply private private}', { p: { name: 'n' }, outer: 'o' }, { partials })).toBe('[n|]');
    expect(html('{p|apply private}', { p: { name: 'n' }, outer: 'o' }, { partials })).toBe('[n|o]');
    expect(html('{.include card}|{.include card output}', { name: 'z' }, { partials })).toBe('|<z>');
    expect(messages('{x|apply nope}')).toEqual(["Attempt to apply partial 'nope' which could not be found."]);
  });

  it('reports a partial that does not parse and renders nothing for it', () => {
    expect(render('[{x|apply bad}]', { x: 1 }, { partials: { bad: '{.section a}' } })).toEqual({
      html: '[]',
      errors: [{ type: 'engine', message: 'Parse of partial "bad" failed: Reached EOF in the middle of SECTION' }],
    });
  });

  it('binds injected values with .inject', () => {
    expect(html('{.inject @cfg ./cfg.json}{@cfg.name}', {}, { injects: { './cfg.json': { name: 'c' } } })).toBe('c');
  });
});

describe('render: errors and limits', () => {
  it('stops recursive partials at depth 16 and goes on', () => {
    const { html: out, errors } = render('{.macro loop}{@|apply loop}{.end}{x|apply loop}after', { x: 1 });
    expect(out).toBe('after');
    expect(errors.map((e) => e.message)).toContain(
      "Attempt to apply partial 'loop' exceeded maximum recursion depth of 16",
    );
  });

  it('records an error in one instruction and renders the rest', () => {
    const formatters: FormatterTable = {
      boom: () => {
        throw new TypeError('bad value');
      },
    };
    const out = render('a{x|html}b', { x: 1 }, { formatters: { html: formatters.boom! } });
    expect(out.html).toBe('ab');
    expect(out.errors).toEqual([
      { type: 'engine', message: 'Unexpected TypeError error when executing VARIABLE: bad value' },
    ]);
  });

  it('leaves the frame of a failed variable tag pushed until the enclosing block pops, as the reference does', () => {
    // `date` fails on a value that is not a number. The section then looks in the tag's frame ('abc') only.
    expect(html('{x|date %Y}{.section inner}[{@}]{.or}none{.end}{title}', { x: 'abc', title: 'T', inner: 1 })).toBe(
      'noneT',
    );
    // The section's pop removes the leaked frame instead of its own, so its variable outlives it.
    expect(html('{.section s}{.var @v n}{x|date %Y}{.end}{@v}', { s: { a: 1 }, n: 7, x: 'a' })).toBe('7');
    // In a repeated section the next item is read from the frame left on top (item 2, with no index): nothing.
    expect(
      html('{.repeated section list}({@}{.equal? 2}{x|date %Y}{.end}){.end}', { list: [1, 2, 3, 4], x: 'a' }),
    ).toBe('(1)(2)()()');
  });

  it('stops at maxSteps and at maxOutputBytes with an engine error', () => {
    const grid = Array.from({ length: 1000 }, () => Array.from({ length: 1000 }, (_, i) => i));
    const steps = render(
      '{.repeated section grid}{.repeated section @}.{.end}{.end}',
      { grid },
      { limits: { maxSteps: 10_000 } },
    );
    expect(steps.errors).toEqual([
      { type: 'engine', message: 'Render stopped: exceeded the limit of 10000 instruction steps' },
    ]);
    expect(steps.html.length).toBeLessThan(10_000);
    const big = render(
      '{.repeated section grid}{.repeated section @}0123456789{.end}{.end}',
      { grid },
      { limits: { maxOutputBytes: 50_000 } },
    );
    expect(big.errors.map((e) => e.message)).toEqual(['Render stopped: output exceeded the limit of 50000 bytes']);
    expect(big.html.length).toBeLessThan(70_000);
  });

  it('bounds the strings an expression may build', () => {
    const doubling = Array.from({ length: 20 }, () => '@s = @s + @s').join('; ');
    const out = render(`{.eval @s = 'abcdefghij'; ${doubling}}[{@s}]`, {});
    expect(out.errors.length).toBeGreaterThan(0);
    expect(out.errors[0]?.message).toMatch(/^Error reducing expression: @s = 'abcdefghij'; @s = @s \+ @s/);
    expect(out.html).toBe('[]');
  });

  it('survives very deep nesting without throwing', () => {
    const depth = 20_000;
    const source = '{.section a}'.repeat(depth) + 'x' + '{.end}'.repeat(depth);
    let data: unknown = 'leaf';
    for (let i = 0; i < depth; i++) data = { a: data };
    const out = render(source, data);
    expect(typeof out.html).toBe('string');
  });

  it('never throws on hostile data', () => {
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    expect(() => render('{self.self.name}{self|json}{@|json}', cyclic)).not.toThrow();
    expect(render('{self.self.name}', cyclic).html).toBe('c');
  });

  it('compiles once and caches by source', () => {
    expect(compile('{a}').template).toBe(compile('{a}').template);
    expect(compile('{a}', { cache: false }).template).not.toBe(compile('{a}').template);
  });
});

describe('render: caller tables', () => {
  it('knows the names of formatters and predicates passed for the render, at compile time too', () => {
    const formatters: FormatterTable = { shout: (value) => String(value).toUpperCase() };
    expect(render('{a|shout}', { a: 'hi' }).html).toBe('{a|shout}');
    expect(render('{a|shout}', { a: 'hi' }, { formatters }).html).toBe('HI');
    expect(render('{a|apply p}', { a: 'x' }, { formatters, partials: { p: '{@|shout}' } }).html).toBe('X');
    const template = compile('{a|shout}', { formatters }).template;
    expect(render(template, { a: 'yo' }, { formatters }).html).toBe('YO');
  });
});

describe('render: programs', () => {
  it('runs one compiled template with each table set it is given, and keeps a bounded number of programs', () => {
    const template = compile('{a|shout}{.loud?}!{.end}', { formatters: { shout: (v) => String(v) } }).template;
    for (let i = 0; i < 10; i++) {
      const formatters: FormatterTable = { shout: (value) => `${String(value)}${i}` };
      const predicates: PredicateTable = { 'loud?': () => i % 2 === 0 };
      expect(render(template, { a: 'x' }, { formatters, predicates }).html).toBe(`x${i}${i % 2 === 0 ? '!' : ''}`);
    }
    expect(template.programs.size).toBeLessThanOrEqual(4);
    // Rendered without those tables, a call to a formatter they alone held is skipped, and a test
    // by an unknown predicate fails.
    expect(render(template, { a: 'x' }).html).toBe('x');
  });

  it('builds a block only when it first runs, so a deep branch that never runs costs nothing', () => {
    const depth = 20_000;
    const source = `{.section missing}${'{.section a}'.repeat(depth)}x${'{.end}'.repeat(depth)}{.or}shown{.end}`;
    const out = render(compile(source).template, {});
    expect(out.html).toBe('shown');
    expect(out.errors).toEqual([]);
  });
});
