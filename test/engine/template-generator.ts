import { COMMERCE_FORMATTERS, COMMERCE_PREDICATES } from '../../src/engine/plugins/commerce';
import { CONTENT_FORMATTERS, CONTENT_PREDICATES } from '../../src/engine/plugins/content';
import { CORE_FORMATTERS } from '../../src/engine/plugins/core-formatters';
import { CORE_PREDICATES } from '../../src/engine/plugins/core-predicates';
import { DATE_FORMATTERS } from '../../src/engine/plugins/date';
import { I18N_FORMATTERS, I18N_PREDICATES } from '../../src/engine/plugins/i18n';
import { SOCIAL_FORMATTERS, SOCIAL_PREDICATES } from '../../src/engine/plugins/social';
import { CONFORMANCE_DIR, loadCases, type ConformanceCase } from '../conformance/cases';
import { prng } from '../../scripts/prng';

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const chance = (r: Rand, p: number) => r() < p;

export interface GeneratedCase {
  family: Family;
  template: string;
  data: unknown;
  partials: Record<string, string>;
  now: number;
}

/**
 * Where the reference engine only stubs a formatter or predicate (it prints its input unchanged,
 * or is always false) and we implement what the Java compiler does; compared by the conformance
 * `beyond` cases instead.
 */
export const BEYOND_REFERENCE = new Set([
  'datetimefield',
  'i18n-money-format',
  'money-format',
  'money-string',
  'moneyFormat',
  'unit',
  'cart-subtotal',
  'units-metric?',
]);

const PLUGIN_FAMILIES = {
  core: { formatters: CORE_FORMATTERS, predicates: CORE_PREDICATES, fixtures: ['core'] },
  date: { formatters: DATE_FORMATTERS, predicates: {}, fixtures: ['date', 'core'] },
  commerce: { formatters: COMMERCE_FORMATTERS, predicates: COMMERCE_PREDICATES, fixtures: ['commerce'] },
  content: { formatters: CONTENT_FORMATTERS, predicates: CONTENT_PREDICATES, fixtures: ['content'] },
  social: { formatters: SOCIAL_FORMATTERS, predicates: SOCIAL_PREDICATES, fixtures: ['social'] },
  i18n: { formatters: I18N_FORMATTERS, predicates: I18N_PREDICATES, fixtures: ['i18n'] },
} as const;
type PluginFamily = keyof typeof PLUGIN_FAMILIES;

export const FAMILIES = [
  /** Sections, repeated sections, ifs, predicates, variables and core formatters, well formed. */
  'core',
  /** Stray `{.alternates with}`, `{.or}` outside a block, nameless sections, unclosed blocks, extra `{.end}`. */
  'structure',
  /** `{.var}` inside `{.or}` branches, `@` references inside nested sections. */
  'variables',
  /** `{.alternates with}` next to `{.newline}`, `{.space}`, `{.tab}` and the meta braces. */
  'whitespace',
  ...(Object.keys(PLUGIN_FAMILIES) as PluginFamily[]).map((f) => `formatters:${f}` as const),
  // Dates have no predicates, and the only i18n one is beyond the reference.
  ...(['core', 'commerce', 'content', 'social'] as const).map((f) => `predicates:${f}` as const),
] as const;
export type Family = (typeof FAMILIES)[number];

/** The case for a seed: seeds go round the families, so any run of consecutive seeds covers them evenly. */
export function generateCase(seed: number): GeneratedCase {
  const family = FAMILIES[seed % FAMILIES.length] as Family;
  const r = prng(seed);
  const now = Date.UTC(2024, 4, 17, 13, 45, 10);
  if (family.startsWith('formatters:') || family.startsWith('predicates:')) {
    const [kind, plugin] = family.split(':') as ['formatters' | 'predicates', PluginFamily];
    const ctx = pluginContext(r, plugin);
    const template = pluginTemplate(r, ctx, kind === 'formatters' ? 'formatter' : 'predicate');
    return { family, template, data: ctx.data, partials: PARTIALS, now };
  }
  const data = storeData(r);
  const gen = new Shapes(r, family as Mode, STORE_PATHS, CORE_NAMES);
  return { family, template: gen.template(), data, partials: PARTIALS, now };
}

/**
 * Every formatter of every plugin family, with each argument list of its vocabulary, given an
 * unset value (`cycle` with no arguments) and followed by `raw`, `json`, nothing, or bound with
 * `.var`: where a formatter leaves the value alone it stays unset, and `raw` tells that from a new
 * missing value. Data is the family's first fixture case over store data.
 */
export function unsetChainCases(): Omit<GeneratedCase, 'family'>[] {
  const now = Date.UTC(2024, 4, 17, 13, 45, 10);
  const cases: Omit<GeneratedCase, 'family'>[] = [];
  for (const [family, spec] of Object.entries(PLUGIN_FAMILIES)) {
    const base = fixtures(spec.fixtures[0] as string)[0]?.data;
    const data = { ...storeData(prng(1)), ...(base !== null && typeof base === 'object' ? base : {}) };
    const names = vocabulary(Object.keys(spec.formatters), family === 'i18n' ? [] : ODD_ARGS);
    for (const { name, args } of names) {
      for (const arg of args) {
        const chain = `count|cycle|${name}${arg}`;
        for (const template of [`{${chain}|raw}`, `{${chain}|json}`, `{${chain}}`, `{.var @v ${chain}}{@v|raw}`]) {
          cases.push({ template, data, partials: PARTIALS, now });
        }
      }
    }
  }
  return cases;
}

const PARTIALS: Record<string, string> = {
  card: '<b>{title}</b>{.section price} {@|round}{.end}',
  list: '{.repeated section @}{@}{.alternates with},{.end}',
};

// ---------------------------------------------------------------------------------------------
// Store-like data for the shape families

const STORE_NAMES = [
  'title',
  'price',
  'items',
  'tags',
  'onSale',
  'count',
  'missing',
  'empty',
  'nested',
  'flag',
  'zero',
  'html',
];
const STORE_PATHS = [
  ...STORE_NAMES,
  'nested.title',
  'nested.items',
  'items.0',
  'items.1.title',
  'nested.items.0.price',
  '@',
  '@index',
  '@index0',
  '@v',
  '@w',
];

function storeData(r: Rand, depth = 0): Record<string, unknown> {
  const item = () => ({
    title: pick(r, ['Mug', 'Shirt <b>', 'Caf\u00e9 "cr\u00e8me"', '', 'A & B']),
    price: pick(r, [0, 1, 2, 1500, 3.75, -1]),
    tags: Array.from({ length: Math.floor(r() * 3) }, () => pick(r, ['red', 'blue', 'x y'])),
  });
  return {
    title: pick(r, ['Store', 'Caf\u00e9 <Paris>', '', "it's"]),
    price: pick(r, [0, 1, 2, 9.5, 1e21, -3]),
    items: Array.from({ length: Math.floor(r() * 4) }, item),
    tags: pick(r, [[], ['a'], ['a', 'b', 'c']]),
    onSale: chance(r, 0.5),
    count: Math.floor(r() * 5),
    empty: pick(r, ['', [], {}, null, 0]),
    nested: depth < 1 ? storeData(r, depth + 1) : null,
    flag: pick(r, [true, false, 'true', 1, 0]),
    zero: 0,
    html: '<p>One &amp; two</p>',
  };
}

// ---------------------------------------------------------------------------------------------
// Formatter and predicate vocabularies with arguments

interface Vocabulary {
  formatters: { name: string; args: string[] }[];
  predicates: { name: string; args: string[] }[];
}

const fixtureCache = new Map<string, ConformanceCase[]>();
function fixtures(file: string): ConformanceCase[] {
  let cases = fixtureCache.get(file);
  if (cases === undefined) {
    cases = loadCases(new URL(`${file}.jsonl`, CONFORMANCE_DIR).pathname).filter((c) => c.kind === 'render');
    fixtureCache.set(file, cases);
  }
  return cases;
}

/** Argument lists the fixtures give each formatter and predicate name (every file, the beyond cases too). */
const observedArgs = (() => {
  const seen = new Map<string, Set<string>>();
  const note = (name: string, args: string) => {
    let set = seen.get(name);
    if (set === undefined) seen.set(name, (set = new Set()));
    set.add(args);
  };
  for (const file of ['core', 'date', 'commerce', 'content', 'social', 'i18n', 'beyond']) {
    for (const c of fixtures(file)) {
      for (const m of c.template.matchAll(/\|([A-Za-z-]+)((?:[ :,][^|}\n]*)?)/g)) note(m[1] as string, m[2] as string);
      for (const m of c.template.matchAll(/\{\.(?:or |if )?([A-Za-z-]+\?)((?:[ :,][^}\n]*)?)\}/g))
        note(m[1] as string, m[2] as string);
    }
  }
  return seen;
})();

/** Malformed or unusual arguments every formatter and predicate also meets. */
const ODD_ARGS = ['', ' ', ' x', ' 0', ' -1', ' 2 3', ':a:b', ' a=1', ' @', ' title'];

function vocabulary(names: readonly string[], extra: readonly string[]): { name: string; args: string[] }[] {
  return names
    .filter((name) => !BEYOND_REFERENCE.has(name))
    .map((name) => ({ name, args: [...(observedArgs.get(name) ?? ['']), ...extra] }));
}

const CORE_NAMES: Vocabulary = {
  formatters: vocabulary(Object.keys(CORE_FORMATTERS), ['']),
  predicates: vocabulary(Object.keys(CORE_PREDICATES), [' 1', ' 2', ' title', ' count 2', ' "a"']),
};

const CORE_ARGS = [' 1', ' 2', ' title', ' count 2', ' "a"', ' @index 1'];

// ---------------------------------------------------------------------------------------------
// Plugin families: fixture data, its paths, the family's names

interface PluginContext {
  data: unknown;
  paths: string[];
  names: Vocabulary;
}

/** Every path into a value (arrays by index), up to a depth, most interesting first. */
function pathsOf(value: unknown, prefix: string, depth: number, out: string[]): string[] {
  if (depth === 0 || value === null || typeof value !== 'object') return out;
  const entries = Array.isArray(value)
    ? value.slice(0, 3).map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    out.push(path);
    pathsOf(child, path, depth - 1, out);
  }
  return out;
}

const RANDOM_LEAVES: unknown[] = [
  0,
  1,
  -2.5,
  1500,
  '',
  'x',
  '<i>a</i>',
  '12',
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { a: 1 },
  1700000000000,
];

/** A copy of `value` with some leaves replaced by random ones. */
function mutate(r: Rand, value: unknown, rate: number): unknown {
  if (value === null || typeof value !== 'object') return chance(r, rate) ? pick(r, RANDOM_LEAVES) : value;
  if (Array.isArray(value)) return value.map((v) => mutate(r, v, rate));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (chance(r, rate / 2)) continue;
    out[k] = mutate(r, v, rate);
  }
  return out;
}

function pluginContext(r: Rand, family: PluginFamily): PluginContext {
  const spec = PLUGIN_FAMILIES[family];
  const cases = spec.fixtures.flatMap((f) => fixtures(f));
  const base = pick(r, cases).data;
  const mixed = chance(r, 0.3) ? mutate(r, base, 0.15) : base;
  const data =
    mixed !== null && typeof mixed === 'object' && !Array.isArray(mixed)
      ? { ...storeData(r), ...mixed }
      : { ...storeData(r), value: mixed };
  if (family === 'date' || family === 'i18n') {
    (data as Record<string, unknown>).when = pick(r, [1700000000000, 0, -86400000, 1715953510000, '2024-01-01', null]);
    if (chance(r, 0.5))
      (data as Record<string, unknown>).website = {
        timeZone: pick(r, ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'UTC']),
      };
  }
  const paths = ['@', ...pathsOf(data, '', 4, [])];
  // The i18n formatters read bare words as CLDR skeleton fields, and the reference's skeleton
  // matcher gives meaning to any letter (`datetime title` prints 'Wed, /31'); those are not
  // generated, only the option strings the fixtures use (docs/engine.md, Conformance).
  const formatters = vocabulary(Object.keys(spec.formatters), family === 'i18n' ? [] : ODD_ARGS);
  const own = Object.keys(spec.predicates).filter((name) => !BEYOND_REFERENCE.has(name));
  const predicates = vocabulary(own.length > 0 ? own : Object.keys(CORE_PREDICATES), ODD_ARGS);
  return { data, paths, names: { formatters, predicates } };
}

function pluginTemplate(r: Rand, ctx: PluginContext, stress: 'formatter' | 'predicate'): string {
  const gen = new Shapes(r, stress === 'formatter' ? 'plugin-formatters' : 'plugin-predicates', ctx.paths, ctx.names);
  return gen.template();
}

// ---------------------------------------------------------------------------------------------
// Template shapes

type Mode =
  | Exclude<Family, `formatters:${string}` | `predicates:${string}`>
  | 'plugin-formatters'
  | 'plugin-predicates';

class Shapes {
  constructor(
    private readonly r: Rand,
    private readonly mode: Mode,
    private readonly paths: readonly string[],
    private readonly names: Vocabulary,
  ) {}

  template(): string {
    const body = this.body(0);
    return this.mode === 'structure' ? this.damage(body) : body;
  }

  private path(): string {
    return pick(this.r, this.paths);
  }

  private formatterChain(): string {
    const r = this.r;
    const heavy = this.mode === 'plugin-formatters';
    const n = heavy ? 1 + Math.floor(r() * 2) : Math.floor(r() * 3);
    let chain = '';
    for (let i = 0; i < n; i++) {
      const f =
        heavy && i === 0
          ? pick(r, this.names.formatters)
          : chance(r, 0.5) && !heavy
            ? pick(r, CORE_NAMES.formatters)
            : pick(r, this.names.formatters);
      chain += `|${f.name}${pick(r, f.args)}`;
    }
    return chain;
  }

  private predicate(): string {
    const p = pick(this.r, this.names.predicates);
    return `${p.name}${pick(this.r, [...p.args, ...CORE_ARGS.slice(0, 2)])}`;
  }

  private variable(): string {
    const r = this.r;
    const vars = chance(r, 0.1) ? `${this.path()},${this.path()}` : this.path();
    return `{${vars}${this.formatterChain()}}`;
  }

  private text(): string {
    return pick(this.r, ['text ', '<li>', ' | ', '\n', 'a', ' ']);
  }

  private whitespaceTag(): string {
    return pick(this.r, ['{.newline}', '{.space}', '{.tab}', '{.meta-left}', '{.meta-right}']);
  }

  private bind(): string {
    const r = this.r;
    return `{.var ${pick(r, ['@v', '@w'])} ${this.path()}${chance(r, 0.3) ? this.formatterChain() : ''}}`;
  }

  /** The consequent and alternate of a block; `.or` branches may hold variable definitions. */
  private orBranch(depth: number): string {
    const r = this.r;
    const variables = this.mode === 'variables';
    if (!chance(r, variables ? 0.8 : 0.5)) return '';
    const head = chance(r, 0.3) ? `{.or ${this.predicate()}}` : '{.or}';
    const bind = variables && chance(r, 0.7) ? this.bind() : '';
    const second = variables && chance(r, 0.3) ? `{.or}${this.bind()}{@v}` : '';
    return `${head}${bind}${this.body(depth + 1)}${second}`;
  }

  private body(depth: number): string {
    const r = this.r;
    const parts: string[] = [];
    const n = 1 + Math.floor(r() * 4);
    for (let i = 0; i < n; i++) parts.push(this.part(depth));
    return parts.join('');
  }

  private part(depth: number): string {
    const r = this.r;
    const roll = depth > 2 ? r() * 0.45 : r();
    const mode = this.mode;
    if (roll < 0.12) return this.text();
    if (roll < 0.35) return this.variable();
    if (roll < 0.45) {
      if (mode === 'whitespace') return this.whitespaceTag();
      if (mode === 'variables') return pick(r, [this.bind(), '{@v}', '{@w}', '{@}', '{@index}', '{@v.title}']);
      return this.bind();
    }
    if (roll < 0.58) return `{.section ${this.path()}}${this.body(depth + 1)}${this.orBranch(depth)}{.end}`;
    if (roll < 0.72) return this.repeated(depth);
    if (roll < 0.84) {
      const op = pick(r, [' && ', ' || ']);
      const cond = chance(r, 0.5) ? this.path() : `${this.path()}${op}${this.path()}`;
      return `{.if ${cond}}${this.body(depth + 1)}${this.orBranch(depth)}{.end}`;
    }
    if (roll < 0.9 && mode !== 'plugin-predicates')
      return pick(r, [`{${this.path()}|apply card}`, `{.include list}`, `{${this.path()}|apply list}`]);
    const predicate = chance(r, 0.3) ? `if ${this.predicate()}` : this.predicate();
    return `{.${predicate}}${this.body(depth + 1)}${this.orBranch(depth)}{.end}`;
  }

  private repeated(depth: number): string {
    const r = this.r;
    const ws = this.mode === 'whitespace';
    let alt = '';
    if (chance(r, ws ? 0.9 : 0.5)) {
      const around = () => (ws && chance(r, 0.7) ? this.whitespaceTag() : '');
      alt = `${around()}{.alternates with}${around()}${pick(r, [', ', '|', '', '{@index}', '{.space}'])}${around()}`;
    }
    const body =
      ws && chance(r, 0.5)
        ? `${this.whitespaceTag()}${this.body(depth + 1)}${this.whitespaceTag()}`
        : this.body(depth + 1);
    const or = chance(r, 0.3) ? `{.or}${this.mode === 'variables' ? this.bind() : ''}none{@v}` : '';
    return `{.repeated section ${this.path()}}${body}${alt}${or}{.end}`;
  }

  /** Breaks the block structure of a well-formed template in one to three places. */
  private damage(source: string): string {
    const r = this.r;
    const breaks = [
      '{.alternates with}',
      '{.or}',
      '{.or even?}',
      '{.end}',
      '{.repeated section}',
      '{.repeated section }',
      '{.section}',
      '{.section items}',
      '{.repeated section items}',
      '{.if}',
      '{.if title}',
      '{.even?}',
      '{.eof}',
      '{.macro m}',
      '{.alternates with}{.alternates with}',
      '{.or}{.or}',
    ];
    let out = source;
    const n = 1 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) {
      const tags = [...out.matchAll(/\{[^{}]*\}/g)];
      const at =
        tags.length === 0 || chance(r, 0.2) ? (chance(r, 0.5) ? 0 : out.length) : (pick(r, tags).index as number);
      if (chance(r, 0.25) && tags.length > 0) {
        const victim = pick(r, tags);
        const start = victim.index as number;
        out = out.slice(0, start) + out.slice(start + victim[0].length);
      } else out = out.slice(0, at) + pick(r, breaks) + out.slice(at);
    }
    return out;
  }
}
