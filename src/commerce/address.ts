/**
 * A shipping address and where it is (country and region), the rules a checkout form applies to
 * it, and how merchant rules name places: 'US' (a country) or 'US-CA' (a region of it, ISO 3166-2).
 */
import { subdivisionCode } from './subdivisions';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  /** State, province or county: the part of an ISO 3166-2 code after the dash ('CA' in US-CA). */
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  phone: string;
}

/** One of a signed-in shopper's saved addresses; the default is the one the checkout starts with. */
export interface SavedAddress {
  id: string;
  address: ShippingAddress;
  isDefault: boolean;
}

export interface ShippingLocation {
  countryCode: string;
  region: string;
}

/** The form's labels (the spec's address labels: Address, City State Zip, Country). */
export const ADDRESS_LABELS: Readonly<Record<keyof ShippingAddress, string>> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  address1: 'Address',
  address2: 'Address Line 2',
  city: 'City',
  region: 'State',
  postalCode: 'Zip',
  countryCode: 'Country',
  phone: 'Phone',
};

/** What a country calls its region and postal code (Shopify's and the post offices' names); the spec's US labels elsewhere stay. */
const PLACE_LABELS: Readonly<Record<string, Pick<typeof ADDRESS_LABELS, 'region' | 'postalCode'>>> = {
  US: { region: ADDRESS_LABELS.region, postalCode: ADDRESS_LABELS.postalCode },
  GB: { region: 'County', postalCode: 'Postcode' },
  IE: { region: 'County', postalCode: 'Eircode' },
  CA: { region: 'Province', postalCode: 'Postal code' },
  AU: { region: 'State/territory', postalCode: 'Postcode' },
  NZ: { region: 'Region', postalCode: 'Postcode' },
  JP: { region: 'Prefecture', postalCode: 'Postal code' },
  MX: { region: 'State', postalCode: 'Postal code' },
  BR: { region: 'State', postalCode: 'Postal code' },
  IN: { region: 'State', postalCode: 'PIN code' },
};
const OTHER_PLACE_LABELS = { region: 'Region', postalCode: 'Postal code' };

/** The form's labels for an address in `countryCode`: 'Postcode' and 'County' in the UK, the spec's 'Zip' and 'State' in the US. */
export function addressLabels(countryCode: string): Readonly<Record<keyof ShippingAddress, string>> {
  return { ...ADDRESS_LABELS, ...(PLACE_LABELS[countryCode] ?? OTHER_PLACE_LABELS) };
}

/** The countries a shopper picks from at checkout, by ISO code (the codes shipping and tax rates name). */
export const COUNTRIES: readonly (readonly [code: string, name: string])[] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['PT', 'Portugal'],
  ['AT', 'Austria'],
  ['CH', 'Switzerland'],
  ['DK', 'Denmark'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['FI', 'Finland'],
  ['PL', 'Poland'],
  ['CZ', 'Czechia'],
  ['JP', 'Japan'],
  ['SG', 'Singapore'],
  ['HK', 'Hong Kong'],
  ['MX', 'Mexico'],
  ['BR', 'Brazil'],
  ['ZA', 'South Africa'],
];

/** A country's name in `locale`'s language: the runtime's (Intl.DisplayNames) outside English, else `countryName`. */
export function countryNameIn(code: string, locale: string): string {
  return /^en\b/i.test(locale) || !isCountryCode(code) ? countryName(code) : (localNames(locale).of(code) ?? code);
}

/** A country's English name: the checkout list's, else the runtime's (Intl.DisplayNames), else its code. */
export function countryName(code: string): string {
  const listed = COUNTRIES.find(([known]) => known === code)?.[1];
  if (listed !== undefined || !isCountryCode(code)) return listed ?? code;
  return displayNames().of(code) ?? code;
}

export const ADDRESS_MESSAGES = {
  required: 'Required',
  country: 'Choose a country from the list.',
  postalCode: 'Enter a valid postal code.',
} as const;

const REQUIRED: readonly (keyof ShippingAddress)[] = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'postalCode',
  'countryCode',
];
/** Countries whose addresses need a state or province. */
const REGION_COUNTRIES = new Set(['US', 'CA', 'AU', 'MX', 'BR', 'IN']);
const POSTAL_CODES: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
};
const ANY_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;

const namesByLocale = new Map<string, Intl.DisplayNames>();
function localNames(locale: string): Intl.DisplayNames {
  let names = namesByLocale.get(locale);
  if (names === undefined) namesByLocale.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names;
}

let regionNames: Intl.DisplayNames | undefined;
const displayNames = () => (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));

/** Whether `code` is an ISO 3166-1 alpha-2 country the runtime knows. */
export function isCountryCode(code: string): boolean {
  // ZZ is CLDR's 'Unknown Region', not a country.
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return false;
  return displayNames().of(code) !== undefined;
}

/** Problems with an address, keyed `shippingAddress.{field}`; empty when it can be shipped to. */
export function addressProblems(address: ShippingAddress | null): Record<string, string> {
  const problems: Record<string, string> = {};
  const key = (field: keyof ShippingAddress) => `shippingAddress.${field}`;
  if (address === null) {
    for (const field of REQUIRED) problems[key(field)] = ADDRESS_MESSAGES.required;
    return problems;
  }
  for (const field of REQUIRED) if (address[field].trim() === '') problems[key(field)] = ADDRESS_MESSAGES.required;
  const country = address.countryCode;
  if (country !== '' && !isCountryCode(country)) problems[key('countryCode')] = ADDRESS_MESSAGES.country;
  if (REGION_COUNTRIES.has(country) && address.region.trim() === '')
    problems[key('region')] = ADDRESS_MESSAGES.required;
  const postal = address.postalCode.trim();
  if (postal !== '' && !(POSTAL_CODES[country] ?? ANY_POSTAL_CODE).test(postal))
    problems[key('postalCode')] = ADDRESS_MESSAGES.postalCode;
  return problems;
}

export function locationOf(address: ShippingAddress | null): ShippingLocation | null {
  if (address === null || !isCountryCode(address.countryCode)) return null;
  // 'California' or 'ca' is where a rule for US-CA applies, as the merchant's list names it.
  const region = address.region.trim();
  return {
    countryCode: address.countryCode,
    region: subdivisionCode(address.countryCode, region) ?? region.toUpperCase(),
  };
}

/** Whether a merchant's list of places ('US', 'US-CA'; empty means everywhere) covers `location`. */
export function coversLocation(places: readonly string[], location: ShippingLocation): boolean {
  if (places.length === 0) return true;
  return places.some((place) => {
    const [country, region] = place.toUpperCase().split('-');
    return country === location.countryCode && (region === undefined || region === location.region);
  });
}
