/**
 * How unit amounts are written: "12.3mi", "12.3 mi", "12.3 miles".
 *
 * Intl.NumberFormat's unit style covers the common units (lengths, masses, durations, digital
 * sizes, temperatures, …) in every locale. For the units it does not know (square and cubic units,
 * angles, electric, energy, power, …), and for the few places where the storefront's established
 * output differs from current CLDR, this module keeps hand-written names for English and French,
 * the storefront's template languages. Other languages fall back to English names for units Intl
 * lacks.
 *
 * Patterns put the amount at {0}; a pair is [one, other] by plural category. The number itself is
 * always written by the caller.
 */
import { numberFormat } from './intl';

export type UnitWidth = 'narrow' | 'short' | 'long';

type Forms = string | readonly [one: string, other: string];

/** [narrow, short, long] */
type Names = readonly [Forms, Forms, Forms];

/** Builds the usual shape: "{0}X" narrow, "{0} X" short, "{0} one" / "{0} other" long. */
function sym(symbol: string, one: string, other: string, narrow = `{0}${symbol}`, short = `{0} ${symbol}`): Names {
  return [narrow, short, [`{0} ${one}`, `{0} ${other}`]];
}

/** English names of units Intl does not format, and English forms that differ from current CLDR. */
const EN: Readonly<Record<string, Names>> = {
  'g-force': [['{0}G', '{0}Gs'], '{0} G', '{0} g-force'],
  'meter-per-second-squared': sym('m/s²', 'meter per second squared', 'meters per second squared'),
  'arc-minute': ['{0}′', ['{0} arcmin', '{0} arcmins'], ['{0} arcminute', '{0} arcminutes']],
  'arc-second': ['{0}″', ['{0} arcsec', '{0} arcsecs'], ['{0} arcsecond', '{0} arcseconds']],
  radian: sym('rad', 'radian', 'radians'),
  revolution: sym('rev', 'revolution', 'revolutions'),
  'square-kilometer': sym('km²', 'square kilometer', 'square kilometers', '{0} km²'),
  'square-meter': sym('m²', 'square meter', 'square meters'),
  'square-centimeter': sym('cm²', 'square centimeter', 'square centimeters'),
  'square-mile': sym('mi²', 'square mile', 'square miles', '{0}mi²', '{0} sq mi'),
  'square-yard': sym('yd²', 'square yard', 'square yards'),
  'square-foot': sym('ft²', 'square foot', 'square feet', '{0}ft²', '{0} sq ft'),
  'square-inch': sym('in²', 'square inch', 'square inches'),
  karat: sym('kt', 'karat', 'karats'),
  'milligram-per-deciliter': sym('mg/dL', 'milligram per deciliter', 'milligrams per deciliter'),
  'millimole-per-liter': sym('mmol/L', 'millimole per liter', 'millimoles per liter'),
  'part-per-million': sym('ppm', 'part per million', 'parts per million'),
  'liter-per-100kilometers': sym(
    'L/100km',
    'liter per 100 kilometers',
    'liters per 100 kilometers',
    '{0}L/100km',
    '{0} L/100 km',
  ),
  'mile-per-gallon-imperial': sym('mpg Imp.', 'mile per Imp. gallon', 'miles per Imp. gallon'),
  byte: ['{0}byte', '{0} byte', ['{0} byte', '{0} bytes']],
  century: sym('c', 'century', 'centuries'),
  ampere: sym('A', 'ampere', 'amperes'),
  milliampere: sym('mA', 'milliampere', 'milliamperes'),
  ohm: sym('Ω', 'ohm', 'ohms'),
  volt: sym('V', 'volt', 'volts'),
  calorie: sym('cal', 'calorie', 'calories'),
  foodcalorie: sym('Cal', 'Calorie', 'Calories'),
  joule: sym('J', 'joule', 'joules'),
  kilocalorie: sym('kcal', 'kilocalorie', 'kilocalories'),
  kilojoule: sym('kJ', 'kilojoule', 'kilojoules'),
  'kilowatt-hour': sym('kWh', 'kilowatt hour', 'kilowatt-hours'),
  gigahertz: sym('GHz', 'gigahertz', 'gigahertz'),
  megahertz: sym('MHz', 'megahertz', 'megahertz'),
  kilohertz: sym('kHz', 'kilohertz', 'kilohertz'),
  hertz: sym('Hz', 'hertz', 'hertz'),
  'light-year': sym('ly', 'light year', 'light years'),
  'astronomical-unit': sym('au', 'astronomical unit', 'astronomical units'),
  parsec: sym('pc', 'parsec', 'parsecs'),
  decimeter: sym('dm', 'decimeter', 'decimeters'),
  micrometer: sym('µm', 'micrometer', 'micrometers'),
  nanometer: sym('nm', 'nanometer', 'nanometers'),
  picometer: sym('pm', 'picometer', 'picometers'),
  furlong: sym('fur', 'furlong', 'furlongs'),
  fathom: sym('fth', 'fathom', 'fathoms'),
  'nautical-mile': sym('nmi', 'nautical mile', 'nautical miles'),
  point: sym('pt', 'point', 'points'),
  lux: sym('lx', 'lux', 'lux'),
  'metric-ton': sym('t', 'metric ton', 'metric tons'),
  ton: sym('tn', 'ton', 'tons'),
  carat: sym('CD', 'carat', 'carats'),
  milligram: sym('mg', 'milligram', 'milligrams'),
  microgram: sym('µg', 'microgram', 'micrograms'),
  'ounce-troy': sym('oz t', 'troy ounce', 'troy ounces'),
  gigawatt: sym('GW', 'gigawatt', 'gigawatts'),
  megawatt: sym('MW', 'megawatt', 'megawatts'),
  kilowatt: sym('kW', 'kilowatt', 'kilowatts'),
  watt: sym('W', 'watt', 'watts'),
  milliwatt: sym('mW', 'milliwatt', 'milliwatts'),
  horsepower: sym('hp', 'horsepower', 'horsepower'),
  hectopascal: sym('hPa', 'hectopascal', 'hectopascals'),
  'inch-hg': sym('inHg', 'inch of mercury', 'inches of mercury', '{0}″ Hg'),
  millibar: sym('mbar', 'millibar', 'millibars', '{0}mb'),
  'millimeter-of-mercury': sym('mmHg', 'millimeter of mercury', 'millimeters of mercury'),
  'pound-per-square-inch': sym('psi', 'pound per square inch', 'pounds per square inch'),
  knot: sym('kn', 'knot', 'knots'),
  kelvin: sym('K', 'kelvin', 'kelvins'),
  generic: ['{0}°', '{0}°', ['{0} degree', '{0} degrees']],
  'cubic-kilometer': sym('km³', 'cubic kilometer', 'cubic kilometers'),
  'cubic-meter': sym('m³', 'cubic meter', 'cubic meters'),
  'cubic-centimeter': sym('cm³', 'cubic centimeter', 'cubic centimeters'),
  'cubic-mile': sym('mi³', 'cubic mile', 'cubic miles'),
  'cubic-yard': sym('yd³', 'cubic yard', 'cubic yards'),
  'cubic-foot': sym('ft³', 'cubic foot', 'cubic feet'),
  'cubic-inch': sym('in³', 'cubic inch', 'cubic inches'),
  megaliter: sym('ML', 'megaliter', 'megaliters'),
  hectoliter: sym('hL', 'hectoliter', 'hectoliters'),
  deciliter: sym('dL', 'deciliter', 'deciliters'),
  centiliter: sym('cL', 'centiliter', 'centiliters'),
  cup: sym('c', 'cup', 'cups'),
  'cup-metric': sym('mc', 'metric cup', 'metric cups'),
  pint: sym('pt', 'pint', 'pints'),
  'pint-metric': sym('mpt', 'metric pint', 'metric pints'),
  quart: sym('qt', 'quart', 'quarts'),
  tablespoon: sym('tbsp', 'tablespoon', 'tablespoons'),
  teaspoon: sym('tsp', 'teaspoon', 'teaspoons'),
  bushel: sym('bu', 'bushel', 'bushels'),
  'acre-foot': sym('ac ft', 'acre-foot', 'acre-feet'),
  'gallon-imperial': sym('gal Imp.', 'Imp. gallon', 'Imp. gallons'),
};

/** French names, as EN. French narrow forms often keep the space. */
const FR: Readonly<Record<string, Names>> = {
  'g-force': sym('G', 'fois l’accélération de pesanteur terrestre', 'fois l’accélération de pesanteur terrestre'),
  'meter-per-second-squared': sym('m/s²', 'mètre par seconde carrée', 'mètres par seconde carrée', '{0} m/s²'),
  'arc-minute': ['{0}′', '{0}′', ['{0} minute d’arc', '{0} minutes d’arc']],
  'arc-second': ['{0}″', '{0}″', ['{0} seconde d’arc', '{0} secondes d’arc']],
  radian: sym('rad', 'radian', 'radians', '{0} rad'),
  revolution: sym('tr', 'tour', 'tours', '{0} tr'),
  'square-kilometer': sym('km²', 'kilomètre carré', 'kilomètres carrés'),
  'square-meter': sym('m²', 'mètre carré', 'mètres carrés'),
  'square-centimeter': sym('cm²', 'centimètre carré', 'centimètres carrés', '{0} cm²'),
  'square-mile': sym('mi²', 'mile carré', 'miles carrés'),
  'square-yard': sym('yd²', 'yard carré', 'yards carrés', '{0} yd²'),
  'square-foot': sym('pi²', 'pied carré', 'pieds carrés'),
  'square-inch': sym('po²', 'pouce carré', 'pouces carrés'),
  karat: sym('ct', 'carat', 'carats'),
  'milligram-per-deciliter': sym('mg/dl', 'milligramme par décilitre', 'milligrammes par décilitre'),
  'millimole-per-liter': sym('mmol/l', 'millimole par litre', 'millimoles par litre'),
  'part-per-million': sym('ppm', 'partie par million', 'parties par million'),
  'liter-per-100kilometers': sym('l/100 km', 'litre aux 100 km', 'litres aux 100 km', '{0}l/100km'),
  'mile-per-gallon': sym('mi/gal', 'mile par gallon', 'miles par gallon', '{0} mi/gal'),
  'mile-per-gallon-imperial': sym('mi/gal imp.', 'mile par gallon impérial', 'miles par gallon impérial'),
  month: ['{0}m', '{0} m', '{0} mois'],
  bit: ['{0} bit', '{0} bit', ['{0} bit', '{0} bits']],
  byte: ['{0} octet', '{0} octet', ['{0} octet', '{0} octets']],
  kilobit: ['{0} kbit', '{0} kbit', ['{0} kilobit', '{0} kilobits']],
  kilobyte: ['{0} ko', '{0} ko', ['{0} kilooctet', '{0} kilooctets']],
  megabit: ['{0} Mbit', '{0} Mbit', ['{0} mégabit', '{0} mégabits']],
  megabyte: ['{0} Mo', '{0} Mo', ['{0} mégaoctet', '{0} mégaoctets']],
  gigabit: ['{0} Gb', '{0} Gbit', ['{0} gigabit', '{0} gigabits']],
  gigabyte: ['{0} Go', '{0} Go', ['{0} gigaoctet', '{0} gigaoctets']],
  terabit: ['{0} Tb', '{0} Tbit', ['{0} térabit', '{0} térabits']],
  terabyte: ['{0} To', '{0} To', ['{0} téraoctet', '{0} téraoctets']],
  century: sym('s.', 'siècle', 'siècles', '{0} s.'),
  ampere: sym('A', 'ampère', 'ampères', '{0} A'),
  milliampere: sym('mA', 'milliampère', 'milliampères', '{0} mA'),
  ohm: sym('Ω', 'ohm', 'ohms', '{0} Ω'),
  volt: sym('V', 'volt', 'volts', '{0} V'),
  calorie: sym('cal', 'calorie', 'calories'),
  foodcalorie: sym('kcal', 'kilocalorie', 'kilocalories'),
  joule: sym('J', 'joule', 'joules'),
  kilocalorie: sym('kcal', 'kilocalorie', 'kilocalories'),
  kilojoule: sym('kJ', 'kilojoule', 'kilojoules'),
  'kilowatt-hour': sym('kWh', 'kilowattheure', 'kilowattheures'),
  gigahertz: sym('GHz', 'gigahertz', 'gigahertz', '{0} GHz'),
  megahertz: sym('MHz', 'mégahertz', 'mégahertz', '{0} MHz'),
  kilohertz: sym('kHz', 'kilohertz', 'kilohertz', '{0} kHz'),
  hertz: sym('Hz', 'hertz', 'hertz', '{0} Hz'),
  'light-year': sym('al', 'année-lumière', 'années-lumière'),
  'astronomical-unit': sym('ua', 'unité astronomique', 'unités astronomiques'),
  parsec: sym('pc', 'parsec', 'parsecs'),
  decimeter: sym('dm', 'décimètre', 'décimètres'),
  micrometer: sym('µm', 'micromètre', 'micromètres'),
  nanometer: sym('nm', 'nanomètre', 'nanomètres'),
  picometer: sym('pm', 'picomètre', 'picomètres'),
  furlong: sym('fur', 'furlong', 'furlongs'),
  fathom: sym('fm', 'brasse', 'brasses'),
  'nautical-mile': sym('nmi', 'mille marin', 'milles marins'),
  point: sym('pt', 'point', 'points'),
  lux: sym('lx', 'lux', 'lux'),
  'metric-ton': sym('t', 'tonne', 'tonnes', '{0} t'),
  ton: sym('tc', 'tonne courte', 'tonnes courtes'),
  carat: sym('ct', 'carat', 'carats'),
  milligram: sym('mg', 'milligramme', 'milligrammes'),
  microgram: sym('μg', 'microgramme', 'microgrammes'),
  'ounce-troy': sym('oz t', 'once troy', 'onces troy'),
  gigawatt: sym('GW', 'gigawatt', 'gigawatts'),
  megawatt: sym('MW', 'mégawatt', 'mégawatts'),
  kilowatt: sym('kW', 'kilowatt', 'kilowatts'),
  watt: sym('W', 'watt', 'watts'),
  milliwatt: sym('mW', 'milliwatt', 'milliwatts'),
  horsepower: sym('ch', 'cheval-vapeur', 'chevaux-vapeur'),
  hectopascal: sym('hPa', 'hectopascal', 'hectopascals'),
  'inch-hg': sym('inHg', 'pouce de mercure', 'pouces de mercure'),
  millibar: sym('mbar', 'millibar', 'millibars'),
  'millimeter-of-mercury': sym('mmHg', 'millimètre de mercure', 'millimètres de mercure'),
  'pound-per-square-inch': sym('lbf/po²', 'livre-force par pouce carré', 'livres-force par pouce carré'),
  knot: sym('nd', 'nœud', 'nœuds'),
  kelvin: sym('K', 'kelvin', 'kelvins'),
  generic: ['{0}°', '{0}°', ['{0} degré', '{0} degrés']],
  'cubic-kilometer': sym('km³', 'kilomètre cube', 'kilomètres cubes'),
  'cubic-meter': sym('m³', 'mètre cube', 'mètres cubes'),
  'cubic-centimeter': sym('cm³', 'centimètre cube', 'centimètres cubes'),
  'cubic-mile': sym('mi³', 'mille cube', 'milles cubes'),
  'cubic-yard': sym('yd³', 'yard cube', 'yards cubes'),
  'cubic-foot': sym('pi³', 'pied cube', 'pieds cubes'),
  'cubic-inch': sym('po³', 'pouce cube', 'pouces cubes'),
  megaliter: sym('Ml', 'mégalitre', 'mégalitres'),
  hectoliter: sym('hl', 'hectolitre', 'hectolitres'),
  deciliter: sym('dl', 'décilitre', 'décilitres'),
  centiliter: sym('cl', 'centilitre', 'centilitres'),
  cup: sym('tas.', 'tasse', 'tasses'),
  'cup-metric': sym('tm', 'tasse métrique', 'tasses métriques'),
  pint: sym('pte', 'pinte', 'pintes'),
  'pint-metric': sym('ptm', 'pinte métrique', 'pintes métriques'),
  quart: sym('qt', 'quart', 'quarts'),
  tablespoon: sym('c. à s.', 'cuillère à soupe', 'cuillères à soupe'),
  teaspoon: sym('c. à c.', 'cuillère à café', 'cuillères à café'),
  bushel: sym('bu', 'boisseau', 'boisseaux'),
  'acre-foot': sym('ac pi', 'acre-pied', 'acres-pieds'),
  'gallon-imperial': sym('gal imp.', 'gallon impérial', 'gallons impériaux'),
};

const TABLES: Readonly<Record<string, Readonly<Record<string, Names>>>> = { en: EN, fr: FR };

const WIDTH_INDEX: Readonly<Record<UnitWidth, 0 | 1 | 2>> = { narrow: 0, short: 1, long: 2 };

function pick(forms: Forms, plural: string): string {
  return typeof forms === 'string' ? forms : plural === 'one' ? forms[0] : forms[1];
}

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction', 'minusSign', 'plusSign']);

/**
 * The amount `number` (already written) with its unit, via Intl. The value `plain` (with the
 * same fraction digits) lets Intl choose the plural form. Undefined when Intl has no such unit.
 */
function viaIntl(
  locale: string,
  unit: string,
  width: UnitWidth,
  plain: string,
  places: number,
  number: string,
): string | undefined {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = numberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: width,
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).formatToParts(plain);
  } catch {
    return undefined;
  }
  let out = '';
  let placed = false;
  for (const p of parts) {
    if (NUMBER_PARTS.has(p.type)) {
      if (!placed) out += number;
      placed = true;
      // Unit patterns here separate the amount with a plain space, as the storefront always has.
    } else out += p.value.replace(/[\u00a0\u202f]/g, ' ');
  }
  return out;
}

/**
 * Writes `number` with the unit: the language's own table first, then Intl, then the English
 * table, then the bare unit id.
 */
export function writeUnit(
  locale: string,
  unit: string,
  width: UnitWidth,
  plural: string,
  number: string,
  plain: string,
  places: number,
): string {
  const language = locale.split('-')[0] ?? 'en';
  const own = TABLES[language]?.[unit];
  if (own !== undefined) return pick(own[WIDTH_INDEX[width]], plural).replace('{0}', number);
  const intl = viaIntl(locale, unit, width, plain, places, number);
  if (intl !== undefined) return intl;
  const english = EN[unit];
  if (english !== undefined) return pick(english[WIDTH_INDEX[width]], plural).replace('{0}', number);
  return `${number} ${unit}`;
}
