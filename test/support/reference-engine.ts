/**
 * The reference engine (@squarespace/template-engine 2.10.10) set up as the conformance cases and
 * benchmark outputs were produced: expressions and includes on, CLDR data from @phensley/cldr.
 * Used only by differential tests and benchmarks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CLDRFramework, type CLDR } from '@phensley/cldr';
import { Compiler, type RootCode } from '@squarespace/template-engine';

const packs = join(dirname(createRequire(import.meta.url).resolve('@phensley/cldr/package.json')), 'packs');

function loadPack(language: string): string {
  const plain = join(packs, `${language}.json`);
  return existsSync(plain) ? readFileSync(plain, 'utf8') : gunzipSync(readFileSync(`${plain}.gz`)).toString('utf8');
}

const framework = new CLDRFramework({ loader: loadPack });
const cldrs = new Map<string, CLDR>();

export function referenceCldr(locale: string): CLDR {
  let cldr = cldrs.get(locale);
  if (cldr === undefined) {
    cldr = framework.get(locale);
    cldrs.set(locale, cldr);
  }
  return cldr;
}

export const referenceCompiler = new Compiler();

export interface ReferenceOptions {
  partials?: Record<string, string | RootCode>;
  injects?: Record<string, unknown>;
  /** Default 'en'; null renders without locale data. */
  locale?: string | null;
  now?: number;
}

/** Renders with the reference engine; `code` may be source text or the reference's parsed form. */
export function renderReference(code: string | RootCode, data: unknown, options: ReferenceOptions = {}): string {
  const locale = options.locale === undefined ? 'en' : options.locale;
  const { ctx } = referenceCompiler.execute({
    code,
    json: data,
    partials: options.partials ?? {},
    injects: options.injects ?? {},
    cldr: locale === null ? undefined : referenceCldr(locale),
    now: options.now,
    enableExpr: true,
    enableInclude: true,
  });
  return ctx.render();
}

/** The reference's compiled form of a template (its parse always yields a root instruction). */
export function parseReference(source: string): RootCode {
  return referenceCompiler.parse(source).code as RootCode;
}
