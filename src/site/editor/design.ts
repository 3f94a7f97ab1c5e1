/**
 * The site's design (console section "Design"): its colours, fonts and gallery options, and the
 * CSS custom properties the theme reads them through (validation: design-schema.ts). A store page appends `designCss` to the
 * theme's stylesheet, so a published design shows on the next page render; the console's preview
 * renders a draft the same way.
 */
import { colourCss, hexToColour, type WebsiteColour } from './colour';
import { GALLERY_DEFAULTS, type GalleryOptions } from './gallery-options';
import { fontById, FONTS } from './fonts';

/** The colours a merchant sets, and the theme variable each one drives. */
export const COLOUR_ROLES = {
  background: { label: 'Background', variable: '--paper' },
  text: { label: 'Text', variable: '--ink' },
  muted: { label: 'Secondary text', variable: '--muted' },
  accent: { label: 'Accent and links', variable: '--accent' },
  sale: { label: 'Sale price', variable: '--sale' },
} as const;
export type ColourRole = keyof typeof COLOUR_ROLES;
export const COLOUR_ROLE_NAMES = Object.keys(COLOUR_ROLES) as ColourRole[];

export const FONT_ROLES = {
  heading: { label: 'Headings', variable: '--serif' },
  body: { label: 'Body text', variable: '--font' },
} as const;
export type FontRole = keyof typeof FONT_ROLES;
export const FONT_ROLE_NAMES = Object.keys(FONT_ROLES) as FontRole[];

/** Gallery options the storefront's product grid follows (the rest are kept for gallery blocks). */
export const ASPECT_RATIOS = {
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
} as const;
export const META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export type AspectRatio = keyof typeof ASPECT_RATIOS;
export type MetaPosition = (typeof META_POSITIONS)[number];

/** Gallery options as a design keeps them: the spec's options, each choice one of its named values. */
export interface DesignGallery extends Omit<GalleryOptions, 'aspect-ratio' | 'meta-position' | 'lightboxTheme'> {
  'aspect-ratio': AspectRatio;
  'meta-position': MetaPosition;
  lightboxTheme: 'dark' | 'light';
}

export interface Design {
  colours: Record<ColourRole, WebsiteColour>;
  fonts: Record<FontRole, string>;
  gallery: DesignGallery;
}

const hex = (text: string) => hexToColour(text) as WebsiteColour;

/** The default theme's own look: a design that changes nothing until the merchant does. */
export const DEFAULT_DESIGN: Design = {
  colours: {
    background: hex('#fffdf9'),
    text: hex('#1f1c19'),
    muted: hex('#6a625a'),
    accent: hex('#7a3f22'),
    sale: hex('#a02c1c'),
  },
  fonts: { heading: 'book', body: 'system-ui' },
  gallery: { ...GALLERY_DEFAULTS } as DesignGallery,
};

/** A CSS declaration value cannot close the rule: font stacks come from our table, colours from numbers. */
function declarations(design: Design): string[] {
  const lines: string[] = [];
  for (const role of COLOUR_ROLE_NAMES)
    lines.push(`${COLOUR_ROLES[role].variable}: ${colourCss(design.colours[role])}`);
  for (const role of FONT_ROLE_NAMES)
    lines.push(`${FONT_ROLES[role].variable}: ${(fontById(design.fonts[role]) ?? FONTS[0]!).stack}`);
  const gallery = design.gallery;
  lines.push(`--grid-columns: repeat(${gallery['thumbnails-per-row']}, minmax(0, 1fr))`);
  lines.push(`--grid-gap: ${gallery.padding}px`);
  lines.push(`--grid-aspect: ${gallery['auto-crop'] ? ASPECT_RATIOS[gallery['aspect-ratio']] : 'auto'}`);
  lines.push(`--grid-fit: ${gallery['auto-crop'] ? 'cover' : 'contain'}`);
  return lines;
}

/** The design as the theme's custom properties, appended after the theme's own `:root`. */
export function designCss(design: Design): string {
  return `\n:root { ${declarations(design).join('; ')}; }\n`;
}
