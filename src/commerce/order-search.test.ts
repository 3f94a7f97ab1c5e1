import { describe, expect, it } from 'vitest';
import { orderMatcher, personMatcher } from './order-search';

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
    // An attempt not paid has no number yet: a search by words never finds it through its number.
    expect(orderMatcher('someone@example.org')({ ...ORDER, orderNumber: null }), 'unpaid attempt').toBe(false);
  });

  it('matches an order without an address only by number or email', () => {
    const digital = { ...ORDER, shippingAddress: null };
    expect(orderMatcher('jose')(digital)).toBe(true);
    expect(orderMatcher('nunez jose')(digital)).toBe(false);
  });

  it('finds a customer by the same rules: part of the email or the name, whatever the case and accents', () => {
    const customer = { email: 'jose.nunez@example.com', name: 'José  Núñez' };
    for (const query of ['', 'JOSE NUNEZ', 'núñez', '@example'])
      expect(personMatcher(query)(customer), query).toBe(true);
    for (const query of ['ada', 'nunez jose', '1042']) expect(personMatcher(query)(customer), query).toBe(false);
  });
});
