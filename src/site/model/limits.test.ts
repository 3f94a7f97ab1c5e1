import { describe, expect, it } from 'vitest';
import { smallSiteInput } from '../../../test/support/site';
import { nameProblem } from '../editor/tag-manager';
import { LIMIT_MESSAGES, NAME_LIMITS } from './limits';
import { itemSchema } from './schema';

/** What the stored item's schema says about `tags`: null when it takes them, else its messages. */
function schemaProblem(tags: string[]): string | null {
  const result = itemSchema.safeParse({ ...smallSiteInput().items[0], tags });
  return result.success ? null : result.error.issues.map((issue) => issue.message).join('; ');
}

describe('a tag name has one limit and one message', () => {
  it('the console and the stored item agree on a name at the limit, counted in characters (an emoji is one)', () => {
    const emoji = '🎁'.repeat(NAME_LIMITS.tag);
    expect(nameProblem('tag', emoji, [])).toBeNull();
    expect(schemaProblem([emoji])).toBeNull();
    expect(schemaProblem(['x'.repeat(NAME_LIMITS.tag)])).toBeNull();
  });

  it('both refuse one character more with the same message', () => {
    for (const name of ['x'.repeat(NAME_LIMITS.tag + 1), '🎁'.repeat(NAME_LIMITS.tag + 1)]) {
      expect(nameProblem('tag', name, [])).toBe(LIMIT_MESSAGES.tagLength);
      expect(schemaProblem([name])).toBe(LIMIT_MESSAGES.tagLength);
    }
    expect(LIMIT_MESSAGES.tagLength).toBe('A tag can be at most 50 characters');
    expect(nameProblem('category', 'y'.repeat(NAME_LIMITS.category + 1), [])).toBe(LIMIT_MESSAGES.categoryLength);
  });
});
