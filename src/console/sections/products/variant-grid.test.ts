import { describe, expect, it } from 'vitest';
import { combinationCount, generateVariants, optionValuesOf, valuesOf } from './variant-grid';

interface Row {
  values: Record<string, string>;
  price: string;
  sku: string;
  stock: string;
}

const make = (values: Record<string, string>, template: Row | undefined): Row => ({
  values,
  price: template?.price ?? '',
  sku: '',
  stock: '0',
});

describe('variants generated from options', () => {
  it('makes one variant per combination, in option order', () => {
    const rows = generateVariants(
      [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      [],
      make,
    );
    expect(rows?.map((row) => `${row.values.Size} / ${row.values.Colour}`)).toEqual([
      'S / Red',
      'S / Blue',
      'M / Red',
      'M / Blue',
      'L / Red',
      'L / Blue',
    ]);
  });

  it('keeps the price, stock and SKU of every combination that had a variant when a value is added', () => {
    const before: Row[] = [
      { values: { Size: 'S' }, price: '20.00', sku: 'TEE-S', stock: '4' },
      { values: { Size: 'M' }, price: '22.00', sku: 'TEE-M', stock: '7' },
    ];
    const after = generateVariants([{ name: 'Size', values: ['S', 'M', 'XL'] }], before, make);
    expect(after).toEqual([before[0], before[1], { values: { Size: 'XL' }, price: '20.00', sku: '', stock: '0' }]);
    // A second option: each old variant becomes its first combination, matched by its values.
    const withColour = generateVariants(
      [
        { name: 'Size', values: ['S'] },
        { name: 'Colour', values: ['Red'] },
      ],
      [{ values: { Size: 's', Colour: 'red' }, price: '9.00', sku: 'K', stock: '1' }],
      make,
    );
    expect(withColour).toEqual([{ values: { Size: 'S', Colour: 'Red' }, price: '9.00', sku: 'K', stock: '1' }]);
  });

  it('gives the existing variants the first value of an option just added', () => {
    const before: Row[] = [
      { values: { Size: 'S', Colour: '' }, price: '20.00', sku: 'TEE-S', stock: '4' },
      { values: { Size: 'M', Colour: '' }, price: '22.00', sku: 'TEE-M', stock: '7' },
    ];
    const after = generateVariants(
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      before,
      make,
    );
    expect(after?.map((row) => [row.values.Size, row.values.Colour, row.sku, row.stock])).toEqual([
      ['S', 'Red', 'TEE-S', '4'],
      ['S', 'Blue', '', '0'],
      ['M', 'Red', 'TEE-M', '7'],
      ['M', 'Blue', '', '0'],
    ]);
  });

  it('refuses more than 250 variants, and reads values typed with commas', () => {
    const many = [
      { name: 'A', values: Array.from({ length: 16 }, (_, i) => `a${i}`) },
      { name: 'B', values: Array.from({ length: 16 }, (_, i) => `b${i}`) },
    ];
    expect(combinationCount(many)).toBe(256);
    expect(generateVariants(many, [], make)).toBeNull();
    expect(valuesOf(' S, M ,, m, L ')).toEqual(['S', 'M', 'L']);
    expect(
      optionValuesOf(['Size'], [{ values: { Size: 'M' } }, { values: { Size: 'S' } }, { values: { Size: 'M' } }]),
    ).toEqual([{ name: 'Size', values: ['M', 'S'] }]);
  });
});
