/**
 * How template values convert and compare. Values are plain JSON values; `undefined` is a missing
 * value and `null` is JSON null. The rules follow the reference engine's value wrapper: they decide
 * what a section shows, what a variable prints, and how formatters and predicates read their input.
 *
 * A ground module: it imports nothing of ours, so the engine and the commerce rules (which read
 * products with the same semantics, so a page and the cart agree) can both depend on it.
 */
import { memoizeText } from './memo';

/** One step of a variable path: an object key, or an array index. */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];

const hasOwn = Object.prototype.hasOwnProperty;

/** Whether a section or predicate treats the value as present: empty strings, arrays and objects, 0, NaN, false, null and missing are not. */
export function isTruthy(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value.length !== 0;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return false;
      if (Array.isArray(value)) return value.length !== 0;
      return hasOwnKey(value);
    default:
      return false;
  }
}

function hasOwnKey(object: object): boolean {
  for (const key in object) if (hasOwn.call(object, key)) return true;
  return false;
}

/**
 * The text a variable prints: strings as they are, numbers and booleans as JavaScript writes them,
 * arrays as their items joined by ',' (each item as JavaScript's String() writes it, so a null item
 * prints "null"); null, missing and objects print nothing.
 */
export function toOutput(value: unknown): string {
  return Array.isArray(value) ? joinItems(value) : asString(value);
}

function joinItems(items: readonly unknown[]): string {
  const n = items.length;
  if (n === 0) return '';
  let out = String(items[0]);
  for (let i = 1; i < n; i++) out += ',' + String(items[i]);
  return out;
}

/** A value read as text by formatters: numbers and booleans as JavaScript writes them; null, missing, arrays and objects are ''. */
export function asString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return '';
  }
}

/**
 * A value read as a number: a string with a '.' is read as a float, any other string as a base-10
 * integer prefix (so "12px" is 12, "1e3" is 1 and "abc" is NaN); true is 1, false 0; anything else 0.
 */
export function asNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return value.includes('.') ? parseFloat(value) : parseInt(value, 10);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return 0;
  }
}

/** Largest magnitude for which JavaScript prints an integer without an exponent. */
const PLAIN_INTEGER_LIMIT = 1e21;

/** A value read as a boolean (Jackson's rules): only the string "true" and non-zero integers are true. */
export function asBoolean(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      return value === 'true';
    case 'number':
      return value !== 0 && Number.isInteger(value) && Math.abs(value) < PLAIN_INTEGER_LIMIT;
    default:
      return false;
  }
}

/** Deep equality of two JSON values; a missing value equals null. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a === undefined ? null : a, b === undefined ? null : b);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const x = a as readonly unknown[];
    const y = b as readonly unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!deepEqual(x[i], y[i])) return false;
    return true;
  }
  const x = a as Readonly<Record<string, unknown>>;
  const y = b as Readonly<Record<string, unknown>>;
  let count = 0;
  for (const key in x) {
    if (!hasOwn.call(x, key)) continue;
    if (!hasOwn.call(y, key) || !deepEqual(x[key], y[key])) return false;
    count++;
  }
  for (const key in y) if (hasOwn.call(y, key)) count--;
  return count === 0;
}

/**
 * Orders `a` against `b` (negative, 0, positive) by the type of `a`: numbers numerically (b read as a
 * number; anything unordered, such as NaN, counts as greater), strings by UTF-16 code units (b read
 * as text), booleans with false < true (b read as a boolean). Any other `a` (null, missing, an array
 * or an object) is 0 when deeply equal to `b` and -1 otherwise, so it is "less than" everything else.
 */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const n = asNumber(b);
      return a < n ? -1 : a === n ? 0 : 1;
    }
    case 'string':
      return compareText(a, asString(b));
    case 'boolean': {
      const other = asBoolean(b);
      return a === other ? 0 : a ? 1 : -1;
    }
    default:
      return valuesEqual(a, b) ? 0 : -1;
  }
}

function compareText(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x.charCodeAt(i) - y.charCodeAt(i);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Largest number a path segment can be; longer digit runs stay string keys. */
const MAX_INDEX = 0x7fffffff;

/**
 * Splits a variable name `a.b.0` on '.' into path segments (remembered per name: formatters split
 * the same few names at every render). A segment made only of ASCII digits becomes a number when it
 * fits in a signed 32-bit integer ("007" becomes 7); every other segment, including an empty one,
 * stays a string.
 */
export const splitPath = /* @__PURE__ */ memoizeText(splitFresh, 4096);

function splitFresh(name: string): Path {
  const parts: PathSegment[] = name.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (isDigits(part)) {
      const n = parseInt(part, 10);
      if (n <= MAX_INDEX) parts[i] = n;
    }
  }
  return parts;
}

function isDigits(text: string): boolean {
  const n = text.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * One step down a value: an object's own property (the key read as a property name, so 1 finds "1"),
 * or an array's item by number only. Anything else is missing.
 */
export function childOf(value: unknown, key: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return typeof key === 'number' ? (value as readonly unknown[])[key] : undefined;
  return hasOwn.call(value, key as PropertyKey)
    ? (value as Record<PropertyKey, unknown>)[key as PropertyKey]
    : undefined;
}

/** Follows a path down from `value` (not up the frames); an empty path gives the value itself. */
export function followPath(value: unknown, path: Path | readonly unknown[]): unknown {
  let current = value;
  for (let i = 0; i < path.length && current !== undefined; i++) current = childOf(current, path[i]);
  return current;
}
