/** The design's validation (src/site/design.ts): what a draft or a publish must be, with the spec's colour messages. */
import { z } from 'zod';
import {
  ASPECT_RATIOS,
  COLOUR_ROLE_NAMES,
  DEFAULT_DESIGN,
  META_POSITIONS,
  type ColourRole,
  type Design,
  type DesignGallery,
} from '../editor/design';
import { websiteColourProblem, type WebsiteColour } from '../editor/colour';
import { GALLERY_BOUNDS, GALLERY_DESIGNS, galleryOptions } from '../editor/gallery-options';
import { fontById } from '../editor/fonts';

export const websiteColourSchema = z
  .object({
    hue: z.number().optional(),
    saturation: z.number().optional(),
    lightness: z.number().optional(),
    alpha: z.number().optional(),
  })
  .superRefine((colour, ctx) => {
    const problem = websiteColourProblem(colour);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((colour) => colour as WebsiteColour);

const fontId = z.string().refine((id) => fontById(id) !== undefined, { message: 'Unknown font' });

function bounded(key: keyof typeof GALLERY_BOUNDS) {
  const [min, max] = GALLERY_BOUNDS[key];
  return z
    .number()
    .min(min, `${key} must be between ${min} and ${max}`)
    .max(max, `${key} must be between ${min} and ${max}`);
}

export const galleryOptionsSchema = z.object({
  design: z.enum(GALLERY_DESIGNS),
  autoplay: z.boolean(),
  'autoplay-duration': bounded('autoplay-duration'),
  controls: z.boolean(),
  'auto-crop': z.boolean(),
  'aspect-ratio': z.enum(Object.keys(ASPECT_RATIOS) as [keyof typeof ASPECT_RATIOS]),
  'square-thumbs': z.boolean(),
  thumbnails: z.boolean(),
  'thumbnail-strip-height': bounded('thumbnail-strip-height'),
  'thumbnail-strip-margin': bounded('thumbnail-strip-margin'),
  'show-meta': z.boolean(),
  'show-meta-basic': z.boolean(),
  'show-meta-only-title': z.boolean(),
  'meta-position': z.enum(META_POSITIONS),
  'show-meta-on-hover': z.boolean(),
  'active-alignment': z.enum(['center', 'left', 'right']),
  'thumbnails-per-row': bounded('thumbnails-per-row').int(),
  padding: bounded('padding'),
  lightbox: z.boolean(),
  lightboxTheme: z.enum(['dark', 'light']),
  'max-width': bounded('max-width'),
  newWindow: z.boolean(),
  transparentBackground: z.boolean(),
  indicators: z.boolean(),
});

export const designSchema = z.object({
  colours: z.object(
    Object.fromEntries(COLOUR_ROLE_NAMES.map((role) => [role, websiteColourSchema])) as Record<
      ColourRole,
      typeof websiteColourSchema
    >,
  ),
  fonts: z.object({ heading: fontId, body: fontId }),
  gallery: galleryOptionsSchema,
});

/** A stored design read leniently: what is missing or no longer known falls back to the defaults. */
export function designOf(stored: unknown): Design {
  const parsed = designSchema.safeParse(stored);
  if (parsed.success) return parsed.data as Design;
  const partial = (stored ?? {}) as Partial<Design>;
  return {
    colours: { ...DEFAULT_DESIGN.colours, ...partial.colours },
    fonts: { ...DEFAULT_DESIGN.fonts, ...partial.fonts },
    gallery: galleryOptions(partial.gallery ?? {}) as DesignGallery,
  };
}
