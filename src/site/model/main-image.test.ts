import { describe, expect, it } from 'vitest';
import { render } from '../../engine/index';
import { withMainImage } from './main-image';

/** What the theme's product page, lists, search and blog ask of an item ({.main-image?}) and of a gallery ({.child-images?}). */
const shown = (item: unknown) =>
  render('{.section item}{.main-image?}{assetUrl}{.or}none{.end} {.child-images?}gallery{.or}no gallery{.end}{.end}', {
    item,
  }).html;

describe('the main-image rule', () => {
  it('names the picture of an item that has one, so the templates show it, and keeps a name it already has', () => {
    expect(shown({ id: 'p-1', assetUrl: '/a.webp' })).toBe('none no gallery');
    expect(shown(withMainImage({ id: 'p-1', assetUrl: '/a.webp' }))).toBe('/a.webp no gallery');
    expect(withMainImage({ id: 'p-1', assetUrl: '/a.webp', mainImageId: 'sq-123' }).mainImageId).toBe('sq-123');
    expect(withMainImage({ id: 'p-1', assetUrl: '/a.webp', systemDataId: 'sys-9' })).toEqual({
      id: 'p-1',
      assetUrl: '/a.webp',
      systemDataId: 'sys-9',
    });
  });

  it('names each picture of a gallery, and drops the name of an item without a picture (no empty image)', () => {
    const pictures: { assetUrl: string; mainImageId?: string }[] = [{ assetUrl: '/a.webp' }, { assetUrl: '/b.webp' }];
    const gallery = withMainImage({ id: 'p-2', assetUrl: '/a.webp', items: pictures });
    expect(shown(gallery)).toBe('/a.webp gallery');
    expect(gallery.items?.map((image) => image.mainImageId)).toEqual(['img-p-2-1', 'img-p-2-2']);
    expect(shown(withMainImage({ id: 'p-3', mainImageId: 'img-p-3' }))).toBe('none no gallery');
    expect(withMainImage({ id: 'p-3', assetUrl: '', mainImageId: 'img-p-3' })).toEqual({ id: 'p-3', assetUrl: '' });
  });

  it('gives an item saved with only a gallery its first picture, so its card, search result and cart line show it', () => {
    const item = withMainImage({
      id: 'p-4',
      items: [
        { assetUrl: '/b.webp', originalSize: '800x600', altText: 'B' },
        { assetUrl: '/c.webp', originalSize: '800x600' },
      ],
    });
    expect(item).toMatchObject({ assetUrl: '/b.webp', originalSize: '800x600', altText: 'B', mainImageId: 'img-p-4' });
    expect(shown(item)).toBe('/b.webp gallery');
  });
});
