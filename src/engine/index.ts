/**
 * The template engine's public API: compile a template once, render it many times. Other rooms
 * import this file, and the storefront also plugins/index.ts for the default formatters its own
 * tables extend; test/architecture.test.ts allows no other way in.
 */
import { messages, type TemplateError } from './errors';
import type { EscapeMode } from './exec/escape';
import { ProgramBuilder } from './exec/program';
import { Render, type Limits } from './exec/render';
import type { Block } from './exec/types';
import type { Inst } from './parse/instructions';
import { NameTable } from './parse/names';
import { parse, type NameRegistry } from './parse/parser';
import { DEFAULT_FORMATTERS, DEFAULT_PREDICATES } from './plugins/index';
import type { FormatterTable, PredicateTable } from './plugins/types';

export type { TemplateError } from './errors';
/** The opt-in escaping mode for templates written by others (docs/engine.md, "Escaping"). */
export { TrustedHtml, type EscapeMode } from './exec/escape';
/** Value and HTML helpers with the template language's semantics, for code that writes formatters. */
export { asString, childOf, isTruthy } from '../values/index';
export { escapeHtml, escapeHtmlAttribute } from './text/html';
/** The `timesince` formatter's English age text ('about 3 days ago'), for the editor's own lists. */
export { humanizeAge } from './i18n/relative-time';
export type { Formatter, FormatterTable, Predicate, PredicateTable, RenderContext } from './plugins/types';

/** A compiled template: never changed after compile (the types say so), safe to share between renders. */
export interface Template {
  readonly source: string;
  /** The instruction tree (internal form; see src/engine/parse/instructions.ts). */
  readonly root: readonly Inst[];
  readonly errors: readonly TemplateError[];
  /** The executable forms built for it by the renders so far (internal; see src/engine/exec/program.ts). */
  readonly programs: Map<ProgramBuilder, Block>;
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
  /** Escape what variables print, except through the mode's raw formatters (keep the object: programs are built once per mode). */
  escape?: EscapeMode;
}

export const DEFAULT_LIMITS: Readonly<Limits> = { maxSteps: 5_000_000, maxOutputBytes: 32 * 1024 * 1024 };

export interface CompileOptions {
  /** Use and fill the per-isolate cache of compiled templates (default true). */
  cache?: boolean;
  /**
   * Compile for the preprocessor pass: only `{^...}` tags are instructions; rendering the result
   * gives the template source for the normal pass.
   */
  preprocess?: boolean;
  /** Formatters and predicates the template may use besides the defaults (the tables given to render). */
  formatters?: FormatterTable;
  predicates?: PredicateTable;
}

/**
 * Which names a template may use, and the templates compiled against them. Compiled templates are
 * cached per isolate by source text (prefixed by `^` for the preprocessor pass); past the cap the
 * oldest are dropped.
 */
interface Vocabulary {
  names: NameRegistry;
  templates: Map<string, Template>;
  /** Programs built with the defaults and the extra tables merged over them. */
  programs: ProgramBuilder;
  /** The same, per escaping mode. */
  escaping: WeakMap<EscapeMode, ProgramBuilder>;
  formatters: FormatterTable;
  predicates: PredicateTable;
}

const CACHE_CAP = 500;
const NO_FORMATTERS: FormatterTable = {};
const NO_PREDICATES: PredicateTable = {};
const vocabularies = new WeakMap<FormatterTable, WeakMap<PredicateTable, Vocabulary>>();

function vocabulary(
  formatters: FormatterTable = NO_FORMATTERS,
  predicates: PredicateTable = NO_PREDICATES,
): Vocabulary {
  let byPredicates = vocabularies.get(formatters);
  if (byPredicates === undefined) {
    byPredicates = new WeakMap();
    vocabularies.set(formatters, byPredicates);
  }
  let found = byPredicates.get(predicates);
  if (found === undefined) {
    const allFormatters = formatters === NO_FORMATTERS ? DEFAULT_FORMATTERS : { ...DEFAULT_FORMATTERS, ...formatters };
    const allPredicates = predicates === NO_PREDICATES ? DEFAULT_PREDICATES : { ...DEFAULT_PREDICATES, ...predicates };
    found = {
      names: {
        formatters: new NameTable(Object.keys(allFormatters)),
        predicates: new NameTable(Object.keys(allPredicates)),
      },
      templates: new Map(),
      programs: new ProgramBuilder(allFormatters, allPredicates),
      escaping: new WeakMap(),
      formatters: allFormatters,
      predicates: allPredicates,
    };
    byPredicates.set(predicates, found);
  }
  return found;
}

function programsFor(words: Vocabulary, escape: EscapeMode | undefined): ProgramBuilder {
  if (escape === undefined) return words.programs;
  let builder = words.escaping.get(escape);
  if (builder === undefined) {
    builder = new ProgramBuilder(words.formatters, words.predicates, escape);
    words.escaping.set(escape, builder);
  }
  return builder;
}

export function compile(source: string, options: CompileOptions = {}): { template: Template; errors: TemplateError[] } {
  const { names, templates } = vocabulary(options.formatters, options.predicates);
  const useCache = options.cache !== false;
  const preprocess = options.preprocess === true;
  const key = preprocess ? `^${source}` : source;
  let template = useCache ? templates.get(key) : undefined;
  if (template === undefined) {
    const { root, errors } = parse(source, names, { preprocess });
    template = { source, root, errors, programs: new Map() };
    if (useCache) {
      if (templates.size >= CACHE_CAP) templates.delete(templates.keys().next().value as string);
      templates.set(key, template);
    }
  }
  return { template, errors: template.errors.length === 0 ? [] : [...template.errors] };
}

/** Renders a template (or source text) against data. Never throws: problems come back as errors. */
export function render(
  template: Template | string,
  data: unknown,
  options: RenderOptions = {},
): { html: string; errors: TemplateError[] } {
  const errors: TemplateError[] = [];
  let compiled: Template;
  const tables = { formatters: options.formatters, predicates: options.predicates };
  const words = vocabulary(options.formatters, options.predicates);
  if (typeof template === 'string') {
    compiled = compile(template, tables).template;
    errors.push(...compiled.errors);
  } else compiled = template;
  const run = new Render(data, {
    programs: programsFor(words, options.escape),
    snippetPrograms: words.programs,
    partials: options.partials ?? {},
    injects: options.injects ?? {},
    locale: options.locale === undefined ? 'en' : options.locale,
    now: options.now ?? Date.now(),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    compilePartial: (source) => compile(source, tables).template,
  });
  let html = '';
  try {
    html = run.render(compiled);
  } catch (e) {
    run.error(messages.unexpected(e instanceof Error ? e.name : 'Error', 'ROOT', String(e)));
    html = run.out;
  }
  errors.push(...run.errors);
  return { html, errors };
}
