/**
 * Shared access to the runtime's Intl objects. Each formatter is built once per (locale, options)
 * and kept in a module-level map, since constructing Intl objects costs far more than using them.
 * The locale data comes from the runtime (workerd and Node ship full ICU); nothing is bundled.
 */

/** Number format options of Intl.NumberFormat v3 that the ES2022 lib types do not know yet. */
export interface NumberFormatOptions3 extends Omit<Intl.NumberFormatOptions, 'useGrouping'> {
  useGrouping?: boolean | 'auto' | 'always' | 'min2';
  roundingMode?:
    | 'ceil'
    | 'floor'
    | 'expand'
    | 'trunc'
    | 'halfCeil'
    | 'halfFloor'
    | 'halfExpand'
    | 'halfTrunc'
    | 'halfEven';
  roundingPriority?: 'auto' | 'morePrecision' | 'lessPrecision';
  notation?: 'standard' | 'scientific' | 'engineering' | 'compact';
  compactDisplay?: 'short' | 'long';
  currencySign?: 'standard' | 'accounting';
  unit?: string;
  unitDisplay?: 'short' | 'narrow' | 'long';
}

/** A number formatter that, like Intl.NumberFormat v3, formats numeric strings exactly. */
export interface ExactNumberFormat {
  format(value: string | number): string;
  formatToParts(value: string | number): Intl.NumberFormatPart[];
  resolvedOptions(): Intl.ResolvedNumberFormatOptions;
}

const numberFormats = new Map<string, ExactNumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const locales = new Map<string, string>();

/** Bound on each cache so odd option mixes from templates cannot grow memory without limit. */
const CACHE_CAP = 500;

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= CACHE_CAP) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
  }
  return value;
}

/**
 * The BCP 47 tag Intl should use for a template locale: underscores become hyphens ("en_US"),
 * and a tag Intl rejects falls back to English.
 */
export function intlLocale(locale: string): string {
  return remember(locales, locale, () => {
    try {
      return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0] ?? 'en';
    } catch {
      return 'en';
    }
  });
}

export function numberFormat(locale: string, options: NumberFormatOptions3): ExactNumberFormat {
  return remember(numberFormats, locale + JSON.stringify(options), () => {
    return new Intl.NumberFormat(locale, options as Intl.NumberFormatOptions) as unknown as ExactNumberFormat;
  });
}

/**
 * `numberFormat` for a hot path that names its options by a key of its own, which must tell every options it makes
 * apart: the options are made, and the key is not their JSON, only when no format is kept under it (a price on every
 * page paid a JSON.stringify of its options). Kept in the same bounded map, under keys no JSON key can take.
 */
export function numberFormatKeyed(locale: string, key: string, options: () => NumberFormatOptions3): ExactNumberFormat {
  return remember(numberFormats, `${locale}\u0000${key}`, () => {
    return new Intl.NumberFormat(locale, options() as Intl.NumberFormatOptions) as unknown as ExactNumberFormat;
  });
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return remember(dateFormats, locale + JSON.stringify(options), () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRule(locale: string, options: Intl.PluralRulesOptions): Intl.PluralRules {
  return remember(pluralRules, locale + JSON.stringify(options), () => new Intl.PluralRules(locale, options));
}

export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return remember(
    relativeFormats,
    locale + JSON.stringify(options),
    () => new Intl.RelativeTimeFormat(locale, options),
  );
}

const zones = new Map<string, string>();

/** A time zone Intl accepts: the given IANA id, or UTC when the runtime does not know it. */
export function validTimeZone(zone: string): string {
  return remember(zones, zone, () => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      return 'UTC';
    }
  });
}
