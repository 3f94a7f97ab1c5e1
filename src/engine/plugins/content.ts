/**
 * Content formatters and predicates: images and their metadata, colours, video and audio,
 * item classes, record and collection types, gallery options, events, excerpts, locations.
 */
import { isOnSale, isSoldOut } from '../../commerce/product';
import {
  UNCHANGED,
  type Formatter,
  type FormatterTable,
  type Predicate,
  type PredicateTable,
  type RenderContext,
} from './types';
import { escapeHtmlAttribute, replaceTagsWithSpaces } from '../text/html';
import { slugify } from '../text/slugify';
import { asBoolean, asNumber, asString, childOf, isTruthy } from '../../values/index';
import {
  BACKGROUND_SOURCES,
  BLOCK_TYPES,
  COLLECTION_TYPES,
  FOLDER_BEHAVIORS,
  RECORD_TYPES,
} from '../../values/enumerations';

/** Record types by code (spec §3), with the reference engine's undefined (its `undefined?` predicate). */
const RECORD_TYPE_CODES: Readonly<Record<string, number>> = { undefined: -1, ...RECORD_TYPES };
/** Record types whose predicate also matches an item promoting a block of that kind. */
const PROMOTED_RECORD_TYPES = ['video', 'image', 'quote', 'link', 'gallery'];
const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
];

const GALLERY_SELECTS: Readonly<Record<string, readonly string[]>> = {
  design: ['grid', 'slideshow', 'slider', 'stacked'],
  'meta-position': ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
  'active-alignment': ['center', 'left', 'right'],
};
const GALLERY_BOOLEANS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  // The meta's variants (engine spec §3: 'basic and title-only variants exist'), under Squarespace's gallery keys.
  'show-meta-basic',
  'show-meta-only-title',
  'show-meta-on-hover',
  'thumbnails',
];

/** Requested widths map to the image variants of spec §9. */
const IMAGE_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'];
const MAX_ALT_TEXT_LENGTH = 250;
const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'";
const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'];
const HALF_BRIGHT = 0xffffff / 2;

const AUDIO_PLAYER =
  "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
  '<div class="squarespace-audio-player" data-audio-asset-url="{structuredContent.audioAssetUrl}" data-item-id="{id}" id="audio-player-{id}"></div>';

export function focalPoint(media: unknown): string {
  const point = childOf(media, 'mediaFocalPoint');
  if (point === undefined) return '0.5,0.5';
  return `${asNumber(childOf(point, 'x'))},${asNumber(childOf(point, 'y'))}`;
}

function altTextFromFields(item: unknown): string {
  const title = childOf(item, 'title');
  if (isTruthy(title)) return asString(title);
  const body = childOf(item, 'body');
  if (isTruthy(body)) {
    const text = replaceTagsWithSpaces(asString(body));
    if (text.length > 0) return text.slice(0, MAX_ALT_TEXT_LENGTH);
  }
  const filename = childOf(item, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
}

function altText(ctx: RenderContext, image: unknown): string {
  const blockType = ctx.resolve(['blockType']);
  if (blockType !== undefined && asNumber(blockType) === BLOCK_TYPES.image)
    return asString(childOf(image, 'altText')).trim();
  return altTextFromFields(image);
}

/** The `data-*` attributes describing an image for the image loader. */
export function imageMeta(image: unknown, ctx: RenderContext, preferredAlt?: string): string {
  if (image === undefined) return '';
  const assetUrl = asString(childOf(image, 'assetUrl'));
  const alt = escapeHtmlAttribute(preferredAlt ?? altText(ctx, image));
  let out = '';
  const preview = childOf(image, 'licensedAssetPreview');
  if (typeof preview === 'object' && preview !== null && !Array.isArray(preview))
    out += 'data-licensed-asset-preview="true" ';
  const componentKey = childOf(image, 'componentKey');
  if (componentKey !== undefined) out += `data-component-key="${asString(componentKey)}" `;
  out += `data-src="${assetUrl}" `;
  out += `data-image="${assetUrl}" `;
  out += `data-image-dimensions="${asString(childOf(image, 'originalSize'))}" `;
  out += `data-image-focal-point="${focalPoint(image)}" `;
  out += `alt="${alt}" `;
  return out;
}

/** 'WxH' split in two, or null. */
function dimensions(value: unknown): [string, string] | null {
  const parts = asString(value).split('x');
  return parts.length === 2 ? (parts as [string, string]) : null;
}

function resized(value: unknown, byWidth: boolean, requested: number): number | string {
  const parts = dimensions(value);
  if (parts === null) return INVALID_SOURCE;
  const width = parseInt(parts[0], 10);
  const height = parseInt(parts[1], 10);
  return (byWidth ? width * (requested / height) : height * (requested / width)) | 0;
}

/** The image variant for a requested width (spec §9). */
export function imageWidthFor(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/** A hex colour ('#abc', 'aabbcc') as an integer, or -1 when it is not one. */
export function hexColor(text: string): number {
  const hex = text.startsWith('#') ? text.slice(1) : text;
  if (!/^[0-9a-f]{3,6}$/i.test(hex)) return -1;
  const full =
    hex.length === 3 ? (hex[0] as string).repeat(2) + (hex[1] as string).repeat(2) + (hex[2] as string).repeat(2) : hex;
  return parseInt(full, 16);
}

const round2 = (n: number) => parseFloat(n.toFixed(2));

/** `hsl(...)`/`hsla(...)` from hue, saturation, lightness (0-1) and alpha, or the spec's bound messages. */
function websiteColor(color: unknown): string {
  const hue = childOf(color, 'hue');
  const saturation = childOf(color, 'saturation');
  const lightness = childOf(color, 'lightness');
  if (hue === undefined || saturation === undefined || lightness === undefined) return 'Missing an H/S/L value.';
  const h = asNumber(hue);
  let s = asNumber(saturation);
  let l = asNumber(lightness);
  const alphaValue = childOf(color, 'alpha');
  const alpha = alphaValue === undefined ? null : asNumber(alphaValue);
  let errors = '';
  if (h < 0 || h > 360) errors += 'Hue out of bounds. ';
  if (s >= 0 && s <= 1) s *= 100;
  else errors += 'Saturation out of bounds. ';
  if (l >= 0 && l <= 1) l *= 100;
  else errors += 'Lightness out of bounds. ';
  if (alpha !== null && (alpha < 0 || alpha > 1)) errors += 'Alpha out of bounds.';
  if (errors !== '') return errors;
  return alpha === null
    ? `hsl(${round2(h)}, ${round2(s)}%, ${round2(l)}%)`
    : `hsla(${round2(h)}, ${round2(s)}%, ${round2(l)}%, ${round2(alpha)})`;
}

function imageColor(image: unknown, args: readonly string[]): unknown {
  const colors = childOf(image, 'colorData');
  if (colors === undefined) return undefined;
  if (args.length === 0) {
    return COLOR_POSITIONS.map((key) => `data-color-${key}="#${asString(childOf(colors, `${key}Average`))}" `).join('');
  }
  const key = args[0] as string;
  const color = asString(childOf(colors, `${key}Average`));
  if (color.length === 0) return `"${key}" not found.`;
  return `${args.length > 1 ? `${args[1]}: ` : ''}#${color}`;
}

/** The `srcset` attribute of an image's width variants; a value without any passes through unchanged, as in the reference. */
function imageSrcset(image: unknown): unknown {
  if (image === undefined) return UNCHANGED;
  const assetUrl = asString(childOf(image, 'assetUrl'));
  const variants = asString(childOf(image, 'systemDataVariants'))
    .split(',')
    .filter((v) => v.endsWith('w'));
  if (variants.length === 0) return UNCHANGED;
  const last = variants[variants.length - 1] as string;
  let original = '';
  const index = IMAGE_WIDTHS.indexOf(last);
  if (index !== -1 && index < IMAGE_WIDTHS.length - 1)
    original = `,${assetUrl}?format=original ${IMAGE_WIDTHS[index + 1]}`;
  return ` srcset="${variants.map((v) => `${assetUrl}?format=${v} ${v}`).join(',')}${original}"`;
}

function image(value: unknown, args: readonly string[], ctx: RenderContext): string {
  const cls = args.length === 1 ? (args[0] as string) : 'thumb-image';
  const alt = escapeHtmlAttribute(altText(ctx, value));
  return (
    `<noscript><img src="${asString(childOf(value, 'assetUrl'))}" alt="${alt}" /></noscript>` +
    `<img class="${cls}" ${imageMeta(value, ctx, alt)}data-load="false" data-image-id="${asString(childOf(value, 'id'))}" data-type="image" />`
  );
}

const COLOR_ATTRIBUTES = COLOR_POSITIONS.map((key) => [key.toLowerCase(), `${key}Average`] as const);

function video(value: unknown, args: readonly string[]): string {
  const oembed = childOf(value, 'oembed');
  const colors = childOf(value, 'colorData');
  const loadFalse = args.includes('load-false');
  const useColors = args.includes('color-data');
  let out = '<div class="sqs-video-wrapper" ';
  if (loadFalse) out += ' data-load="false" ';
  out += `data-html="${escapeHtmlAttribute(asString(childOf(oembed, 'html')))}" data-provider-name="${asString(childOf(oembed, 'providerName'))}">`;
  if (isTruthy(childOf(value, 'overlay'))) {
    out += '<div class="sqs-video-overlay';
    if (isTruthy(childOf(value, 'mainImageId')) || isTruthy(childOf(value, 'systemDataId'))) {
      out += '" style="opacity: 0;">';
      out += `<img data-load="false" data-src="${asString(childOf(value, 'assetUrl'))}" `;
      out += `data-image-dimensions="${asString(childOf(value, 'originalSize'))}" `;
      out += `data-image-focal-point="${focalPoint(value)}" `;
      if (useColors && isTruthy(colors)) {
        for (const [attr, key] of COLOR_ATTRIBUTES) out += `data-color-${attr}="#${asString(childOf(colors, key))}" `;
      }
      out += '/>';
    } else out += ' no-thumb" style="opacity: 0;">';
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return `${out}</div>`;
}

function slugClasses(prefix: string, list: unknown): string {
  if (!Array.isArray(list)) return '';
  let out = '';
  for (const entry of list) out += ` ${prefix}-${slugify(asString(entry))}`;
  return out;
}

function itemClasses(value: unknown, ctx: RenderContext): string {
  let out = 'hentry';
  const promoted = ctx.resolve(['promotedBlockType']);
  if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`;
  const categories = ctx.resolve(['categories']);
  if (isTruthy(categories)) out += slugClasses('category', categories);
  const tags = ctx.resolve(['tags']);
  if (isTruthy(tags)) out += slugClasses('tag', tags);
  const author = ctx.resolve(['author']);
  const displayName = childOf(author, 'displayName');
  if (isTruthy(author) && isTruthy(displayName)) out += ` author-${slugify(asString(displayName))}`;
  out += ` post-type-${asString(ctx.resolve(['recordTypeLabel']))}`;
  const index = ctx.resolve(['@index']);
  if (index !== undefined) out += ` article-index-${asNumber(index)}`;
  if (isTruthy(ctx.resolve(['starred']))) out += ' featured';
  if (asNumber(childOf(value, 'recordType')) === RECORD_TYPES['store-item']) {
    if (isOnSale(value)) out += ' on-sale';
    if (isSoldOut(value)) out += ' sold-out';
  }
  return out;
}

function humanizeDuration(value: unknown): string {
  const seconds = (asNumber(value) / 1000) | 0;
  const minutes = (seconds / 60) | 0;
  return `${minutes}:${String(seconds - minutes * 60).padStart(2, '0')}`;
}

const width: Formatter = (value) => {
  const parts = dimensions(value);
  return parts === null ? undefined : parseInt(parts[0], 10);
};
const height: Formatter = (value) => {
  const parts = dimensions(value);
  return parts === null ? undefined : parseInt(parts[1], 10);
};

export const CONTENT_FORMATTERS: FormatterTable = {
  AbsUrl: (value, _args, ctx) => `${asString(ctx.resolve(['base-url']))}/${asString(value)}`,
  'audio-player': (value, _args, ctx) => ctx.renderSnippet(AUDIO_PLAYER, value, true),
  capitalize: (value) => asString(value).toUpperCase(),
  'child-image-meta': (value, args, ctx) =>
    imageMeta(childOf(childOf(value, 'items'), args.length === 0 ? 0 : parseInt(args[0] as string, 10)), ctx),
  'cover-image-meta': (value, _args, ctx) => imageMeta(childOf(value, 'coverImage'), ctx),
  'color-weight': (value) => {
    const color = hexColor(asString(value));
    return color === -1 ? undefined : color > HALF_BRIGHT ? 'light' : 'dark';
  },
  height,
  humanizeDuration,
  image,
  'image-color': (value, args) => imageColor(value, args),
  'image-meta': (value, _args, ctx) => imageMeta(value, ctx),
  'image-srcset': (value) => imageSrcset(value),
  'item-classes': (value, _args, ctx) => itemClasses(value, ctx),
  resizedHeightForWidth: (value, args) => resized(value, false, parseInt(args[0] as string, 10)),
  resizedWidthForHeight: (value, args) => resized(value, true, parseInt(args[0] as string, 10)),
  squarespaceThumbnailForHeight: (value, args) => {
    const size = resized(value, true, parseInt(args[0] as string, 10));
    return typeof size === 'number' ? imageWidthFor(size) : size;
  },
  squarespaceThumbnailForWidth: (_value, args) => imageWidthFor(parseInt(args[0] as string, 10)),
  'website-color': (value) => websiteColor(value),
  width,
  video: (value, args) => video(value, args),
};

const BLANK = /[\s\u200b]/;

/** Whether any character outside tags is not blank (JavaScript whitespace or a zero-width space); allocates nothing. */
function hasVisibleText(html: string): boolean {
  let inTag = false;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 60 /* < */) inTag = true;
    else if (c === 62 /* > */) inTag = false;
    else if (!inTag && (c < 128 ? c !== 32 && (c < 9 || c > 13) : !BLANK.test(html[i] as string))) return true;
  }
  return false;
}

function hasExcerpt(item: unknown): boolean {
  const excerpt = childOf(item, 'excerpt');
  const html = childOf(excerpt, 'html');
  return hasVisibleText(typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '');
}

function sameDay(event: unknown): boolean {
  const start = new Date(asNumber(childOf(event, 'startDate')));
  const end = new Date(asNumber(childOf(event, 'endDate')));
  return start.getUTCFullYear() === end.getUTCFullYear() && dayOfYear(start) === dayOfYear(end);
}

function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000);
}

function collectionTypeIs(value: unknown, code: number): boolean {
  const type = childOf(value, 'type');
  return type !== undefined && asNumber(type) === code;
}

const current =
  (test: (value: unknown) => boolean): Predicate =>
  (_args, ctx) =>
    test(ctx.current());
const recordType = (code: number) => current((v) => asNumber(childOf(v, 'recordType')) === code);

function contentPredicates(): PredicateTable {
  const table: Record<string, Predicate> = {
    'calendar-view?': (_args, ctx) => asBoolean(ctx.resolve(['calendarView'])),
    'child-images?': current((v) => {
      const items = childOf(v, 'items');
      if (!Array.isArray(items) || items.length === 0) return false;
      return isTruthy(childOf(items[0], 'mainImageId')) || isTruthy(childOf(items[0], 'systemDataId'));
    }),
    'clickable?': (_args, ctx) => {
      const behavior = ctx.resolve(['folderBehavior']);
      if (behavior === undefined) return true;
      const code = asNumber(behavior);
      return code === FOLDER_BEHAVIORS.index || code === FOLDER_BEHAVIORS.redirect;
    },
    'collection?': current((v) => isTruthy(childOf(v, 'collection'))),
    'collection-page?': current((v) => collectionTypeIs(childOf(v, 'collection'), COLLECTION_TYPES.page)),
    'collection-template-page?': current((v) => {
      const collection = childOf(v, 'collection');
      return collectionTypeIs(collection === undefined ? v : collection, COLLECTION_TYPES['template-page']);
    }),
    'collectionTypeNameEquals?': (args, ctx) => args.length > 0 && asString(ctx.resolve(['typeName'])) === args[0],
    'excerpt?': current(hasExcerpt),
    'external-link?': current((v) => isTruthy(childOf(v, 'externalLink'))),
    'folder?': current((v) => isTruthy(childOf(childOf(v, 'collection'), 'folder'))),
    'gallery-meta?': (_args, ctx) => {
      const options = ctx.resolve(['options']);
      return isTruthy(childOf(options, 'controls')) || isTruthy(childOf(options, 'indicators'));
    },
    'has-multiple?': current(
      (v) => (Array.isArray(v) ? v.length : typeof v === 'object' && v !== null ? Object.keys(v).length : 0) > 1,
    ),
    'index?': current((v) => {
      const collection = childOf(v, 'collection');
      if (typeof collection !== 'object' || collection === null || Array.isArray(collection)) return false;
      const behavior = childOf(collection, 'folderBehavior');
      return (
        isTruthy(childOf(collection, 'folder')) && typeof behavior === 'number' && behavior === FOLDER_BEHAVIORS.index
      );
    }),
    'location?': current((v) => {
      const location = childOf(v, 'location');
      return childOf(location, 'mapLat') !== undefined && childOf(location, 'mapLng') !== undefined;
    }),
    'main-image?': current((v) => isTruthy(childOf(v, 'mainImageId')) || isTruthy(childOf(v, 'systemDataId'))),
    'passthrough?': current((v) => isTruthy(childOf(v, 'passthrough')) && asString(childOf(v, 'sourceUrl')) !== ''),
    'redirect?': current((v) => asNumber(childOf(v, 'folderBehavior')) === FOLDER_BEHAVIORS.redirect),
    'same-day?': current(sameDay),
    'serviceNameEmail?': current((v) => asString(childOf(v, 'serviceName')) === 'email'),
    'show-past-events?': current((v) => asString(childOf(v, 'showPastOrUpcomingEvents')) === 'past'),
  };
  for (const [option, names] of Object.entries(GALLERY_SELECTS)) {
    for (const name of names) {
      table[`gallery-${option}-${name}?`] = (_args, ctx) => {
        const value = childOf(ctx.resolve(['options']), option);
        return value !== undefined && asString(value) === name;
      };
    }
  }
  for (const option of GALLERY_BOOLEANS) {
    table[`gallery-${option}?`] = (_args, ctx) => asBoolean(childOf(ctx.resolve(['options']), option));
  }
  for (const [name, code] of Object.entries(RECORD_TYPE_CODES)) {
    if (!PROMOTED_RECORD_TYPES.includes(name)) table[`${name}?`] = recordType(code);
  }
  for (const name of PROMOTED_RECORD_TYPES) {
    const code = RECORD_TYPE_CODES[name] as number;
    table[`${name}?`] = current(
      (v) => asNumber(childOf(v, 'recordType')) === code || asString(childOf(v, 'promotedBlockType')) === name,
    );
  }
  table['external-video?'] = table['video?'] as Predicate;
  for (const name of PROMOTED_BLOCK_TYPES) {
    table[`promoted${name.toUpperCase()}?`] = current((v) => asString(childOf(v, 'promotedBlockType')) === name);
  }
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    table[`background-source-${name}?`] = current((v) => asNumber(childOf(v, 'backgroundSource')) === code);
  }
  return table;
}

export const CONTENT_PREDICATES: PredicateTable = contentPredicates();
