/**
 * Loads and runs the template conformance cases (format: test/fixtures/conformance/README.md).
 * Shared by `npm run conformance` and the test suite.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { compile, render, type TemplateError } from '../../src/engine/index';

export interface ConformanceCase {
  id: string;
  kind: 'render' | 'ast';
  template: string;
  data?: unknown;
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  options?: { locale?: string; now?: number; preprocess?: boolean };
  expected: string;
  status: string;
}

export interface CaseResult {
  id: string;
  pass: boolean;
  output: string;
  errors: TemplateError[];
}

export const CONFORMANCE_DIR = new URL('../fixtures/conformance/', import.meta.url);

/** Case files run by default: every file except the reference's AST dumps. */
export const DEFAULT_CASE_FILES = ['core', 'date', 'commerce', 'content', 'social', 'i18n', 'beyond'].map(
  (name) => new URL(`${name}.jsonl`, CONFORMANCE_DIR).pathname,
);

export function loadCases(file: string): ConformanceCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ConformanceCase);
}

export function runCase(c: ConformanceCase): CaseResult {
  const locale = c.options?.locale;
  // A preprocess case expects the output of the `{^...}` pass alone.
  const template = c.options?.preprocess === true ? compile(c.template, { preprocess: true }).template : c.template;
  const { html, errors } = render(template, c.data ?? {}, {
    partials: c.partials,
    injects: c.injects,
    locale: locale === 'none' ? null : (locale ?? 'en'),
    now: c.options?.now,
  });
  return { id: c.id, pass: html.trim() === c.expected.trim(), output: html, errors };
}

export function runFile(file: string): { name: string; results: CaseResult[] } {
  const results = loadCases(file)
    .filter((c) => c.kind === 'render')
    .map(runCase);
  return { name: basename(file), results };
}
