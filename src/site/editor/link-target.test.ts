import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES, linkHref, linkTargetOf } from './link-target';

describe('link editor targets', () => {
  it('makes an address for each target', () => {
    expect(linkHref('Page', '/blog/news')).toEqual({ href: '/blog/news' });
    expect(linkHref('Web Address', 'https://example.com/a?b=1')).toEqual({ href: 'https://example.com/a?b=1' });
    expect(linkHref('Email', ' hello@example.com ')).toEqual({ href: 'mailto:hello@example.com' });
    expect(linkHref('Phone', '+1 (555) 010-2030')).toEqual({ href: 'tel:+15550102030' });
    expect(linkHref('File', '/files/abc/1/menu.pdf')).toEqual({ href: '/files/abc/1/menu.pdf' });
  });

  it('gives the spec’s messages for what cannot be one', () => {
    expect(linkHref('Email', 'hello@')).toEqual({ error: LINK_MESSAGES.email });
    expect(LINK_MESSAGES.email).toBe('Please enter a valid email');
    expect(linkHref('Web Address', 'example.com')).toEqual({ error: LINK_MESSAGES.webAddress });
    expect(linkHref('Web Address', 'javascript:alert(1)')).toEqual({ error: LINK_MESSAGES.webAddress });
    expect(linkHref('Web Address', 'https://localhost')).toEqual({ error: LINK_MESSAGES.webAddress });
    expect(LINK_MESSAGES.webAddress).toMatch(/^Links must be formatted as \S+ or \S+$/);
    expect(linkHref('Page', 'blog')).toEqual({ error: 'blog is not a valid page URL' });
    expect(linkHref('Page', '//evil.example')).toEqual({ error: '//evil.example is not a valid page URL' });
    expect(linkHref('Phone', 'call me')).toEqual({ error: LINK_MESSAGES.phone });
    expect(linkHref('File', 'https://example.com/x.pdf')).toEqual({ error: LINK_MESSAGES.file });
  });

  it('reads an existing link back into its target', () => {
    expect(linkTargetOf('mailto:a@b.co')).toEqual({ target: 'Email', value: 'a@b.co' });
    expect(linkTargetOf('tel:+1555')).toEqual({ target: 'Phone', value: '+1555' });
    expect(linkTargetOf('/files/x/1/a.pdf')).toEqual({ target: 'File', value: '/files/x/1/a.pdf' });
    expect(linkTargetOf('/shop')).toEqual({ target: 'Page', value: '/shop' });
    expect(linkTargetOf('https://a.example')).toEqual({ target: 'Web Address', value: 'https://a.example' });
  });
});
