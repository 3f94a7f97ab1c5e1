import { describe, expect, it } from 'vitest';
import { instalmentEligible, instalmentPrice, instalmentText } from './instalments';

const money = (value: string) => ({ value, currency: 'USD' });
const product = (type: number, qtyInStock: number, price = '68.00') => ({
  structuredContent: { productType: type, variants: [{ priceMoney: money(price), onSale: false, unlimited: false, qtyInStock }] },
});
const range = { minimum: 3500, maximum: 200000 };

describe('paying in instalments', () => {
  it('offers instalments on physical products in stock only', () => {
    expect(instalmentEligible(product(1, 2))).toBe(true);
    expect(instalmentEligible(product(1, 0))).toBe(false);
    expect(instalmentEligible(product(3, 2))).toBe(false);
  });

  it('splits the regular price into four payments, rounded up to the cent', () => {
    expect(instalmentPrice(product(1, 2, '68.01'))).toBe(6801);
    expect(instalmentText(6801, range)).toBe('or 4 interest-free payments of $17.01');
  });

  it('names the range when the price is outside it', () => {
    expect(instalmentText(3499, range)).toBe('Instalments available for orders over $35.00');
    expect(instalmentText(200001, range)).toBe('Instalments available for orders up to $2000.00');
  });
});
