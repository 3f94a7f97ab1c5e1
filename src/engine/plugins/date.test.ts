import { describe, expect, it } from 'vitest';
import { render } from '../index';
import { renderReference } from '../../../test/support/reference-engine';
import { formatDate } from './date';

const ALL_CODES = 'aAbBcCdDeFgGhHIjklmMnNpPqrRsStTuUvVwWxXyYzZ'
  .split('')
  .map((c) => `%${c}`)
  .join('|');

describe('date formatter', () => {
  it('formats every code in the site time zone', () => {
    const t = 1613597165345;
    expect(formatDate(t, '%c|%z|%Z|%j|%U|%V|%G', 'Asia/Tokyo')).toBe(
      'Thu, Feb 18, 2021 6:26:05 AM JST|+09:00|JST|049|08|07|2021',
    );
    expect(formatDate(t, '%Y-%m-%d %H:%M %Z', 'America/New_York')).toBe('2021-02-17 16:26 EST');
  });

  it('defaults to America/New_York and renders unknown zones in UTC', () => {
    expect(render('{t|date %H %Z}', { t: 0 }).html).toBe('19 EST');
    expect(render('{t|date %H %Z}', { t: 0, website: { timeZone: 'Mars/Olympus' } }).html).toBe('00 UTC');
  });

  it('prints nothing without a format, and fails the tag for a value that is not a date', () => {
    expect(render('[{t|date}]', { t: 0 }).html).toBe('[]');
    const bad = render('[{t|date %Y}]', { t: 'abc' });
    expect(bad.html).toBe('[]');
    expect(bad.errors).toEqual([
      { type: 'engine', message: 'Unexpected TypeError error when executing VARIABLE: Invalid date: abc' },
    ]);
  });

  it('keeps the fraction of a millisecond in %N, as the reference does', () => {
    expect(render('{t|date %N}', { t: 3.75 }).html).toBe('003750000');
    expect(render('{t|date %N}', { t: -1.6 }).html).toBe('998400000.0059605');
  });

  it('agrees with the reference engine across zones, DST edges and year boundaries', () => {
    const zones = [
      'America/New_York',
      'Europe/London',
      'Asia/Tokyo',
      'Australia/Sydney',
      'UTC',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'Europe/Paris',
      'America/Sao_Paulo',
      'Asia/Dubai',
      'Pacific/Auckland',
      'America/St_Johns',
      'Asia/Kathmandu',
    ];
    const times = [
      0,
      -86_400_000 * 400,
      Date.UTC(2021, 0, 1, 12),
      Date.UTC(2020, 11, 31, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29, 6),
      Date.UTC(2021, 2, 14, 6, 59),
      Date.UTC(2021, 2, 14, 7, 1),
      Date.UTC(2021, 10, 7, 5, 30),
      Date.UTC(2021, 9, 31, 0, 30),
      Date.UTC(2027, 0, 3, 12),
      Date.UTC(2026, 11, 28, 12),
      1613597165345,
    ];
    const mismatches: string[] = [];
    for (const timeZone of zones) {
      for (const t of times) {
        const data = { website: { timeZone }, t };
        const template = `{t|date ${ALL_CODES}}`;
        const ours = render(template, data).html;
        const theirs = renderReference(template, data);
        if (ours !== theirs) mismatches.push(`${timeZone} ${t}\n  ours   ${ours}\n  theirs ${theirs}`);
      }
    }
    expect(mismatches.join('\n')).toBe('');
  });
});
