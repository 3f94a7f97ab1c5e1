import { describe, expect, it } from 'vitest';
import {
  colourCss,
  colourHex,
  COLOUR_MESSAGES,
  hexToColour,
  hslToHsv,
  hslToRgb,
  hsvToHsl,
  websiteColourProblem,
} from './colour';

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

  it('converts between HSL and the HSV model (engine spec §3: rgb, hsl, hsv)', () => {
    expect(hslToHsv({ hue: 0, saturation: 1, lightness: 0.5 })).toEqual({ hue: 0, saturation: 1, value: 1 });
    expect(hslToHsv({ hue: 0, saturation: 0, lightness: 0 })).toEqual({ hue: 0, saturation: 0, value: 0 });
    expect(hslToHsv({ hue: 0, saturation: 0, lightness: 1 })).toEqual({ hue: 0, saturation: 0, value: 1 });
    // #7a3f22: its HSV saturation is (max - min) / max of its channels, its value the largest channel.
    expect(hslToHsv(hexToColour('#7a3f22')!)).toEqual({ hue: 19.8, saturation: 0.721, value: 0.479 });
    expect(colourHex(hsvToHsl({ hue: 19.8, saturation: 0.721, value: 0.479 }))).toBe('#7a3f22');
    expect(hsvToHsl({ hue: 210, saturation: 0, value: 1 })).toEqual({ hue: 210, saturation: 0, lightness: 1 });
    expect(hsvToHsl({ hue: 120, saturation: 1, value: 1 })).toEqual({ hue: 120, saturation: 1, lightness: 0.5 });
  });

  it('names every value out of bounds with the spec messages', () => {
    expect(websiteColourProblem({ hue: 10, saturation: 0.5, lightness: 0.5 })).toBeNull();
    expect(websiteColourProblem({ hue: 10, saturation: 0.5 })).toBe(COLOUR_MESSAGES.missing);
    expect(websiteColourProblem({ hue: 361, saturation: 1.1, lightness: 2, alpha: -1 })).toBe(
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    );
  });
});
