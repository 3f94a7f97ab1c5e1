/**
 * The states, provinces and regions a merchant picks for a tax or shipping region, by the code
 * shoppers' addresses carry (the part of ISO 3166-2 after the dash: 'CA' for California, 'BY' for
 * Bavaria): the first-level subdivisions of every country (subdivision-data.ts), named in English.
 * A shopper's region matches by code, English name or ISO's own name ('Bayern').
 */
import { foldText } from '../values/fold';
import { SUBDIVISION_DATA } from './subdivision-data';

type Subdivisions = readonly (readonly [code: string, name: string])[];
type Entry = { code: string; names: readonly string[] };

const parsed = new Map<string, readonly Entry[]>();

function entriesOf(countryCode: string): readonly Entry[] {
  let entries = parsed.get(countryCode);
  if (entries === undefined) {
    const data = Object.hasOwn(SUBDIVISION_DATA, countryCode) ? SUBDIVISION_DATA[countryCode] : undefined;
    entries = (data?.split('|') ?? []).map((entry) => {
      const [code = '', ...names] = entry.split(':');
      return { code, names };
    });
    parsed.set(countryCode, entries);
  }
  return entries;
}

/** The regions of `countryCode` a merchant picks from (code and English name, by name), empty when it has none. */
export function subdivisionsOf(countryCode: string): Subdivisions {
  return entriesOf(countryCode).map(({ code, names }) => [code, names[0] ?? code] as const);
}

/** A region's code or name as compared: folded (src/values/fold.ts), letters and digits only, upper case like the codes. */
const fold = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]/g, '')
    .toUpperCase();

/**
 * The code of a region of `countryCode` given as its code or its name ('ca', 'California', 'US-CA'
 * → 'CA'), or null when the country has no such region.
 */
export function subdivisionCode(countryCode: string, region: string): string | null {
  const wanted = fold(region.replace(new RegExp(`^${countryCode}-`, 'i'), ''));
  if (wanted === '') return null;
  const entries = entriesOf(countryCode);
  const found =
    entries.find(({ code }) => code === wanted) ??
    entries.find(({ names }) => names.some((name) => fold(name) === wanted));
  return found?.code ?? null;
}

/** 'California' for ('US', 'CA'); the code itself when it is not listed. */
export function subdivisionName(countryCode: string, code: string): string {
  return entriesOf(countryCode).find((entry) => entry.code === code)?.names[0] ?? code;
}

export const SUBDIVISION_MESSAGES = {
  notARegion: (region: string, country: string) =>
    `${region} is not a state or region of ${country}: choose one from the list`,
  noRegions: (country: string) => `${country} has no regions to choose from: the rule covers the whole country`,
} as const;
