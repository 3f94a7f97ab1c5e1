import { describe, expect, it } from 'vitest';
import { render } from '../index';
import { renderReference } from '../../../test/support/reference-engine';
import { hexColor, imageWidthFor } from './content';

describe('content formatters', () => {
  it("maps requested widths to the spec's image widths", () => {
    expect([50, 100, 101, 300, 301, 500, 501, 750, 751, 1000, 1001, 4000].map(imageWidthFor)).toEqual([
      '100w',
      '100w',
      '300w',
      '300w',
      '500w',
      '500w',
      '750w',
      '750w',
      '1000w',
      '1000w',
      '1500w',
      '1500w',
    ]);
  });

  it('passes a value with no width variants through image-srcset unchanged, as the reference does', () => {
    expect(render('{v|image-srcset}', { v: 'text' }).html).toBe('text');
    expect(render('{v|image-srcset|image-meta}', { v: { assetUrl: '/a.jpg', systemDataVariants: '100x' } }).html).toBe(
      'data-src="/a.jpg" data-image="/a.jpg" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="" ',
    );
  });

  it('reads hex colours of 3 to 6 digits, with or without #', () => {
    expect([hexColor('#fff'), hexColor('000000'), hexColor('#12345g')]).toEqual([0xffffff, 0, -1]);
  });

  it('agrees with the reference engine on images, colours, classes and predicates', () => {
    const images = [
      {
        id: 'a',
        assetUrl: '/a.jpg',
        originalSize: '1200x800',
        title: 'A & "B"',
        mediaFocalPoint: { x: 0.2, y: 0.8 },
        systemDataVariants: '100w,300w,500w,750w',
        colorData: { topLeftAverage: 'aabbcc', centerAverage: '112233' },
        componentKey: 'ck',
      },
      { id: 'b', assetUrl: '/b.jpg', originalSize: '640', body: '<p>Hello <b>there</b></p>', licensedAssetPreview: {} },
      { id: 'c', filename: 'c.png', systemDataVariants: '2500w' },
      {},
    ];
    const colors = [
      { hue: 120, saturation: 0.5, lightness: 0.25 },
      { hue: 400, saturation: 2, lightness: -1, alpha: 3 },
      { hue: 10.123, saturation: 0.333, lightness: 1, alpha: 0.5 },
      { hue: 1 },
    ];
    const template =
      '{.repeated section images}[{@|image}|{@|image-meta}|{@|image-srcset}|{@|image-color}|{@|image-color topLeft background-color}|' +
      '{originalSize|width}x{originalSize|height}|{originalSize|resizedHeightForWidth 300}|{originalSize|resizedWidthForHeight 300}|' +
      '{originalSize|squarespaceThumbnailForHeight 500}|{@|item-classes}]{.end}' +
      '{.repeated section colors}{@|website-color};{.end}{.repeated section hex}{@|color-weight},{.end}{ms|humanizeDuration}';
    const data = { images, colors, hex: ['#fff', '000', '808080', 'zz'], ms: 125_000 };
    const predicates = [
      'main-image?',
      'excerpt?',
      'location?',
      'clickable?',
      'redirect?',
      'index?',
      'folder?',
      'video?',
      'image?',
      'store-item?',
      'promotedMAP?',
      'background-source-video?',
      'gallery-design-grid?',
      'gallery-autoplay?',
      'same-day?',
      'has-multiple?',
    ];
    const items = [
      {
        recordType: 11,
        mainImageId: 'm',
        excerpt: '<p> </p>',
        location: { mapLat: 1, mapLng: 2 },
        folderBehavior: 2,
        backgroundSource: 3,
        startDate: 0,
        endDate: 3_600_000,
      },
      {
        recordType: 8,
        excerpt: { html: '<p>Hi</p>' },
        collection: { folder: true, folderBehavior: 1 },
        promotedBlockType: 'map',
        options: { design: 'grid', autoplay: 'true' },
      },
      { recordType: 2, systemDataId: 's', startDate: 0, endDate: 86_400_000 },
      { excerpt: '\u00a0<br>\u200b\u2003\t' },
      { excerpt: '<p>\u0001</p>' },
      { excerpt: '<b>unclosed' },
      { excerpt: 'caf\u00e9' },
    ];
    const predicateTemplate = `{.repeated section items}${predicates.map((p) => `{.${p}}Y{.or}N{.end}`).join('')}|{.end}`;
    const mismatches: string[] = [];
    for (const [tpl, d] of [
      [template, data],
      [predicateTemplate, { items }],
    ] as const) {
      const ours = render(tpl, d).html;
      const theirs = renderReference(tpl, d);
      if (ours !== theirs) mismatches.push(`ours   ${ours}\ntheirs ${theirs}`);
    }
    expect(mismatches.join('\n')).toBe('');
  });
});

describe('default image alt text (engine spec §9, E116)', () => {
  it("is the image's text cut at 250 characters", () => {
    const meta = (body: string) => render('{v|image-meta}', { v: { assetUrl: '/a.jpg', body } }).html;
    expect(meta(`${'a'.repeat(249)}bc`)).toContain(`alt="${'a'.repeat(249)}b"`);
    expect(meta('a'.repeat(250))).toContain(`alt="${'a'.repeat(250)}"`);
  });
});

describe('gallery meta variants (engine spec §3, E28)', () => {
  it("answers gallery-show-meta-basic? and gallery-show-meta-only-title? from the gallery's options, false when unset", () => {
    const template =
      '{.repeated section items}{.gallery-show-meta?}meta{.or}none{.end}' +
      '{.gallery-show-meta-basic?} basic{.end}{.gallery-show-meta-only-title?} title-only{.end}|{.end}';
    const items = [
      { options: { 'show-meta': true } },
      { options: { 'show-meta': true, 'show-meta-basic': true } },
      { options: { 'show-meta': true, 'show-meta-only-title': true } },
      { options: { 'show-meta': false } },
      { options: {} },
    ];
    expect(render(template, { items }).html).toBe('meta|meta basic|meta title-only|none|none|');
  });
});
