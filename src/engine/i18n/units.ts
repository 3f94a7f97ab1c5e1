/**
 * The `unit` formatter and `units-metric?` predicate: converting an amount between units and
 * writing it in the most fitting unit for the locale's measurement system.
 *
 *   {n|unit in:inch}                          best unit of the locale's system: "342.9yd" / "313.6m"
 *   {n|unit in:inch out:centimeter}           a given unit
 *   {n|unit in:byte compact:bytes}            the largest unit of a set that keeps the amount ≥ 1
 *   {n|unit in:second out:hour,minute,second} the same, with the units listed
 *   {n|unit in:inch sequence:foot,inch}       broken down: "1028′ 9″"
 *   format:narrow|short|long, group, maxfrac:N, minfrac:N, round:MODE
 *
 * Without `in`, the input unit is inferred from the output (`out:gigabit` reads bits). Amounts are
 * converted exactly (rationals) and written with at most one decimal unless asked otherwise,
 * ungrouped unless `group` is given.
 */
import { type Decimal, type RoundingMode, scale, setScale, stripTrailingZeros, toPlainString } from './decimal';
import { numberFormat, pluralRule } from './intl';
import {
  type Rational,
  ONE_R,
  absR,
  add,
  compareR,
  div,
  fromDecimal,
  mul,
  neg,
  parseRational,
  rational,
  sign,
  sub,
  toDecimal,
  trunc,
  ZERO_R,
} from './rational';
import { type UnitCategory, type UnitInfo, type UnitSetName, UNIT_SETS, findUnit, unitById } from './unit-tables';
import { type UnitWidth, writeUnit } from './unit-names';

// Measurement systems --------------------------------------------------------------------------

type MeasurementSystem = 'metric' | 'us' | 'uk' | 'metric-us-temperature';

/** Regions that measure in US customary units (CLDR measurementData). */
const US_REGIONS = new Set(['US', 'LR', 'MM']);
/** Regions with metric units but temperatures in Fahrenheit. */
const FAHRENHEIT_REGIONS = new Set(['BS', 'BZ', 'KY', 'PR', 'PW']);

const systems = new Map<string, MeasurementSystem>();

function measurementSystem(locale: string): MeasurementSystem {
  let system = systems.get(locale);
  if (system === undefined) {
    let region = '';
    try {
      region = new Intl.Locale(locale).maximize().region ?? '';
    } catch {
      region = '';
    }
    system = US_REGIONS.has(region)
      ? 'us'
      : region === 'GB'
        ? 'uk'
        : FAHRENHEIT_REGIONS.has(region)
          ? 'metric-us-temperature'
          : 'metric';
    systems.set(locale, system);
  }
  return system;
}

const english = (s: MeasurementSystem): boolean => s === 'us' || s === 'uk';

function areaSet(s: MeasurementSystem): UnitSetName {
  return english(s) ? 'areaEnglish' : 'area';
}
function lengthSet(s: MeasurementSystem): UnitSetName {
  return english(s) ? 'lengthEnglish' : 'length';
}
function massSet(s: MeasurementSystem): UnitSetName {
  return english(s) ? 'massEnglish' : 'mass';
}
function volumeSet(s: MeasurementSystem): UnitSetName {
  return english(s) ? 'volumeEnglish' : 'volume';
}
function liquidSet(s: MeasurementSystem): UnitSetName {
  return english(s) ? 'liquidEnglish' : 'liquid';
}
function consumptionUnit(s: MeasurementSystem): string {
  return s === 'us' ? 'mile-per-gallon' : s === 'uk' ? 'mile-per-gallon-imperial' : 'liter-per-100kilometers';
}
function speedUnit(s: MeasurementSystem): string {
  return english(s) ? 'mile-per-hour' : 'kilometer-per-hour';
}
function temperatureUnit(s: MeasurementSystem): string {
  return s === 'metric' ? 'celsius' : 'fahrenheit';
}

/** Categories a measurement system writes in non-metric units. */
const NON_METRIC: Readonly<Record<MeasurementSystem, ReadonlySet<string>>> = {
  metric: new Set(),
  'metric-us-temperature': new Set(['temperature']),
  us: new Set(['area', 'consumption', 'length', 'mass', 'speed', 'temperature', 'volume', 'liquid']),
  uk: new Set(['area', 'consumption', 'length', 'mass', 'speed', 'temperature', 'volume', 'liquid']),
};

/** `units-metric? category`: whether the locale uses metric units for the category (or at all, without one). */
export function unitsMetric(locale: string, category: string | undefined): boolean {
  const system = measurementSystem(locale);
  if (category === undefined || category === '') return system === 'metric';
  return !NON_METRIC[system].has(category);
}

// Conversion ---------------------------------------------------------------------------------

/** British liquid measures are based on the imperial gallon. */
const IMPERIAL_FACTORS: Readonly<Record<string, string>> = {
  gallon: '0.00454609',
  quart: '0.00454609/4',
  pint: '0.00454609/8',
  cup: '0.0002841',
  'fluid-ounce': '0.00454609/160',
  bushel: '0.03636872',
};

const factorCache = new Map<string, Rational>();

function factorOf(unit: UnitInfo, system: MeasurementSystem): Rational | undefined {
  const text = (system === 'uk' ? IMPERIAL_FACTORS[unit.id] : undefined) ?? unit.factor;
  if (text === '') return undefined;
  let r = factorCache.get(text);
  if (r === undefined) {
    r = parseRational(text);
    factorCache.set(text, r);
  }
  return r;
}

interface Quantity {
  amount: Rational;
  unit: UnitInfo;
}

const C_TO_K = parseRational('273.15');
const F_OFFSET = parseRational('32');
const NINE_FIFTHS = parseRational('9/5');
const FIVE_NINTHS = parseRational('5/9');

function temperature(q: Quantity, target: UnitInfo): Quantity {
  if (target.id === 'generic' || q.unit.id === 'generic') return { amount: q.amount, unit: target };
  let celsius: Rational;
  if (q.unit.id === 'celsius') celsius = q.amount;
  else if (q.unit.id === 'fahrenheit') celsius = mul(sub(q.amount, F_OFFSET), FIVE_NINTHS);
  else celsius = sub(q.amount, C_TO_K);
  let amount: Rational;
  if (target.id === 'celsius') amount = celsius;
  else if (target.id === 'fahrenheit') amount = add(mul(celsius, NINE_FIFTHS), F_OFFSET);
  else amount = add(celsius, C_TO_K);
  return { amount, unit: target };
}

/** Litres per 100 km for one mile per (US or imperial) gallon: 100 × gallon in litres ÷ km in a mile. */
const L100KM_PER_MPG = parseRational('378.5411784/1.609344');
const L100KM_PER_MPG_IMPERIAL = parseRational('454.609/1.609344');
const HUNDRED = rational(100n);

/** Fuel consumption: miles per gallon and litres per distance are reciprocal. */
function consumption(q: Quantity, target: UnitInfo, system: MeasurementSystem): Quantity {
  const mpgFactor = (id: string): Rational =>
    id === 'mile-per-gallon-imperial' || (id === 'mile-per-gallon' && system === 'uk')
      ? L100KM_PER_MPG_IMPERIAL
      : L100KM_PER_MPG;
  // Everything through litres per 100 km.
  let per100: Rational;
  switch (q.unit.id) {
    case 'liter-per-100kilometers':
      per100 = q.amount;
      break;
    case 'liter-per-kilometer':
      per100 = mul(q.amount, HUNDRED);
      break;
    default:
      if (sign(q.amount) === 0) return { amount: ZERO_R, unit: target };
      per100 = div(mpgFactor(q.unit.id), q.amount);
  }
  switch (target.id) {
    case 'liter-per-100kilometers':
      return { amount: per100, unit: target };
    case 'liter-per-kilometer':
      return { amount: div(per100, HUNDRED), unit: target };
    default:
      if (sign(per100) === 0) return { amount: ZERO_R, unit: target };
      return { amount: div(mpgFactor(target.id), per100), unit: target };
  }
}

/** Converts to another unit of the same category; anything else is left as it is. */
function convert(q: Quantity, target: UnitInfo, system: MeasurementSystem): Quantity {
  if (q.unit.id === target.id || q.unit.category !== target.category) return q;
  if (q.unit.category === 'temperature') return temperature(q, target);
  if (q.unit.category === 'consumption') return consumption(q, target, system);
  const from = factorOf(q.unit, system);
  const to = factorOf(target, system);
  if (from === undefined || to === undefined) return q;
  return { amount: div(mul(q.amount, from), to), unit: target };
}

/** Units of a set from largest to smallest (units without a factor keep their place at the end). */
function sortUnits(units: readonly UnitInfo[], system: MeasurementSystem): UnitInfo[] {
  return [...units].sort((a, b) => {
    const fa = factorOf(a, system);
    const fb = factorOf(b, system);
    if (fa === undefined) return 1;
    if (fb === undefined) return -1;
    return compareR(fb, fa);
  });
}

/** The most compact unit of the set: the largest in which the amount is at least 1 (else the smallest). */
function compact(q: Quantity, set: readonly UnitInfo[], system: MeasurementSystem): Quantity {
  const base = set[set.length - 1] as UnitInfo;
  if (q.unit.category !== base.category) return q;
  const inBase = convert(q, base, system);
  const n = absR(inBase.amount);
  const negative = sign(inBase.amount) < 0;
  const baseFactor = factorOf(base, system) ?? ONE_R;
  for (let i = 0; i < set.length; i++) {
    const unit = set[i] as UnitInfo;
    const f = factorOf(unit, system);
    if (f === undefined) continue;
    const divisor = div(f, baseFactor);
    if (compareR(divisor, n) <= 0 || i === set.length - 1) {
      const amount = div(n, divisor);
      return { amount: negative ? neg(amount) : amount, unit };
    }
  }
  return inBase;
}

/** The amount broken down over the set's units: whole amounts, with any fraction on the last. */
function sequence(q: Quantity, set: readonly UnitInfo[], system: MeasurementSystem): Quantity[] {
  const base = set[set.length - 1] as UnitInfo;
  if (q.unit.category !== base.category) return [q];
  const inBase = convert(q, base, system);
  let n = absR(inBase.amount);
  const negative = sign(inBase.amount) < 0;
  const baseFactor = factorOf(base, system) ?? ONE_R;
  const out: Quantity[] = [];
  for (let i = 0; i < set.length; i++) {
    const unit = set[i] as UnitInfo;
    const f = factorOf(unit, system);
    if (f === undefined) continue;
    const divisor = div(f, baseFactor);
    const first = out.length === 0;
    if (i === set.length - 1 && (sign(n) !== 0 || first)) {
      const amount = div(n, divisor);
      out.push({ amount: negative && first ? neg(amount) : amount, unit });
    } else if (compareR(divisor, n) <= 0) {
      const whole = trunc(div(n, divisor));
      out.push({ amount: rational(negative && first ? -whole : whole), unit });
      n = sub(n, mul(rational(whole), divisor));
    }
  }
  return out;
}

function setOf(name: UnitSetName, system: MeasurementSystem): UnitInfo[] {
  return sortUnits(UNIT_SETS[name].map(unitById), system);
}

/** The unit set a `compact:` name stands for. */
function namedSet(name: string, system: MeasurementSystem): UnitSetName | undefined {
  switch (name) {
    case 'angle':
    case 'angles':
      return 'angle';
    case 'area':
      return areaSet(system);
    case 'bit':
    case 'bits':
      return 'bits';
    case 'byte':
    case 'bytes':
      return 'bytes';
    case 'duration':
      return 'duration';
    case 'duration-large':
      return 'durationLarge';
    case 'duration-small':
      return 'durationSmall';
    case 'electric':
      return 'electric';
    case 'energy':
      return 'energy';
    case 'frequency':
      return 'frequency';
    case 'length':
      return lengthSet(system);
    case 'mass':
      return massSet(system);
    case 'power':
      return 'power';
    case 'volume':
      return volumeSet(system);
    case 'liquid':
      return liquidSet(system);
    default:
      return undefined;
  }
}

/** `compact:` names that mean one unit in a given system rather than a set. */
function namedUnit(name: string, system: MeasurementSystem): string | undefined {
  switch (name) {
    case 'consumption':
      return consumptionUnit(system);
    case 'light':
      return 'lux';
    case 'speed':
      return speedUnit(system);
    case 'temp':
    case 'temperature':
      return temperatureUnit(system);
    default:
      return undefined;
  }
}

/** The unit set each category is written in by default. */
function defaultSet(category: UnitCategory, system: MeasurementSystem): UnitSetName | undefined {
  switch (category) {
    case 'angle':
      return 'angle';
    case 'area':
      return areaSet(system);
    case 'digital':
      return 'bytes';
    case 'duration':
      return 'duration';
    case 'electric':
      return 'electric';
    case 'energy':
      return 'energy';
    case 'frequency':
      return 'frequency';
    case 'length':
      return lengthSet(system);
    case 'mass':
      return massSet(system);
    case 'power':
      return 'power';
    case 'volume':
      return volumeSet(system);
    default:
      return undefined;
  }
}

/** The single unit each remaining category is written in by default. */
function defaultUnit(category: UnitCategory, system: MeasurementSystem): string | undefined {
  switch (category) {
    case 'acceleration':
      return 'meter-per-second-squared';
    case 'consumption':
      return consumptionUnit(system);
    case 'pressure':
      return 'millibar';
    case 'speed':
      return speedUnit(system);
    case 'temperature':
      return temperatureUnit(system);
    default:
      return undefined;
  }
}

/** Writes the amount in the category's usual unit for the system. */
function convertDefault(q: Quantity, system: MeasurementSystem): Quantity {
  const set = defaultSet(q.unit.category, system);
  if (set !== undefined) return compact(q, setOf(set, system), system);
  const unit = defaultUnit(q.unit.category, system);
  return unit === undefined ? q : convert(q, unitById(unit), system);
}

/** When only the output unit is given, the unit the input is taken to be in. */
function inputFor(out: UnitInfo, system: MeasurementSystem): UnitInfo | undefined {
  if (out.category === 'digital') return unitById(out.id.endsWith('bit') ? 'bit' : 'byte');
  switch (out.category) {
    case 'consumption':
      return unitById(consumptionUnit(system));
    case 'frequency':
      return unitById('hertz');
    case 'light':
      return unitById('lux');
    case 'pressure':
      return unitById('millibar');
    case 'speed':
      return unitById(speedUnit(system));
    case 'temperature':
      return unitById(temperatureUnit(system));
  }
  const set = defaultSet(out.category, system);
  return set === undefined ? undefined : setOf(set, system).at(-1);
}

// Options ------------------------------------------------------------------------------------

interface UnitOptions {
  input?: UnitInfo;
  out?: UnitInfo;
  outSet?: UnitInfo[];
  compact?: string;
  sequence?: UnitInfo[];
  width: UnitWidth;
  group: boolean;
  minFrac?: number;
  maxFrac?: number;
  round: RoundingMode;
}

const ROUNDING = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const MAX_DIGITS = 50;

function digits(value: string): number {
  const n = parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(MAX_DIGITS, Math.max(0, n)) : 0;
}

/** A comma-separated list of units of one category; undefined if any is unknown or they differ. */
function unitList(value: string): UnitInfo[] | undefined {
  const units: UnitInfo[] = [];
  for (const name of value.split(',')) {
    const unit = findUnit(name);
    if (unit === undefined || (units.length > 0 && unit.category !== (units[0] as UnitInfo).category)) return undefined;
    units.push(unit);
  }
  return units;
}

function unitOptions(args: readonly string[]): UnitOptions {
  const o: UnitOptions = { width: 'narrow', group: false, round: 'half-even' };
  for (const arg of args) {
    const i = arg.indexOf(':');
    const key = i === -1 ? arg : arg.slice(0, i);
    const value = i === -1 ? '' : arg.slice(i + 1);
    switch (key) {
      case 'in':
        o.input = findUnit(value);
        break;
      case 'out':
        if (value.includes(',')) o.outSet = unitList(value);
        else o.out = findUnit(value);
        break;
      case 'compact':
        o.compact = value;
        break;
      case 'sequence':
        if (o.sequence === undefined && o.compact === undefined) o.sequence = unitList(value);
        break;
      case 'format':
        if (value === 'long' || value === 'short' || value === 'narrow') o.width = value;
        break;
      case 'group':
      case 'grouping':
        o.group = value === '' || value === 'true';
        break;
      case 'no-group':
      case 'no-grouping':
        o.group = false;
        break;
      case 'maxfrac':
      case 'maxFrac':
      case 'maximumFractionDigits':
        o.maxFrac = digits(value);
        o.minFrac ??= o.maxFrac;
        break;
      case 'minfrac':
      case 'minFrac':
      case 'minimumFractionDigits':
        o.minFrac = digits(value);
        o.maxFrac ??= o.minFrac;
        break;
      case 'round':
      case 'rounding':
        if (value === 'ceil') o.round = 'ceiling';
        else if (value === 'truncate') o.round = 'down';
        else if (ROUNDING.has(value)) o.round = value as RoundingMode;
        break;
    }
  }
  return o;
}

// Formatting ---------------------------------------------------------------------------------

/** Fraction digits a unit amount gets by default: up to one. */
const DEFAULT_MAX_FRACTION = 1;

/** Rounds an exact amount to the options' fraction digits (trailing zeros dropped down to the minimum). */
function roundAmount(amount: Rational, o: UnitOptions): Decimal {
  const maxFrac = o.maxFrac ?? DEFAULT_MAX_FRACTION;
  const minFrac = Math.min(o.minFrac ?? 0, maxFrac);
  // A few guard digits, then the requested rounding mode on the decimal digits.
  let n = setScale(toDecimal(amount, maxFrac + 12), maxFrac, o.round);
  n = stripTrailingZeros(n);
  if (scale(n) < minFrac) n = setScale(n, minFrac, o.round);
  return n;
}

function formatNumber(locale: string, n: Decimal, group: boolean): string {
  const places = Math.max(0, scale(n));
  const text = numberFormat(locale, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    useGrouping: group ? 'always' : false,
  }).format(toPlainString(n));
  // Unit amounts keep the no-break space that older CLDR data used for grouping.
  return text.replace(/\u202f/g, '\u00a0');
}

function pluralOf(locale: string, n: Decimal): string {
  const places = Math.min(Math.max(0, scale(n)), 20);
  return pluralRule(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).select(
    Number(toPlainString(n)),
  );
}

function formatQuantity(locale: string, q: Quantity | { amount: Rational; unit: null }, o: UnitOptions): string {
  const n = roundAmount(q.amount, o);
  const number = formatNumber(locale, n, o.group);
  if (q.unit === null) return number;
  return writeUnit(locale, q.unit.id, o.width, pluralOf(locale, n), number, toPlainString(n), Math.max(0, scale(n)));
}

/** The `unit` formatter's text for an amount. */
const parsedOptions = new WeakMap<readonly string[], UnitOptions>();

export function formatUnit(locale: string, amount: Decimal, args: readonly string[]): string {
  let o = parsedOptions.get(args);
  if (o === undefined) {
    o = unitOptions(args);
    parsedOptions.set(args, o);
  }
  const value = fromDecimal(amount);
  if (
    o.input === undefined &&
    o.out === undefined &&
    o.outSet === undefined &&
    o.compact === undefined &&
    o.sequence === undefined
  ) {
    return formatQuantity(locale, { amount: value, unit: null }, o);
  }
  const system = measurementSystem(locale);
  let out = o.out;
  let set: UnitInfo[] | undefined;
  if (o.compact !== undefined) {
    const unit = namedUnit(o.compact, system);
    if (unit !== undefined) out = unitById(unit);
    else {
      const name = namedSet(o.compact, system);
      if (name !== undefined) set = setOf(name, system);
    }
  } else if (o.outSet !== undefined && o.outSet.length > 0) {
    set = sortUnits(o.outSet, system);
  } else if (o.sequence !== undefined && o.sequence.length > 0) {
    set = sortUnits(o.sequence, system);
  }
  let input = o.input;
  if (input === undefined) {
    if (out !== undefined) input = inputFor(out, system);
    else if (o.outSet !== undefined && o.outSet.length > 0) input = inputFor(o.outSet[0] as UnitInfo, system);
    else if (set !== undefined) input = set.at(-1);
  }
  if (input === undefined) return formatQuantity(locale, { amount: value, unit: null }, o);
  const q: Quantity = { amount: value, unit: input };
  if (out !== undefined) return formatQuantity(locale, convert(q, out, system), o);
  if (set === undefined) return formatQuantity(locale, convertDefault(q, system), o);
  if (o.compact !== undefined || o.outSet !== undefined) return formatQuantity(locale, compact(q, set, system), o);
  return sequence(q, set, system)
    .map((part) => formatQuantity(locale, part, o))
    .join(' ');
}
