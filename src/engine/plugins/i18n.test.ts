/**
 * i18n formatters and predicates, called directly with a small fake render context; expected
 * texts are the reference engine's (and, for the legacy money and unit formatters, the Java
 * compiler's) output.
 */
import { describe, expect, it } from 'vitest';
import { I18N_FORMATTERS, I18N_PREDICATES } from './i18n';
import type { Formatter, Path, RenderContext } from './types';
import { parseDecimal, setScale, toPlainString } from '../i18n/decimal';
import { MessageParser, PatternCache, evaluate } from '../i18n/message';
import { datetimeOptions, decimalOptions, MAX_DIGITS } from '../i18n/options';
import { followPath } from '../../values/index';

interface FakeOptions {
  locale?: string | null;
  now?: number;
  /** The value of the frame around the tag (what message arguments resolve from). */
  outer?: unknown;
  /** Root data, for `website.timeZone` and the like. */
  root?: unknown;
}

function fake(o: FakeOptions = {}): RenderContext {
  const lookup = (scope: unknown, path: Path): unknown => {
    if (path[0] === '@') return followPath(scope, path.slice(1));
    const inScope = followPath(scope, path);
    return inScope !== undefined ? inScope : followPath(o.root, path);
  };
  return {
    now: o.now ?? 0,
    locale: o.locale === undefined ? 'en' : o.locale,
    current: () => o.outer,
    renderSnippet: () => {
      throw new Error('i18n formatters render no snippets');
    },
    resolve: (path) => followPath(o.root, path),
    resolveOuter: (path) => lookup(o.outer, path),
    error: () => undefined,
    applyPartial: () => undefined,
  };
}

function fmt(name: string): Formatter {
  const f = I18N_FORMATTERS[name];
  if (f === undefined) throw new Error(`no formatter ${name}`);
  return f;
}

/** Applies a formatter as `{vars.0,vars.1|name args}` would. */
function apply(name: string, vars: unknown[], args: string[] = [], o: FakeOptions = {}): unknown {
  return fmt(name)(vars[0], args, fake(o), vars);
}

const NY = { website: { timeZone: 'America/New_York' } };
const LA = { website: { timeZone: 'America/Los_Angeles' } };

describe('datetime', () => {
  const t = 1582571080000; // 2020-02-24 14:04:40 in New York
  it.each([
    [[], 'February 24, 2020'],
    [['short'], '2/24/20, 2:04\u202fPM'],
    [['long'], 'February 24, 2020 at 2:04:40\u202fPM EST'],
    [['date:full', 'time:short'], 'Monday, February 24, 2020 at 2:04\u202fPM'],
    [['skeleton:yMMMEEEd'], 'Mon, Feb 24, 2020'],
    [['skeleton:Bh'], '2 in the afternoon'],
    [['date:yMd', 'time:hm'], '2/24/2020, 2:04\u202fPM'],
    [['date:medium', 'time:hm', 'wrap:full'], 'Feb 24, 2020 at 2:04\u202fPM'],
    [['date:long', 'time:hmv'], 'February 24, 2020 at 2:04\u202fPM ET'],
  ])('%j', (args, expected) => {
    expect(apply('datetime', [t], args, { root: NY })).toBe(expected);
  });

  it('uses the calendar asked for', () => {
    const o = { locale: 'ja', root: NY };
    expect(apply('datetime', [1520751625000], ['date:full'], o)).toBe('2018年3月11日日曜日');
    expect(apply('datetime', [1520751625000], ['date:full', 'calendar:japanese'], o)).toBe('平成30年3月11日日曜日');
  });

  it('names zones as CLDR does where ICU differs: GMT at zero offset, generic names as of today, else the offset', () => {
    const zone = (timeZone: string) => ({ root: { website: { timeZone } } });
    expect(apply('datetime', [0], ['long'], zone('UTC'))).toBe('January 1, 1970 at 12:00:00\u202fAM GMT');
    expect(apply('datetime', [0], ['skeleton:hmzzzz'], zone('UTC'))).toBe('12:00\u202fAM Greenwich Mean Time');
    expect(apply('datetime', [0], ['time:hmv'], zone('America/New_York'))).toBe('7:00\u202fPM ET');
    expect(apply('datetime', [0], ['time:hmv'], zone('Asia/Kolkata'))).toBe('5:30\u202fAM GMT+5:30');
    expect(apply('datetime', [0], ['skeleton:hmvvvv'], zone('Europe/Paris'))).toBe(
      '1:00\u202fAM Central European Time',
    );
    expect(apply('datetime', [0], ['skeleton:hmvvvv'], zone('Asia/Kolkata'))).toBe('5:30\u202fAM GMT+05:30');
  });

  it('names the minute of midnight in English flexible day periods, as CLDR does', () => {
    const utc = { root: { website: { timeZone: 'UTC' } } };
    expect(apply('datetime', [0], ['skeleton:Bh'], utc)).toBe('12 midnight');
    expect(apply('datetime', [30_000], ['skeleton:BBBBBhms'], utc)).toBe('12:00:30 mi');
    expect(apply('datetime', [60_000], ['skeleton:Bhm'], utc)).toBe('12:01 in the morning');
  });

  it('drops zero padding of one-letter skeleton fields', () => {
    expect(apply('datetime', [t], ['yMd'], { locale: 'fr', root: NY })).toBe('24/2/2020');
  });

  it('capitalizes a leading word at the start of a sentence', () => {
    expect(apply('datetime', [t], ['date:full', 'context:begin-sentence'], { locale: 'fr', root: NY })).toBe(
      'Lundi 24 février 2020',
    );
  });

  it('prints nothing without a locale or a number', () => {
    expect(apply('datetime', [t], [], { locale: null })).toBe('');
    expect(apply('datetime', ['abc'])).toBe('');
  });
});

describe('datetime-interval', () => {
  const s = 1582571080000;
  it.each([
    [1582591080000, [], '2:04 – 7:38\u202fPM'],
    [1592591080000, [], 'Feb 24 – Jun 19, 2020'],
    [1692591080000, [], 'Feb 24, 2020 – Aug 21, 2023'],
    [1692591080000, ['yMMM'], 'Feb 2020 – Aug 2023'],
    [1583763910000, ['yMMMMdEEEE'], 'Monday, February 24 – Monday, March 9, 2020'],
    [1583763910000, ['EEE'], 'Mon, 2:04\u202fPM – Mon, 10:25\u202fAM'],
  ])('%s %j', (end, args, expected) => {
    expect(apply('datetime-interval', [s, end], args, { root: NY })).toBe(expected.replace(/ – /g, '\u2009–\u2009'));
  });

  it('writes a date once when only the time differs', () => {
    expect(apply('datetime-interval', [s, s + 60_000], ['yMMMdhm'], { root: NY })).toBe(
      'Feb 24, 2020, 2:04\u2009–\u20092:05\u202fPM',
    );
  });

  it('uses the website time zone', () => {
    expect(apply('datetime-interval', [1509647217000, 1510641417000], [], { root: LA })).toBe(
      'Nov 2\u2009–\u200913, 2017',
    );
  });

  it('needs two values', () => {
    expect(apply('datetime-interval', [s], [])).toBe('');
  });
});

describe('decimal', () => {
  it.each([
    ['1200', [], '1,200'],
    ['1200', ['group:false'], '1200'],
    ['-15789.12', ['style:short'], '-16K'],
    ['1200', ['style:long'], '1.2 thousand'],
    ['3.14159', ['style:percent'], '314%'],
    ['10.001', ['style:percent-scaled'], '10%'],
    ['123456.7890', ['maximumFractionDigits:1'], '123,456.8'],
    ['123456.7890', ['maximumFractionDigits:1', 'round:down'], '123,456.7'],
    ['3.14159', ['minsig:1', 'maxfrac:3'], '3.14159'],
    ['1234.5678', ['style:scientific', 'maxsig:3'], '1.23E+3'],
    ['0.125', ['style:scientific'], '1E-1'],
    ['2.5', ['maxfrac:0'], '2'],
    ['0.05', ['round:up', 'maxfrac:0'], '0'],
    ['NaN', [], 'NaN'],
    ['xyz', [], ''],
  ])('%s %j', (value, args, expected) => {
    expect(apply('decimal', [value], args)).toBe(expected);
  });

  it('clamps digit options to 0-50', () => {
    expect(decimalOptions(['maxfrac:99', 'minfrac:-3']).maximumFractionDigits).toBe(MAX_DIGITS);
    expect(decimalOptions(['minfrac:-3']).minimumFractionDigits).toBe(0);
  });
});

describe('money', () => {
  const eur = { decimalValue: '123456.7890', currencyCode: 'EUR' };
  it.each([
    [eur, [], '€123,456.79'],
    [eur, ['style:short'], '€123K'],
    [eur, ['style:name'], '123,456.79 euros'],
    [eur, ['style:code'], '123,456.79 EUR'],
    [{ decimalValue: -1234.56, currencyCode: 'USD' }, ['style:accounting'], '($1,234.56)'],
    [{ decimalValue: 1234.56, currencyCode: 'AUD' }, [], 'A$1,234.56'],
    [{ value: '12', currency: 'JPY' }, [], '¥12'],
    [{ foo: 'bar' }, [], ''],
  ])('%j %j', (value, args, expected) => {
    expect(apply('money', [value], args)).toBe(expected);
  });
});

describe('relative-time and timesince', () => {
  const now = 1502298000000;
  it.each([
    [[1509647217000, 1510641417000], [], 'in 12 days'],
    [[1509647217000, 1510641417000], ['allowWeeks:true'], 'in 2 weeks'],
    [[1502305200000], ['context:begin-sentence'], 'In 2 hours'],
    [[1502258000000], [], '11 hours ago'],
    [[now + 86_400_000], [], 'tomorrow'],
    [[now + 86_400_000], ['numericOnly:true'], 'in 1 day'],
    [[now], [], 'now'],
  ])('%j %j', (vars, args, expected) => {
    expect(apply('relative-time', vars, args, { now })).toBe(expected);
  });

  it('describes the age of a date in English', () => {
    const o = { now: 1627849845000 };
    expect(apply('timesince', [1577987019000], [], o)).toBe(
      '<span class="timesince" data-date="1577987019000">about a year ago</span>',
    );
    expect(apply('timesince', [-607001400000], [], o)).toContain('about 70 years ago');
    expect(apply('timesince', [1627849800000], [], o)).toContain('less than a minute ago');
    expect(apply('timesince', ['x'], [], o)).toBe('Invalid date.');
  });

  it('measures a date beyond the calendar from its first day, 4713 BC', () => {
    const o = { now: Date.UTC(2024, 4, 17) };
    for (const date of [-1e21, -8.64e15 - 1, -4e14]) {
      expect(apply('timesince', [date], [], o)).toBe(
        `<span class="timesince" data-date="${date}">about 6740 years ago</span>`,
      );
    }
  });
});

describe('message', () => {
  it('fills positional and keyword arguments from the scope around the tag', () => {
    const outer = { foo: 'FOO', bar: 'BAR', baz: 'BAZ', number: 123, string: 'abc' };
    // Bare references are positional only: {foo} names no keyword argument.
    expect(
      apply('message', ['{foo} {bar} {0} {1} {2} {x} {y}'], ['foo', 'bar', 'baz', 'x=number', 'y=string'], { outer }),
    ).toBe('  FOO BAR BAZ 123 abc');
    expect(apply('message', ['{0} and {1}'], ['@', '@'], { outer: 'me' })).toBe('me and me');
  });

  it('selects plural, ordinal and select branches', () => {
    const msg = '{0 plural one {# item} other {# items}}, the {0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}';
    expect(apply('message', [msg], ['n'], { outer: { n: 1 } })).toBe('1 item, the 1st');
    expect(apply('message', [msg], ['n'], { outer: { n: 3 } })).toBe('3 items, the 3rd');
    expect(apply('message', ['{0 plural one {ONE} other {OTHER}}'], ['n'], { outer: { n: '1.0' } })).toBe('OTHER');
    expect(
      apply('message', ['{0 plural one {ONE} few {FEW} many {MANY} other {OTHER}}'], ['n'], {
        locale: 'pl',
        outer: { n: 5 },
      }),
    ).toBe('MANY');
    expect(apply('message', ['{0 select a {A} other {O}}'], ['@'], { outer: 'b' })).toBe('O');
  });

  it('formats numbers, money and dates inside messages', () => {
    const outer = {
      n: '12345.67899',
      m: { decimalValue: '123456.789', currencyCode: 'EUR' },
      s: 1525198211000,
      e: 1531678211000,
    };
    const o = { outer, root: NY };
    expect(apply('message', ['{0 decimal style:short}'], ['n'], o)).toBe('12K');
    expect(apply('message', ['{0 money style:name}'], ['m'], o)).toBe('123,456.79 euros');
    expect(apply('message', ['{0;1 datetime-interval}'], ['s', 'e'], o)).toBe('May 1\u2009–\u2009Jul 15, 2018');
  });

  it('drops tags it cannot read', () => {
    expect(apply('message', ['Took {0 unit in:second}.'], ['n'], { outer: { n: 1 } })).toBe('Took .');
  });

  it('prints nothing without a locale', () => {
    expect(apply('message', ['{0}'], ['n'], { locale: null, outer: { n: 1 } })).toBe('');
  });

  it('is also registered as plural', () => {
    expect(apply('plural', ['{0 plural one {# cart} other {# carts}}'], ['n'], { outer: { n: 2 } })).toBe('2 carts');
  });
});

describe('message patterns', () => {
  const parser = new MessageParser(['decimal']);
  const host = {
    asString: (a: string | undefined) => a ?? '',
    plural: (a: string | undefined) => ({
      category: a === '1' ? 'one' : 'other',
      exact: (m: string) => m === a,
      sub: a,
    }),
    format: (name: string, args: (string | undefined)[], options: string[]) =>
      `[${name} ${args.join(';')} ${options.join(' ')}]`,
  };
  const run = (pattern: string, positional: string[]): string =>
    evaluate(parser.parse(pattern), { positional, named: {} }, host);

  it('reads quoting, hidden tags and nested branches', () => {
    expect(run("It''s '{0}' {0}", ['x'])).toBe("It's {0} x");
    expect(run('{-0 literal}', [])).toBe('{0 literal}');
    expect(run('{0 plural =1 {exactly one} other {# of {1}}}', ['1', 'y'])).toBe('exactly one');
    expect(run('{0 plural =1 {exactly one} other {# of {1}}}', ['5', 'y'])).toBe('5 of y');
    expect(run('{0;1 decimal a:b c}', ['1', '2'])).toBe('[decimal 1;2 a:b c]');
    expect(run('text {0', ['x'])).toBe('text {0');
  });

  it('keeps at most the configured number of parsed patterns', () => {
    const cache = new PatternCache(parser, 100);
    for (let i = 0; i < 150; i++) cache.get(`message ${i} {0}`);
    expect(cache.size).toBe(100);
  });
});

describe('i18n-money-format (legacy)', () => {
  const aud = { currencyCode: 'AUD', decimalValue: -1234.56 };
  it.each([
    [aud, 'de_DE', '-1.234,56 A$'],
    [aud, 'en_US', '-A$1,234.56'],
    [aud, 'fr-FR', '-1\u00a0234,56 A$'],
    [{ currencyCode: 'SEK', decimalValue: -1234.56 }, 'en-UK', 'kr -1,234.56'],
    [{ currencyCode: 'EUR', decimalValue: 1234.56 }, 'sv_SE', '1\u00a0234,56€'],
    [{ currencyCode: 'JPY', decimalValue: 1234.56 }, 'en_US', '¥1,235'],
  ])('%j %s', (value, locale, expected) => {
    expect(apply('i18n-money-format', [value], [locale])).toBe(expected);
  });

  it('passes values that are not money through', () => {
    expect(apply('i18n-money-format', ['VAL'])).toBe('VAL');
    expect(apply('i18n-money-format', [{}])).toEqual({});
  });
});

describe('money-format, moneyFormat, money-string', () => {
  it('writes cents as an amount', () => {
    expect(apply('money-format', [12345])).toBe('123.45');
    expect(apply('moneyFormat', [123456789])).toBe('1,234,567.89');
    expect(apply('money-string', [12345])).toBe('<span class="sqs-money-native">123.45</span>');
    expect(apply('money-format', ['VAL'])).toBe('VAL');
  });
});

describe('unit', () => {
  const en = { locale: 'en-US' };
  const fr = { locale: 'fr-FR' };
  it.each([
    ['12345', ['in:inch'], en, '342.9yd'],
    ['12345', ['in:inch', 'sequence:foot,inch', 'group', 'format:long'], en, '1,028 feet 9 inches'],
    ['12345', ['in:inch', 'maxfrac:3', 'format:long'], en, '342.917 yards'],
    ['3.5', ['in:centimeter', 'out:point'], en, '99.2pt'],
    ['1', ['in:g-force', 'out:meter-per-second-squared'], en, '9.8m/s²'],
    ['5', ['in:meter-per-second-squared', 'out:g-force', 'maxfrac:3'], en, '0.510Gs'],
    ['15789655', ['in:byte', 'compact:bytes'], en, '15.1MB'],
    ['1307674368000', ['out:gigabit', 'group'], en, '1,307.7Gb'],
    ['389.3592', ['in:degree', 'sequence:degree,arc-minute,arc-second'], en, '389° 21′ 33.1″'],
    ['37', ['in:celsius'], en, '98.6°'],
    ['212', ['in:fahrenheit', 'out:celsius'], en, '100°C'],
    ['55', ['in:liter-per-100kilometers', 'out:mile-per-gallon', 'format:long'], en, '4.3 miles per gallon'],
    ['1234567', ['in:second', 'sequence:day,hour,minute', 'format:long'], en, '14 days 6 hours 56.1 minutes'],
    ['-390625', ['in:kilograms', 'sequence:ton,pound,ounce'], en, '-430tn 1180# 11.4oz'],
    ['10.351', ['in:mile', 'out:light-year,mile,yard,foot.inch'], en, '10.4mi'],
    ['10.954', ['in:fahrenheit'], fr, '-11,7°C'],
    ['1', ['in:mile-per-gallon'], fr, '235,2l/100km'],
    ['1220703125', ['in:second', 'sequence:year,month,day'], fr, '38a 8m 5,8j'],
    ['610', ['in:square-meter', 'out:square-foot', 'group'], fr, '6\u00a0566pi²'],
    ['720', ['in:second', 'compact:duration-large', 'format:long', 'minfrac:5'], fr, '0,00833 jour'],
  ])('%s %j %j', (value, args, o, expected) => {
    expect(apply('unit', [value], args, o)).toBe(expected);
  });

  it('writes a plain number without units', () => {
    expect(apply('unit', ['1234.56'], [])).toBe('1234.6');
  });

  it('passes values that are not numbers through', () => {
    expect(apply('unit', [{}])).toEqual({});
    expect(apply('unit', ['abc'], ['in:inch'])).toBe('');
  });
});

describe('units-metric?', () => {
  const metric = (locale: string, category?: string): boolean =>
    (I18N_PREDICATES['units-metric?'] as (args: readonly string[], ctx: RenderContext) => boolean)(
      category === undefined ? [] : [category],
      fake({ locale }),
    );
  it('follows the measurement system of the locale region', () => {
    expect(metric('en-US', 'length')).toBe(false);
    expect(metric('en', 'mass')).toBe(false);
    expect(metric('fr-FR', 'length')).toBe(true);
    expect(metric('en-US', 'digital')).toBe(true);
    expect(metric('en-GB', 'temperature')).toBe(false);
    expect(metric('de')).toBe(true);
  });
});

describe('decimals', () => {
  it('rounds digit strings exactly', () => {
    const round = (text: string, places: number, mode: Parameters<typeof setScale>[2]): string =>
      toPlainString(setScale(parseDecimal(text)!, places, mode));
    expect(round('2.5', 0, 'half-even')).toBe('2');
    expect(round('3.5', 0, 'half-even')).toBe('4');
    expect(round('-2.5', 0, 'half-up')).toBe('-3');
    expect(round('1.0000000000000000000001', 2, 'up')).toBe('1.01');
    expect(round('99.99', 1, 'half-even')).toBe('100.0');
    expect(round('0.001', 0, 'up')).toBe('0');
    expect(round('1.5', 3, 'down')).toBe('1.500');
  });

  it('reads decimal literals', () => {
    expect(toPlainString(parseDecimal('1e3')!)).toBe('1000');
    expect(toPlainString(parseDecimal('.5')!)).toBe('0.5');
    expect(parseDecimal('1.2.3')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
  });
});

describe('datetime options', () => {
  it('reads widths, skeleton fields and calendars', () => {
    expect(datetimeOptions(['date', 'time:long', 'yMMM', 'calendar:gregorian'])).toEqual({
      date: 'short',
      time: 'long',
      skeleton: 'yMMM',
      calendar: 'gregory',
    });
    expect(datetimeOptions(['date:yMd', 'time:hm'])).toEqual({ skeleton: 'yMdhm' });
  });
});
