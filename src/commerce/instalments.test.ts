import { describe, expect, it } from 'vitest';
import {
  cartAllowsInstalments,
  instalmentEligible,
  instalmentPrice,
  instalmentsOffered,
  instalmentText,
} from './instalments';

const money = (value: string, currency = 'USD') => ({ value, currency });
const product = (type: number, qtyInStock: number, price = '68.00') => ({
  structuredContent: {
    productType: type,
    variants: [{ priceMoney: money(price), onSale: false, unlimited: false, qtyInStock }],
  },
});
const range = { minimum: 3500, maximum: 200000 };
const usd = { currency: 'USD', locale: 'en-US' };

describe('paying in instalments', () => {
  it('is offered for a cart only when every item in it is physical', () => {
    expect(cartAllowsInstalments([{ productType: 1 }, { productType: 1 }])).toBe(true);
    expect(cartAllowsInstalments([{ productType: 1 }, { productType: 2 }])).toBe(false);
    expect(cartAllowsInstalments([{ productType: 3 }])).toBe(false);
    expect(cartAllowsInstalments([{ productType: 4 }])).toBe(false);
    expect(cartAllowsInstalments([])).toBe(false);
  });

  it('offers instalments on physical products in stock only', () => {
    expect(instalmentEligible(product(1, 2))).toBe(true);
    expect(instalmentEligible(product(1, 0))).toBe(false);
    expect(instalmentEligible(product(3, 2))).toBe(false);
  });

  it('splits the regular price into four payments, rounded up to the cent', () => {
    expect(instalmentPrice(product(1, 2, '68.01'), 'USD')).toBe(6801);
    expect(instalmentText(6801, range, usd)).toBe('or 4 interest-free payments of $17.01');
  });

  it('splits the sale price of a product on sale', () => {
    const blanket = {
      structuredContent: {
        productType: 1,
        variants: [{ priceMoney: money('95.00'), salePriceMoney: money('76.00'), onSale: true, qtyInStock: 9 }],
      },
    };
    expect(instalmentPrice(blanket, 'USD')).toBe(7600);
    expect(instalmentText(instalmentPrice(blanket, 'USD'), range, usd)).toBe('or 4 interest-free payments of $19.00');
  });

  it('writes amounts in the store currency and language', () => {
    const yen = {
      structuredContent: {
        productType: 1,
        variants: [{ priceMoney: money('12000', 'JPY'), onSale: false, qtyInStock: 3 }],
      },
    };
    expect(instalmentPrice(yen, 'JPY')).toBe(12000);
    expect(instalmentText(12000, { minimum: 3500, maximum: 200000 }, { currency: 'JPY', locale: 'ja-JP' })).toBe(
      'or 4 interest-free payments of ￥3000',
    );
    expect(instalmentText(6801, range, { currency: 'EUR', locale: 'fr-FR' })).toBe(
      'or 4 interest-free payments of 17,01\u00a0€',
    );
  });

  it('names the range when the price is not above the minimum or is above the maximum', () => {
    expect(instalmentText(3499, range, usd)).toBe('Instalments available for orders over $35.00');
    expect(instalmentText(3500, range, usd)).toBe('Instalments available for orders over $35.00');
    expect(instalmentText(3501, range, usd)).toBe('or 4 interest-free payments of $8.76');
    expect(instalmentText(200000, range, usd)).toBe('or 4 interest-free payments of $500.00');
    expect(instalmentText(200001, range, usd)).toBe('Instalments available for orders up to $2000.00');
  });

  it('is offered only where the checkout offers the provider: no payment provider does yet', () => {
    const afterpay = { provider: 'afterpay', minimum: 3500, maximum: 200000 };
    for (const payments of ['local', 'stripe', '']) {
      expect(instalmentsOffered({ instalments: afterpay }, payments)).toBe(false);
      expect(instalmentsOffered({}, payments)).toBe(false);
      expect(instalmentsOffered({ instalments: { ...afterpay, offeredAtCheckout: true } }, payments)).toBe(true);
    }
  });
});
