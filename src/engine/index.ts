/**
 * The template engine's public API: compile a template once, render it many times.
 * Other modules import only this file.
 */
import { messages, type TemplateError } from './errors';
import { Render, type Limits } from './exec/render';
import type { Inst } from './parse/instructions';
import { parse } from './parse/parser';
import { DEFAULT_FORMATTERS, DEFAULT_PREDICATES } from './plugins/index';
import type { FormatterTable, PredicateTable } from './plugins/types';

export type { TemplateError } from './errors';
export type { Formatter, FormatterTable, Predicate, PredicateTable, RenderContext } from './plugins/types';

/** A compiled template: never changed after compile (the types say so), safe to share between renders. */
export interface Template {
  readonly source: string;
  /** The instruction tree (internal form; see src/engine/parse/instructions.ts). */
  readonly root: readonly Inst[];
  readonly errors: readonly TemplateError[];
}

export interface RenderOptions {
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  /** Locale for the i18n formatters (default 'en'); null means none (they print nothing). */
  locale?: string | null;
  /** Current time in epoch milliseconds (default: now). */
  now?: number;
  /** Formatters and predicates to use instead of (or in addition to) the defaults of the same name. */
  formatters?: FormatterTable;
  predicates?: PredicateTable;
  limits?: Partial<Limits>;
}

export const DEFAULT_LIMITS: Readonly<Limits> = { maxSteps: 5_000_000, maxOutputBytes: 32 * 1024 * 1024 };

const KNOWN_NAMES = {
  formatterExists: (name: string) => Object.hasOwn(DEFAULT_FORMATTERS, name),
  predicateExists: (name: string) => Object.hasOwn(DEFAULT_PREDICATES, name),
};

/** Compiled templates by source text (prefixed by `^` for the preprocessor pass), per isolate; the oldest are dropped past the cap. */
const cache = new Map<string, Template>();
const CACHE_CAP = 500;

export interface CompileOptions {
  /** Use and fill the per-isolate cache of compiled templates (default true). */
  cache?: boolean;
  /**
   * Compile for the preprocessor pass: only `{^...}` tags are instructions; rendering the result
   * gives the template source for the normal pass.
   */
  preprocess?: boolean;
}

export function compile(source: string, options: CompileOptions = {}): { template: Template; errors: TemplateError[] } {
  const useCache = options.cache !== false;
  const preprocess = options.preprocess === true;
  const key = preprocess ? `^${source}` : source;
  let template = useCache ? cache.get(key) : undefined;
  if (template === undefined) {
    const { root, errors } = parse(source, KNOWN_NAMES, { preprocess });
    template = { source, root, errors };
    if (useCache) {
      if (cache.size >= CACHE_CAP) cache.delete(cache.keys().next().value as string);
      cache.set(key, template);
    }
  }
  return { template, errors: template.errors.length === 0 ? [] : [...template.errors] };
}

const compilePartial = (source: string) => {
  const { template } = compile(source);
  return { root: template.root as Inst[], errors: template.errors };
};

function mergeTables<T>(defaults: Readonly<Record<string, T>>, extra: Readonly<Record<string, T>> | undefined) {
  return extra === undefined ? defaults : { ...defaults, ...extra };
}

/** Renders a template (or source text) against data. Never throws: problems come back as errors. */
export function render(
  template: Template | string,
  data: unknown,
  options: RenderOptions = {},
): { html: string; errors: TemplateError[] } {
  const errors: TemplateError[] = [];
  let compiled: Template;
  if (typeof template === 'string') {
    compiled = compile(template).template;
    errors.push(...compiled.errors);
  } else compiled = template;
  const run = new Render(data, {
    formatters: mergeTables(DEFAULT_FORMATTERS, options.formatters),
    predicates: mergeTables(DEFAULT_PREDICATES, options.predicates),
    partials: options.partials ?? {},
    injects: options.injects ?? {},
    locale: options.locale === undefined ? 'en' : options.locale,
    now: options.now ?? Date.now(),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    compilePartial,
  });
  let html = '';
  try {
    html = run.run(compiled.root as Inst[]);
  } catch (e) {
    run.error(messages.unexpected(e instanceof Error ? e.name : 'Error', 'ROOT', String(e)));
    html = run.out;
  }
  errors.push(...run.errors);
  return { html, errors };
}
