/**
 * Differential test: random templates over random store-like data, rendered by our engine and by
 * the reference engine (@squarespace/template-engine); the outputs must be identical.
 * The generator is seeded, so a failure names a reproducible seed.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/engine/index';
import { renderReference } from '../support/reference-engine';
import { prng } from '../support/prng';


type Rand = () => number;
const pick = <T,>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

const NAMES = ['title', 'price', 'items', 'tags', 'onSale', 'count', 'missing', 'empty', 'nested', 'flag', 'zero', 'html'];
const PATHS = [...NAMES, 'nested.title', 'nested.items', 'items.0', 'items.1.title', 'nested.items.0.price', '@', '@index', '@index0', '@v'];
const FORMATTERS = [
  'capitalize',
  'item-classes',
  'html',
  'htmlattr',
  'htmltag',
  'json',
  'json-pretty',
  'safe',
  'str',
  'raw',
  'slugify',
  'url-encode',
  'count',
  'round',
  'truncate 5',
  'truncate 12 ~',
  'pluralize item items',
  'mod 3',
  'cycle a b c',
  'encode-space',
  'iter',
];
const PREDICATES = ['even?', 'odd?', 'plural?', 'singular?', 'equal? 1', 'equal? title', 'greaterThan? 2', 'lessThan? 2', 'nth? 2'];

function randomData(r: Rand, depth = 0): unknown {
  const item = () => ({
    title: pick(r, ['Mug', 'Shirt <b>', 'Caf\u00e9 "crème"', '', 'A & B']),
    price: pick(r, [0, 1, 2, 1500, 3.75, -1]),
    tags: Array.from({ length: Math.floor(r() * 3) }, () => pick(r, ['red', 'blue', 'x y'])),
  });
  return {
    title: pick(r, ['Store', 'Caf\u00e9 <Paris>', '', "it's"]),
    price: pick(r, [0, 1, 2, 9.5, 1e21, -3]),
    items: Array.from({ length: Math.floor(r() * 4) }, item),
    tags: pick(r, [[], ['a'], ['a', 'b', 'c']]),
    onSale: r() < 0.5,
    count: Math.floor(r() * 5),
    empty: pick(r, ['', [], {}, null, 0]),
    nested: depth < 1 ? randomData(r, depth + 1) : null,
    flag: pick(r, [true, false, 'true', 1, 0]),
    zero: 0,
    html: '<p>One &amp; two</p>',
  };
}

function randomTemplate(r: Rand, depth = 0): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const roll = depth > 2 ? r() * 0.4 : r();
    if (roll < 0.15) parts.push(pick(r, ['text ', '<li>', ' | ', '\n']));
    else if (roll < 0.4) {
      const fmts = Array.from({ length: Math.floor(r() * 3) }, () => pick(r, FORMATTERS));
      parts.push(`{${pick(r, PATHS)}${fmts.map((f) => `|${f}`).join('')}}`);
    } else if (roll < 0.5) parts.push(`{.var @v ${pick(r, PATHS)}}`);
    else if (roll < 0.62) {
      const or = r() < 0.5 ? `{.or}${randomTemplate(r, depth + 1)}` : '';
      parts.push(`{.section ${pick(r, PATHS)}}${randomTemplate(r, depth + 1)}${or}{.end}`);
    } else if (roll < 0.75) {
      const alt = r() < 0.5 ? `{.alternates with}${pick(r, [', ', '|'])}` : '';
      const or = r() < 0.3 ? `{.or}none` : '';
      parts.push(`{.repeated section ${pick(r, PATHS)}}${randomTemplate(r, depth + 1)}${alt}${or}{.end}`);
    } else if (roll < 0.87) {
      const op = pick(r, [' && ', ' || ']);
      const cond = r() < 0.5 ? pick(r, PATHS) : `${pick(r, PATHS)}${op}${pick(r, PATHS)}`;
      parts.push(`{.if ${cond}}${randomTemplate(r, depth + 1)}{.or}${randomTemplate(r, depth + 1)}{.end}`);
    } else {
      const or = r() < 0.5 ? `{.or ${pick(r, PREDICATES)}}P2` : '';
      parts.push(`{.${pick(r, PREDICATES)}}${randomTemplate(r, depth + 1)}${or}{.end}`);
    }
  }
  return parts.join('');
}

describe('differential: random templates against the reference engine', () => {
  const SEEDS = 400;
  it(`renders ${SEEDS} random templates exactly as the reference does`, () => {
    const mismatches: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = prng(seed);
      const template = randomTemplate(r);
      const data = randomData(r);
      const ours = render(template, data).html;
      const theirs = renderReference(template, data);
      if (ours !== theirs) mismatches.push(`seed ${seed}: ${template}\n  ours:   ${JSON.stringify(ours)}\n  theirs: ${JSON.stringify(theirs)}`);
    }
    expect(mismatches.slice(0, 5).join('\n')).toBe('');
  });
});
