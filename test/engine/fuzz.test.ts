/** Hostile and random templates: the engine always returns, with errors instead of throwing, within its step and output limits. */
import { describe, expect, it } from 'vitest';
import { compile, DEFAULT_LIMITS, render } from '../../src/engine/index';
import { prng } from '../../scripts/prng';

function run(source: string, data: unknown, partials: Record<string, string> = {}, limits = {}) {
  const { template, errors } = compile(source);
  const result = render(template, data, { partials, limits });
  return { html: result.html, errors: [...errors, ...result.errors].map((e) => e.message) };
}

describe('engine under hostile templates', () => {
  it('handles deep nesting, unclosed blocks and self-applying partials with errors, not exceptions', () => {
    expect(run('{.section a}'.repeat(5000) + 'x' + '{.end}'.repeat(5000), {}).errors).toEqual([]);
    expect(run('{.section a}'.repeat(20_000), {}).errors.length).toBeGreaterThan(0);
    expect(run('{.if a}'.repeat(3000), { a: true }).errors.length).toBeGreaterThan(0);
    expect(run('{@|apply loop}', {}, { loop: '{@|apply loop}' }).errors).toContain(
      "Attempt to apply partial 'loop' exceeded maximum recursion depth of 16",
    );
    expect(run(`{${'a.'.repeat(10_000)}b}`, {}).html).toBe('');
  });

  it('stops multiplying repeats at the step limit and huge output at the output limit', () => {
    const list = Array.from({ length: 1000 }, (_, i) => i);
    // A billion iterations from a few kilobytes of data: the lists are shared by reference.
    const inner = list.map(() => ({ c: list }));
    const product = run('{.repeated section a}{.repeated section b}{.repeated section c}x{.end}{.end}{.end}', {
      a: list.map(() => ({ b: inner })),
    });
    expect(product.errors).toHaveLength(1);
    expect(product.html.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxOutputBytes);
    const big = run(
      '{.repeated section a}{s}{.end}',
      { a: list, s: 'y'.repeat(10_000) },
      {},
      { maxOutputBytes: 1_000_000 },
    );
    expect(big.html.length).toBeLessThanOrEqual(1_000_000);
    expect(big.errors.length).toBe(1);
  });

  it('never throws on random tag soup', () => {
    const random = prng(20261122);
    const pieces = [
      '{',
      '}',
      '.section',
      '.repeated section',
      '.end',
      '.or',
      '.if',
      '.var',
      '@',
      '|',
      'html',
      'apply',
      ' ',
      'a',
      'b.c',
      '{.alternates with}',
      '{@|json}',
      '{.equal? a 1}',
      '{.main-image?}',
      '\n',
      '{^',
      '{#',
      '"',
      "'",
      '(',
      ')',
    ];
    for (let i = 0; i < 500; i++) {
      let source = '';
      const length = Math.floor(random() * 60);
      for (let k = 0; k < length; k++) source += pieces[Math.floor(random() * pieces.length)];
      expect(() => run(source, { a: [1, { b: { c: 'x' } }], b: { c: '<b>' } }, { x: source })).not.toThrow();
    }
  });
});
