import { describe, expect, it } from 'vitest';
import { orderMatcher } from './order-search';

const ADDRESS = {
  firstName: 'José',
  lastName: 'Núñez',
  address1: '1 St',
  address2: '',
  city: 'X',
  region: '',
  postalCode: '1',
  countryCode: 'ES',
  phone: '',
};
const ORDER = { orderNumber: 1042, email: 'Jose.Nunez@Example.com', shippingAddress: ADDRESS };

describe('order search', () => {
  it('finds an order by its number, email or customer name, whatever the case and accents', () => {
    for (const query of [
      '1042',
      '#1042',
      'jose.nunez@',
      'EXAMPLE.COM',
      'jose',
      'NUNEZ',
      'josé núñez',
      '  Jose   Nunez ',
      'Núñ',
    ]) {
      expect(orderMatcher(query)(ORDER), query).toBe(true);
    }
    for (const query of ['104', '#10', 'ada', 'nunez jose', '%']) expect(orderMatcher(query)(ORDER), query).toBe(false);
  });

  it('matches an order without an address only by number or email', () => {
    const digital = { ...ORDER, shippingAddress: null };
    expect(orderMatcher('jose')(digital)).toBe(true);
    expect(orderMatcher('nunez jose')(digital)).toBe(false);
  });
});
