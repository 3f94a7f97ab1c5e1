import { describe, expect, it } from 'vitest';
import { currencyDigits, decimalMoney, formatMoney, fromMinorUnits, toMinorUnits } from './money';

describe('money in minor units', () => {
  it('knows JPY has no minor units and defaults other currencies to two digits', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('GBP')).toBe(2);
    expect(currencyDigits('XYZ')).toBe(2);
  });

  it('converts decimal strings exactly, rounding extra digits half up', () => {
    expect(toMinorUnits('0.29', 'USD')).toBe(29);
    expect(toMinorUnits('1.005', 'USD')).toBe(101);
    expect(toMinorUnits('1.004', 'USD')).toBe(100);
    expect(toMinorUnits(' 12 ', 'USD')).toBe(1200);
    expect(toMinorUnits('-3.5', 'EUR')).toBe(-350);
    expect(toMinorUnits('1200.4', 'JPY')).toBe(1200);
    expect(toMinorUnits('1200.5', 'JPY')).toBe(1201);
  });

  it('refuses what is not a plain decimal or does not fit exactly', () => {
    for (const value of ['', '1e3', '12,50', '$5', '1.2.3', '99999999999999999'])
      expect(toMinorUnits(value, 'USD')).toBeNull();
  });

  it('writes minor units back as the API edge carries them', () => {
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(-1250, 'USD')).toBe('-12.50');
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200');
    expect(decimalMoney(1999, 'GBP')).toEqual({ decimalValue: '19.99', currencyCode: 'GBP' });
  });

  it("formats for the visitor's locale with the currency's digits", () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(1200, 'JPY', 'en-US')).toBe('¥1,200');
    expect(formatMoney(1250, 'EUR', 'de-DE')).toMatch(/^12,50\s€$/);
  });
});
