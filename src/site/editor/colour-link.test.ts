import { describe, expect, it } from 'vitest';
import { colourCss, colourHex, COLOUR_MESSAGES, hexToColour, hslToRgb, websiteColourProblem } from './colour';
import { LINK_MESSAGES, linkHref, targetOfHref } from './navigation-link';

describe('website colours', () => {
  it('converts between hex, RGB and HSL with alpha', () => {
    const accent = hexToColour('#7a3f22');
    expect(accent).toEqual({ hue: 19.8, saturation: 0.564, lightness: 0.306 });
    expect(colourHex(accent!)).toBe('#7a3f22');
    expect(hslToRgb({ hue: 0, saturation: 1, lightness: 0.5, alpha: 0.5 })).toEqual({ r: 255, g: 0, b: 0, a: 0.5 });
    expect(hexToColour('#ff000080')).toEqual({ hue: 0, saturation: 1, lightness: 0.5, alpha: 0.502 });
    expect(colourHex({ hue: 0, saturation: 1, lightness: 0.5, alpha: 0.5 })).toBe('#ff000080');
    expect(colourCss({ hue: 210, saturation: 0.5, lightness: 0.4 })).toBe('hsl(210 50% 40%)');
    expect(colourCss({ hue: 210, saturation: 0.5, lightness: 0.4, alpha: 0.25 })).toBe('hsl(210 50% 40% / 0.25)');
    expect(hexToColour('#12')).toBeNull();
  });

  it('names every value out of bounds with the spec messages', () => {
    expect(websiteColourProblem({ hue: 10, saturation: 0.5, lightness: 0.5 })).toBeNull();
    expect(websiteColourProblem({ hue: 10, saturation: 0.5 })).toBe(COLOUR_MESSAGES.missing);
    expect(websiteColourProblem({ hue: 361, saturation: 1.1, lightness: 2, alpha: -1 })).toBe('Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.');
  });
});

describe('link targets', () => {
  it('turns each target into its address and back', () => {
    expect(linkHref({ type: 'page', value: '/shop' })).toEqual({ href: '/shop' });
    expect(linkHref({ type: 'web', value: 'example.com/a' })).toEqual({ href: 'https://example.com/a' });
    expect(linkHref({ type: 'email', value: 'hi@example.com' })).toEqual({ href: 'mailto:hi@example.com' });
    expect(linkHref({ type: 'phone', value: '+44 (20) 7946-0000' })).toEqual({ href: 'tel:+442079460000' });
    expect(linkHref({ type: 'file', value: "notes (1).pdf" })).toEqual({ href: '/files/notes%20%281%29.pdf' });
    expect(targetOfHref('/files/notes%20%281%29.pdf')).toEqual({ type: 'file', value: 'notes (1).pdf' });
    expect(targetOfHref('tel:+1')).toEqual({ type: 'phone', value: '+1' });
    expect(targetOfHref('https://example.com/')).toEqual({ type: 'web', value: 'https://example.com/' });
  });

  it('refuses bad links with the spec messages', () => {
    expect(linkHref({ type: 'page', value: '//evil.example' })).toEqual({ error: LINK_MESSAGES.pageUrl('//evil.example') });
    expect(linkHref({ type: 'web', value: 'javascript:alert(1)' })).toEqual({ error: LINK_MESSAGES.linkFormat });
    expect(linkHref({ type: 'web', value: 'https://user:pw@example.com' })).toEqual({ error: LINK_MESSAGES.linkFormat });
    expect(linkHref({ type: 'email', value: 'a@b' })).toEqual({ error: LINK_MESSAGES.emailFormat });
    expect(linkHref({ type: 'file', value: '../secret' })).toEqual({ error: LINK_MESSAGES.fileName });
    expect(linkHref({ type: 'ftp', value: 'x' })).toEqual({ error: 'ftp is not one of the expected options' });
  });
});
