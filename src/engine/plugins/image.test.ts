import { describe, expect, it } from 'vitest';
import { render } from '../index';

const photo = { assetUrl: '/images/a.webp', originalSize: '1200x800', title: 'A "mug"', altText: '' };

describe('img formatter (spec §5 image template rules)', () => {
  it('writes the image service variants and sizes with the sqs loader', () => {
    const html = render('{@|img;sizes=(min-width: 40rem) 50vw, 100vw;class=Card-image}', photo).html;
    expect(html).toBe(
      '<img class="Card-image" src="/images/a.webp?format=1500w" ' +
        'srcset="/images/a.webp?format=100w 100w, /images/a.webp?format=300w 300w, /images/a.webp?format=500w 500w, ' +
        '/images/a.webp?format=750w 750w, /images/a.webp?format=1000w 1000w, /images/a.webp?format=1500w 1500w" ' +
        'sizes="(min-width: 40rem) 50vw, 100vw" alt="A &quot;mug&quot;" width="1200" height="800" loading="lazy" decoding="async">',
    );
  });

  it('writes the source as it is with the raw loader, with its own srcset', () => {
    const html = render(
      '{@|img;loader=raw;src=/b.png;width=40;height=30;srcset=/b.png 1x, /b@2x.png 2x;alt=B;priority=high}',
      {},
    ).html;
    expect(html).toBe(
      '<img src="/b.png" srcset="/b.png 1x, /b@2x.png 2x" alt="B" width="40" height="30" fetchpriority="high" decoding="sync">',
    );
    expect(render('{@|img;loader=raw;priority=low}', photo).html).toBe(
      '<img src="/images/a.webp" alt="A &quot;mug&quot;" width="1200" height="800" loading="lazy" fetchpriority="low" decoding="async">',
    );
  });

  it('requires src, width and height', () => {
    expect(render('{@|img;loader=raw}', {}).html).toBe(
      '<!-- img: src is required; width is required; height is required -->',
    );
    expect(render('{@|img;loader=raw;src=/a.png;width=10}', {}).html).toBe('<!-- img: height is required -->');
  });

  it('takes only positive integers for width and height', () => {
    for (const bad of ['0', '-4', '2.5', 'ten', '1e3']) {
      expect(render(`{@|img;loader=raw;src=/a.png;width=${bad};height=${bad}}`, {}).html).toBe(
        '<!-- img: width must be a positive integer; height must be a positive integer -->',
      );
    }
    expect(render('{@|img;loader=raw}', { assetUrl: '/a.png', originalSize: '640' }).html).toBe(
      '<!-- img: width is required; height is required -->',
    );
  });

  it('takes priority high, low or null and loader sqs or raw', () => {
    expect(render('{@|img;loader=raw;priority=urgent}', photo).html).toBe(
      '<!-- img: priority must be high, low or null -->',
    );
    expect(render('{@|img;loader=raw;priority=null}', photo).html).toContain('loading="lazy" decoding="async">');
    expect(render('{@|img;loader=cdn}', photo).html).toBe('<!-- img: loader must be sqs or raw -->');
  });

  it('allows srcset only with raw and requires sizes with sqs', () => {
    expect(render('{@|img;srcset=/a.webp 1x}', photo).html).toBe(
      '<!-- img: srcset is only allowed when loader is raw; sizes is required when loader is sqs -->',
    );
    expect(render('{@|img;loader=sqs;sizes= }', photo).html).toBe('<!-- img: sizes is required when loader is sqs -->');
  });

  it('keeps an error comment one comment whatever the source holds', () => {
    const html = render('{@|img;loader=raw;src=/x-->y;width=a-->b;height=1}', {}).html;
    expect(html).toBe('<!-- img: width must be a positive integer -->');
    expect(render('{@|img;loader=raw;src=/x"><script>;width=1;height=1}', {}).html).toBe(
      '<img src="/x&quot;&gt;&lt;script&gt;" alt="" width="1" height="1" loading="lazy" decoding="async">',
    );
  });

  it("keeps the image size formatters' exact error text", () => {
    expect(
      render('{s|resizedHeightForWidth 300}|{s|resizedWidthForHeight 300}|{s|squarespaceThumbnailForHeight 300}', {
        s: '640',
      }).html,
    ).toBe(
      "Invalid source parameter. Pass in 'originalSize'|Invalid source parameter. Pass in 'originalSize'|Invalid source parameter. Pass in 'originalSize'",
    );
  });
});
