/**
 * The fonts the font browser offers (engine spec §2: search, categories Sans Serif, Serif, Display,
 * Script, Slab Serif, Mono, Other). Every font is a system font stack: what the visitor's device
 * already has, so a store page loads no font file and calls no font service.
 */
export const FONT_CATEGORIES = ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface Font {
  id: string;
  name: string;
  category: FontCategory;
  /** The CSS font-family value. */
  stack: string;
}

export const FONTS: readonly Font[] = [
  {
    id: 'system-ui',
    name: 'System UI',
    category: 'Sans Serif',
    stack: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  {
    id: 'humanist',
    name: 'Humanist',
    category: 'Sans Serif',
    stack: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  },
  {
    id: 'neo-grotesque',
    name: 'Neo-Grotesque',
    category: 'Sans Serif',
    stack: "Inter, Roboto, 'Helvetica Neue', 'Arial Nova', 'Nimbus Sans', Arial, sans-serif",
  },
  {
    id: 'geometric',
    name: 'Geometric',
    category: 'Sans Serif',
    stack: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  },
  {
    id: 'classical-humanist',
    name: 'Classical Humanist',
    category: 'Sans Serif',
    stack: "Optima, Candara, 'Noto Sans', source-sans-pro, sans-serif",
  },
  {
    id: 'old-style',
    name: 'Old Style',
    category: 'Serif',
    stack: "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif",
  },
  {
    id: 'transitional',
    name: 'Transitional',
    category: 'Serif',
    stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, serif",
  },
  {
    id: 'book',
    name: 'Book',
    category: 'Serif',
    stack: "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif",
  },
  {
    id: 'modern-serif',
    name: 'Modern Serif',
    category: 'Serif',
    stack: "Didot, 'Bodoni MT', 'Noto Serif Display', 'URW Palladio L', P052, Sylfaen, serif",
  },
  {
    id: 'industrial',
    name: 'Industrial',
    category: 'Display',
    stack:
      "Bahnschrift, 'DIN Alternate', 'Franklin Gothic Medium', 'Nimbus Sans Narrow', sans-serif-condensed, sans-serif",
  },
  {
    id: 'rounded',
    name: 'Rounded',
    category: 'Display',
    stack:
      "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', 'Arial Rounded MT Bold', Calibri, source-sans-pro, sans-serif",
  },
  {
    id: 'didone',
    name: 'Didone',
    category: 'Display',
    stack: "Didot, 'Bodoni MT', 'Noto Serif Display', 'URW Palladio L', P052, Sylfaen, serif",
  },
  {
    id: 'handwritten',
    name: 'Handwritten',
    category: 'Script',
    stack: "'Segoe Print', 'Bradley Hand', Chilanka, TSCu_Comic, casual, cursive",
  },
  {
    id: 'brush',
    name: 'Brush',
    category: 'Script',
    stack: "'Brush Script MT', 'Snell Roundhand', 'URW Chancery L', cursive",
  },
  {
    id: 'slab',
    name: 'Slab',
    category: 'Slab Serif',
    stack: "Rockwell, 'Rockwell Nova', 'Roboto Slab', 'DejaVu Serif', 'Sitka Small', serif",
  },
  {
    id: 'antique-slab',
    name: 'Antique Slab',
    category: 'Slab Serif',
    stack: "Superclarendon, 'Bookman Old Style', 'URW Bookman', 'URW Bookman L', 'Georgia Pro', Georgia, serif",
  },
  {
    id: 'monospace-code',
    name: 'Monospace Code',
    category: 'Mono',
    stack: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
  },
  {
    id: 'monospace-slab',
    name: 'Monospace Slab',
    category: 'Mono',
    stack: "'Nimbus Mono PS', 'Courier New', monospace",
  },
  { id: 'ui-serif', name: 'UI Serif', category: 'Other', stack: 'ui-serif, Georgia, serif' },
  { id: 'fantasy', name: 'Fantasy', category: 'Other', stack: "Papyrus, 'Herculanum', Luminari, fantasy" },
];

const BY_ID = new Map(FONTS.map((font) => [font.id, font]));

export function fontById(id: string): Font | undefined {
  return BY_ID.get(id);
}

/** Fonts whose name contains `query` (any case), in `category` when one is given. */
export function searchFonts(query: string, category: FontCategory | null): Font[] {
  const needle = query.trim().toLowerCase();
  return FONTS.filter(
    (font) =>
      (category === null || font.category === category) && (needle === '' || font.name.toLowerCase().includes(needle)),
  );
}
