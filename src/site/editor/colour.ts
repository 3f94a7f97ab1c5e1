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

/**
 * A website colour (engine spec §3): hue in degrees 0 to 360, saturation, lightness and the
 * optional alpha each 0 to 1. The colour picker edits it in hex, RGB, HSL or HSV; it is stored as this.
 */
export interface WebsiteColour {
  hue: number;
  saturation: number;
  lightness: number;
  alpha?: number;
}

export interface Rgba extends Rgb {
  /** 0 to 1. */
  a: number;
}

/** Engine spec §5; the trailing spaces are the spec's: the messages join into one line. */
export const COLOUR_MESSAGES = {
  missing: 'Missing an H/S/L value.',
  hue: 'Hue out of bounds. ',
  saturation: 'Saturation out of bounds. ',
  lightness: 'Lightness out of bounds. ',
  alpha: 'Alpha out of bounds.',
} as const;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const within = (value: number, min: number, max: number) => value >= min && value <= max;

/** What is wrong with a website colour, the spec's messages joined; null when it is valid. */
export function websiteColourProblem(colour: Partial<Record<keyof WebsiteColour, unknown>>): string | null {
  const { hue, saturation, lightness, alpha } = colour;
  if (!isNumber(hue) || !isNumber(saturation) || !isNumber(lightness)) return COLOUR_MESSAGES.missing;
  let problem = '';
  if (!within(hue, 0, 360)) problem += COLOUR_MESSAGES.hue;
  if (!within(saturation, 0, 1)) problem += COLOUR_MESSAGES.saturation;
  if (!within(lightness, 0, 1)) problem += COLOUR_MESSAGES.lightness;
  if (alpha !== undefined && (!isNumber(alpha) || !within(alpha, 0, 1))) problem += COLOUR_MESSAGES.alpha;
  return problem === '' ? null : problem;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function hslToRgb({ hue, saturation, lightness, alpha }: WebsiteColour): Rgba {
  const h = (((hue % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = lightness - chroma / 2;
  const channel = (v: number) => clamp(Math.round((v + m) * 255), 0, 255);
  return { r: channel(r), g: channel(g), b: channel(b), a: alpha ?? 1 };
}

export function rgbToHsl({ r, g, b, a }: Rgba): WebsiteColour {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const lightness = (max + min) / 2;
  const delta = max - min;
  let hue = 0;
  let saturation = 0;
  if (delta !== 0) {
    saturation = delta / (1 - Math.abs(2 * lightness - 1));
    if (max === rn) hue = 60 * (((gn - bn) / delta + 6) % 6);
    else if (max === gn) hue = 60 * ((bn - rn) / delta + 2);
    else hue = 60 * ((rn - gn) / delta + 4);
  }
  const colour: WebsiteColour = {
    hue: round(hue, 1),
    saturation: round(saturation, 3),
    lightness: round(lightness, 3),
  };
  return a === 1 ? colour : { ...colour, alpha: round(a, 3) };
}

/** A colour in the HSV model (engine spec §3's third colour model): hue in degrees, saturation and value 0 to 1. */
export interface HsvColour {
  hue: number;
  saturation: number;
  value: number;
}

export function hslToHsv({ hue, saturation, lightness }: WebsiteColour): HsvColour {
  const value = lightness + saturation * Math.min(lightness, 1 - lightness);
  return { hue, saturation: value === 0 ? 0 : round(2 * (1 - lightness / value), 3), value: round(value, 3) };
}

/** The website colour of an HSV one (alpha is the caller's). */
export function hsvToHsl({ hue, saturation, value }: HsvColour): WebsiteColour {
  const lightness = value * (1 - saturation / 2);
  const shortest = Math.min(lightness, 1 - lightness);
  return {
    hue,
    saturation: shortest === 0 ? 0 : round((value - lightness) / shortest, 3),
    lightness: round(lightness, 3),
  };
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** '#rrggbb', or '#rrggbbaa' when the colour is not opaque. */
export function colourHex(colour: WebsiteColour): string {
  const { r, g, b, a } = hslToRgb(colour);
  return `#${hex2(r)}${hex2(g)}${hex2(b)}${a < 1 ? hex2(Math.round(a * 255)) : ''}`;
}

/** Hex with 3 or 6 digits (the spec's), or 8 with alpha, as a website colour; null when it is not one. */
export function hexToColour(text: string): WebsiteColour | null {
  const hex = text.trim().replace(/^#/, '');
  if (/^[0-9a-f]{8}$/i.test(hex)) {
    const rgb = parseHexColour(hex.slice(0, 6)) as Rgb;
    return rgbToHsl({ ...rgb, a: Number.parseInt(hex.slice(6), 16) / 255 });
  }
  const rgb = parseHexColour(hex);
  return rgb === null ? null : rgbToHsl({ ...rgb, a: 1 });
}

/** The colour as CSS: `hsl(210 50% 40%)`, with ` / 0.5` when it has alpha under 1. */
export function colourCss({ hue, saturation, lightness, alpha }: WebsiteColour): string {
  const body = `${round(hue, 1)} ${round(saturation * 100, 1)}% ${round(lightness * 100, 1)}%`;
  return alpha === undefined || alpha >= 1 ? `hsl(${body})` : `hsl(${body} / ${round(alpha, 3)})`;
}
