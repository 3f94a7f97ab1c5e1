import { describe, expect, it } from 'vitest';
import { addressLabels, COUNTRIES } from './address';
import { chosenOption, shippingOptions, unshippedCountries, type ShippingRate } from './shipping';

const rate = (id: string, regions: string[], amountCents: number): ShippingRate => ({
  id,
  name: id,
  regions,
  method: 'flat',
  amountCents,
  perKgCents: 0,
  freeOverCents: null,
});

describe('shipping options and where a store ships', () => {
  it('chooses the cheapest option for the shopper until they choose another that is offered', () => {
    const options = shippingOptions(
      [rate('express', ['US'], 1500), rate('standard', ['US'], 500)],
      { countryCode: 'US', region: 'IL' },
      1000,
      0,
    );
    expect(chosenOption(options, null)?.id).toBe('standard');
    expect(chosenOption(options, 'express')?.id).toBe('express');
    expect(chosenOption(options, 'gone')?.id).toBe('standard');
    expect(chosenOption([], null)).toBeNull();
  });

  it('names the countries no rate ships to', () => {
    const codes = COUNTRIES.map(([code]) => code);
    expect(unshippedCountries([], ['US', 'GB'])).toEqual(['US', 'GB']);
    expect(unshippedCountries([rate('us', ['US'], 0), rate('ca', ['CA-ON'], 0)], ['US', 'CA', 'GB'])).toEqual(['GB']);
    expect(unshippedCountries([rate('world', [], 0)], codes)).toEqual([]);
  });

  it("labels the address as each country does, the spec's Zip and State in the United States", () => {
    expect(addressLabels('US')).toMatchObject({ region: 'State', postalCode: 'Zip' });
    expect(addressLabels('GB')).toMatchObject({ region: 'County', postalCode: 'Postcode' });
    expect(addressLabels('FR')).toMatchObject({ region: 'Region', postalCode: 'Postal code' });
  });
});
