import { describe, expect, it } from 'vitest';
import type { ShippingAddress } from '../commerce/address';
import { formProblems, localCardToken, passesLuhn, requiredAddressParts } from './checkout-form';

const address: ShippingAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  countryCode: 'US',
  phone: '',
};
const complete = { email: 'ada@example.com', address, shippingOption: 'rate-std', cardNumber: '4242 4242 4242 4242' };

describe('the checkout form before it asks the server', () => {
  it('finds nothing to fix in a complete form', () => {
    expect(formProblems(complete, true, true)).toEqual([]);
  });

  it('lists what to fix in the order of the page, with the shared messages', () => {
    const problems = formProblems(
      {
        email: 'ada@',
        address: { ...address, firstName: ' ', postalCode: '6270' },
        shippingOption: null,
        cardNumber: '4242',
      },
      true,
      true,
    );
    expect(problems).toEqual([
      ['email', 'Email is not valid. Email addresses should follow the format user@domain.com.'],
      ['firstName', 'Required'],
      ['postalCode', 'Enter a valid postal code.'],
      ['shippingOptionId', 'Choose a shipping option.'],
      ['cardNumber', 'Enter a card number of 13 to 19 digits.'],
    ]);
    expect(formProblems({ ...complete, email: '', cardNumber: '' }, true, true)).toEqual([
      ['email', 'Required'],
      ['cardNumber', 'Required'],
    ]);
  });

  it('asks no address or shipping option when nothing ships, and no card when nothing is due', () => {
    expect(
      formProblems(
        { ...complete, address: { ...address, address1: '' }, shippingOption: null, cardNumber: '' },
        false,
        false,
      ),
    ).toEqual([]);
  });

  it('needs a state in the United States but not in the United Kingdom', () => {
    expect(requiredAddressParts('US')).toEqual(
      new Set(['firstName', 'lastName', 'address1', 'city', 'region', 'postalCode']),
    );
    expect(requiredAddressParts('GB').has('region')).toBe(false);
  });

  it('turns a card number, spaces and dashes dropped, into the local provider token', () => {
    expect(localCardToken('4000 0000-0000 0002')).toBe('local_card_4000000000000002');
  });

  it('refuses a card number that fails the Luhn check before anything is sent, and passes every local test card', () => {
    expect(formProblems({ ...complete, cardNumber: '4242 4242 4242 4241' }, true, true)).toEqual([
      ['cardNumber', 'This card number is not valid. Check it for a mistyped digit.'],
    ]);
    for (const card of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000002500003155',
      '4000000000000069',
      '4000000000000119',
    ])
      expect(passesLuhn(card)).toBe(true);
    expect(passesLuhn('4242424242424224')).toBe(false);
  });
});
