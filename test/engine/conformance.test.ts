/**
 * The conformance suite inside `npm test`: core and date must pass completely; the other files'
 * figures are reported by `npm run conformance` until their plugin families are complete.
 */
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, loadCases, runCase } from '../conformance/cases';

const REQUIRED = ['core', 'date'];

for (const name of REQUIRED) {
  describe(`conformance: ${name}.jsonl`, () => {
    const cases = loadCases(new URL(`${name}.jsonl`, CONFORMANCE_DIR).pathname).filter((c) => c.kind === 'render');
    it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
      const result = runCase(c);
      expect(result.output.trim()).toBe(c.expected.trim());
    });
  });
}
