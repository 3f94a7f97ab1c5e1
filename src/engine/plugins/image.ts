/**
 * The `img` formatter: an `<img>` tag written by the template rules of spec §5.
 *
 *   {@|img;loader=sqs;sizes=(min-width: 40rem) 50vw, 100vw;priority=high;class=ProductCard-image}
 *   {@|img;loader=raw;src=/a.webp;width=800;height=600;srcset=/a.webp 1x, /a@2x.webp 2x}
 *
 * Arguments are `key=value` (split at the first '='; a delimiter such as ';', so values may hold spaces and
 * commas). `src`, `width` and `height` are required; an image value supplies them when the
 * arguments do not (`assetUrl`, `originalSize` 'WxH'), and `alt` (`altText`, else `title`).
 * Width and height are positive integers; `priority` is high, low or null (the default);
 * `loader` is sqs (the default: the image service's width variants as `srcset`) or raw (the
 * source as it is); `srcset` is allowed only with raw; `sizes` is required with sqs. A template
 * breaking a rule gets an HTML comment naming every broken rule instead of the tag, so the page
 * renders and the author sees why in the source.
 */
import { escapeHtmlAttribute } from '../text/html';
import { asString, childOf, isTruthy } from '../../values/index';
import { perArgs } from './per-args';
import type { Formatter, FormatterTable } from './types';

/** The image service's width variants (spec §9), smallest first. */
const SERVICE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500];
const PRIORITIES = ['high', 'low', 'null'];
const LOADERS = ['sqs', 'raw'];
const KNOWN_KEYS = ['src', 'width', 'height', 'alt', 'class', 'priority', 'loader', 'srcset', 'sizes'];

type ImageArgs = Readonly<Record<string, string>>;

const namedArgs = perArgs((args): ImageArgs => {
  const named: Record<string, string> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const key = eq === -1 ? arg : arg.slice(0, eq);
    if (KNOWN_KEYS.includes(key)) named[key] = eq === -1 ? '' : arg.slice(eq + 1);
  }
  return Object.freeze(named);
});

/** A positive integer written in decimal digits, or null. */
function positiveInteger(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** The rules of spec §5 that the tag breaks, in the order the spec lists them. */
export function imageRuleErrors(tag: {
  src: string;
  width: string | undefined;
  height: string | undefined;
  priority: string;
  loader: string;
  srcset: string | undefined;
  sizes: string | undefined;
}): string[] {
  const errors: string[] = [];
  if (tag.src === '') errors.push('src is required');
  for (const side of ['width', 'height'] as const) {
    const value = tag[side];
    if (value === undefined || value === '') errors.push(`${side} is required`);
    else if (positiveInteger(value) === null) errors.push(`${side} must be a positive integer`);
  }
  if (!PRIORITIES.includes(tag.priority)) errors.push('priority must be high, low or null');
  if (!LOADERS.includes(tag.loader)) errors.push('loader must be sqs or raw');
  else if (tag.loader === 'sqs') {
    if (tag.srcset !== undefined) errors.push('srcset is only allowed when loader is raw');
    if (tag.sizes === undefined || tag.sizes.trim() === '') errors.push('sizes is required when loader is sqs');
  }
  return errors;
}

/** An HTML comment that stays one comment whatever its text holds. */
function htmlComment(text: string): string {
  return `<!-- ${text.replace(/--/g, '- -').replace(/>/g, '&gt;')} -->`;
}

/** The image service URL of one width variant. */
function variantUrl(src: string, width: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}format=${width}w`;
}

/** The service's variants up to the first at least as wide as the original (no upscaling). */
function serviceSrcset(src: string, originalWidth: number): string {
  const widths: number[] = [];
  for (const w of SERVICE_WIDTHS) {
    widths.push(w);
    if (w >= originalWidth) break;
  }
  return widths.map((w) => `${variantUrl(src, w)} ${w}w`).join(', ');
}

function dimension(originalSize: unknown, index: 0 | 1): string | undefined {
  const parts = asString(originalSize).split('x');
  return parts.length === 2 ? parts[index] : undefined;
}

const img: Formatter = (value, rawArgs) => {
  const args = namedArgs(rawArgs);
  const originalSize = childOf(value, 'originalSize');
  const src = args.src ?? asString(childOf(value, 'assetUrl'));
  const width = args.width ?? dimension(originalSize, 0);
  const height = args.height ?? dimension(originalSize, 1);
  const priority = args.priority ?? 'null';
  const loader = args.loader ?? 'sqs';
  const errors = imageRuleErrors({ src, width, height, priority, loader, srcset: args.srcset, sizes: args.sizes });
  if (errors.length > 0) return htmlComment(`img: ${errors.join('; ')}`);

  const altValue = childOf(value, 'altText');
  const alt = args.alt ?? asString(isTruthy(altValue) ? altValue : childOf(value, 'title'));
  const w = positiveInteger(width) as number;
  const attributes: [string, string][] = [];
  if (args.class !== undefined) attributes.push(['class', args.class]);
  if (loader === 'sqs') {
    attributes.push(['src', variantUrl(src, SERVICE_WIDTHS.find((s) => s >= w) ?? 2500)]);
    attributes.push(['srcset', serviceSrcset(src, w)]);
  } else {
    attributes.push(['src', src]);
    if (args.srcset !== undefined) attributes.push(['srcset', args.srcset]);
  }
  if (args.sizes !== undefined) attributes.push(['sizes', args.sizes]);
  attributes.push(['alt', alt], ['width', String(w)], ['height', String(positiveInteger(height))]);
  if (priority === 'high') attributes.push(['fetchpriority', 'high']);
  else {
    attributes.push(['loading', 'lazy']);
    if (priority === 'low') attributes.push(['fetchpriority', 'low']);
  }
  attributes.push(['decoding', priority === 'high' ? 'sync' : 'async']);
  return `<img ${attributes.map(([k, v]) => `${k}="${escapeHtmlAttribute(v)}"`).join(' ')}>`;
};

export const IMAGE_FORMATTERS: FormatterTable = { img };
