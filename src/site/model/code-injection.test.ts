import { describe, expect, it } from 'vitest';
import { changedCodeInjection } from './code-injection';
import type { SiteInput } from './schema';

function site(changes: Partial<SiteInput> = {}): SiteInput {
  return {
    website: { id: 's', siteTitle: 'S', baseUrl: 'https://s.example', timeZone: 'UTC' },
    websiteSettings: {},
    navigation: [{ title: 'Home', url: '/' }],
    header: { html: '<script>analytics()</script>' },
    footer: { html: '' },
    collections: [],
    items: [
      {
        id: 'p1',
        collectionId: 'c',
        recordType: 11,
        title: 'P',
        urlId: 'p',
        fullUrl: '/p',
        body: '<p>b</p>',
        structuredContent: {
          productType: 1,
          variants: [],
          variantOptionOrdering: [],
          isSubscribable: false,
          additionalFieldsForm: {
            id: 'f-extra',
            name: 'Extra',
            fields: [{ id: 'x', type: 'text', title: 'X' }],
            postSubmitHtml: '<p>extra</p>',
          },
        },
      },
    ],
    forms: [
      {
        id: 'f1',
        name: 'One',
        fields: [{ id: 'a', type: 'text', title: 'A' }],
        postSubmitHtml: '<script>one()</script>',
      },
      { id: 'f2', name: 'Two', fields: [{ id: 'a', type: 'text', title: 'A' }] },
    ],
    theme: { 'layout.html': '{body}' },
    ...changes,
  };
}

describe('changedCodeInjection', () => {
  const before = site();

  it('names each code field an edit changes, adds or removes', () => {
    expect(changedCodeInjection(before, site({ header: { html: '<script>evil()</script>' } }))).toEqual([
      'header.html',
    ]);
    expect(changedCodeInjection(before, site({ footer: { html: '<p>new</p>' } }))).toEqual(['footer.html']);
    expect(changedCodeInjection(before, site({ header: undefined }))).toEqual(['header.html']);
    const forms = before.forms?.map((form) =>
      form.id === 'f2' ? { ...form, postSubmitHtml: '<img src=x onerror=alert(1)>' } : form,
    );
    expect(changedCodeInjection(before, site({ forms }))).toEqual(['forms.f2.postSubmitHtml']);
    const items = before.items.map((item) => ({
      ...item,
      structuredContent: {
        ...item.structuredContent!,
        additionalFieldsForm: {
          ...item.structuredContent!.additionalFieldsForm!,
          postSubmitHtml: '<script>x()</script>',
        },
      },
    }));
    expect(changedCodeInjection(before, site({ items }))).toEqual(['items.p1.additionalFieldsForm.postSubmitHtml']);
    expect(changedCodeInjection(before, site({ theme: { 'layout.html': '{body}<script>x()</script>' } }))).toEqual([
      'theme.layout.html',
    ]);
  });

  it('finds nothing when the code fields stay as they were', () => {
    expect(changedCodeInjection(before, before)).toEqual([]);
    expect(changedCodeInjection(before, site({ navigation: [{ title: 'Shop', url: '/shop' }] }))).toEqual([]);
    expect(changedCodeInjection(before, site({ forms: [...(before.forms ?? [])].reverse() }))).toEqual([]);
    expect(changedCodeInjection(before, site({ footer: undefined }))).toEqual([]);
    expect(
      changedCodeInjection(before, site({ items: before.items.map((item) => ({ ...item, body: '<p>new body</p>' })) })),
    ).toEqual([]);
  });
});
