/**
 * Tests of the expression language on its own: the `.eval` conformance cases (rendered by a
 * minimal stand-in for the executor), every operator, precedence, functions, error messages,
 * limits, the debug listing, and a differential run against the reference engine.
 */
import { readFileSync } from 'node:fs';
import { Compiler } from '@squarespace/template-engine';
import { describe, expect, it } from 'vitest';
import { messages } from '../errors';
import { evaluate, formatResult, parseExpression, type ExprLimits } from './index';

type Data = Record<string, unknown>;

interface Outcome {
  out: string;
  errors: string[];
}

/** Looks a path up the way a template reference does in a single frame over `data`. */
function lookup(data: unknown, vars: Map<string, unknown>, path: readonly (string | number)[]): unknown {
  const first = path[0] as string | number;
  let value: unknown;
  if (first === '@') value = data;
  else if (typeof first === 'string' && first.startsWith('@')) value = vars.get(first);
  else value = typeof data === 'object' && data !== null ? (data as Data)[first] : undefined;
  for (let i = 1; i < path.length; i++) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Data)[path[i] as string];
  }
  return value;
}

/**
 * Runs one `{.eval}` as the executor is meant to: listing, parse errors, evaluation in a scratch
 * variable scope that is kept only when there were no errors. The expression is evaluated three
 * times (the first run is step by step, later ones use the compiled closures); all runs must
 * agree, and the last one counts.
 */
function runEval(source: string, data: unknown, vars: Map<string, unknown>, limits?: ExprLimits): Outcome {
  const parsed = parseExpression(source, limits);
  let out = parsed.listing ?? '';
  if (parsed.expr === null) return { out, errors: parsed.errors };
  const runs: { value: unknown; errors: string[]; scratch: Map<string, unknown> }[] = [];
  for (let k = 0; k < 3; k++) {
    const scratch = new Map<string, unknown>();
    const result = evaluate(parsed.expr, {
      resolve: (path) => {
        const first = path[0];
        if (typeof first === 'string' && first.length > 1 && first.startsWith('@') && scratch.has(first)) {
          return lookup(data, scratch, path);
        }
        return lookup(data, vars, path);
      },
      setVar: (name, value) => scratch.set(name, value),
    });
    runs.push({ value: result.value, errors: [...result.errors], scratch });
  }
  const [first, second, third] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
  expect(second, `second run of ${JSON.stringify(source)}`).toEqual(first);
  expect(third, `third run of ${JSON.stringify(source)}`).toEqual(first);
  if (third.errors.length > 0) return { out, errors: third.errors };
  for (const [k, v] of third.scratch) vars.set(k, v);
  if (third.value !== undefined) out += (parsed.listing !== null ? ' -> ' : '') + formatResult(third.value);
  return { out, errors: [] };
}

function ours(source: string, data: unknown = {}, limits?: ExprLimits): Outcome {
  return runEval(source, data, new Map(), limits);
}

const compiler = new Compiler();

function reference(source: string, data: unknown = {}, limits?: ExprLimits): Outcome {
  const exprOpts =
    limits === undefined ? undefined : { maxTokens: limits.maxTokens, maxStringLen: limits.maxStringLength };
  const { ctx, errors } = compiler.execute({
    code: `{.eval ${source}}`,
    json: data,
    enableExpr: true,
    exprOpts,
  } as never);
  return {
    out: (ctx as unknown as { render(): string }).render(),
    // Our messages are the spec's texts, without the reference's "RuntimeError: " prefix.
    errors: (errors as { type: string; message: string }[]).map((e) => {
      expect(e.type).toBe('engine');
      return e.message.replace(/^RuntimeError: /, '');
    }),
  };
}

/** Value printed by a single expression (errors must be absent). */
function show(source: string, data: unknown = {}): string {
  const r = ours(source, data);
  expect(r.errors).toEqual([]);
  return r.out;
}

/** The errors of a single expression. */
function errorsOf(source: string, data: unknown = {}, limits?: ExprLimits): string[] {
  return ours(source, data, limits).errors;
}

const parseError = messages.expressionParse;
const reduceError = messages.expressionReduce;

// ---------------------------------------------------------------------------------------------

describe('conformance: .eval cases of core.jsonl', () => {
  interface Case {
    id: string;
    template: string;
    data?: unknown;
    expected: string;
  }
  const url = new URL('../../../test/fixtures/conformance/core.jsonl', import.meta.url);
  const cases = readFileSync(url, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case)
    .filter((c) => c.template.includes('{.eval'));

  /** Renders text, `{.eval ...}` and `{@var}` tags: enough for the cases without macros. */
  function render(template: string, data: unknown): string {
    const vars = new Map<string, unknown>();
    return template.replace(
      /\{\.eval[ \f\n\r\t\v]+([^}]*)\}|\{(@\w+)\}/g,
      (_m, src: string | undefined, ref: string | undefined) => {
        if (src !== undefined) {
          const r = runEval(src, data, vars);
          return r.out;
        }
        return formatResult(vars.get(ref as string));
      },
    );
  }

  it('has the expected cases', () => {
    expect(cases.length).toBe(15);
  });

  for (const c of cases.filter((x) => !x.template.includes('{.macro'))) {
    it(c.id, () => {
      expect(render(c.template, c.data ?? {}).trim()).toBe(c.expected.trim());
    });
  }

  it('te:resources/include-1 (the macro body run directly)', () => {
    const vars = new Map<string, unknown>();
    expect(runEval('@width = 600 ; @height = @width * aspectRatio', { aspectRatio: 0.6 }, vars)).toEqual({
      out: '',
      errors: [],
    });
    expect(vars.get('@width')).toBe(600);
    expect(vars.get('@height')).toBe(360);
  });

  it('te:resources/include-2 (the macro bodies run directly)', () => {
    const vars = new Map<string, unknown>();
    runEval('@foo = 3 ** factor', { factor: 3 }, vars);
    runEval('@bar = 4 << factor', { factor: 3 }, vars);
    expect(vars.get('@foo')).toBe(27);
    expect(vars.get('@bar')).toBe(32);
  });
});

// ---------------------------------------------------------------------------------------------

describe('literals', () => {
  it('numbers: decimal, exponents, hex', () => {
    expect(show('0')).toBe('0');
    expect(show('0.1')).toBe('0.1');
    expect(show('1.')).toBe('1');
    expect(show('007')).toBe('7');
    expect(show('1e3')).toBe('1000');
    expect(show('1E3')).toBe('1000');
    expect(show('1.5e+2')).toBe('150');
    expect(show('25e-1')).toBe('2.5');
    expect(show('1.e2')).toBe('100');
    expect(show('1e20')).toBe('100000000000000000000');
    expect(show('1e21')).toBe('1e+21');
    expect(show('0x1F')).toBe('31');
    expect(show('0XfF')).toBe('255');
    expect(show('0x111111111111111111111')).toBe('1.2895208742556044e+24');
  });

  it('a number ends where its syntax ends; what follows is a new token', () => {
    expect(show('1e5e', { e: 'x' })).toBe('x');
    expect(show('0xfg', { g: 'G' })).toBe('G');
    expect(show('2abc', { abc: 9 })).toBe('9');
    expect(show('1e5-3')).toBe('99997');
  });

  it('strings and escapes', () => {
    expect(show(`'abc'`)).toBe('abc');
    expect(show(`"a'b"`)).toBe("a'b");
    expect(show(`'a"b'`)).toBe('a"b');
    expect(show(`'a\\'b'`)).toBe("a'b");
    expect(show(`"a\\"b"`)).toBe('a"b');
    expect(show(`'\\n\\t\\f\\r'`)).toBe('\n\t\f\r');
    expect(show(`'\\b\\0\\q\\\\'`)).toBe('b0q\\');
    expect(show(`'\\x41\\x7e'`)).toBe('A~');
    expect(show(`'\\u2018foobar\\u2019'`)).toBe('\u2018foobar\u2019');
    expect(show(`'\\U0001F600'`)).toBe('\u{1F600}');
    expect(show(`'\\U0010FFFF'`)).toBe('\u{10FFFF}');
    expect(show(`'a\\\nb'`)).toBe('a\nb');
    expect(show(`''`)).toBe('');
    expect(show(`'tab\there'`)).toBe('tab\there');
  });

  it('escapes of control characters and out-of-range code points become a space', () => {
    expect(show(`'\\x00\\x08\\x09\\x0d\\x0e\\x1f\\x20'`)).toBe('  \t\r   ');
    expect(show(`'\\u0001'`)).toBe(' ');
    expect(show(`'\\U00110000'`)).toBe(' ');
    expect(show(`'\\UFFFFFFFF'`)).toBe(' ');
  });

  it('named constants', () => {
    expect(show('true')).toBe('true');
    expect(show('false')).toBe('false');
    expect(show('null')).toBe('');
    expect(show('PI')).toBe(String(Math.PI));
    expect(show('E')).toBe(String(Math.E));
    expect(show('Infinity')).toBe('Infinity');
    expect(show('-Infinity')).toBe('-Infinity');
    expect(show('NaN')).toBe('NaN');
    // only as a whole single name; a dotted path is a variable
    expect(show('PI.x', { PI: { x: 4 } })).toBe('4');
    expect(show('pi', { pi: 3 })).toBe('3');
  });
});

describe('variables', () => {
  const data = { a: { b: [10, { c: 'deep' }] }, n: null, s: '-6.5', t: true, obj: { x: 1 }, arr: [1, 2], 'x-y': 5 };

  it('resolves dotted paths with numeric segments', () => {
    expect(show('a.b.0', data)).toBe('10');
    expect(show('a.b.1.c', data)).toBe('deep');
    expect(show('@.a.b.0', data)).toBe('10');
  });

  it('missing and null values are null; objects and arrays are not values', () => {
    expect(show('missing', data)).toBe('');
    expect(show('missing + 1', data)).toBe('1');
    expect(show('n + 1', data)).toBe('1');
    expect(errorsOf('obj', data)).toEqual([reduceError('obj', 'Reduce error: unexpected token on stack')]);
    expect(errorsOf('arr', data)).toEqual([reduceError('arr', 'Reduce error: unexpected token on stack')]);
    expect(errorsOf('obj + 1', data)).toEqual([reduceError('obj + 1', 'Invalid arguments to operator add')]);
    expect(errorsOf('@', data)).toEqual([reduceError('@', 'Reduce error: unexpected token on stack')]);
  });

  it('names may contain "-", so x-y is one variable', () => {
    expect(show('x-y', data)).toBe('5');
    expect(show('x - y', { x: 7, y: 2 })).toBe('5');
  });

  it('passes the split path to resolve', () => {
    const seen: (readonly (string | number)[])[] = [];
    const { expr } = parseExpression('a.b.0 + @index + $x.1 + @ + @foo.@ + a.2147483648');
    evaluate(expr!, { resolve: (p) => (seen.push(p), 1), setVar: () => undefined });
    // (lookups have no effects, so their order is free)
    const key = (p: readonly (string | number)[]) => JSON.stringify(p);
    expect(seen.map(key).sort()).toEqual(
      [['a', 'b', 0], ['@index'], ['$x', 1], ['@'], ['@foo', '@'], ['a', '2147483648']].map(key).sort(),
    );
  });

  it('assignment sets @variables, ends the statement and gives no value', () => {
    const vars = new Map<string, unknown>();
    expect(runEval('@a = 2; @b = 5 * 7.2; @c = @a * @b; @c', {}, vars).out).toBe('72');
    expect(vars.get('@a')).toBe(2);
    expect(runEval('@d = 1', {}, vars).out).toBe('');
    expect(runEval('1; @d = 1', {}, vars).out).toBe('');
    expect(runEval('@e = 1 + 2, 99', {}, vars).out).toBe('');
    expect(vars.get('@e')).toBe(3);
    expect(runEval('@f = @g = 4', {}, vars).out).toBe('');
    expect(vars.get('@g')).toBe(4);
    expect(vars.has('@f')).toBe(false);
    expect(runEval('@h = "x"; @h + @h', {}, vars).out).toBe('xx');
    expect(runEval('@i = missing', {}, vars).out).toBe('');
    expect(vars.get('@i')).toBe(null);
  });

  it('assignment to a non-@ name or of a non-value does nothing', () => {
    const set: string[] = [];
    const scope = { resolve: (): unknown => ({ o: 1 }), setVar: (n: string) => void set.push(n) };
    evaluate(parseExpression('a = 1').expr!, scope);
    evaluate(parseExpression('@a.b = 1').expr!, scope);
    evaluate(parseExpression('1 = 1').expr!, scope);
    evaluate(parseExpression('@x = obj').expr!, scope);
    expect(set).toEqual([]);
    evaluate(parseExpression('@ = 3').expr!, scope);
    expect(set).toEqual(['@']);
  });
});

describe('operators', () => {
  it('unary', () => {
    expect(show('-2')).toBe('-2');
    expect(show('+5')).toBe('5');
    expect(show('+"12"')).toBe('12');
    expect(show('-"x"')).toBe('NaN');
    expect(show('- -3')).toBe('3');
    expect(show('!true')).toBe('false');
    expect(show('!0')).toBe('true');
    expect(show('!""')).toBe('true');
    expect(show('!"a"')).toBe('false');
    expect(show('!null')).toBe('true');
    expect(show('~1')).toBe('-2');
    expect(show('~"3"')).toBe('-4');
    expect(show('-true')).toBe('-1');
  });

  it('bitwise not of a variable operand gives -1 (reference quirk)', () => {
    expect(show('~a', { a: 5 })).toBe('-1');
    expect(show('-a', { a: 5 })).toBe('-5');
    expect(show('~(a)', { a: 5 })).toBe('-1');
    expect(show('~(a + 0)', { a: 5 })).toBe('-6');
  });

  it('arithmetic', () => {
    expect(show('1 + 2')).toBe('3');
    expect(show('1 - 2')).toBe('-1');
    expect(show('3 * 8 / 6')).toBe('4');
    expect(show('3 / 8 * 6')).toBe('2.25');
    expect(show('1 / 0')).toBe('Infinity');
    expect(show('0 / 0')).toBe('NaN');
    expect(show('5 % 3')).toBe('2');
    expect(show('-5 % 3')).toBe('-2');
    expect(show('5 % 0')).toBe('NaN');
    expect(show('2 ** 10')).toBe('1024');
    expect(show('2 ** 64')).toBe('18446744073709552000');
    expect(show('2 ** -1')).toBe('0.5');
    expect(show('"6" * "7"')).toBe('42');
    expect(show('"a" * 2')).toBe('NaN');
    expect(show('true + true')).toBe('2');
    expect(show('null + 1')).toBe('1');
  });

  it('string concatenation when either side is a string', () => {
    expect(show('"a" + 1')).toBe('a1');
    expect(show('1 + "a"')).toBe('1a');
    expect(show('"a" + true')).toBe('atrue');
    expect(show('"a" + null')).toBe('anull');
    expect(show('"" + 1.50')).toBe('1.5');
    expect(show('1 + 2 + "x"')).toBe('3x');
    expect(show('"x" + 1 + 2')).toBe('x12');
    expect(show('5 + a', { a: '-6.5' })).toBe('5-6.5');
  });

  it('shifts', () => {
    expect(show('100 << 2')).toBe('400');
    expect(show('100 >> 2')).toBe('25');
    expect(show('-100 >> 2')).toBe('-25');
    expect(show('1 << 31')).toBe('-2147483648');
    expect(show('1 << 32')).toBe('1');
  });

  it('comparisons use JS rules on the raw values', () => {
    expect(show('1 < 2')).toBe('true');
    expect(show('2 <= 2')).toBe('true');
    expect(show('3 > 2')).toBe('true');
    expect(show('2 >= 3')).toBe('false');
    expect(show('"a" < "b"')).toBe('true');
    expect(show('"10" < "9"')).toBe('true');
    expect(show('"10" < 9')).toBe('false');
    expect(show('0 < "0x01"')).toBe('true');
    expect(show('null < 1')).toBe('true');
    expect(show('0 <= false')).toBe('true');
    expect(show('NaN < 1')).toBe('false');
  });

  it('equality, loose and strict', () => {
    expect(show('1 == 1')).toBe('true');
    expect(show('"1" == 1')).toBe('true');
    expect(show('1 == "1.0"')).toBe('true');
    expect(show('true == 1')).toBe('true');
    expect(show('null == 0')).toBe('false');
    expect(show('null == missing')).toBe('true');
    expect(show('NaN == NaN')).toBe('false');
    expect(show('1 != 2')).toBe('true');
    expect(show('"1" != 1')).toBe('false');
    expect(show('"1" === 1')).toBe('false');
    expect(show('1 === 1')).toBe('true');
    expect(show('"1" !== 1')).toBe('true');
    expect(show('null === missing')).toBe('true');
  });

  it('bitwise and, xor, or', () => {
    expect(show('6 & 3')).toBe('2');
    expect(show('6 ^ 3')).toBe('5');
    expect(show('6 | 3')).toBe('7');
    expect(show('"6" | 1')).toBe('7');
    expect(show('1.9 | 0')).toBe('1');
  });

  it('&& and || give booleans and always evaluate both operands', () => {
    expect(show('1 && 2')).toBe('true');
    expect(show('0 || 3')).toBe('true');
    expect(show('0 || ""')).toBe('false');
    expect(show('"a" && null')).toBe('false');
    const vars = new Map<string, unknown>();
    expect(runEval('@x = 1; 0 && (@x = 2)', {}, vars).out).toBe('');
    expect(vars.get('@x')).toBe(2);
  });

  it('statements: the last value is printed; commas and juxtaposition keep the last', () => {
    expect(show('1 2 3')).toBe('3');
    expect(show('3, 2, 1')).toBe('1');
    expect(show('true; false; true')).toBe('true');
    expect(show('1;')).toBe('1');
    expect(show(';;1;;')).toBe('1');
    expect(show('1 2 +')).toBe('3');
    expect(show('')).toBe('');
    expect(show('  ')).toBe('');
    expect(show(',')).toBe('');
    expect(show('(1, 2)')).toBe('2');
    expect(show('1\n+\t2\r+\u00a03')).toBe('6');
  });
});

describe('precedence and associativity', () => {
  const cases: [string, string][] = [
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['2 * 3 ** 2', '18'],
    ['2 ** 3 ** 2', '512'],
    ['(2 ** 3) ** 2', '64'],
    ['-2 ** 2', '4'], // unary binds tighter than ** here
    ['10 - 4 - 3', '3'],
    ['100 / 10 / 5', '2'],
    ['7 % 4 * 3', '9'],
    ['1 + 2 << 1', '6'],
    ['1 << 2 < 5', 'true'],
    ['1 < 2 == true', 'true'],
    ['1 == 1 & 1', '1'],
    ['6 & 3 ^ 1', '3'],
    ['4 ^ 1 | 2', '7'],
    ['1 | 2 && 0', 'false'],
    ['0 && 0 || 1', 'true'],
    ['1 || 0 && 0', 'true'],
    ['!0 + 1', '2'],
    ['!(0 + 1)', 'false'],
    ['-(1 + 2) * 2', '-6'],
    ['~~5', '5'],
    ['1 - -1', '2'],
    ['1 + +1', '2'],
    ['(((1)))', '1'],
    ['2 * (3 + (4 - 1)) / 3', '4'],
    ['1 ! 2', 'false'],
  ];
  for (const [src, want] of cases) it(src, () => expect(show(src)).toBe(want));
});

describe('functions', () => {
  it('max and min over any number of arguments, converted to numbers', () => {
    expect(show('max(1, 5, 3)')).toBe('5');
    expect(show('min(4, 2, 8)')).toBe('2');
    expect(show('max("7", 2)')).toBe('7');
    expect(show('min("3", 2, true)')).toBe('1');
    expect(show('max(1)')).toBe('1');
    expect(show('max(NaN, 1)')).toBe('1');
    expect(show('max(1, NaN)')).toBe('NaN');
    expect(show('max(1, max(2, 3) * 2)')).toBe('6');
  });

  it('abs, num, str, bool use their first argument', () => {
    expect(show('abs(-3)')).toBe('3');
    expect(show('abs(-3, 5)')).toBe('3');
    expect(show('abs("-2.5")')).toBe('2.5');
    expect(show('num("0x1f")')).toBe('31');
    expect(show('num("-0x1f")')).toBe('-31');
    expect(show('num("+12")')).toBe('12');
    expect(show('num("1.")')).toBe('1');
    expect(show('num("")')).toBe('0');
    expect(show('num(" 1")')).toBe('NaN');
    expect(show('num("1e")')).toBe('NaN');
    expect(show('num("1x")')).toBe('NaN');
    expect(show('num("-")')).toBe('NaN');
    expect(show('num(".5")')).toBe('NaN');
    expect(show('num(true)')).toBe('1');
    expect(show('num(null)')).toBe('0');
    expect(show('str(1.50)')).toBe('1.5');
    expect(show('str(null)')).toBe('null');
    expect(show('str(false) + 1')).toBe('false1');
    expect(show('bool("")')).toBe('false');
    expect(show('bool("0")')).toBe('true');
    expect(show('bool(0)')).toBe('false');
    expect(show('bool(null)')).toBe('false');
    expect(show('5 + num(a)', { a: '-6.5' })).toBe('-1.5');
  });

  it('a space may separate the name and the parenthesis', () => {
    expect(show('max (1, 2)')).toBe('2');
  });

  it('arguments that are not values are skipped; no arguments is an error', () => {
    const data = { o: { x: 1 } };
    expect(show('max(o, 1)', data)).toBe('1');
    expect(show('max(-o, 1)', data)).toBe('1');
    expect(errorsOf('max()')).toEqual([reduceError('max()', 'Error calling function max')]);
    expect(errorsOf('num(o)', data)).toEqual([reduceError('num(o)', 'Error calling function num')]);
    expect(errorsOf('max(1, -o)', data)).toEqual([reduceError('max(1, -o)', 'Error calling function max')]);
    for (const f of ['min', 'abs', 'str', 'bool'])
      expect(errorsOf(`${f}()`)).toEqual([reduceError(`${f}()`, `Error calling function ${f}`)]);
  });

  it('only the six built-ins exist', () => {
    expect(errorsOf('foo(1)')).toEqual([parseError('foo(1)', 'Invalid function foo')]);
    expect(errorsOf('@foo(1)')).toEqual([parseError('@foo(1)', 'Invalid function @foo')]);
    expect(errorsOf('Max(1)')).toEqual([parseError('Max(1)', 'Invalid function Max')]);
    expect(errorsOf('o (1 + 2)')).toEqual([parseError('o (1 + 2)', 'Invalid function o')]);
    // a dotted name or a constant before a parenthesis is not a call
    expect(show('a.b(1)')).toBe('1');
    expect(show('PI(2)')).toBe('2');
    // without a parenthesis the names are plain variables
    expect(show('max', { max: 4 })).toBe('4');
  });
});

describe('parse errors', () => {
  const cases: [string, string[]][] = [
    ['1e', ['Expected a digit after exponent in decimal number']],
    ['1e+', ['Expected a digit after exponent in decimal number']],
    ['1e+-5', ['Expected a digit after exponent in decimal number']],
    ['1.2.3', ['Duplicate decimal point in number']],
    ['1.5e3.', ['Duplicate decimal point in number']],
    ['1e5.', ['Unexpected decimal point in exponent']],
    ['1e.5', ['Unexpected decimal point in exponent']],
    ['0x', ['Expected digits after start of hex number']],
    ['0xg', ['Expected digits after start of hex number']],
    ["'abc", ['Unterminated string']],
    ['"abc\'', ['Unterminated string']],
    ["'abc\\", ['Unterminated string']],
    ["'\\u0041", ['Unterminated string']],
    ["'a\nb'", ['Illegal bare line feed character in string literal']],
    ["'a\rb'", ['Illegal bare carriage return character in string literal']],
    ["'\\x4'", ['Invalid 2-char hex escape found']],
    ["'\\xZZ'", ['Invalid 2-char hex escape found']],
    ["'\\x41", ['Invalid 2-char hex escape found']],
    ["'\\u12'", ['Invalid unicode escape found']],
    ["'\\u12", ['Invalid unicode escape found']],
    ["'\\U0001F60'", ['Invalid unicode escape found']],
    ['.5', ['Unexpected character at 0: "."']],
    ['a.', ['Unexpected character at 1: "."']],
    ['1 + _a', ['Unexpected character at 4: "_"']],
    ['$', ['Unexpected character at 0: "$"']],
    ['a # b', ['Unexpected character at 2: "#"']],
    ['1\f', ['Unexpected form feed at 1: "\\f"']],
    ['\b', ['Unexpected backspace at 0: "\\b"']],
    ['\u000b', ['Unexpected control character at 0: "\\u000b"']],
    ['(1', ['Mismatched operator found: left paren']],
    ['1)', ['Mismatched operator found: right paren']],
    ['max(1', ['Mismatched operator found: left paren']],
    ['(1;2)', ['Mismatched operator found: left paren', 'Mismatched operator found: right paren']],
    ['(1; 2', ['Mismatched operator found: left paren']],
    ['foo(1) "abc', ['Invalid function foo', 'Unterminated string']],
  ];
  for (const [src, details] of cases) {
    it(JSON.stringify(src), () => {
      const r = parseExpression(src);
      expect(r.expr).toBeNull();
      expect(r.errors).toEqual(details.map((d) => parseError(src, d)));
    });
  }
});

describe('evaluation errors', () => {
  it('operators with missing operands', () => {
    expect(errorsOf('1 +')).toEqual([reduceError('1 +', 'Invalid arguments to operator add')]);
    expect(errorsOf('* 2')).toEqual([reduceError('* 2', 'Invalid arguments to operator multiply')]);
    expect(errorsOf('()')).toEqual([]);
    for (const [op, desc] of [
      ['**', 'exponent'],
      ['/', 'divide'],
      ['%', 'modulus'],
      ['-', 'subtract'],
      ['<<', 'left shift'],
      ['>>', 'right shift'],
      ['<', 'less than'],
      ['>', 'greater than'],
      ['<=', 'less than or equal'],
      ['>=', 'greater than or equal'],
      ['==', 'equality'],
      ['!=', 'inequality'],
      ['===', 'strict equality'],
      ['!==', 'strict inequality'],
      ['&', 'bitwise and'],
      ['^', 'bitwise xor'],
      ['|', 'bitwise or'],
      ['&&', 'logical and'],
      ['||', 'logical or'],
    ]) {
      expect(errorsOf(`1 ${op}`)).toEqual([reduceError(`1 ${op}`, `Invalid arguments to operator ${desc}`)]);
    }
  });

  it('a unary operator on nothing or on a non-value leaves an empty slot, silently', () => {
    expect(ours('-')).toEqual({ out: '', errors: [] });
    expect(ours('-o', { o: {} })).toEqual({ out: '', errors: [] });
    expect(ours('!o', { o: [] })).toEqual({ out: '', errors: [] });
  });

  it('every failing statement reports; later statements still run', () => {
    expect(errorsOf('1 +; 2 +')).toEqual([
      reduceError('1 +; 2 +', 'Invalid arguments to operator add'),
      reduceError('1 +; 2 +', 'Invalid arguments to operator add'),
    ]);
    const src = 'o 1 + arr';
    expect(errorsOf(src, { o: {}, arr: [] })).toEqual([
      reduceError(src, 'Invalid arguments to operator add'),
      reduceError(src, 'Reduce error: unexpected token on stack'),
    ]);
  });

  it('variables assigned by a failing expression are discarded by the caller', () => {
    const vars = new Map<string, unknown>();
    const r = runEval('@a = 1; 1 +', {}, vars);
    expect(r.errors).toHaveLength(1);
    expect(vars.has('@a')).toBe(false);
  });
});

describe('limits', () => {
  it('maximum token count', () => {
    expect(ours('1 + 2', {}, { maxTokens: 3 })).toEqual({ out: '3', errors: [] });
    expect(errorsOf('1 + 2 + 3', {}, { maxTokens: 3 })).toEqual([
      parseError('1 + 2 + 3', 'Expression exceeds the maximum number of allowed tokens: 3'),
    ]);
    // parentheses, commas and semicolons count: max ( 1 , 2 ) is six tokens
    expect(errorsOf('max(1,2)', {}, { maxTokens: 6 })).toEqual([]);
    expect(errorsOf('max(1,2)', {}, { maxTokens: 5 })).toHaveLength(1);
    expect(errorsOf('1;2', {}, { maxTokens: 2 })).toHaveLength(1);
    expect(errorsOf('1 + 2 + 3', {}, { maxTokens: 0 })).toEqual([]);
  });

  it('maximum string length, checked at concatenation', () => {
    expect(ours('"abc" + "de"', {}, { maxStringLength: 5 })).toEqual({ out: 'abcde', errors: [] });
    expect(errorsOf('"abc" + "def"', {}, { maxStringLength: 5 })).toEqual([
      reduceError('"abc" + "def"', 'Concatenation would exceed maximum string length 5'),
    ]);
    expect(errorsOf('"abc" + 1000', {}, { maxStringLength: 6 })).toHaveLength(1);
    // literals themselves are not limited
    expect(ours('"abcdefgh"', {}, { maxStringLength: 5 })).toEqual({ out: 'abcdefgh', errors: [] });
    // the limit given at evaluation overrides the parse-time one
    const { expr } = parseExpression('"abc" + "def"', { maxStringLength: 5 });
    const scope = { resolve: () => undefined, setVar: () => undefined };
    expect(evaluate(expr!, scope).errors).toHaveLength(1);
    expect(evaluate(expr!, scope, { maxStringLength: 10 })).toEqual({ value: 'abcdef', errors: [] });
  });
});

describe('debug listing (# prefix)', () => {
  it('lists each statement in postfix form and marks the result', () => {
    expect(ours('#1+2')).toEqual({ out: 'EVAL=[[1 2 <add>]] -> 3', errors: [] });
    expect(ours('#')).toEqual({ out: 'EVAL=[]', errors: [] });
    expect(ours('#null').out).toBe('EVAL=[[null]] -> ');
    expect(ours('#@a=1').out).toBe('EVAL=[[@a 1 <assign>]]');
    expect(ours('#max(1,a)', { a: 5 }).out).toBe('EVAL=[[<args> 1 a max()]] -> 5');
    expect(ours('#-1; "x\\"y" a.0.b').out).toBe('EVAL=[[1 <unary minus>], ["x\\"y" a.0.b]] -> ');
  });

  it('is printed even when parsing fails; messages quote the source without #', () => {
    expect(ours('#(1')).toEqual({
      out: 'EVAL=[]',
      errors: [parseError('(1', 'Mismatched operator found: left paren')],
    });
    expect(ours('#1;2)').out).toBe('EVAL=[[1]]');
  });
});

describe('formatResult', () => {
  it('prints values as the reference emits them', () => {
    expect(formatResult(1.5)).toBe('1.5');
    expect(formatResult(-0)).toBe('0');
    expect(formatResult(1e21)).toBe('1e+21');
    expect(formatResult(NaN)).toBe('NaN');
    expect(formatResult(true)).toBe('true');
    expect(formatResult('x')).toBe('x');
    expect(formatResult(null)).toBe('');
    expect(formatResult(undefined)).toBe('');
    expect(formatResult([1, 'a', null, [2, 3]])).toBe('1,a,null,2,3');
    expect(formatResult({ a: 1 })).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------

describe('differential against the reference engine', () => {
  const data = {
    a: 5,
    b: -2.5,
    s: 'str',
    num: '12',
    neg: '-6.5',
    hex: '0x1f',
    empty: '',
    t: true,
    f: false,
    n: null,
    o: { x: 1, y: 'why', z: [1, 2] },
    arr: [10, 20, 30],
    PI: 'apple',
    'x-y': 7,
  };
  const expressions = [
    '',
    ' ',
    '1',
    '-1',
    '+1',
    '1.',
    '0.5',
    '00012',
    '1e3',
    '1.5E-3',
    '1e+2',
    '0x1f',
    '0XAB',
    '0x111111111111111111111',
    '"a"',
    "'b'",
    '"\\u00e9"',
    '"\\U0001F600"',
    '"\\x41\\x00"',
    '"\\q\\\\"',
    'true',
    'false',
    'null',
    'PI',
    'E',
    'Infinity',
    'NaN',
    '@.PI',
    'a',
    'b',
    's',
    'num',
    'neg',
    'hex',
    'empty',
    't',
    'f',
    'n',
    'missing',
    'o',
    'o.x',
    'o.y',
    'o.z',
    'o.z.1',
    'arr.2',
    'arr',
    '@',
    'x-y',
    'a-1',
    'a - 1',
    'a+1',
    'a*b',
    'a/b',
    'a%3',
    'a**2',
    'b**2',
    '-b',
    '~a',
    '~(a)',
    '~b',
    '!a',
    '!!s',
    '!empty',
    's + a',
    'a + s',
    'num + 1',
    'num * 2',
    'neg * 1',
    'hex * 1',
    'num(hex)',
    'num(neg)',
    'num(s)',
    'str(a) + str(t)',
    'bool(empty)',
    'bool(s)',
    'abs(b)',
    'max(a, b, num)',
    'min(a, b, num)',
    'max(o, 3)',
    'max()',
    'abs()',
    'max(a, -o)',
    'max(-o, a)',
    '1 < 2',
    '"a" < "b"',
    'num < 9',
    'num < "9"',
    'n < 1',
    'n == 0',
    'n == missing',
    'n === missing',
    '"1" == 1',
    '"1" === 1',
    't == 1',
    't === 1',
    'f != 0',
    '1 !== 1',
    'a >= 5',
    'a <= 4',
    'a > b',
    '6 & 3',
    '6 | 3',
    '6 ^ 3',
    '1 << 3',
    '-16 >> 2',
    't && f',
    't || f',
    'a && s',
    'empty || n',
    '1 && 2',
    '0 || 3',
    '1 + 2 * 3',
    '(1 + 2) * 3',
    '2 ** 3 ** 2',
    '-2 ** 2',
    '1 - -1',
    '10 - 4 - 3',
    '1 + 2 << 1',
    '1 < 2 == true',
    '1 | 2 && 0',
    '1 2 3',
    '3, 2, 1',
    '1; 2',
    '1;',
    ';',
    ',',
    '()',
    '(1, 2)',
    '1 ! 2',
    '1 2 +',
    '@x = 3; @x * 2',
    '@x = 3',
    '@x = 3; @y = @x + 1; @y',
    '@x = o',
    '@ = 1; @',
    'a = 1',
    '@x = @y = 2; @y',
    '@x = 1; 0 && (@x = 2); @x',
    '"ab" + "cd"',
    '"x" + null',
    '"x" + t',
    '1 + 2 + "x"',
    '"x" + 1 + 2',
    'o + 1',
    'arr + 1',
    'o 1 + arr',
    '-',
    '-o',
    '1 +',
    '1 +; 2 +',
    '* 2',
    'max(1, max(2, 3))',
    'max (1, 2)',
    'a.b(1)',
    'PI(2)',
    '1e',
    '1e+-5',
    '1.2.3',
    '1e5.',
    '0x',
    '"abc',
    '"a\\x4"',
    '"\\u12"',
    '"a\nb"',
    '.5',
    '_a',
    '$',
    'a.',
    '(1',
    '1)',
    '(1;2)',
    'foo(1)',
    '@foo(1)',
    'foo(1) "abc',
    '#1 + 2',
    '#',
    '#max(1, a); @z = 2',
    '#(1',
    '#1;2)',
    '#null',
    '#o',
  ];

  it(`agrees on ${expressions.length} expressions`, () => {
    const mismatches: string[] = [];
    for (const e of expressions) {
      const want = reference(e, data);
      const got = ours(e, data);
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        mismatches.push(`${JSON.stringify(e)}: reference ${JSON.stringify(want)} ours ${JSON.stringify(got)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees with limits', () => {
    const limited: [string, ExprLimits][] = [
      ['1 + 2 + 3', { maxTokens: 4 }],
      ['1 + 2 + 3', { maxTokens: 5 }],
      ['max(1, 2)', { maxTokens: 5 }],
      ['max(1, 2)', { maxTokens: 4 }],
      ['(1) + (2)', { maxTokens: 6 }],
      ['1 ; 2 "x', { maxTokens: 2 }],
      ['"abc" + "de"', { maxStringLength: 5 }],
      ['"abc" + "def"', { maxStringLength: 5 }],
      ['s + s', { maxStringLength: 5 }],
      ['1 + 1000', { maxStringLength: 2 }],
      ['"1" + 1000; 7', { maxStringLength: 2 }],
    ];
    for (const [e, limits] of limited) {
      expect(ours(e, data, limits), `${e} ${JSON.stringify(limits)}`).toEqual(reference(e, data, limits));
    }
  });
});

describe('seeded fuzz against the reference engine', () => {
  const data = { a: 5, b: -2.5, s: 'str', num: '12', n: null, o: { x: 1 }, arr: [1, 2], t: true, e: '1e3' };
  const limits: ExprLimits = { maxStringLength: 20 };

  function generator(seed: number): () => number {
    let x = seed;
    return () => {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      return x / 0x7fffffff;
    };
  }

  /** As the reference's template parser hands the text over: leading whitespace dropped. */
  const asParsed = (src: string): string => src.replace(/^[ \f\n\r\t\v]+/, '');

  function compare(make: () => string, count: number): string[] {
    const bad: string[] = [];
    for (let k = 0; k < count && bad.length < 10; k++) {
      const src = make();
      const want = reference(src, data, limits);
      const got = ours(asParsed(src), data, limits);
      if (JSON.stringify(want) !== JSON.stringify(got))
        bad.push(`${JSON.stringify(src)}: ${JSON.stringify(want)} vs ${JSON.stringify(got)}`);
    }
    return bad;
  }

  it('random token sequences', () => {
    const rnd = generator(12345);
    const atoms = [
      '1',
      '0',
      '2.5',
      '0x1f',
      '1e2',
      '"a"',
      "'7'",
      '""',
      'true',
      'null',
      'NaN',
      'PI',
      'a',
      'b',
      's',
      'num',
      'n',
      'o',
      'arr',
      'arr.1',
      'missing',
      '@',
      '@v',
      'e',
      'max',
      'abs',
      'str',
      'bool',
      'min',
    ];
    const ops = [
      '+',
      '-',
      '*',
      '/',
      '%',
      '**',
      '<<',
      '>>',
      '<',
      '>=',
      '==',
      '!=',
      '===',
      '!==',
      '&',
      '|',
      '^',
      '&&',
      '||',
      '=',
      '!',
      '~',
      ',',
      ';',
      '(',
      ')',
      '(',
      ')',
    ];
    const make = (): string => {
      let src = rnd() < 0.03 ? '#' : '';
      const len = 1 + Math.floor(rnd() * 12);
      for (let i = 0; i < len; i++) {
        const pool = rnd() < 0.5 ? atoms : ops;
        src += (pool[Math.floor(rnd() * pool.length)] as string) + (rnd() < 0.5 ? ' ' : '');
      }
      return src;
    };
    expect(compare(make, 5000)).toEqual([]);
  });

  it('random character strings', () => {
    const rnd = generator(424242);
    const chars = '0123456789.eExXaAfFuU+-"\'\\ \n\r\t\u00a0\f\b\u000b#_$@()*;,=!<>|&~^gnsb\u00e9\ud83d';
    const make = (): string => {
      let src = '';
      const len = 1 + Math.floor(rnd() * 12);
      for (let i = 0; i < len; i++) src += chars[Math.floor(rnd() * chars.length)] as string;
      return src;
    };
    expect(compare(make, 5000)).toEqual([]);
  });
});
