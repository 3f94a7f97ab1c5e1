import { describe, expect, it } from 'vitest';
import { applyTax, ratePpm, taxRatesFor, type TaxRate } from './tax';

const rates: TaxRate[] = [
  { id: 'us-il', name: 'Illinois', countryCode: 'US', region: 'IL', ratePercent: '6.25' },
  { id: 'de', name: 'MwSt', countryCode: 'DE', region: null, ratePercent: '19' },
  { id: 'ca', name: 'GST', countryCode: 'CA', region: null, ratePercent: '5' },
  { id: 'ca-qc', name: 'QST', countryCode: 'CA', region: 'QC', ratePercent: '9.975' },
];

describe('tax', () => {
  it('reads percentages exactly', () => {
    expect(ratePpm('8.875')).toBe(88_750);
    expect(ratePpm('19')).toBe(190_000);
    expect(ratePpm('0.0001')).toBe(1);
  });

  it('applies the country rate and the region rate together, and none elsewhere', () => {
    expect(taxRatesFor(rates, { countryCode: 'CA', region: 'QC' }).map((r) => r.id)).toEqual(['ca', 'ca-qc']);
    expect(taxRatesFor(rates, { countryCode: 'CA', region: 'ON' }).map((r) => r.id)).toEqual(['ca']);
    expect(taxRatesFor(rates, { countryCode: 'US', region: 'CA' })).toEqual([]);
  });

  it('adds exclusive tax rounded half up per rate', () => {
    expect(
      applyTax(taxRatesFor(rates, { countryCode: 'CA', region: 'QC' }), 10_000, false).map((t) => t.amountCents),
    ).toEqual([500, 998]);
    expect(applyTax([rates[0] as TaxRate], 3200, false)[0]?.amountCents).toBe(200);
    expect(applyTax([rates[0] as TaxRate], 0, false)[0]?.amountCents).toBe(0);
  });

  it('finds the tax inside inclusive prices, split between rates without losing a cent', () => {
    expect(applyTax([rates[1] as TaxRate], 11_900, true)[0]?.amountCents).toBe(1900);
    const split = applyTax(taxRatesFor(rates, { countryCode: 'CA', region: 'QC' }), 11_498, true);
    expect(split.reduce((sum, t) => sum + t.amountCents, 0)).toBe(11_498 - 10_000);
  });

  it('stays exact for amounts whose product with the rate passes 2^53', () => {
    expect(applyTax([rates[1] as TaxRate], 90_000_000_000, false)[0]?.amountCents).toBe(17_100_000_000);
  });
});
