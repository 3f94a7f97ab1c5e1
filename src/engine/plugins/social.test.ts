import { describe, expect, it } from 'vitest';
import { render } from '../index';
import { renderReference } from '../../../test/support/reference-engine';
import { commentCountText } from './social';

describe('social formatters', () => {
  it("counts comments with the spec's texts", () => {
    expect([0, 1, 2, 15].map(commentCountText)).toEqual(['No Comments', '1 Comment', '2 Comments', '15 Comments']);
  });

  it('agrees with the reference engine', () => {
    const items = [
      {
        id: 'i1',
        fullUrl: '/blog/a',
        title: 'A "quoted" <title>',
        publicCommentCount: 0,
        commentState: 1,
        likeCount: 3,
        recordType: 1,
        systemDataId: 's1',
        assetUrl: '/a.png',
      },
      {
        id: 'i2',
        fullUrl: '/blog/b',
        title: 'B',
        publicCommentCount: 1,
        commentState: 2,
        mainImageId: 'm2',
        mainImage: { assetUrl: '/b.png' },
      },
      { id: 'i3', fullUrl: '/blog/c', title: 'C & D', publicCommentCount: 7 },
      {},
    ];
    const sites = [
      {},
      { websiteSettings: { commentsEnabled: true, simpleLikingEnabled: true, disqusShortname: '' } },
      { websiteSettings: { commentsEnabled: false, disqusShortname: 'shop', disqusShortName: 'shop' } },
      { website: { shareButtonOptions: { facebook: true } } },
      { website: { shareButtonOptions: {} } },
    ];
    const template =
      '{.repeated section items}[{@|comment-count}|{@|comment-link}|{@|comments}|{@|like-button}|' +
      '{@|social-button}|{@|social-button-inline}|{.comments?}C{.or}-{.end}{.disqus?}D{.end}]{.end}';
    const events = [
      {
        title: 'Launch party',
        startDate: 1613597165345,
        endDate: 1613600765345,
        location: { addressLine1: ' 1 Main St ', addressCountry: 'US' },
      },
      { title: 'x y', startDate: 0, endDate: 86400000 },
    ];
    const mismatches: string[] = [];
    const check = (tpl: string, data: unknown) => {
      const ours = render(tpl, data).html;
      const theirs = renderReference(tpl, data);
      if (ours !== theirs) mismatches.push(`${tpl} ${JSON.stringify(data)}\n ours   ${ours}\n theirs ${theirs}`);
    };
    for (const site of sites) check(template, { ...site, items });
    for (const event of events) check('{@|google-calendar-url}', event);
    for (const text of ['see http://x.com/a?b=1 and @bob #tag', '#one @two', 'nothing'])
      check('{t|activate-twitter-links}', { t: text });
    check('{a|twitter-follow-button}|{b|twitter-follow-button}', {
      a: { userName: 'sq' },
      b: { profileUrl: 'https://twitter.com/shop' },
    });
    for (const name of ['heading', 'body', 'twitter', 'nope'])
      check(`{.current-type? ${name}}Y{.or}N{.end}`, { currentType: 3 });
    expect(mismatches.join('\n')).toBe('');
  });
});
