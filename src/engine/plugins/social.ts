/**
 * Social formatters and predicates: comments, likes, share buttons, calendar links, Twitter text;
 * and the slide predicate `current-type?`.
 */
import { formatDate } from './date';
import type { FormatterTable, PredicateTable, RenderContext } from './types';
import { escapeHtmlAttribute } from '../text/html';
import { SLICE_TYPES } from '../../values/enumerations';
import { asNumber, asString, childOf, isTruthy } from '../../values/index';

/** Markup snippets, in the template language (rendered against the formatter's value). */
const COMMENT_LINK = `{.if websiteSettings.disqusShortname}
  <a href="{fullUrl}" class="sqs-comment-link sqs-disqus-comment-link" data-id="{id}"></a>
{.or}
  <a href="{fullUrl}#comments-{id}" class="sqs-comment-link" data-id="{id}">
  {.equal? publicCommentCount 0}No{.or}{publicCommentCount}{.end}
  Comment{.notEqual? publicCommentCount 1}s{.end}
  </a>
{.end}`;

const COMMENTS = `{.if websiteSettings.disqusShortname}
  <div class="squarespace-comments" id="disqus_thread"></div>
{.or}
  <div class="squarespace-comments" id="comments-{id}"{.if item} data-item-id="{item.id}" data-public-comment-count="{item.publicCommentCount}" data-comment-state="{item.commentState}"{.or}{.if collection} data-collection-id="{collection.id}" data-public-comment-count="{collection.publicCommentCount}" data-comment-state="{collection.commentState}"{.end}{.end}></div>
{.end}`;

const LIKE_BUTTON = `{.if @ && websiteSettings.simpleLikingEnabled}
  <span class="sqs-simple-like" data-item-id="{id}" data-like-count="{likeCount}">
    <span class="like-icon"></span>
    <span class="like-count"></span>
  </span>
{.end}`;

const TWITTER_LINKS = /(\b(https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#\\/%=~_|])/gi;
const TWITTER_MENTIONS = /(^| )@([a-z0-9_]+)/gi;
const TWITTER_HASHTAGS = /(^| )#([a-z0-9_]+)/gi;

/** Slice types by name (spec §3), for `current-type?`; the reference engine also answers `undefined` for −1. */
const SLICE_CODES: Readonly<Record<string, number>> = { undefined: -1, ...SLICE_TYPES };

/** 'No Comments', '1 Comment', 'N Comments' (spec §5). */
export function commentCountText(count: number): string {
  return `${count === 0 ? 'No' : count} Comment${count === 1 ? '' : 's'}`;
}

const CALENDAR_DATE_FORMAT = '%Y%m%dT%H%M%SZ';

function locationText(location: unknown): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => asString(childOf(location, key)).trim())
    .filter((part) => part.length > 0)
    .join(', ');
}

function googleCalendarUrl(event: unknown): string {
  const start = formatDate(asNumber(childOf(event, 'startDate')), CALENDAR_DATE_FORMAT, 'UTC');
  const end = formatDate(asNumber(childOf(event, 'endDate')), CALENDAR_DATE_FORMAT, 'UTC');
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${escape(asString(childOf(event, 'title')))}`;
  url += `&dates=${start}/${end}`;
  const location = childOf(event, 'location');
  if (location !== undefined) {
    const text = locationText(location);
    if (text !== '') url += `&location=${encodeURIComponent(text)}`;
  }
  return url;
}

function firstPresent(value: unknown, ...keys: string[]): unknown {
  for (const key of keys) {
    const found = childOf(value, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function socialButton(ctx: RenderContext, item: unknown, inline: boolean): string {
  const website = ctx.resolve(['website']);
  const options = childOf(website, 'shareButtonOptions');
  if (website === undefined || !hasSize(options)) return '';
  let assetUrl = childOf(item, 'assetUrl');
  if (assetUrl === undefined) assetUrl = childOf(childOf(item, 'mainImage'), 'assetUrl');
  const tag = inline ? 'span' : 'div';
  return (
    `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
    ` data-system-data-id="${asString(firstPresent(item, 'systemDataId', 'mainImageId'))}"` +
    ` data-asset-url="${asString(assetUrl)}"` +
    ` data-record-type="${asString(childOf(item, 'recordType'))}"` +
    ` data-full-url="${asString(childOf(item, 'fullUrl'))}"` +
    ` data-title="${escapeHtmlAttribute(asString(childOf(item, 'title')))}"></${tag}>`
  );
}

/** Whether an object or array has any entries (a scalar has none). */
function hasSize(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

function twitterFollowButton(account: unknown): string {
  let userName = asString(childOf(account, 'userName'));
  if (userName === '') {
    const parts = asString(childOf(account, 'profileUrl')).split('/');
    userName = parts[parts.length - 1] as string;
  }
  return (
    "<script>Y.use('squarespace-follow-buttons', function(Y) { " +
    "Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });" +
    `</script><div class="squarespace-follow-button" data-username="${userName}"></div>`
  );
}

function activateTwitterLinks(text: string): string {
  return text
    .replace(TWITTER_LINKS, '<a target="new" href="$1">$1</a>')
    .replace(TWITTER_MENTIONS, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(
      TWITTER_HASHTAGS,
      (_match, prefix: string, tag: string) =>
        `${prefix}<a target="new" href="https://twitter.com/hashtag/${escape(tag)}?src=hash">#${tag}</a>`,
    );
}

export const SOCIAL_FORMATTERS: FormatterTable = {
  'activate-twitter-links': (value) => activateTwitterLinks(asString(value)),
  'comment-count': (value) => commentCountText(asNumber(childOf(value, 'publicCommentCount'))),
  'comment-link': (value, _args, ctx) => ctx.renderSnippet(COMMENT_LINK, value),
  comments: (value, _args, ctx) => ctx.renderSnippet(COMMENTS, value),
  'google-calendar-url': (value) => googleCalendarUrl(value),
  'like-button': (value, _args, ctx) => ctx.renderSnippet(LIKE_BUTTON, value),
  'social-button': (value, _args, ctx) => socialButton(ctx, value, false),
  'social-button-inline': (value, _args, ctx) => socialButton(ctx, value, true),
  'twitter-follow-button': (value) => twitterFollowButton(value),
};

export const SOCIAL_PREDICATES: PredicateTable = {
  'comments?': (_args, ctx) => {
    const item = ctx.current();
    let on = asNumber(childOf(item, 'commentState')) === 1 || asNumber(childOf(item, 'publicCommentCount')) > 0;
    const settings = ctx.resolve(['websiteSettings']);
    if (settings !== undefined && !isTruthy(childOf(settings, 'commentsEnabled'))) on = false;
    return on;
  },
  'disqus?': (_args, ctx) => isTruthy(ctx.resolve(['websiteSettings', 'disqusShortName'])),
  'current-type?': (args, ctx) => {
    const name = args[0] ?? '';
    return (
      Object.hasOwn(SLICE_CODES, name) && SLICE_CODES[name] === (asNumber(childOf(ctx.current(), 'currentType')) | 0)
    );
  },
};
