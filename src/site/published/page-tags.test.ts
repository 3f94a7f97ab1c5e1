/** The page tags of what a page shows and of what an edit changes (src/site/published/page-tags.ts). */
import { describe, expect, it } from 'vitest';
import { cdnTags, itemChangeTags, stillCurrent } from './page-tags';
import type { Item } from '../model/schema';

const item = (extra: Partial<Item> = {}) =>
  ({ id: 'p-1', collectionId: 'c-shop', tags: ['desk'], addedOn: 1, title: 'Pen', ...extra }) as Item;

describe('page tags', () => {
  it('a price or title change touches the item, its listing and search; a move touches its neighbours and related pages too', () => {
    expect(itemChangeTags(item(), item({ title: 'Brass Pen' })).sort()).toEqual([
      'c:c-shop',
      'i:p-1',
      'items',
      'search',
    ]);
    expect(itemChangeTags(item(), item({ tags: ['desk', 'gift'] })).sort()).toEqual(
      ['c:c-shop', 'i:p-1', 'items', 'o:c-shop', 'search', 't:desk', 't:gift'].sort(),
    );
    expect(itemChangeTags(null, item())).toContain('o:c-shop');
    expect(itemChangeTags(item({ status: 'draft' } as Partial<Item>), item())).toContain('t:desk');
  });

  it('a kept page is current while the edits since touched none of its tags and the log reaches back to it', () => {
    const changes = [
      { version: 5, tags: ['i:p-2'] },
      { version: 6, tags: ['i:p-3', 'search'] },
    ];
    const page = new Set(['i:p-1', 'c:c-shop']);
    expect(stillCurrent(4, page, 6, changes)).toBe(true);
    expect(stillCurrent(6, page, 6, changes)).toBe(true);
    expect(stillCurrent(7, page, 6, changes)).toBe(true);
    expect(stillCurrent(3, page, 6, changes)).toBe(false);
    expect(stillCurrent(4, new Set(['i:p-3']), 6, changes)).toBe(false);
    expect(stillCurrent(5, new Set(['i:p-2']), 6, changes)).toBe(true);
    expect(stillCurrent(4, page, 7, [...changes, { version: 7, tags: null }])).toBe(false);
  });

  it('names tags for the CDN under the website, a tag name with a comma or a space as one tag', () => {
    expect(cdnTags('w1', ['t:a, b', 'i:p-1']).join(',').split(',')).toEqual([
      'site-w1',
      'site-w1:t%3Aa%2C%20b',
      'site-w1:i%3Ap-1',
    ]);
  });
});
