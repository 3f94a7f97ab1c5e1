import { describe, expect, it } from 'vitest';
import { prng } from '../../../scripts/prng';
import { DAY_MS, utcDays, wallTime, zoneFormat } from './wall-clock';

describe('wall clock calendar arithmetic', () => {
  it('reads the same fields as a Date, over the whole Date range, fractional milliseconds included', () => {
    const random = prng(20261123);
    const utc = zoneFormat('UTC');
    for (let i = 0; i < 20_000; i++) {
      const epoch = Math.round((random() * 2 - 1) * 8.64e15) + (random() < 0.3 ? 0.5 : 0);
      const t = wallTime(epoch, utc);
      const d = new Date(epoch);
      const jan1 = new Date(0);
      jan1.setUTCFullYear(d.getUTCFullYear(), 0, 1);
      expect(
        [t.year, t.month, t.day, t.hour, t.minute, t.second, t.millisecond, t.weekday, t.dayOfYear],
        String(epoch),
      ).toEqual([
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
        d.getUTCDay(),
        Math.floor((d.getTime() - jan1.getTime()) / DAY_MS) + 1,
      ]);
    }
  });

  it('counts days for years 0-99 and before year 0 as the proleptic Gregorian calendar does', () => {
    for (const year of [-401, -1, 0, 1, 4, 99, 100, 1600, 1900, 2000, 2024]) {
      for (const month of [1, 2, 3, 12]) {
        const date = new Date(0);
        date.setUTCFullYear(year, month - 1, 31);
        expect(utcDays(year, month, 31), `${year}-${month}-31`).toBe(date.getTime() / DAY_MS);
      }
    }
  });
});
