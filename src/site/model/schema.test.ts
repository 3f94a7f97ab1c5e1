import { describe, expect, it } from 'vitest';
import { smallSiteInput } from '../../../test/support/site';
import { parseSite } from './schema';

function withRedirect(successRedirectUrl: string) {
  const input = smallSiteInput();
  input.forms = [
    {
      id: 'f1',
      name: 'Contact',
      fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
      successRedirectUrl,
    },
  ];
  return parseSite(input);
}

describe('a form redirect after submission', () => {
  it('is a path of this site or an http(s) address', () => {
    for (const url of ['/thanks', '/', 'https://example.com/thanks', 'http://example.com'])
      expect(withRedirect(url), url).toHaveProperty('site');
  });

  it('is never an address a browser reads as another host or as script', () => {
    for (const url of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'evil.example',
    ]) {
      expect(withRedirect(url), url).toEqual({
        error: expect.stringContaining('must be a site path or an http(s) URL'),
      });
    }
  });
});

describe("an item's featured flag (Squarespace's starred)", () => {
  const starred = (value: unknown) => {
    const input = smallSiteInput();
    input.items = input.items.map((item, i) => (i === 0 ? ({ ...item, starred: value } as typeof item) : item));
    return parseSite(input);
  };

  it('is kept for the templates that show a featured product', () => {
    const parsed = starred(true);
    expect('site' in parsed && parsed.site.items[0]?.starred).toBe(true);
  });

  it('is true or false, nothing else', () => {
    expect(starred('yes')).toEqual({ error: expect.stringContaining('starred') });
  });
});
