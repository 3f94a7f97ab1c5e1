/**
 * Core formatters and predicates: each one called directly with a small fake render context, then
 * checked against the reference engine (@squarespace/template-engine) tag by tag.
 */
import { readFileSync } from 'node:fs';
import { Compiler } from '@squarespace/template-engine';
import { describe, expect, it } from 'vitest';
import { prng } from '../../../scripts/prng';
import { CORE_FORMATTERS } from './core-formatters';
import { render as renderTemplate } from '../index';
import { CORE_PREDICATES } from './core-predicates';
import { UNCHANGED, UNSET, type Path, type PathSegment, type RenderContext } from './types';
import { scriptSafeJson } from '../text/json';
import { formatPattern } from '../text/positional-format';
import { smartypants } from '../text/smartypants';
import { truncate } from '../text/truncate';
import { urlEncodeUtf8 } from '../text/url-encode';
import {
  asBoolean,
  asNumber,
  asString,
  compareValues,
  followPath,
  isTruthy,
  splitPath,
  toOutput,
  valuesEqual,
} from '../../values/index';

// A fake render context: a stack of frames resolved the way the executor does.

interface FakeFrame {
  value: unknown;
  index: number;
  vars: Map<string, unknown> | null;
}

type PartialFn = (value: unknown, args: Record<string, string> | null, isolated: boolean) => string;

interface Fake extends RenderContext {
  readonly errors: string[];
  readonly calls: { name: string; value: unknown; args: Record<string, string> | null; isolated: boolean }[];
  push(value: unknown, index?: number): Fake;
  setVar(name: string, value: unknown): Fake;
  resolveOuter(path: Path): unknown;
}

const hasOwn = Object.prototype.hasOwnProperty;

function member(value: unknown, key: PathSegment, first: boolean): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value))
    return typeof key === 'number' || (first && key === 'length') ? value[key as number] : undefined;
  return hasOwn.call(value, key) ? (value as Record<PathSegment, unknown>)[key] : undefined;
}

function nameIn(frame: FakeFrame, name: PathSegment): unknown {
  if (typeof name === 'string' && name.startsWith('@')) {
    if (name === '@') return frame.value;
    if (name === '@index') return frame.index === -1 ? undefined : frame.index + 1;
    if (name === '@index0') return frame.index === -1 ? undefined : frame.index;
    return frame.vars?.get(name);
  }
  return member(frame.value, name, true);
}

function resolveIn(frames: readonly FakeFrame[], top: number, path: Path): unknown {
  const head = path[0] as PathSegment;
  let value: unknown;
  if (head === '@') value = frames[top]?.value;
  else {
    for (let i = top; i >= 0; i--) {
      value = nameIn(frames[i] as FakeFrame, head);
      if (value !== undefined) break;
    }
  }
  for (let i = 1; i < path.length; i++) {
    if (value === undefined || value === null) return undefined;
    value = member(value, path[i] as PathSegment, false);
  }
  return value;
}

function fake(data: unknown = {}, partials: Record<string, PartialFn> = {}): Fake {
  const frames: FakeFrame[] = [{ value: data, index: -1, vars: null }];
  const ctx: Fake = {
    now: 0,
    locale: 'en',
    errors: [],
    calls: [],
    current: () => (frames[frames.length - 1] as FakeFrame).value,
    resolve: (path) => resolveIn(frames, frames.length - 1, path),
    resolveOuter: (path) => resolveIn(frames, Math.max(0, frames.length - 2), path),
    error: (message) => void ctx.errors.push(message),
    renderSnippet: () => {
      throw new Error('core formatters render no snippets');
    },
    applyPartial(name, value, args, isolated) {
      ctx.calls.push({ name, value, args, isolated });
      const partial = partials[name];
      if (partial === undefined) {
        ctx.error(`partial "${name}" is missing`);
        return undefined;
      }
      return partial(value, args, isolated);
    },
    push(value, index = -1) {
      frames.push({ value, index, vars: null });
      return ctx;
    },
    setVar(name, value) {
      ((frames[frames.length - 1] as FakeFrame).vars ??= new Map()).set(name, value);
      return ctx;
    },
  };
  return ctx;
}

/**
 * Calls a formatter as the executor does for `{v|name args}`: with a frame pushed for the value,
 * and the value kept when the formatter leaves it unchanged.
 */
function fmt(name: string, value: unknown, args: readonly string[] = [], ctx: Fake = fake()): unknown {
  const formatter = CORE_FORMATTERS[name];
  if (formatter === undefined) throw new Error(`no formatter ${name}`);
  ctx.push(value);
  const result = formatter(value, args, ctx, [value]);
  return result === UNCHANGED ? value : result;
}

const out = (name: string, value: unknown, args: readonly string[] = [], ctx: Fake = fake()) =>
  toOutput(fmt(name, value, args, ctx));

function pred(name: string, args: readonly string[], ctx: Fake): boolean {
  const predicate = CORE_PREDICATES[name];
  if (predicate === undefined) throw new Error(`no predicate ${name}`);
  return predicate(args, ctx);
}

/** A context whose current value is `value`, inside a section of `data`. */
const at = (value: unknown, data: unknown = {}) => fake(data).push(value);

// The reference engine.

const compiler = new Compiler();

function reference(
  template: string,
  data: unknown,
  partials: Record<string, string> = {},
): { html: string; errors: string[] } {
  const { ctx, errors } = compiler.execute({
    code: template,
    json: data,
    partials,
    enableExpr: true,
    enableInclude: true,
  });
  return { html: ctx.render(), errors: errors.map((e) => e.message) };
}

const REFERENCE_CORE_FORMATTERS = [
  'apply',
  'count',
  'cycle',
  'encode-space',
  'encode-uri',
  'encode-uri-component',
  'find-first',
  'find-last',
  'format',
  'get',
  'html',
  'htmlattr',
  'htmltag',
  'iter',
  'json',
  'json-pretty',
  'key-by',
  'line-breaks',
  'lookup',
  'mod',
  'output',
  'pluralize',
  'prop',
  'raw',
  'round',
  'safe',
  'slugify',
  'smartypants',
  'str',
  'truncate',
  'url-encode',
];
const REFERENCE_CORE_PREDICATES = [
  'debug?',
  'equal?',
  'even?',
  'greaterThan?',
  'greaterThanOrEqual?',
  'lessThan?',
  'lessThanOrEqual?',
  'notEqual?',
  'nth?',
  'odd?',
  'plural?',
  'singular?',
];

describe('tables', () => {
  it('register exactly the reference core formatters and predicates', () => {
    expect(Object.keys(CORE_FORMATTERS).sort()).toEqual([...REFERENCE_CORE_FORMATTERS].sort());
    expect(Object.keys(CORE_PREDICATES).sort()).toEqual([...REFERENCE_CORE_PREDICATES].sort());
  });
});

describe('values', () => {
  it('isTruthy: empty, zero, NaN, false, null and missing are false', () => {
    for (const v of [undefined, null, false, 0, -0, NaN, '', [], {}]) expect(isTruthy(v)).toBe(false);
    for (const v of [true, 1, -1, 0.5, Infinity, ' ', '0', 'false', [0], [null], { a: null }])
      expect(isTruthy(v)).toBe(true);
  });

  it('toOutput prints scalars, joins arrays with String() per item, and drops null, missing and objects', () => {
    expect(toOutput('x')).toBe('x');
    expect(toOutput(1.5)).toBe('1.5');
    expect(toOutput(1e21)).toBe('1e+21');
    expect(toOutput(NaN)).toBe('NaN');
    expect(toOutput(false)).toBe('false');
    expect(toOutput(null)).toBe('');
    expect(toOutput(undefined)).toBe('');
    expect(toOutput({ a: 1 })).toBe('');
    expect(toOutput([1, 'y', null, true, { a: 1 }, [2, [3, null]]])).toBe('1,y,null,true,[object Object],2,3,');
    expect(toOutput([])).toBe('');
  });

  it('asString, asNumber and asBoolean convert like the reference node', () => {
    expect([null, undefined, {}, [1], true, 0, -1.5, 'x'].map(asString)).toEqual([
      '',
      '',
      '',
      '',
      'true',
      '0',
      '-1.5',
      'x',
    ]);
    expect(asNumber('12px')).toBe(12);
    expect(asNumber('1e3')).toBe(1);
    expect(asNumber('1.5e3')).toBe(1500);
    expect(asNumber(' 7')).toBe(7);
    expect(asNumber('0x10')).toBe(0);
    expect(asNumber('abc')).toBeNaN();
    expect(asNumber('')).toBeNaN();
    expect([true, false, null, undefined, [5], { a: 1 }].map(asNumber)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(['true', 'TRUE', 'yes', 1, 2, 0, 1.5, 1e21, true, null].map(asBoolean)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('valuesEqual is deep; missing equals null', () => {
    expect(valuesEqual(undefined, null)).toBe(true);
    expect(valuesEqual(undefined, undefined)).toBe(true);
    expect(valuesEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(valuesEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(valuesEqual({ a: null }, {})).toBe(false);
    expect(valuesEqual([], {})).toBe(false);
    expect(valuesEqual(1, '1')).toBe(false);
    expect(valuesEqual(NaN, NaN)).toBe(false);
  });

  it('compareValues orders by the left type', () => {
    expect(compareValues(5, '3')).toBeGreaterThan(0);
    expect(compareValues(5, 'abc')).toBeGreaterThan(0); // NaN counts as greater
    expect(compareValues('abc', 'abd')).toBeLessThan(0);
    expect(compareValues('B', 'a')).toBeLessThan(0); // code units
    expect(compareValues('10', 9)).toBeLessThan(0); // text order
    expect(compareValues(true, 'true')).toBe(0);
    expect(compareValues(false, 1)).toBeLessThan(0);
    expect(compareValues(null, 5)).toBe(-1);
    expect(compareValues(null, undefined)).toBe(0);
    expect(compareValues([1], [1])).toBe(0);
  });

  it('splitPath makes digit segments that fit 31 bits numbers', () => {
    expect(splitPath('a.b.0')).toEqual(['a', 'b', 0]);
    expect(splitPath('items.007')).toEqual(['items', 7]);
    expect(splitPath('@index')).toEqual(['@index']);
    expect(splitPath('a..b')).toEqual(['a', '', 'b']);
    expect(splitPath('')).toEqual(['']);
    expect(splitPath('x.2147483647.2147483648')).toEqual(['x', 2147483647, '2147483648']);
    expect(splitPath('1e3.-1.1a')).toEqual(['1e3', '-1', '1a']);
  });

  it('followPath takes own object keys and array items by number only', () => {
    const data = { a: [{ b: 1 }], '0': 'zero', n: null };
    expect(followPath(data, ['a', 0, 'b'])).toBe(1);
    expect(followPath(data, ['a', '0'])).toBeUndefined();
    expect(followPath(data, [0])).toBe('zero');
    expect(followPath(data, ['n'])).toBeNull();
    expect(followPath(data, ['n', 'x'])).toBeUndefined();
    expect(followPath(data, ['toString'])).toBeUndefined();
    expect(followPath(data, ['a', 'length'])).toBeUndefined();
    expect(followPath(data, [])).toBe(data);
  });
});

describe('formatters', () => {
  it('apply renders the named partial with @args and private', () => {
    const partials: Record<string, PartialFn> = {
      card: (v, args, isolated) => `[${toOutput(v)}|${JSON.stringify(args)}|${isolated}]`,
    };
    const ctx = fake({}, partials);
    expect(out('apply', 7, ['card'], ctx)).toBe('[7|null|false]');
    expect(out('apply', 'x', ['card', 'a=1', 'b=c=d', 'junk', 'private'], ctx)).toBe('[x|{"a":"1","b":"c=d"}|true]');
    expect(out('apply', 'x', ['card', 'private'], ctx)).toBe('[x|{}|true]');
    expect(out('apply', 'x', [], ctx)).toBe('');
    expect(out('apply', 'x', ['nope'], ctx)).toBe('');
    expect(ctx.errors).toEqual(['partial "nope" is missing']);
    expect(ctx.calls.map((c) => c.name)).toEqual(['card', 'card', 'card', 'nope']);
  });

  it('count counts keys, items and UTF-16 units', () => {
    expect(
      [[0, 1, 2, 3], { a: 1, b: 2, c: 3 }, 'hi', '😀', 123, null, undefined, true].map((v) => fmt('count', v)),
    ).toEqual([4, 3, 2, 2, 0, 0, 0, 0]);
  });

  it('cycle picks args by 1-based value, wrapping both ways', () => {
    const args = ['a', 'b', 'c'];
    expect([1, 2, 3, 4, 0, -1, '2', true].map((v) => out('cycle', v, args))).toEqual([
      'a',
      'b',
      'c',
      'a',
      'c',
      'b',
      'b',
      'a',
    ]);
    expect(fmt('cycle', 1.5, args)).toBe(UNSET);
    expect(fmt('cycle', 'x', args)).toBe(UNSET);
    expect(fmt('cycle', 1, [])).toBe(UNSET);
  });

  it('encode-space, encode-uri, encode-uri-component, url-encode', () => {
    expect(out('encode-space', 'a b\tc\u00a0d')).toBe('a&nbsp;b&nbsp;c&nbsp;d');
    expect(out('encode-uri', 'Coffee & Tea')).toBe('Coffee%20&%20Tea');
    expect(out('encode-uri-component', '커피와 차')).toBe('%EC%BB%A4%ED%94%BC%EC%99%80%20%EC%B0%A8');
    expect(out('url-encode', '“😍”')).toBe('%E2%80%9C%F0%9F%98%8D%E2%80%9D');
    expect(out('url-encode', "a b/c@*_+-.~!'()é")).toBe('a%20b/c@*_+-.%7E%21%27%28%29%C3%A9');
    expect(out('url-encode', 12)).toBe('12');
    expect(() => fmt('encode-uri', '\ud800')).toThrow(URIError);
    expect(() => fmt('url-encode', 'x\ud800')).toThrow('Lone surrogate U+D800 is not a scalar value');
    expect(() => urlEncodeUtf8('\udc00\ud83d')).toThrow('Lone surrogate U+DC00 is not a scalar value');
  });

  it('find-first and find-last pick items by a truthy path, optionally through a lookup', () => {
    const items = [
      { id: 'a', enabled: false },
      { id: 'b', enabled: true },
      { id: 'c', enabled: true },
    ];
    expect(fmt('find-first', items, ['enabled'])).toBe(items[1]);
    expect(fmt('find-last', items, ['enabled'])).toBe(items[2]);
    expect(fmt('find-first', items)).toBe(items[0]);
    expect(fmt('find-last', items)).toBe(items[2]);
    expect(fmt('find-first', items, ['missing'])).toBeUndefined();
    expect(fmt('find-first', [], [])).toBeUndefined();
    expect(fmt('find-first', { a: 1 }, [])).toBeUndefined();
    const ctx = () => fake({ stock: { x: { qty: 0 }, y: { qty: 3 }, z: { qty: 1 } } });
    expect(fmt('find-first', ['x', 'y', 'z'], ['stock', 'qty'], ctx())).toBe('y');
    expect(fmt('find-last', ['x', 'y', 'z'], ['stock', 'qty'], ctx())).toBe('z');
    expect(fmt('find-first', ['x', 'y'], ['nothing', 'qty'], ctx())).toBeUndefined();
  });

  it('format fills positional placeholders from variables around the tag', () => {
    const data = { foo: 'A', bar: 'B', n: null, list: [1, null, 2], obj: { a: 1 } };
    expect(out('format', '{0} and {1}', ['foo', 'bar'], fake(data))).toBe('A and B');
    expect(out('format', '{000001} and {10000} and {0}', ['foo', 'bar'], fake(data))).toBe('B and  and A');
    expect(out('format', '[{0}][{1}][{2}][{3}]', ['n', 'missing', 'list', 'obj'], fake(data))).toBe(
      '[][][1,,2][[object Object]]',
    );
    // `@` is the value around the tag (the root here), not the pattern
    expect(out('format', '{0}', ['@.foo'], fake(data))).toBe('A');
    expect(out('format', 5, ['foo'], fake(data))).toBe('5');
  });

  it('formatPattern handles bad, nested and unclosed placeholders', () => {
    const args = ['A', 'B'];
    expect(formatPattern('{}', args)).toBe('A');
    expect(formatPattern('x{a}y', args)).toBe('xy');
    expect(formatPattern('x{a{1}y', args)).toBe('xBy');
    expect(formatPattern('x{1{0}y', args)).toBe('xy');
    expect(formatPattern('}{0}}', args)).toBe('}A}');
    expect(formatPattern('a{1', args)).toBe('a');
    expect(formatPattern('{2}', args)).toBe('');
  });

  it('get walks down the value by the values of variables', () => {
    const data = { id: '123', one: 1, path: ['a', 'b'], nul: null, valid: { '123': 'Bob' }, invalid: { '123': null } };
    expect(fmt('get', data.valid, [], fake(data))).toBe(data.valid);
    expect(fmt('get', data.valid, ['id'], fake(data))).toBe('Bob');
    expect(fmt('get', data.valid, ['missing', 'id'], fake(data))).toBeUndefined();
    expect(fmt('get', data.invalid, ['id'], fake(data))).toBeNull();
    expect(fmt('get', { a: { b: 'deep' } }, ['path'], fake(data))).toBe('deep');
    expect(fmt('get', ['x', 'y'], ['one'], fake(data))).toBe('y');
    expect(fmt('get', { '': 'empty' }, ['nul'], fake(data))).toBe('empty');
    // the variable is looked up in the value first
    expect(fmt('get', { id: 'k', k: 5 }, ['id'], fake(data))).toBe(5);
  });

  it('html, htmlattr and htmltag escape', () => {
    const s = '"< foo & bar >\'';
    expect(out('html', s)).toBe('"&lt; foo &amp; bar &gt;\'');
    expect(out('htmlattr', s)).toBe("&quot;&lt; foo &amp; bar &gt;'");
    expect(out('htmltag', s)).toBe("&quot;&lt; foo &amp; bar &gt;'");
    expect(out('html', 'plain é 😀')).toBe('plain é 😀');
    expect(out('html', { a: '<' })).toBe('');
    expect(out('html', 3)).toBe('3');
  });

  it('iter prints the 1-based index of the enclosing repeated section', () => {
    const ctx = fake({ keys: ['a', 'b'] })
      .push(['a', 'b'], 1)
      .push('b');
    expect(fmt('iter', 'b', [], ctx)).toBe('2');
    expect(fmt('iter', 'x', [])).toBe('');
  });

  it('json and json-pretty escape </; raw does not and prints missing as null', () => {
    expect(out('json', "This is a <script>alert('test');</script>")).toBe(
      '"This is a <script>alert(\'test\');<\\/script>"',
    );
    expect(out('json', { a: [1, '</b>'] })).toBe('{"a":[1,"<\\/b>"]}');
    expect(out('json', null)).toBe('null');
    expect(out('json', undefined)).toBe('');
    expect(out('json-pretty', { a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(out('json-pretty', undefined)).toBe('');
    expect(out('raw', '</x>')).toBe('"</x>"');
    expect(out('raw', undefined)).toBe('null');
    expect(out('raw', [1, 2, 'blue'])).toBe('[1,2,"blue"]');
    expect(scriptSafeJson(NaN)).toBe('null');
  });

  it('key-by indexes an array by a path', () => {
    const people = [
      { name: 'Bob', emails: { primary: 'bob@example.com' } },
      { name: 'Joe', emails: { primary: 'joe@example.com' } },
      { nick: 'nobody' },
      { name: null },
      { name: 7 },
    ];
    const keyed = fmt('key-by', people, ['name']) as Record<string, unknown>;
    expect(Object.keys(keyed)).toEqual(['7', 'Bob', 'Joe', 'null']);
    expect(fmt('prop', keyed, ['Bob.emails.primary'])).toBe('bob@example.com');
    expect(fmt('key-by', people, [])).toEqual({});
    expect(fmt('key-by', { a: 1 }, ['a'])).toEqual({});
    const proto = fmt('key-by', [{ k: '__proto__', v: 1 }], ['k']) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });

  it('line-breaks', () => {
    expect(out('line-breaks', 'a\nb\r\nc')).toBe('a<br/>b\r<br/>c');
  });

  it('lookup resolves the variable named by a variable', () => {
    const data = {
      foo: { bar: 123 },
      baz: 'bar',
      keys: { first: 'name' },
      product: { name: 'Strat' },
      dotted: 'foo.bar',
    };
    expect(out('lookup', data.foo, ['baz'], fake(data))).toBe('123');
    expect(out('lookup', data.product, ['keys.first'], fake(data))).toBe('Strat');
    expect(out('lookup', 1, ['dotted'], fake(data))).toBe('123');
    expect(fmt('lookup', 1, ['nothing'], fake(data))).toBeUndefined();
    expect(fmt('lookup', 1, [], fake(data))).toBe('');
  });

  it('mod', () => {
    expect([0, 1, 2, 3, 4, -4, 7.5].map((v) => fmt('mod', v, ['3']))).toEqual([0, 1, 2, 0, 1, -1, 1.5]);
    expect(fmt('mod', 5)).toBe(1);
    expect(fmt('mod', 5, ['0'])).toBe(1);
    expect(fmt('mod', 5, ['x'])).toBe(1);
    expect(fmt('mod', '7', ['4'])).toBe(3);
    expect(out('mod', 'abc')).toBe('NaN');
    expect(fmt('mod', undefined, ['3'])).toBe(0);
  });

  it('output prints its arguments joined by spaces', () => {
    expect(out('output', 'ignored', ['abc', 'def', 'ghi'])).toBe('abc def ghi');
    expect(out('output', 'ignored')).toBe('');
  });

  it('pluralize', () => {
    expect([0, 1, 2, '1', 1.0, true].map((v) => out('pluralize', v, ['item', 'items']))).toEqual([
      'items',
      'item',
      'items',
      'item',
      'item',
      'item',
    ]);
    expect(out('pluralize', 2)).toBe('s');
    expect(out('pluralize', 1)).toBe('');
    expect(out('pluralize', 2, ['es'])).toBe('es');
    expect(out('pluralize', 1, ['es'])).toBe('');
  });

  it('prop walks down the value itself', () => {
    expect(out('prop', { bar: { quux: { baz: 'xyz' } } }, ['bar', 'quux', 'baz'])).toBe('xyz');
    expect(out('prop', { bar: { quux: { baz: 'xyz' } } }, ['bar.quux', 'baz'])).toBe('xyz');
    expect(fmt('prop', { foo: 1 }, ['x', 'y'])).toBeUndefined();
    expect(out('prop', ['foo', 'bar', 'baz'], ['2'])).toBe('baz');
    expect(out('prop', { '0': 'foo' }, ['0'])).toBe('foo');
    expect(fmt('prop', ['a'], ['foo'])).toBeUndefined();
    expect(fmt('prop', 'text', [])).toBe('text');
  });

  it('round rounds halves up', () => {
    expect([-1.9, -1.5, -1.4, 1.4, 1.5, '2.5', 'x'].map((v) => fmt('round', v))).toEqual([-2, -1, -1, 1, 2, 3, NaN]);
  });

  it('safe strips tags from truthy values and passes falsy ones through', () => {
    expect(out('safe', '<a href="/link">link</a>')).toBe('link');
    expect(out('safe', 'a < b <c> d')).toBe('a  d');
    expect(out('safe', 'x <unclosed')).toBe('x <unclosed');
    expect(out('safe', '<b>\n</b>x')).toBe('\nx');
    expect(out('safe', 0)).toBe('0');
    expect(out('safe', false)).toBe('false');
    expect(fmt('safe', null)).toBeNull();
    expect(out('safe', [1, 2])).toBe('');
    expect(out('safe', 12)).toBe('12');
  });

  it('slugify keeps ASCII letters, digits and dashes', () => {
    expect(out('slugify', "If Strike Isn't Settled Quickly, It May Last Awhile")).toBe(
      'if-strike-isnt-settled-quickly-it-may-last-awhile',
    );
    expect(out('slugify', 'Café  über – 😀 x')).toBe('caf-ber-x');
    expect(out('slugify', 'a - b')).toBe('a---b');
    expect(out('slugify', ' lead\u00a0nbsp ')).toBe('-lead-nbsp-');
    expect(out('slugify', 'ÀB')).toBe('b');
    expect(out('slugify', 42)).toBe('42');
  });

  it('smartypants curls quotes and makes em dashes', () => {
    expect(out('smartypants', 'Yes, I\'ve read both "Don Quixote" and "A Tale of Two Cities".')).toBe(
      'Yes, I’ve read both “Don Quixote” and “A Tale of Two Cities”.',
    );
    expect(out('smartypants', 'Larry--the lead--said')).toBe('Larry—the lead—said');
    expect(smartypants("'hi' it's")).toBe('‘hi’ it’s');
    expect(smartypants("cats' toys, 'quoted'")).toBe('cats‘ toys, ’quoted’'); // the reference's quirk
    expect(smartypants('---')).toBe('—-');
    expect(smartypants('a\n"b"\n\'c\'')).toBe('a\n“b”\n‘c’');
    expect(smartypants('("x") --"y" \'"z"')).toBe('(“x”) —“y” ’”z”'); // after a space: closing
    expect(smartypants('plain')).toBe('plain');
  });

  it('str prints scalars only', () => {
    expect([null, undefined, false, -15, 'Central Park', { a: 1 }, [1, 2]].map((v) => out('str', v))).toEqual([
      '',
      '',
      'false',
      '-15',
      'Central Park',
      '',
      '',
    ]);
  });

  it('truncate cuts after the last whitespace inside the limit', () => {
    const dickens = 'It was the best of times, it was the worst of times, it was the age of wisdom';
    expect(out('truncate', dickens, ['28'])).toBe('It was the best of times, ...');
    expect(out('truncate', dickens, ['28', ' ! ! !'])).toBe('It was the best of times,  ! ! !');
    expect(out('truncate', dickens, ['200'])).toBe(dickens);
    expect(out('truncate', 'abcdefgh', ['5'])).toBe('abcde...');
    expect(out('truncate', 12345678, ['5', '…'])).toBe('12345…');
    expect(out('truncate', 'a\tbcdefgh', ['5'])).toBe('a\t...');
    expect(out('truncate', 'a😀bc', ['2'])).toBe('a\ud83d...'); // UTF-16 units, as the reference
    expect(truncate('x'.repeat(101), 100, '...')).toBe('x'.repeat(100) + '...');
    expect(out('truncate', 'x'.repeat(101))).toBe('x'.repeat(100) + '...');
    expect(fmt('truncate', { a: 1 }, ['0'])).toEqual({ a: 1 });
    expect(fmt('truncate', 'abcdef', ['-1'])).toBe('abcdef');
    expect(fmt('truncate', 'abcdef', ['x'])).toBe('abcdef');
    expect(out('truncate', 'abcdef', ['3x'])).toBe('abc...');
  });
});

describe('predicates', () => {
  const data = { a: 3, b: 4, c: 3, name: 'Federal Express', o: { x: [1] }, o2: { x: [1] }, nul: null, debug: 1 };

  it('equal? and notEqual? compare deeply against literals or variables', () => {
    const root = () => fake(data);
    expect(pred('equal?', ['a', 'b'], root())).toBe(false);
    expect(pred('equal?', ['a', 'c'], root())).toBe(true);
    expect(pred('equal?', ['b', '4'], root())).toBe(true);
    expect(pred('equal?', ['a', '"3"'], root())).toBe(false);
    expect(pred('equal?', ['name', '"Federal Express"'], root())).toBe(true);
    expect(pred('equal?', ['o', 'o2'], root())).toBe(true);
    expect(pred('equal?', ['o', '{"x":[1]}'], root())).toBe(true);
    expect(pred('equal?', ['missing', 'null'], root())).toBe(true);
    expect(pred('equal?', ['nul', 'missing'], root())).toBe(true);
    expect(pred('equal?', ['3'], at(3, data))).toBe(true);
    expect(pred('equal?', ['a'], at(3, data))).toBe(true);
    expect(pred('equal?', ['1abc'], at(undefined, { '1abc': 5 }))).toBe(false);
    expect(pred('equal?', [], root())).toBe(false);
    expect(pred('notEqual?', ['a', 'b'], root())).toBe(true);
    expect(pred('notEqual?', ['a', 'c'], root())).toBe(false);
    expect(pred('notEqual?', [], root())).toBe(false);
  });

  it('greaterThan?, greaterThanOrEqual?, lessThan?, lessThanOrEqual?', () => {
    const root = () => fake(data);
    expect([-2, 0, 3, 5].map((n) => pred('greaterThan?', ['@', '3'], at(n)))).toEqual([false, false, false, true]);
    expect([-2, 0, 3, 5].map((n) => pred('greaterThanOrEqual?', ['3'], at(n)))).toEqual([false, false, true, true]);
    expect([-2, 0, 3, 5].map((n) => pred('lessThan?', ['3'], at(n)))).toEqual([true, true, false, false]);
    expect([-2, 0, 3, 5].map((n) => pred('lessThanOrEqual?', ['3'], at(n)))).toEqual([true, true, true, false]);
    expect(['abc', 'ABC', 'def'].map((s) => pred('greaterThan?', ['@', '"bcd"'], at(s)))).toEqual([false, false, true]);
    expect(pred('greaterThan?', ['b', 'a'], root())).toBe(true);
    expect(pred('greaterThan?', ['a', '"abc"'], root())).toBe(true); // NaN on the right counts as smaller
    expect(pred('lessThan?', ['5'], at(null))).toBe(true); // null is "less" than anything unequal
    expect(pred('lessThan?', ['null'], at(null))).toBe(false);
    expect(pred('greaterThan?', ['false'], at(true))).toBe(true);
    expect(pred('greaterThan?', [], at(1))).toBe(false);
  });

  it('even? and odd? test whole numbers only, the current value or a variable', () => {
    const items = [-5, -4, 0, 1, 2, 1.2, '2', null];
    expect(items.map((v) => pred('even?', [], at(v)))).toEqual([false, true, true, false, true, false, false, false]);
    expect(items.map((v) => pred('odd?', [], at(v)))).toEqual([true, false, false, true, false, false, false, false]);
    expect(pred('even?', ['b'], fake(data))).toBe(true);
    expect(pred('odd?', ['a'], fake(data))).toBe(true);
    // arguments are variables, never literals: `2` is item 2 of the current array
    expect(pred('odd?', ['2'], at([0, 0, 7]))).toBe(true);
  });

  it('nth? tests multiples', () => {
    expect([0, 1, 4, 8, -4, 1.5, '4'].map((n) => pred('nth?', ['4'], at(n)))).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    const loop = (i: number) =>
      fake({ letters: ['A', 'B', 'C', 'D'] })
        .push(['A', 'B', 'C', 'D'], i)
        .push('X');
    expect([0, 1, 2, 3].map((i) => pred('nth?', ['@index0', '3'], loop(i)))).toEqual([true, false, false, true]);
    expect(pred('nth?', ['0'], at(4))).toBe(false);
    expect(pred('nth?', [], at(4))).toBe(false);
    expect(pred('nth?', ['2', '9', '9'], at(4))).toBe(true);
  });

  it('plural?, singular? and debug?', () => {
    expect([0, 1, 2, '2', '1.0', true, null].map((v) => pred('plural?', [], at(v)))).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([0, 1, 2, '2', '1.0', true, null].map((v) => pred('singular?', [], at(v)))).toEqual([
      false,
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(pred('debug?', [], fake({}))).toBe(false);
    expect(pred('debug?', [], fake({ debug: 1 }))).toBe(true);
    expect(pred('debug?', [], fake({ debug: 1 }).push({ debug: 0 }))).toBe(false);
  });
});

// Differential: the same tags rendered by the reference and by our formatters and predicates.

/** Values under test, by name: `undefined` leaves the key out of the data. */
const VALUES: Record<string, unknown> = {
  missing: undefined,
  null: null,
  true: true,
  false: false,
  zero: 0,
  one: 1,
  minusOne: -1,
  two: 2,
  seven: 7,
  onePointFive: 1.5,
  minusTwoPointFive: -2.5,
  big: 1e21,
  tiny: 1e-7,
  empty: '',
  s0: '0',
  s1: '1',
  s1dot0: '1.0',
  s2: '2',
  sPx: '12px',
  sSpace: ' 3',
  sNeg: '-7',
  sExp: '1e3',
  word: 'abc',
  words: 'a b  c\td\ne',
  apostrophe: "it's 'quoted' \"double\" -- dash",
  tags: '<b>bold</b> & <i>"it"</i> <unclosed',
  unicode: 'Café über – 😀 naïve\u00a0nbsp',
  korean: '커피와 차',
  pattern: '{0}/{1}/{2}/{}{x}',
  key: 'a',
  emptyArray: [],
  numbers: [1, 2, 3],
  mixed: ['a', null, [3, 4], { k: 1 }, true],
  emptyObject: {},
  object: { a: 1, b: { c: 'deep' }, '1': 'one', '': 'blank', true: 'yes', x: { y: 'z' } },
  records: [
    { id: 'a', on: false, name: 'Ann' },
    { id: 'b', on: true, name: 'Bob' },
    { id: 'c', on: true },
    { id: 'a', on: 1, name: 'Ann2' },
  ],
  ids: ['x', 'y', 'z', 'nope'],
};

/** Variables the formatter arguments name. */
const CONTEXT = {
  k: 'a',
  kb: 'b',
  kn: 1,
  kz: 0,
  knul: null,
  ktrue: true,
  kpath: ['b', 'c'],
  kemptyPath: [],
  kobj: { a: 1 },
  names: { first: 'k', second: 'kpath', bad: 'nothing' },
  fill: 'F',
  fillNum: 4.5,
  fillList: [1, null, 'x'],
  stock: { x: { qty: 0 }, y: { qty: 3 }, z: { qty: 1 } },
};

/** Formatter calls: [name, ...args]. */
const CALLS: readonly (readonly string[])[] = [
  ['count'],
  ['cycle', 'a', 'b', 'c'],
  ['cycle'],
  ['encode-space'],
  ['encode-uri'],
  ['encode-uri-component'],
  ['find-first'],
  ['find-first', 'on'],
  ['find-first', 'name'],
  ['find-first', 'stock', 'qty'],
  ['find-last'],
  ['find-last', 'on'],
  ['find-last', 'stock', 'qty'],
  ['find-last', 'nothing', 'qty'],
  ['format', 'fill', 'fillNum', 'fillList', 'knul', 'missing', 'kobj'],
  ['format'],
  ['get'],
  ['get', 'k'],
  ['get', 'kb'],
  ['get', 'kn'],
  ['get', 'kz'],
  ['get', 'knul'],
  ['get', 'ktrue'],
  ['get', 'kpath'],
  ['get', 'kemptyPath'],
  ['get', 'kobj'],
  ['get', 'kb', 'k'],
  ['get', 'nothing'],
  ['html'],
  ['htmlattr'],
  ['htmltag'],
  ['iter'],
  ['json'],
  ['json-pretty'],
  ['key-by', 'id'],
  ['key-by', 'name'],
  ['key-by', 'on'],
  ['key-by'],
  ['line-breaks'],
  ['lookup', 'names.first'],
  ['lookup', 'names.second'],
  ['lookup', 'names.bad'],
  ['lookup', 'nothing'],
  ['mod'],
  ['mod', '3'],
  ['mod', '0'],
  ['mod', '-4'],
  ['mod', 'x'],
  ['output', 'abc', 'def'],
  ['output'],
  ['pluralize'],
  ['pluralize', 'es'],
  ['pluralize', 'item', 'items'],
  ['prop', 'a'],
  ['prop', 'b.c'],
  ['prop', 'b', 'c'],
  ['prop', '1'],
  ['prop', '0'],
  ['prop', 'x', 'y', 'z'],
  ['prop'],
  ['raw'],
  ['round'],
  ['safe'],
  ['slugify'],
  ['smartypants'],
  ['str'],
  ['truncate'],
  ['truncate', '5'],
  ['truncate', '3', '…'],
  ['truncate', '8', ' (more)'],
  ['truncate', '0'],
  ['truncate', '-2'],
  ['truncate', 'x'],
  ['truncate', '1e3'],
  ['url-encode'],
];

/** Writes a tag's arguments with a delimiter that none of them contains. */
function writeArgs(args: readonly string[]): string {
  if (args.length === 0) return '';
  const delimiter = [' ', ':', '#', ',', '~', '/'].find((d) => args.every((a) => !a.includes(d)));
  if (delimiter === undefined) throw new Error(`no delimiter for ${JSON.stringify(args)}`);
  return delimiter + args.join(delimiter);
}

function dataWith(name: string, value: unknown): Record<string, unknown> {
  const data: Record<string, unknown> = { ...CONTEXT };
  if (value !== undefined) data[name] = value;
  return data;
}

/** Our rendering of `{name|calls...}` at the root of `data`; a thrown error prints nothing, as in the reference. */
function ours(
  name: string,
  calls: readonly (readonly string[])[],
  data: unknown,
): { html: string; error: string | null } {
  const ctx = fake(data);
  const first = ctx.resolve(splitPath(name));
  ctx.push(first);
  let value = first;
  try {
    for (const [name, ...args] of calls) {
      const formatter = CORE_FORMATTERS[name as string];
      if (formatter === undefined) throw new Error(`no formatter ${name}`);
      const result = formatter(value, args, ctx, [value]);
      if (result !== UNCHANGED) value = result;
    }
  } catch (e) {
    return { html: '', error: (e as Error).message };
  }
  return { html: toOutput(value), error: null };
}

function expectSame(template: string, data: unknown, mine: { html: string; error: string | null }): void {
  const ref = reference(template, data);
  const label = `${template} with ${JSON.stringify(data)}`;
  expect(mine.html, label).toBe(ref.html);
  if (mine.error === null) expect(ref.errors, label).toEqual([]);
  else expect(ref.errors.join('\n'), label).toContain(mine.error);
}

describe('differential against the reference engine', () => {
  it('prints values and tests truthiness the same way', () => {
    for (const [name, value] of Object.entries(VALUES)) {
      const data = dataWith(name, value);
      expectSame(`{${name}}`, data, { html: toOutput(value), error: null });
      expectSame(`{.section ${name}}T{.or}F{.end}`, data, { html: isTruthy(value) ? 'T' : 'F', error: null });
    }
  });

  it('formats every value with every formatter call', () => {
    for (const call of CALLS) {
      for (const [name, value] of Object.entries(VALUES)) {
        const data = dataWith(name, value);
        const [formatter, ...args] = call;
        expectSame(`{${name}|${formatter}${writeArgs(args)}}`, data, ours(name, [call], data));
      }
    }
  });

  it('runs formatter chains', () => {
    const chains: (readonly string[])[][] = [
      [
        ['key-by', 'id'],
        ['prop', 'b.name'],
      ],
      [['get', 'k'], ['json']],
      [['str'], ['format', 'fill']],
      [
        ['find-first', 'on'],
        ['prop', 'name'],
        ['truncate', '2'],
      ],
      [['json'], ['html']],
      [['cycle', 'x'], ['raw']],
      [['smartypants'], ['url-encode']],
      [['slugify'], ['count']],
      [['safe'], ['htmlattr']],
      [
        ['mod', '2'],
        ['pluralize', 'one', 'many'],
      ],
    ];
    for (const chain of chains) {
      for (const [name, value] of Object.entries(VALUES)) {
        // An unset cycle is the engine's chain runner's business (next test renders it whole).
        if (chain[0]?.[0] === 'cycle' && fmt('cycle', value, ['x']) === UNSET) continue;
        const data = dataWith(name, value);
        const tag = chain.map(([f, ...args]) => `${f}${writeArgs(args)}`).join('|');
        expectSame(`{${name}|${tag}}`, data, ours(name, chain, data));
      }
    }
  });

  it('keeps a cycle that picks nothing apart from a missing value: raw gives nothing, not null', () => {
    for (const chain of [
      [['cycle'], ['raw']],
      [['cycle', 'x'], ['raw'], ['raw']],
      [['cycle'], ['json']],
      [['cycle'], ['raw'], ['html']],
    ]) {
      const tag = chain.map(([f, ...args]) => `${f}${writeArgs(args)}`).join('|');
      expectSame(`{two|${tag}}`, { two: 2 }, { html: renderTemplate(`{two|${tag}}`, { two: 2 }).html, error: null });
    }
    expect(renderTemplate('{missing|raw}', {}).html).toBe('null');
  });

  it('iter and index predicates inside a repeated section', () => {
    const xs = ['a', 'b', 'c', 'd', 'e'];
    const expected = xs
      .map((x, i) => {
        const iter = out('iter', x, [], fake({ xs }).push(xs, i).push(x));
        const ctx = fake({ xs }).push(xs, i).push(x);
        return `${iter}:${pred('nth?', ['@index', '2'], ctx) ? 'Y' : 'N'}:${pred('even?', ['@index0'], ctx) ? 'E' : 'O'}`;
      })
      .join(',');
    const template =
      '{.repeated section xs}{@|iter}:{.nth? @index 2}Y{.or}N{.end}:{.even? @index0}E{.or}O{.end}{.alternates with},{.end}';
    expect(reference(template, { xs }).html).toBe(expected);
  });

  it('format reads its arguments around the tag', () => {
    const data = { p: '{0}|{1}', k: 'root', sec: { k: 'inner', p: '<{0}>' } };
    const tag = '{p|format k @.k}';
    const ctx = fake(data);
    expect(reference(tag, data).html).toBe(out('format', data.p, ['k', '@.k'], ctx));
    const inner = fake(data).push(data.sec);
    expect(reference(`{.section sec}{p|format k @.k}{.end}`, data).html).toBe(
      out('format', data.sec.p, ['k', '@.k'], inner),
    );
  });

  it('apply passes the value, @args and private as the reference does', () => {
    const partials = { show: '[{@}|{@args.a}|{@args.b}|{outer}]' };
    const data = { v: 'V', outer: 'O' };
    const renderShow: PartialFn = (value, args, isolated) =>
      `[${toOutput(value)}|${toOutput(args?.a)}|${toOutput(args?.b)}|${isolated ? '' : toOutput(data.outer)}]`;
    for (const args of [
      ['show'],
      ['show', 'a=1'],
      ['show', 'a=1', 'b=x=y', 'junk'],
      ['show', 'private', 'a=2'],
      ['show', 'private'],
    ]) {
      const ctx = fake(data, { show: renderShow });
      expect(out('apply', 'V', args, ctx), args.join(' ')).toBe(
        reference(`{v|apply${writeArgs(args)}}`, data, partials).html,
      );
    }
    expect(reference('{v|apply}', data).html).toBe(out('apply', 'V', []));
  });

  const PREDICATE_ARGS: readonly (readonly string[])[] = [
    [],
    ['1'],
    ['2'],
    ['3'],
    ['-1'],
    ['1.5'],
    ['"1"'],
    ['"abc"'],
    ['"Federal Express"'],
    ['true'],
    ['false'],
    ['null'],
    ['[1,2,3]'],
    ['1abc'],
    ['a'],
    ['name'],
    ['missing'],
    ['@'],
    ['@index'],
    ['a', 'b'],
    ['a', 'c'],
    ['a', '3'],
    ['3', 'a'],
    ['name', '"Federal Express"'],
    ['o', 'o2'],
    ['missing', 'null'],
    ['s', 'n'],
    ['n', 's'],
    ['t', '"true"'],
    ['@', '2'],
    ['@index', '1'],
    ['a', 'b', 'c'],
  ];

  it('evaluates every predicate with every argument list over every current value', () => {
    const base = {
      a: 3,
      b: 4,
      c: 3,
      name: 'Federal Express',
      o: { x: [1] },
      o2: { x: [1] },
      s: '10',
      n: 9,
      t: true,
      debug: 'yes',
    };
    for (const name of REFERENCE_CORE_PREDICATES) {
      for (const args of PREDICATE_ARGS) {
        const tag = `{.${name}${writeArgs(args)}}Y{.or}N{.end}`;
        for (const value of Object.values(VALUES)) {
          const data = { ...base, list: [value] };
          const ctx = fake(data).push(data.list, 0).push(value);
          const mine = pred(name, args, ctx) ? 'Y' : 'N';
          expect(mine, `${tag} on ${JSON.stringify(value)}`).toBe(
            reference(`{.repeated section list}${tag}{.end}`, data).html,
          );
        }
      }
    }
  });

  it('agrees on random strings for the text formatters', () => {
    const alphabet = [
      'a',
      'b',
      's',
      'S',
      'Z',
      '0',
      '7',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r',
      '\u000b',
      '\f',
      '\u00a0',
      '\u2028',
      '\u3000',
      "'",
      '"',
      '-',
      '--',
      '\u2014',
      '\u2018',
      '(',
      '[',
      '\\',
      '/',
      '<',
      '>',
      '&',
      '.',
      ',',
      '@',
      '*',
      '_',
      '+',
      '~',
      '{',
      '}',
      '{0}',
      '{1}',
      '%',
      '=',
      '?',
      'é',
      'ß',
      'İ',
      '😀',
      '커',
    ];
    const random = prng(20240601);
    const calls: (readonly string[])[] = [
      ['html'],
      ['htmlattr'],
      ['slugify'],
      ['smartypants'],
      ['safe'],
      ['encode-space'],
      ['line-breaks'],
      ['url-encode'],
      ['encode-uri'],
      ['encode-uri-component'],
      ['truncate', '7'],
      ['truncate', '3', '…'],
      ['json'],
      ['raw'],
      ['count'],
      ['format', 'f0', 'f1'],
      ['round'],
      ['mod', '3'],
      ['pluralize'],
      ['cycle', 'x', 'y'],
    ];
    for (let n = 0; n < 400; n++) {
      let text = '';
      const length = Math.floor(random() * 14);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      if (n % 50 === 0) text += n % 100 === 0 ? '\ud800' : '\udc00x';
      for (const call of calls) {
        const data = { v: text, f0: 'A', f1: ['B', 'C'] };
        const [formatter, ...args] = call;
        expectSame(`{v|${formatter}${writeArgs(args)}}`, data, ours('v', [call], data));
      }
    }
  });
});

/**
 * Conformance cases made only of text and `{variable|formatter ...}` tags, rendered with our
 * formatters by a tiny tag renderer (the full executor lives elsewhere).
 */
describe('conformance cases of single formatters', () => {
  const file = new URL('../../../test/fixtures/conformance/core.jsonl', import.meta.url);
  const cases = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { id: string; template: string; data?: unknown; expected: string });
  const TAG = /\{([^{}]*)\}/g;
  const VARIABLE_TAG = /^([@a-zA-Z0-9_.$-]+)((?:\|[a-zA-Z][a-zA-Z0-9_-]*(?:[^|}a-zA-Z0-9_-][^|}]*)?)*)$/;

  /** Our output for a template of text and variable tags; null when it has anything else. */
  function renderSimple(template: string, data: unknown): string | null {
    let result = '';
    let last = 0;
    for (const match of template.matchAll(TAG)) {
      const inner = match[1] as string;
      const tag = VARIABLE_TAG.exec(inner);
      if (tag === null) return null;
      const calls = (tag[2] as string)
        .split('|')
        .slice(1)
        .map((call) => {
          const name = /^[a-zA-Z][a-zA-Z0-9_-]*/.exec(call)?.[0] as string;
          const rest = call.slice(name.length);
          return rest === '' ? [name] : [name, ...rest.slice(1).split(rest[0] as string)];
        });
      // `apply` needs the executor's partials; those cases are covered by the engine's tests.
      if (calls.some(([name]) => name === 'apply' || CORE_FORMATTERS[name as string] === undefined)) return null;
      const mine = ours(tag[1] as string, calls, data);
      result += template.slice(last, match.index) + mine.html;
      last = match.index + match[0].length;
    }
    return result + template.slice(last);
  }

  const simple = cases.filter((c) => c.id.includes('/f-') && renderSimple(c.template, c.data ?? {}) !== null);

  it('finds the single-formatter cases', () => {
    expect(simple.length).toBeGreaterThanOrEqual(20);
  });

  for (const c of simple) {
    it(c.id, () => {
      expect((renderSimple(c.template, c.data ?? {}) as string).trim()).toBe(c.expected.trim());
    });
  }
});
