import { describe, expect, it } from 'vitest';
import { taxRateSchema, shippingRateSchema } from '../api/commerce-admin-bodies';
import { locationOf, type ShippingAddress } from './address';
import { subdivisionCode, subdivisionName, subdivisionsOf } from './subdivisions';

const address = (countryCode: string, region: string): ShippingAddress => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Town',
  region,
  postalCode: '90001',
  countryCode,
  phone: '',
});

describe('subdivisions', () => {
  it('reads a region by code or name as the code addresses carry', () => {
    expect(subdivisionCode('US', 'California')).toBe('CA');
    expect(subdivisionCode('US', 'ca')).toBe('CA');
    expect(subdivisionCode('US', 'US-CA')).toBe('CA');
    expect(subdivisionCode('MX', 'nuevo leon')).toBe('NLE');
    expect(subdivisionCode('US', 'CAL')).toBeNull();
    expect(subdivisionCode('VA', 'Kent')).toBeNull();
    expect(subdivisionName('US', 'CA')).toBe('California');
    for (const country of ['US', 'CA', 'AU', 'MX', 'BR', 'DE', 'GB', 'FR', 'JP', 'IN']) {
      const codes = subdivisionsOf(country).map(([code]) => code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{1,3}$/);
    }
  });

  it('every country with ISO 3166-2 regions has them, named in English (Bavaria, not only Bayern)', () => {
    expect(subdivisionsOf('DE')).toContainEqual(['BY', 'Bavaria']);
    expect(subdivisionsOf('DE')).toHaveLength(16);
    expect(subdivisionCode('DE', 'Bavaria')).toBe('BY');
    expect(subdivisionCode('DE', 'Bayern')).toBe('BY');
    expect(subdivisionCode('DE', 'DE-BY')).toBe('BY');
    expect(subdivisionName('DE', 'BY')).toBe('Bavaria');
    expect(subdivisionCode('US', 'District of Columbia')).toBe('DC');
    expect(subdivisionCode('JP', 'Tokyo')).toBe('13');
    expect(subdivisionsOf('__proto__')).toEqual([]);
    expect(locationOf(address('DE', 'Bayern'))).toEqual({ countryCode: 'DE', region: 'BY' });
  });

  it("a shopper's 'California' is where a US-CA rule applies", () => {
    expect(locationOf(address('US', 'California'))).toEqual({ countryCode: 'US', region: 'CA' });
    expect(locationOf(address('US', ' ca '))).toEqual({ countryCode: 'US', region: 'CA' });
    expect(locationOf(address('GB', 'Kent'))).toEqual({ countryCode: 'GB', region: 'KEN' });
    expect(locationOf(address('VA', 'Cortile'))).toEqual({ countryCode: 'VA', region: 'CORTILE' });
  });

  it('tax and shipping rules take listed regions only, with a clear message', () => {
    const tax = (region: string | null, countryCode = 'US') =>
      taxRateSchema.safeParse({ name: 'Sales tax', countryCode, region, ratePercent: '7.25' });
    expect(tax('California').data?.region).toBe('CA');
    expect(tax('CAL').error?.issues[0]?.message).toBe(
      'region: CAL is not a state or region of United States: choose one from the list',
    );
    expect(tax('Kent', 'VA').error?.issues[0]?.message).toBe(
      'region: Vatican City has no regions to choose from: the rule covers the whole country',
    );
    expect(tax(null, 'XX').error?.issues[0]?.message).toBe('countryCode: must be a country: choose one from the list');
    const ship = (regions: string[]) =>
      shippingRateSchema.safeParse({ name: 'UK', regions, method: 'flat', amountCents: 500 });
    expect(ship(['gb', 'us-ca']).data?.regions).toEqual(['GB', 'US-CA']);
    expect(ship(['GB', 'QQ']).error?.issues[0]?.message).toBe('regions.1: must be a country: choose one from the list');
    expect(ship(['de-by', 'GB-KEN']).data?.regions).toEqual(['DE-BY', 'GB-KEN']);
    expect(ship(['US-CAL']).error?.issues[0]?.message).toBe(
      'regions.0: CAL is not a state or region of United States: choose one from the list',
    );
  });
});
