import { describe, expect, it } from 'vitest';
import { smallSiteInput } from '../../../test/support/site';
import {
  addCategory,
  addProductCollection,
  appendToNavigation,
  EDIT_MESSAGES,
  removeCollection,
  saveCollectionSettings,
  setCommercePreferences,
  setStoreCurrency,
  updateNavigation,
  type EditResult,
  type EditValue,
  type NewProductCollection,
} from './edits';
import { refused } from '../../result';
import { parseShell, type ShellInput } from '../model/schema';

const site = smallSiteInput();
const store = (overrides: Partial<NewProductCollection> = {}): NewProductCollection => ({
  navigationTitle: '',
  title: 'Prints',
  urlId: 'prints',
  description: '',
  enabled: true,
  ...overrides,
});

function applied<T extends EditValue>(result: EditResult<T>) {
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('merchant edits', () => {
  it('answer a done edit as every step that may refuse does (src/result.ts): ok, its value, the site beside it', () => {
    const currency = site.website.storeCurrency === 'EUR' ? 'GBP' : 'EUR';
    expect(setStoreCurrency(site, currency)).toMatchObject({ ok: true, value: { changed: true } });
    const changed = applied(setStoreCurrency(site, currency)).site;
    expect(setStoreCurrency(changed, currency)).toEqual({ ok: true, value: { changed: false }, site: changed });
    expect(appendToNavigation(site, 'nowhere')).toEqual(refused('not-found', EDIT_MESSAGES.unknownCollection));
  });

  it('adds a product collection that still publishes, with its description as escaped HTML', () => {
    const { site: changed, value } = applied(
      addProductCollection(site, store({ description: ' Prints & <posters> ' })),
    );
    const added = changed.collections.find((c) => c.id === value.id);
    expect(added).toMatchObject({
      title: 'Prints',
      navigationTitle: 'Prints',
      urlId: 'prints',
      fullUrl: '/prints',
      description: '<p>Prints &amp; &lt;posters&gt;</p>',
    });
    expect(value.id).toMatch(/^c-[0-9a-f]{12}$/);
    expect('site' in parseShell(changed)).toBe(true);
  });

  it('refuses a missing title, a bad, taken or reserved slug with their messages', () => {
    expect(addProductCollection(site, store({ title: '  ' }))).toEqual(refused('invalid', EDIT_MESSAGES.titleRequired));
    expect(addProductCollection(site, store({ title: 'x'.repeat(101) }))).toEqual(
      refused('invalid', EDIT_MESSAGES.titleTooLong),
    );
    for (const urlId of ['Prints', 'two--dashes', '-edge', 'sp ace'])
      expect(addProductCollection(site, store({ urlId }))).toEqual(refused('invalid', EDIT_MESSAGES.urlIdInvalid));
    expect(addProductCollection(site, store({ urlId: 'shop' }))).toEqual(
      refused('url-taken', EDIT_MESSAGES.urlIdTaken),
    );
    expect(addProductCollection(site, store({ urlId: 'cart' }))).toEqual(
      refused('invalid', EDIT_MESSAGES.urlIdReserved),
    );
  });

  it('removes a collection with its navigation links; an unknown one is not found', () => {
    const { site: changed } = applied(removeCollection(site, 'journal'));
    expect(changed.collections.map((c) => c.id)).toEqual(['shop', 'contact']);
    expect(changed.navigation.map((n) => n.url)).toEqual(['/shop']);
    expect(removeCollection(site, 'nope')).toEqual(refused('not-found', EDIT_MESSAGES.unknownCollection));
  });

  it('adds categories of at most 25 characters under an existing parent', () => {
    const root = { parentCategoryId: null, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 0 } as const;
    const { site: changed, value } = applied(addCategory(site, 'shop', { ...root, displayName: ' Posters ' }));
    expect(changed.collections[0]).toMatchObject({ categories: [{ id: value.id, displayName: 'Posters' }] });
    expect(addCategory(changed, 'shop', { ...root, displayName: 'Framed', parentCategoryId: value.id })).toMatchObject({
      value: { id: expect.any(String) },
    });
    expect(addCategory(site, 'shop', { ...root, displayName: 'x'.repeat(26) })).toEqual(
      refused('invalid', EDIT_MESSAGES.categoryTooLong),
    );
    expect(addCategory(site, 'shop', { ...root, displayName: ' ' })).toEqual(
      refused('invalid', EDIT_MESSAGES.categoryRequired),
    );
    expect(addCategory(site, 'shop', { ...root, displayName: 'A', parentCategoryId: 'missing' })).toEqual(
      refused('invalid', EDIT_MESSAGES.unknownParentCategory),
    );
    expect(addCategory(site, 'nope', { ...root, displayName: 'A' })).toEqual(
      refused('not-found', EDIT_MESSAGES.unknownCollection),
    );
  });

  it('builds nested navigation from collections, paths, external links and member areas', () => {
    const { site: changed } = applied(
      updateNavigation(site, [
        { collectionId: 'shop', children: [{ url: '/contact', title: 'Contact us' }] },
        { externalLink: 'https://example.com' },
        { memberAreaId: 'vip area' },
      ]),
    );
    expect(changed.navigation).toEqual([
      { title: 'Shop', url: '/shop', collectionId: 'shop', children: [{ title: 'Contact us', url: '/contact' }] },
      { title: 'https://example.com', url: 'https://example.com' },
      { title: 'Members', url: '/members/vip%20area' },
    ]);
    expect(updateNavigation(site, [{ collectionId: 'gone' }])).toEqual(
      refused('invalid', EDIT_MESSAGES.unknownNavigationCollection('gone')),
    );
    expect(updateNavigation(site, [{ title: 'Nothing' }])).toHaveProperty('error');
  });

  it('appends a collection to the navigation', () => {
    expect(applied(appendToNavigation(site, 'contact')).site.navigation.at(-1)).toEqual({
      title: 'Contact',
      url: '/contact',
      collectionId: 'contact',
    });
  });

  it('saves commerce preferences only when they change', () => {
    const first = applied(setCommercePreferences(site, 'checkout', { express: true }));
    expect(first.value).toEqual({ changed: true });
    expect(applied(setCommercePreferences(first.site, 'checkout', { express: true })).value).toEqual({
      changed: false,
    });
  });

  it('moves a shop or a blog with a page slug’s checks, its navigation links following', () => {
    const slug = (id: string, urlId: string) => saveCollectionSettings(site, id, { urlId });
    const moved = applied(slug('shop', 'store')).site;
    expect(moved.collections[0]).toMatchObject({ urlId: 'store', fullUrl: '/store' });
    expect(moved.navigation[0]).toEqual({ title: 'Shop', url: '/store', collectionId: 'shop' });
    expect(applied(slug('journal', 'news')).site.collections[1]?.fullUrl).toBe('/news');
    expect(applied(slug('shop', 'shop')).site).toBe(site);
    expect(slug('shop', 'Bad Slug')).toEqual(refused('invalid', EDIT_MESSAGES.urlIdInvalid));
    expect(slug('shop', 'checkout')).toEqual(refused('invalid', EDIT_MESSAGES.urlIdReserved));
    expect(slug('shop', 'journal')).toEqual(refused('url-taken', EDIT_MESSAGES.urlIdTaken));
    expect(slug('contact', 'write')).toEqual(refused('not-found', EDIT_MESSAGES.unknownCollection));
  });

  it('saves a shop’s title, navigation title, description and SEO, retitling the links that showed the old name', () => {
    const retitledSite: ShellInput = {
      ...site,
      navigation: [...site.navigation, { title: 'Our things', url: '/shop' }, { title: 'Shop', url: '/shop' }],
    };
    const saved = applied(
      saveCollectionSettings(retitledSite, 'shop', {
        urlId: 'store',
        title: 'The Store',
        navigationTitle: 'Store',
        description: '<p>Made here.</p>',
        seoTitle: 'Handmade homeware',
        seoDescription: 'Candles and mugs.',
      }),
    ).site;
    expect(saved.collections[0]).toEqual({
      id: 'shop',
      type: 13,
      typeName: 'products',
      title: 'The Store',
      urlId: 'store',
      fullUrl: '/store',
      navigationTitle: 'Store',
      description: '<p>Made here.</p>',
      seoTitle: 'Handmade homeware',
      seoDescription: 'Candles and mugs.',
    });
    // The links that showed 'Shop' show 'Store' at the new address; one the merchant named keeps its name.
    expect(saved.navigation).toEqual([
      { title: 'Store', url: '/store', collectionId: 'shop' },
      { title: 'Journal', url: '/journal', collectionId: 'journal' },
      { title: 'Our things', url: '/store' },
      { title: 'Store', url: '/store' },
    ]);
    // Emptied, the optional fields go, and the links show the title again; left out, a field stays.
    const emptied = applied(
      saveCollectionSettings(saved, 'shop', { urlId: 'store', navigationTitle: '', seoTitle: '', seoDescription: '' }),
    ).site;
    expect(emptied.collections[0]).toEqual({
      id: 'shop',
      type: 13,
      typeName: 'products',
      title: 'The Store',
      urlId: 'store',
      fullUrl: '/store',
      description: '<p>Made here.</p>',
    });
    expect(emptied.navigation[0]).toEqual({ title: 'The Store', url: '/store', collectionId: 'shop' });
    expect(applied(saveCollectionSettings(emptied, 'shop', { urlId: 'store', title: 'The Store' })).site).toBe(emptied);
  });
});
