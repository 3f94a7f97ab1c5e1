/**
 * Differential test: seeded random templates over random store-like data, rendered by our engine
 * and by the reference engine (@squarespace/template-engine); the outputs must be identical, and
 * so must whether the template has structure errors. The families of shapes are in
 * template-generator.ts; a failure names each disagreeing seed, so it is reproducible.
 *
 * `DIFFERENTIAL_COUNT=10000 npx vitest run --project engine test/engine/differential.test.ts` runs
 * more seeds than the default 2,000; `DIFFERENTIAL_FIRST=20001` starts at another seed than 1.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/engine/index';
import { referenceCldr, referenceCompiler } from '../support/reference-engine';
import { FAMILIES, generateCase, unsetChainCases, type Family, type GeneratedCase } from './template-generator';

const COUNT = Number(process.env.DIFFERENTIAL_COUNT ?? 2000);
const FIRST = Number(process.env.DIFFERENTIAL_FIRST ?? 1);

interface Rendered {
  html: string;
  /** Whether the template's block structure was reported as broken. */
  structureErrors: boolean;
}

function ours(c: Omit<GeneratedCase, 'family'>): Rendered {
  const { html, errors } = render(c.template, c.data, { partials: c.partials, now: c.now });
  return { html, structureErrors: errors.some((e) => e.type === 'assembler') };
}

function theirs(c: Omit<GeneratedCase, 'family'>): Rendered {
  const { ctx, errors } = referenceCompiler.execute({
    code: c.template,
    json: c.data,
    partials: c.partials,
    injects: {},
    cldr: referenceCldr('en'),
    now: c.now,
    enableExpr: true,
    enableInclude: true,
  });
  return { html: ctx.render(), structureErrors: errors.some((e) => e.type === 'assembler') };
}

/** Disagreements per family, each as a short reproducible description. */
function disagreements(first: number, count: number): Map<Family, string[]> {
  const found = new Map<Family, string[]>(FAMILIES.map((f) => [f, []]));
  for (let seed = first; seed < first + count; seed++) {
    const c = generateCase(seed);
    const a = ours(c);
    const b = theirs(c);
    if (a.html !== b.html || a.structureErrors !== b.structureErrors) {
      (found.get(c.family) as string[]).push(
        `seed ${seed} (${c.family}): ${JSON.stringify(c.template)}\n  ours:   ${JSON.stringify(a)}\n  theirs: ${JSON.stringify(b)}`,
      );
    }
  }
  return found;
}

describe('differential: random templates against the reference engine', () => {
  it(`renders ${COUNT} random templates across ${FAMILIES.length} families exactly as the reference does`, () => {
    const found = disagreements(FIRST, COUNT);
    const summary = [...found]
      .filter(([, list]) => list.length > 0)
      .map(([family, list]) => `${family}: ${list.length}`);
    const examples = [...found.values()].flatMap((list) => list.slice(0, 2));
    console.log(
      `differential: ${COUNT} templates from seed ${FIRST}, ${summary.length === 0 ? 'no disagreements' : summary.join(', ')}`,
    );
    expect([...summary, ...examples].join('\n')).toBe('');
  }, 600_000);

  it('hands an unset value through every formatter as the reference does', () => {
    const differing = unsetChainCases()
      .map((c) => ({ template: c.template, ours: ours(c).html, theirs: theirs(c).html }))
      .filter((d) => d.ours !== d.theirs);
    expect(differing).toEqual([]);
  });
});
