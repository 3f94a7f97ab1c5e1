/** `npm test -- ARGS` starts only as many browser stores as the browser files it names (scripts/test-workers.mjs). */
import { describe, expect, it } from 'vitest';
import { browserWorkersFor } from '../../scripts/test-workers.mjs';

describe('browser workers for npm test -- ARGS', () => {
  it('gives one browser file one worker, and two or more files two', () => {
    expect(browserWorkersFor(['test/e2e/cart.test.ts'])).toBe('1');
    expect(browserWorkersFor(['test/e2e/cart.test.ts', '-t', 'adds'])).toBe('1');
    expect(browserWorkersFor(['test/e2e/csp.test.ts', '--reporter=json'])).toBe('1');
    expect(browserWorkersFor(['test/e2e/cart.test.ts', 'test/worker/cart.test.ts'])).toBe('1');
    expect(browserWorkersFor(['test/e2e/cart.test.ts', 'test/e2e/csp.test.ts', 'test/journeys/account.test.ts'])).toBe(
      '2',
    );
  });

  it('leaves the default when the files are not known: a folder, a pattern, a project or no browser file', () => {
    expect(browserWorkersFor(['test/e2e'])).toBeUndefined();
    expect(browserWorkersFor(['cart'])).toBeUndefined();
    expect(browserWorkersFor(['test/e2e/cart.test.ts', 'checkout'])).toBeUndefined();
    expect(browserWorkersFor(['--project', 'e2e'])).toBeUndefined();
    expect(browserWorkersFor(['test/worker/cart.test.ts'])).toBeUndefined();
  });
});
