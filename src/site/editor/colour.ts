/** Colour parsing for the editor (engine spec §5): hex with 3 or 6 digits and an optional '#'. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHexColour(text: string): Rgb | null {
  const hex = text.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  const n = Number.parseInt(full, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** 'light' over half the largest colour value, else 'dark'; null for anything that is not a colour. */
export function colourWeight(text: string): 'light' | 'dark' | null {
  const rgb = parseHexColour(text);
  if (rgb === null) return null;
  return (rgb.r << 16) + (rgb.g << 8) + rgb.b > 0xffffff / 2 ? 'light' : 'dark';
}

/** Dark when the perceived luminance is under 0.65 of 256 (text on it should be light). */
export const DARK_LUMINANCE = 0.65 * 256;

export function isDarkColour(text: string): boolean | null {
  const rgb = parseHexColour(text);
  if (rgb === null) return null;
  return 0.299 * rgb.r + 0.587 * rgb.g + 0.114 * rgb.b < DARK_LUMINANCE;
}
