/**
 * Core formatters: text escaping and encoding, JSON, lookups into the data, list helpers, numbers
 * and `apply` for macros and partials. Each one reads its input with the value conversions of
 * src/values (so a missing value reads as '' or 0) and returns the new value of the tag.
 */
import {
  UNCHANGED,
  UNSET,
  type Formatter,
  type FormatterTable,
  type Path,
  type PathSegment,
  type RenderContext,
} from './types';
import { escapeHtml, escapeHtmlAttribute, stripTags } from '../text/html';
import { scriptSafeJson } from '../text/json';
import { formatPattern } from '../text/positional-format';
import { joinedArgs, perArgs } from './per-args';
import { slugify } from '../text/slugify';
import { smartypants } from '../text/smartypants';
import { truncate } from '../text/truncate';
import { urlEncodeUtf8 } from '../text/url-encode';
import { asNumber, asString, childOf, followPath, isTruthy, splitPath } from '../../values/index';

/** Every argument split into a path. */
const argPaths = perArgs((args) => args.map(splitPath));
/** The first argument split into a path (an empty path when there is none). */
const firstArgPath = perArgs((args): Path => (args.length > 0 ? splitPath(args[0] as string) : []));

const hasOwn = Object.prototype.hasOwnProperty;
const INDEX_PATH: Path = ['@index'];
const DEFAULT_TRUNCATE_LIMIT = 100;
const DEFAULT_ELLIPSIS = '...';
const DEFAULT_MODULUS = 2;
const WHITESPACE = /\s/g;

// apply

interface PartialCall {
  name: string;
  args: Record<string, string> | null;
  isolated: boolean;
}

/**
 * `apply NAME [key=value ...] [private]`: `key=value` arguments (split at the first '=') become
 * `@args`, `private` isolates the partial; other arguments are ignored. With only a name there is
 * no `@args` at all; with any further argument `@args` is an object, perhaps empty.
 */
const partialCall = perArgs((args): PartialCall => {
  let named: Record<string, string> | null = null;
  let isolated = false;
  if (args.length > 1) {
    named = {};
    for (let i = 1; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === 'private') {
        isolated = true;
        continue;
      }
      const eq = arg.indexOf('=');
      if (eq !== -1) setOwn(named, arg.slice(0, eq), arg.slice(eq + 1));
    }
    Object.freeze(named);
  }
  return { name: args[0] as string, args: named, isolated };
});

/** Sets a key as an own property, even "__proto__". */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

const apply: Formatter = (value, args, ctx) => {
  if (args.length === 0) return '';
  const call = partialCall(args);
  return ctx.applyPartial(call.name, value, call.args, call.isolated) ?? '';
};

// lists and objects

/** Number of keys of an object, items of an array or UTF-16 units of a string; 0 for anything else. */
const count: Formatter = (value) => {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  if (Array.isArray(value)) return value.length;
  let keys = 0;
  for (const key in value) if (hasOwn.call(value, key)) keys++;
  return keys;
};

/** The argument at (value - 1) modulo the argument count, so 1 picks the first; unset for a non-integer or no arguments. */
const cycle: Formatter = (value, args) => {
  const n = args.length;
  let index = (asNumber(value) - 1) % n;
  if (index < 0) index += n;
  return args[index] ?? UNSET;
};

/**
 * `find-first [[LOOKUP] PATH]`: the first array item whose PATH is truthy (with LOOKUP, the path is
 * followed in LOOKUP's entry named by the item, read as text); with no arguments the first item.
 * `find-last` searches from the end. Missing when nothing matches.
 */
const findArgs = perArgs((args) => {
  const lookup = args.length === 2 ? splitPath(args[0] as string) : null;
  const path = args.length === 0 ? null : splitPath(args[lookup === null ? 0 : 1] as string);
  return { lookup, path };
});

function findEntry(value: unknown, args: readonly string[], ctx: RenderContext, fromEnd: boolean): unknown {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const items = value as readonly unknown[];
  const { lookup: lookupPath, path } = findArgs(args);
  if (path === null) return items[fromEnd ? items.length - 1 : 0];
  const lookup = lookupPath === null ? undefined : ctx.resolve(lookupPath);
  const n = items.length;
  for (let k = 0; k < n; k++) {
    const item = items[fromEnd ? n - 1 - k : k];
    const candidate = lookupPath === null ? item : childOf(lookup, asString(item));
    if (isTruthy(followPath(candidate, path))) return item;
  }
  return undefined;
}

const findFirst: Formatter = (value, args, ctx) => findEntry(value, args, ctx, false);
const findLast: Formatter = (value, args, ctx) => findEntry(value, args, ctx, true);

/**
 * `get A B ...`: walks down the value by the values of variables A, B, ... An array variable is a
 * whole path, a number an index, anything else its text as a key; a missing variable gives missing.
 */
const get: Formatter = (value, args, ctx) => {
  const paths = argPaths(args);
  if (paths.length === 0) return UNCHANGED;
  let current = value;
  for (const path of paths) {
    const key = ctx.resolve(path);
    if (key === undefined) return undefined;
    if (Array.isArray(key)) current = followPath(current, key as readonly unknown[]);
    else current = childOf(current, typeof key === 'number' ? key : asString(key));
    if (current === undefined) return undefined;
  }
  return current;
};

/** `key-by PATH`: an object of the array's items keyed by each item's value at PATH (as text); items without one are skipped. */
const keyBy: Formatter = (value, args) => {
  const keyed: Record<string, unknown> = {};
  if (!Array.isArray(value) || !args[0]) return keyed;
  const path = firstArgPath(args);
  for (const item of value as readonly unknown[]) {
    const key = followPath(item, path);
    if (key !== undefined) setOwn(keyed, String(key), item);
  }
  return keyed;
};

/** `lookup VAR`: the variable named by the text of variable VAR. */
const lookup: Formatter = (_value, args, ctx) => {
  if (!args[0]) return '';
  const name = asString(ctx.resolve(firstArgPath(args)));
  return ctx.resolve(splitPath(name));
};

/** `prop A.B C ...`: walks down the value itself by each argument's path. */
const prop: Formatter = (value, args) => {
  const paths = argPaths(args);
  if (paths.length === 0) return UNCHANGED;
  let current = value;
  for (const path of paths) {
    current = followPath(current, path);
    if (current === undefined) break;
  }
  return current;
};

/** The 1-based index of the innermost repeated section, as text; '' outside one. */
const iter: Formatter = (_value, _args, ctx) => asString(ctx.resolve(INDEX_PATH));

// text

/** `format A B ...`: fills `{0}`, `{1}`, ... in the value with the variables A, B, ... (null and missing as ''). */
const format: Formatter = (value, args, ctx) => {
  const paths = argPaths(args);
  const fills = new Array<unknown>(paths.length);
  for (let i = 0; i < paths.length; i++) {
    const fill = ctx.resolveOuter(paths[i] as readonly PathSegment[]);
    fills[i] = fill === undefined || fill === null ? '' : fill;
  }
  return formatPattern(asString(value), fills);
};

const html: Formatter = (value) => escapeHtml(asString(value));
const htmlAttribute: Formatter = (value) => escapeHtmlAttribute(asString(value));
const encodeSpace: Formatter = (value) => asString(value).replace(WHITESPACE, '&nbsp;');
/** Throws URIError on a lone surrogate, as the reference does (the tag then prints nothing). */
const encodeUri: Formatter = (value) => encodeURI(asString(value));
const encodeUriComponent: Formatter = (value) => encodeURIComponent(asString(value));
const urlEncode: Formatter = (value) => urlEncodeUtf8(asString(value));
const lineBreaks: Formatter = (value) => asString(value).replaceAll('\n', '<br/>');
const output: Formatter = (_value, args) => joinedArgs(args);
const slug: Formatter = (value) => slugify(asString(value));
const smartQuotes: Formatter = (value) => smartypants(asString(value));
/** Text of strings, numbers and booleans; '' for everything else. */
const str: Formatter = (value) => asString(value);

/** Strips tags from a truthy value's text; a falsy value (0, false, '', [], {}) is left unchanged. */
const safe: Formatter = (value) => (isTruthy(value) ? stripTags(asString(value)) : UNCHANGED);

/** `truncate [LIMIT [ELLIPSIS]]`: see text/truncate; a LIMIT that is not a positive integer leaves the value as it is. */
const truncateText: Formatter = (value, args) => {
  const limit = args.length > 0 ? parseInt(args[0] as string, 10) : DEFAULT_TRUNCATE_LIMIT;
  if (!(limit > 0) || !Number.isFinite(limit)) return UNCHANGED;
  return truncate(asString(value), limit, args.length > 1 ? (args[1] as string) : DEFAULT_ELLIPSIS);
};

/** `pluralize [PLURAL]` or `pluralize SINGULAR PLURAL`: SINGULAR ('' by default) when the value is 1, else PLURAL ('s'). */
const pluralize: Formatter = (value, args) => {
  const n = args.length;
  const singular = n >= 2 ? (args[0] as string) : '';
  const plural = n === 0 ? 's' : (args[n >= 2 ? 1 : 0] as string);
  return asNumber(value) === 1 ? singular : plural;
};

// JSON

const json: Formatter = (value) => (value === undefined ? '' : scriptSafeJson(value));
const jsonPretty: Formatter = (value) => (value === undefined ? '' : scriptSafeJson(value, '  '));
/** JSON without the `</` escape; a missing value is "null". */
const raw: Formatter = (value) => JSON.stringify(value) ?? 'null';

// numbers

/** `mod [N]`: the value modulo N (2 when N is absent, 0 or not a number); JavaScript's %, so the sign follows the value. */
const mod: Formatter = (value, args) => {
  const n = args.length > 0 ? parseInt(args[0] as string, 10) : NaN;
  return asNumber(value) % (n && Number.isFinite(n) ? n : DEFAULT_MODULUS);
};

/** Half rounds up (toward +Infinity), as Math.round does: -2.5 gives -2. */
const round: Formatter = (value) => Math.round(asNumber(value));

export const CORE_FORMATTERS: FormatterTable = {
  apply,
  count,
  cycle,
  'encode-space': encodeSpace,
  'encode-uri': encodeUri,
  'encode-uri-component': encodeUriComponent,
  'find-first': findFirst,
  'find-last': findLast,
  format,
  get,
  html,
  htmlattr: htmlAttribute,
  htmltag: htmlAttribute,
  iter,
  json,
  'json-pretty': jsonPretty,
  'key-by': keyBy,
  'line-breaks': lineBreaks,
  lookup,
  mod,
  output,
  pluralize,
  prop,
  raw,
  round,
  safe,
  slugify: slug,
  smartypants: smartQuotes,
  str,
  truncate: truncateText,
  'url-encode': urlEncode,
};
