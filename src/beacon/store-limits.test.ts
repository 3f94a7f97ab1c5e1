import { describe, expect, it } from 'vitest';
import { boundedKey, DEFAULT_RETENTION_DAYS, MAX_KEY_CHARS, OTHER_KEY, retentionDaysOf } from './store-limits';

describe('beacon store limits', () => {
  it('keeps 90 days unless BEACON_RETENTION_DAYS gives a whole number of days from 1 to 3650', () => {
    expect(DEFAULT_RETENTION_DAYS).toBe(90);
    expect(retentionDaysOf({})).toBe(90);
    expect(retentionDaysOf({ BEACON_RETENTION_DAYS: '30' })).toBe(30);
    expect(retentionDaysOf({ BEACON_RETENTION_DAYS: 400 })).toBe(400);
    for (const bad of ['0', '-5', '1.5', 'forever', '', '99999', 0, 4000])
      expect(retentionDaysOf({ BEACON_RETENTION_DAYS: bad }), String(bad)).toBe(90);
  });

  it('folds keys longer than the limit into the other key', () => {
    expect(boundedKey('/shop')).toBe('/shop');
    expect(boundedKey('x'.repeat(MAX_KEY_CHARS))).toBe('x'.repeat(MAX_KEY_CHARS));
    expect(boundedKey('x'.repeat(MAX_KEY_CHARS + 1))).toBe(OTHER_KEY);
  });
});
