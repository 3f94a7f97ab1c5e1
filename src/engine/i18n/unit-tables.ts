/**
 * Units the `unit` formatter knows: categories, conversion factors and the unit sets used to
 * pick the most compact unit or to break an amount into a sequence ("2 ft 3 in").
 *
 * Factors are exact where the definitions are (international yard and pound, US gallon of 231
 * cubic inches, Julian-calendar year of 365.2425 days, …), written as decimal or "a/b" strings and
 * read into exact rationals. Each factor is the size of one unit in the category's base unit.
 */

export type UnitCategory =
  | 'acceleration'
  | 'angle'
  | 'area'
  | 'concentration'
  | 'consumption'
  | 'digital'
  | 'duration'
  | 'electric'
  | 'energy'
  | 'frequency'
  | 'length'
  | 'light'
  | 'mass'
  | 'power'
  | 'pressure'
  | 'speed'
  | 'temperature'
  | 'volume';

export interface UnitInfo {
  readonly id: string;
  readonly category: UnitCategory;
  /** One unit in the category base unit; '' for units converted by formula (temperature, fuel consumption) or not at all. */
  readonly factor: string;
}

/** π as a double, as the established conversions (radians, parsecs) have always used it. */
export const PI = '3.141592653589793';

/** [id, category, factor, ...extra names]; the plural ("-s"/"-es") name is derived. */
type Row = readonly [string, UnitCategory, string, ...string[]];

const ROWS: readonly Row[] = [
  ['g-force', 'acceleration', '9.80665', 'g'],
  ['meter-per-second-squared', 'acceleration', '1', 'meters-per-second-squared'],

  ['revolution', 'angle', '360'],
  ['degree', 'angle', '1'],
  ['arc-minute', 'angle', '1/60', 'arcminute', 'arcminutes'],
  ['arc-second', 'angle', '1/3600', 'arcsecond', 'arcseconds'],
  ['radian', 'angle', `180/${PI}`],

  ['square-kilometer', 'area', '1000000'],
  ['hectare', 'area', '10000'],
  ['square-meter', 'area', '1'],
  ['square-centimeter', 'area', '0.0001'],
  ['square-mile', 'area', '2589988.110336'],
  ['acre', 'area', '4046.8564224'],
  ['square-yard', 'area', '0.83612736'],
  ['square-foot', 'area', '0.09290304', 'square-feet'],
  ['square-inch', 'area', '0.00064516', 'square-inches'],

  ['karat', 'concentration', ''],
  ['milligram-per-deciliter', 'concentration', '', 'milligrams-per-deciliter'],
  ['millimole-per-liter', 'concentration', '', 'millimoles-per-liter'],
  ['part-per-million', 'concentration', '', 'parts-per-million'],

  ['liter-per-100kilometers', 'consumption', '', 'liters-per-100kilometers', 'liter-per-100-kilometer'],
  ['liter-per-kilometer', 'consumption', '', 'liters-per-kilometer'],
  ['mile-per-gallon', 'consumption', '', 'miles-per-gallon'],
  ['mile-per-gallon-imperial', 'consumption', '', 'miles-per-gallon-imperial'],

  ['terabit', 'digital', '1000000000000'],
  ['gigabit', 'digital', '1000000000'],
  ['megabit', 'digital', '1000000'],
  ['kilobit', 'digital', '1000'],
  ['bit', 'digital', '1'],
  ['terabyte', 'digital', '8796093022208'],
  ['gigabyte', 'digital', '8589934592'],
  ['megabyte', 'digital', '8388608'],
  ['kilobyte', 'digital', '8192'],
  ['byte', 'digital', '8'],

  ['century', 'duration', '3155695200', 'centuries'],
  ['year', 'duration', '31556952'],
  ['month', 'duration', '2629746'],
  ['week', 'duration', '604800'],
  ['day', 'duration', '86400'],
  ['hour', 'duration', '3600'],
  ['minute', 'duration', '60'],
  ['second', 'duration', '1'],
  ['millisecond', 'duration', '0.001'],
  ['microsecond', 'duration', '0.000001'],
  ['nanosecond', 'duration', '0.000000001'],

  ['ampere', 'electric', '1', 'amp', 'amps'],
  ['milliampere', 'electric', '0.001', 'milliamp', 'milliamps'],
  ['ohm', 'electric', ''],
  ['volt', 'electric', ''],

  ['kilowatt-hour', 'energy', '3600000'],
  ['kilojoule', 'energy', '1000'],
  ['kilocalorie', 'energy', '4186.8'],
  ['foodcalorie', 'energy', '4184'],
  ['calorie', 'energy', '4.1868'],
  ['joule', 'energy', '1'],

  ['gigahertz', 'frequency', '1000000000'],
  ['megahertz', 'frequency', '1000000'],
  ['kilohertz', 'frequency', '1000'],
  ['hertz', 'frequency', '1'],

  ['light-year', 'length', '9460730472580800'],
  ['parsec', 'length', `96939420213600000/${PI}`],
  ['astronomical-unit', 'length', '149597870700'],
  ['mile-scandinavian', 'length', '10000', 'miles-scandinavian'],
  ['kilometer', 'length', '1000'],
  ['nautical-mile', 'length', '1852'],
  ['mile', 'length', '1609.344'],
  ['furlong', 'length', '201.168'],
  ['meter', 'length', '1'],
  ['fathom', 'length', '1.8288'],
  ['yard', 'length', '0.9144'],
  ['foot', 'length', '0.3048', 'feet'],
  ['decimeter', 'length', '0.1'],
  ['inch', 'length', '0.0254', 'inches'],
  ['centimeter', 'length', '0.01'],
  ['millimeter', 'length', '0.001'],
  ['point', 'length', '0.0254/72'],
  ['micrometer', 'length', '0.000001'],
  ['nanometer', 'length', '0.000000001'],
  ['picometer', 'length', '0.000000000001'],

  ['lux', 'light', ''],

  ['metric-ton', 'mass', '1000'],
  ['ton', 'mass', '907.18474'],
  ['stone', 'mass', '6.35029318'],
  ['kilogram', 'mass', '1'],
  ['pound', 'mass', '0.45359237'],
  ['ounce-troy', 'mass', '0.0311034768', 'troy-ounce', 'troy-ounces'],
  ['ounce', 'mass', '0.028349523125'],
  ['gram', 'mass', '0.001'],
  ['carat', 'mass', '0.0002'],
  ['milligram', 'mass', '0.000001'],
  ['microgram', 'mass', '0.000000001'],

  ['gigawatt', 'power', '1000000000'],
  ['megawatt', 'power', '1000000'],
  ['kilowatt', 'power', '1000'],
  ['horsepower', 'power', '745.69987158227022'],
  ['watt', 'power', '1'],
  ['milliwatt', 'power', '0.001'],

  ['pound-per-square-inch', 'pressure', '68.94757293168361', 'pounds-per-square-inch'],
  ['inch-hg', 'pressure', '33.86389', 'inches-hg'],
  ['millimeter-of-mercury', 'pressure', '1013.25/760', 'millimeters-of-mercury'],
  ['hectopascal', 'pressure', '1'],
  ['millibar', 'pressure', '1'],

  ['kilometer-per-hour', 'speed', '1/3.6', 'kilometers-per-hour'],
  ['meter-per-second', 'speed', '1', 'meters-per-second'],
  ['mile-per-hour', 'speed', '0.44704', 'miles-per-hour'],
  ['knot', 'speed', '463/900'],

  ['celsius', 'temperature', '', 'c'],
  ['fahrenheit', 'temperature', '', 'f'],
  ['kelvin', 'temperature', '', 'k'],
  ['generic', 'temperature', '', 'degrees-generic', 'generic-degrees'],

  ['cubic-kilometer', 'volume', '1000000000'],
  ['cubic-mile', 'volume', '4168181825.440579584'],
  ['megaliter', 'volume', '1000'],
  ['acre-foot', 'volume', '1233.48183754752', 'acre-feet'],
  ['cubic-meter', 'volume', '1'],
  ['cubic-yard', 'volume', '0.764554857984'],
  ['hectoliter', 'volume', '0.1'],
  ['bushel', 'volume', '0.03523907016688'],
  ['cubic-foot', 'volume', '0.028316846592', 'cubic-feet'],
  ['gallon-imperial', 'volume', '0.00454609', 'gallons-imperial'],
  ['gallon', 'volume', '0.003785411784'],
  ['liter', 'volume', '0.001'],
  ['quart', 'volume', '0.000946352946'],
  ['pint-metric', 'volume', '0.0005', 'pints-metric'],
  ['pint', 'volume', '0.000473176473'],
  ['cup-metric', 'volume', '0.00025', 'cups-metric'],
  ['cup', 'volume', '0.0002365882365'],
  ['deciliter', 'volume', '0.0001'],
  ['fluid-ounce', 'volume', '0.0000295735295625'],
  ['cubic-inch', 'volume', '0.000016387064', 'cubic-inches'],
  ['tablespoon', 'volume', '0.00001478676478125'],
  ['centiliter', 'volume', '0.00001'],
  ['teaspoon', 'volume', '0.00000492892159375'],
  ['milliliter', 'volume', '0.000001'],
  ['cubic-centimeter', 'volume', '0.000001'],
];

const BY_NAME = new Map<string, UnitInfo>();

for (const [id, category, factor, ...extra] of ROWS) {
  const info: UnitInfo = { id, category, factor };
  const plural = /(s|x|z|ch|sh)$/.test(id)
    ? id
    : id.endsWith('y') && !id.endsWith('ay')
      ? id.slice(0, -1) + 'ies'
      : id + 's';
  for (const name of [id, plural, ...extra]) {
    BY_NAME.set(name, info);
    // CLDR-style names carry the category: "length-meter", "digital-byte".
    BY_NAME.set(`${category}-${name}`, info);
  }
}

/** The unit a template names ("inch", "inches", "length-inch", "amps"), case-insensitively. */
export function findUnit(name: string): UnitInfo | undefined {
  return BY_NAME.get(name.toLowerCase());
}

export function unitById(id: string): UnitInfo {
  const info = BY_NAME.get(id);
  if (info === undefined) throw new Error(`unknown unit ${id}`);
  return info;
}

/** Unit sets, from largest to smallest unit. The smallest is the set's base. */
export const UNIT_SETS = {
  angle: ['degree', 'arc-minute', 'arc-second'],
  area: ['square-kilometer', 'square-meter', 'square-centimeter'],
  areaEnglish: ['square-mile', 'square-foot', 'square-inch'],
  bits: ['terabit', 'gigabit', 'megabit', 'kilobit', 'bit'],
  bytes: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'],
  duration: ['century', 'year', 'month', 'day', 'hour', 'minute', 'second'],
  durationLarge: ['century', 'year', 'month', 'day'],
  durationSmall: ['day', 'hour', 'minute', 'second'],
  electric: ['ampere', 'milliampere'],
  energy: ['kilojoule', 'joule'],
  frequency: ['gigahertz', 'megahertz', 'kilohertz', 'hertz'],
  length: ['kilometer', 'meter', 'centimeter'],
  lengthEnglish: ['mile', 'yard', 'foot', 'inch'],
  mass: ['metric-ton', 'kilogram', 'gram', 'milligram'],
  massEnglish: ['ton', 'pound', 'ounce'],
  power: ['gigawatt', 'megawatt', 'kilowatt', 'watt'],
  volume: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
  volumeEnglish: ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'],
  liquid: ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'],
  liquidEnglish: ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'],
} as const satisfies Record<string, readonly string[]>;

export type UnitSetName = keyof typeof UNIT_SETS;
