import { describe, expect, it } from 'vitest';
import { localInstalmentInfo, providerLocale } from './instalments';

describe('instalment provider locale', () => {
  it("follows the spec's locales, languages per country and US territories", () => {
    expect(providerLocale('afterpay', 'en', 'US')).toBe('en_US');
    expect(providerLocale('afterpay', 'fr', 'CA')).toBe('fr_CA');
    expect(providerLocale('afterpay', 'de', 'CA')).toBe('en_CA');
    expect(providerLocale('afterpay', 'en', 'PR')).toBe('en_US');
    expect(providerLocale('afterpay', 'en', 'GB')).toBeNull();
    expect(providerLocale('clearpay', 'en', 'GB')).toBe('en_GB');
    expect(providerLocale('afterpay', 'de', 'DE')).toBeNull();
  });

  it('serves the information page locally', () => {
    expect(localInstalmentInfo.pageUrl('afterpay', 'en_US')).toBe('/integrations/instalments/afterpay/en_US');
  });
});
