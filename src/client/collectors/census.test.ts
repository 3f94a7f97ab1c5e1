/** Which pages' views the collectors record (storefront spec §2, engine spec §6): the error page's (101) too. */
import { describe, expect, it } from 'vitest';
import { PageType } from '../../commerce/page-types';
import { recordsViews } from './census';
import type { PageInfo } from './page';

const page = (pageType: number, path = '/somewhere'): PageInfo => ({
  websiteId: 'demo',
  templateId: 'default',
  websiteLocale: 'en-US',
  pageType,
  path,
  itemId: null,
  recordType: null,
  pdpLayout: null,
  collectionId: null,
  collectionName: null,
});

describe('recorded page views', () => {
  it('include the error page (101) and store pages, never not found, lock screen, access denied, search or the editor', () => {
    expect(
      [PageType.Error, PageType.Page, PageType.ContentItem, PageType.Cart].map((t) => recordsViews(page(t))),
    ).toEqual([true, true, true, true]);
    const never = [PageType.NotFound, PageType.LockScreen, PageType.MemberAreaAccessDenied, PageType.Search];
    expect(never.map((t) => recordsViews(page(t)))).toEqual([false, false, false, false]);
    expect(recordsViews(page(PageType.Page, '/config/orders'))).toBe(false);
  });
});
