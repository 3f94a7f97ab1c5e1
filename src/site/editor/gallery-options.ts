/** Gallery block options (engine spec §3, §4, §9): defaults, bounds and design presets. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked', 'carousel'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

export interface GalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': string;
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta': boolean;
  /** The meta's variants (engine spec §3, 'basic and title-only variants exist'), under Squarespace's own keys. */
  'show-meta-basic': boolean;
  'show-meta-only-title': boolean;
  'meta-position': string;
  'show-meta-on-hover': boolean;
  'active-alignment': 'center' | 'left' | 'right';
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: string;
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
  indicators: boolean;
}

export const GALLERY_DEFAULTS: Readonly<GalleryOptions> = Object.freeze({
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: false,
  'auto-crop': true,
  'aspect-ratio': 'square',
  'square-thumbs': true,
  thumbnails: false,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta': true,
  'show-meta-basic': false,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: false,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
  indicators: false,
});

/**
 * What a gallery shows beside each picture (its meta: the title, then the details; in the store's product grid the
 * price): `full` both in the theme's heading style, `basic` both as plain text, `title-only` the title alone,
 * `hidden` neither (the title is kept for screen readers). `show-meta` off hides it whatever the variants say;
 * title-only wins over basic when both are set, as a title alone has no details to style.
 */
export const META_SHOWN = ['full', 'basic', 'title-only', 'hidden'] as const;
export type MetaShown = (typeof META_SHOWN)[number];

/** Each choice as the console's Design → Gallery → Titles offers it. */
export const META_LABELS: Readonly<Record<MetaShown, string>> = {
  full: 'Title and price',
  basic: 'Basic (plain text)',
  'title-only': 'Title only',
  hidden: 'Hidden',
};

export function metaShown(
  options: Pick<GalleryOptions, 'show-meta' | 'show-meta-basic' | 'show-meta-only-title'>,
): MetaShown {
  if (!options['show-meta']) return 'hidden';
  if (options['show-meta-only-title']) return 'title-only';
  return options['show-meta-basic'] ? 'basic' : 'full';
}

/** The options with the meta shown as `shown`: the three keys set together, so they never disagree. */
export function withMetaShown<T extends GalleryOptions>(options: T, shown: MetaShown): T {
  return {
    ...options,
    'show-meta': shown !== 'hidden',
    'show-meta-basic': shown === 'basic',
    'show-meta-only-title': shown === 'title-only',
  };
}

/** Numeric options and their inclusive bounds. */
export const GALLERY_BOUNDS = {
  'autoplay-duration': [1, 10],
  'thumbnail-strip-height': [0, 200],
  'thumbnail-strip-margin': [0, 60],
  'thumbnails-per-row': [1, 10],
  padding: [0, 50],
  'max-width': [100, 300],
} as const satisfies Partial<Record<keyof GalleryOptions, readonly [number, number]>>;

/** What choosing a design sets: slideshow shows thumbnails; the others hide them; grid and stacked stop autoplay. */
const PRESETS: Readonly<Record<GalleryDesign, Partial<GalleryOptions>>> = {
  slideshow: { thumbnails: true },
  carousel: { thumbnails: false },
  slider: {},
  grid: { thumbnails: false, autoplay: false },
  stacked: { thumbnails: false, autoplay: false },
};

/** The options with defaults filled in and numbers clamped to their bounds. */
export function galleryOptions(input: Partial<GalleryOptions>): GalleryOptions {
  const options: GalleryOptions = { ...GALLERY_DEFAULTS, ...input };
  for (const [key, [min, max]] of Object.entries(GALLERY_BOUNDS) as [
    keyof typeof GALLERY_BOUNDS,
    readonly [number, number],
  ][]) {
    const value = Number(options[key]);
    options[key] = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : GALLERY_DEFAULTS[key];
  }
  return options;
}

export function withDesign(options: GalleryOptions, design: GalleryDesign): GalleryOptions {
  return { ...options, design, ...PRESETS[design] };
}
