/** The gallery's aspect-ratio and meta-position options (engine spec §3, E27): the spec's seven each, and no other. */
import { describe, expect, it } from 'vitest';
import { galleryOptionsSchema } from '../theme/design-schema';
import { ASPECT_RATIOS, META_POSITIONS } from './design';
import { GALLERY_DEFAULTS, metaShown, withMetaShown } from './gallery-options';

// Engine spec §3, word for word.
const SPEC_ASPECT_RATIOS =
  'square, standard, standard-vertical, four-three, three-four-vertical, widescreen, anamorphic-widescreen';
const SPEC_META_POSITIONS = 'top, top-left, top-right, center, bottom, bottom-left, bottom-right';

describe('gallery options', () => {
  it("offers the spec's seven aspect ratios and seven meta positions, in its order", () => {
    expect(Object.keys(ASPECT_RATIOS).join(', ')).toBe(SPEC_ASPECT_RATIOS);
    expect(META_POSITIONS.join(', ')).toBe(SPEC_META_POSITIONS);
  });

  it('accepts each of them in a saved design and refuses any other', () => {
    const gallery = (changes: Record<string, string>) =>
      galleryOptionsSchema.safeParse({ ...GALLERY_DEFAULTS, ...changes }).success;
    for (const ratio of SPEC_ASPECT_RATIOS.split(', ')) expect(gallery({ 'aspect-ratio': ratio })).toBe(true);
    for (const position of SPEC_META_POSITIONS.split(', ')) expect(gallery({ 'meta-position': position })).toBe(true);
    expect(gallery({ 'aspect-ratio': 'panorama' })).toBe(false);
    expect(gallery({ 'meta-position': 'middle' })).toBe(false);
  });
});

describe('gallery meta (engine spec §3: show-meta true, basic and title-only variants exist)', () => {
  it('shows the full meta by default, and each variant as its keys say', () => {
    expect(metaShown(GALLERY_DEFAULTS)).toBe('full');
    expect(GALLERY_DEFAULTS).toMatchObject({
      'show-meta': true,
      'show-meta-basic': false,
      'show-meta-only-title': false,
    });
    expect(metaShown({ ...GALLERY_DEFAULTS, 'show-meta-basic': true })).toBe('basic');
    expect(metaShown({ ...GALLERY_DEFAULTS, 'show-meta-only-title': true })).toBe('title-only');
    expect(metaShown({ ...GALLERY_DEFAULTS, 'show-meta-basic': true, 'show-meta-only-title': true })).toBe(
      'title-only',
    );
    expect(metaShown({ ...GALLERY_DEFAULTS, 'show-meta': false, 'show-meta-only-title': true })).toBe('hidden');
  });

  it('sets the three keys together for a choice, which a saved design accepts', () => {
    for (const shown of ['full', 'basic', 'title-only', 'hidden'] as const) {
      const options = withMetaShown(GALLERY_DEFAULTS, shown);
      expect(metaShown(options)).toBe(shown);
      expect(galleryOptionsSchema.safeParse(options).success).toBe(true);
    }
    expect(withMetaShown(GALLERY_DEFAULTS, 'basic')).toMatchObject({
      'show-meta': true,
      'show-meta-basic': true,
      'show-meta-only-title': false,
    });
    expect(galleryOptionsSchema.safeParse({ ...GALLERY_DEFAULTS, 'show-meta-basic': 'yes' }).success).toBe(false);
  });
});
