import { describe, expect, it } from 'vitest';
import { fileNameOf, LINK_MESSAGES, linkHref, targetOfHref } from './link-target';

describe('link editor targets (posts, pages and navigation)', () => {
  it('makes an address for each target and reads it back', () => {
    expect(linkHref({ type: 'page', value: '/blog/news' })).toEqual({ href: '/blog/news' });
    expect(linkHref({ type: 'web', value: 'https://example.com/a?b=1' })).toEqual({
      href: 'https://example.com/a?b=1',
    });
    expect(linkHref({ type: 'web', value: 'example.com/a' })).toEqual({ href: 'https://example.com/a' });
    expect(linkHref({ type: 'email', value: ' hello@example.com ' })).toEqual({ href: 'mailto:hello@example.com' });
    expect(linkHref({ type: 'phone', value: '+44 (20) 7946-0000' })).toEqual({ href: 'tel:+442079460000' });
    expect(linkHref({ type: 'file', value: '/files/abc123/2/menu.pdf' })).toEqual({ href: '/files/abc123/2/menu.pdf' });
    expect(linkHref({ type: 'file', value: '/files/abc123/1/notes-(1).pdf' })).toEqual({
      href: '/files/abc123/1/notes-%281%29.pdf',
    });
    expect(fileNameOf('/files/abc123/1/notes-%281%29.pdf')).toBe('notes-(1).pdf');
    expect(targetOfHref('mailto:a@b.co')).toEqual({ type: 'email', value: 'a@b.co' });
    expect(targetOfHref('tel:+1555')).toEqual({ type: 'phone', value: '+1555' });
    expect(targetOfHref('/files/x/1/a.pdf')).toEqual({ type: 'file', value: '/files/x/1/a.pdf' });
    expect(targetOfHref('/shop')).toEqual({ type: 'page', value: '/shop' });
    expect(targetOfHref('https://a.example')).toEqual({ type: 'web', value: 'https://a.example' });
  });

  it('refuses what cannot be a link with the spec’s messages', () => {
    expect(LINK_MESSAGES.validEmail).toBe('Please enter a valid email');
    expect(linkHref({ type: 'email', value: '' })).toEqual({ error: 'Please enter a valid email' });
    expect(linkHref({ type: 'email', value: 'hello@' })).toEqual({
      error: 'Emails must be formatted as name@example.com',
    });
    expect(linkHref({ type: 'web', value: 'shop' })).toEqual({
      error: 'Links must be formatted as http://www.example.com or https://www.example.com',
    });
    expect(linkHref({ type: 'web', value: 'javascript:alert(1)' })).toEqual({ error: LINK_MESSAGES.linkFormat });
    expect(linkHref({ type: 'web', value: 'https://localhost' })).toEqual({ error: LINK_MESSAGES.linkFormat });
    expect(linkHref({ type: 'web', value: 'https://user:pw@example.com' })).toEqual({
      error: LINK_MESSAGES.linkFormat,
    });
    expect(linkHref({ type: 'web', value: `https://example.com/${'a'.repeat(3000)}` })).toEqual({
      error: LINK_MESSAGES.linkFormat,
    });
    expect(linkHref({ type: 'page', value: 'blog' })).toEqual({ error: 'blog is not a valid page URL' });
    expect(linkHref({ type: 'page', value: '//evil.example' })).toEqual({
      error: '//evil.example is not a valid page URL',
    });
    expect(linkHref({ type: 'page', value: '/<script>' })).toEqual({ error: '/<script> is not a valid page URL' });
    expect(linkHref({ type: 'phone', value: 'call me' })).toEqual({ error: LINK_MESSAGES.phone });
    expect(linkHref({ type: 'file', value: 'https://example.com/x.pdf' })).toEqual({ error: LINK_MESSAGES.file });
    expect(linkHref({ type: 'file', value: '/files/../secret' })).toEqual({ error: LINK_MESSAGES.file });
    expect(linkHref({ type: 'file', value: 'menu.pdf' })).toEqual({ error: LINK_MESSAGES.file });
    expect(linkHref({ type: 'ftp', value: 'x' })).toEqual({ error: 'ftp is not one of the expected options' });
  });
});
